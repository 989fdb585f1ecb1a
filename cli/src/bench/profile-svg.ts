import { profileSteps, type SolverProfile } from './profile.js';

/** Line colours (Tableau 10: distinct in print and for the common colour blindnesses). */
const COLOURS = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#bab0ac'];

/** Dash patterns, cycled once the colours run out, and for the external (reference) solvers. */
const DASHES = ['', '6 3', '2 3', '8 3 2 3'];

export interface ProfileFigure {
  title: string;
  profiles: SolverProfile[];
  /** Solvers drawn dashed (results read from a reference file rather than run here). */
  dashed?: ReadonlySet<string>;
}

const PLOT = { left: 64, top: 48, width: 520, height: 320 };
const CHAR_PX = 7; // width of one legend character at 12 px, for sizing the legend column

/**
 * A Dolan-Moré performance profile as a standalone SVG: log₂ τ on the x axis, ρ_s(τ)
 * on the y axis, one step path per solver (in the order given), a legend, axis labels.
 * Plain text, no dependency; every label is XML-escaped.
 */
export function renderProfileSvg(figure: ProfileFigure): string {
  const { profiles } = figure;
  const maxRatio = Math.max(1, ...profiles.flatMap((p) => p.ratios));
  // One more half power of two past the largest ratio, so every plateau is visible.
  const xMax = Math.max(1, Math.ceil(Math.log2(maxRatio) + 0.5));
  const x = (tau: number) => PLOT.left + (Math.log2(tau) / xMax) * PLOT.width;
  const y = (rho: number) => PLOT.top + (1 - rho) * PLOT.height;
  const legendWidth = 40 + CHAR_PX * Math.max(10, ...profiles.map((p) => p.solver.length));
  const width = PLOT.left + PLOT.width + 24 + legendWidth;
  const height = PLOT.top + PLOT.height + 56;
  const problems = profiles[0]?.problems ?? 0;

  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Helvetica, Arial, sans-serif">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${width / 2}" y="22" text-anchor="middle" font-size="15" font-weight="bold">${esc(figure.title)}</text>`,
  ];
  out.push(...grid(xMax, x, y));
  profiles.forEach((p, i) => out.push(stepPath(p, i, x(2 ** xMax), x, y, figure.dashed?.has(p.solver) ?? false)));
  out.push(...legend(profiles, PLOT.left + PLOT.width + 24, PLOT.top, figure.dashed));
  out.push(
    `<text x="${PLOT.left + PLOT.width / 2}" y="${height - 12}" text-anchor="middle" font-size="13">τ (log₂ scale): time within τ × the fastest solver's on the problem</text>`,
    `<text x="16" y="${PLOT.top + PLOT.height / 2}" text-anchor="middle" font-size="13" transform="rotate(-90 16 ${PLOT.top + PLOT.height / 2})">ρ(τ): fraction of the ${problems} problems solved</text>`,
    '</svg>',
  );
  return `${out.join('\n')}\n`;
}

/** Grid lines, tick labels and the frame. */
function grid(xMax: number, x: (tau: number) => number, y: (rho: number) => number): string[] {
  const lines: string[] = [];
  const right = PLOT.left + PLOT.width, bottom = PLOT.top + PLOT.height;
  for (let k = 0; k <= 5; k++) {
    const yy = n(y(k / 5));
    lines.push(`<line x1="${PLOT.left}" y1="${yy}" x2="${right}" y2="${yy}" stroke="#e3e3e3"/>`);
    lines.push(`<text x="${PLOT.left - 6}" y="${n(yy + 4)}" text-anchor="end" font-size="11">${(k / 5).toFixed(1)}</text>`);
  }
  const step = Math.max(1, Math.ceil(xMax / 10));
  for (let k = 0; k <= xMax; k += step) {
    const xx = n(x(2 ** k));
    lines.push(`<line x1="${xx}" y1="${PLOT.top}" x2="${xx}" y2="${bottom}" stroke="#e3e3e3"/>`);
    lines.push(`<text x="${xx}" y="${bottom + 16}" text-anchor="middle" font-size="11">${2 ** k < 1e6 ? 2 ** k : `2^${k}`}</text>`);
  }
  lines.push(`<rect x="${PLOT.left}" y="${PLOT.top}" width="${PLOT.width}" height="${PLOT.height}" fill="none" stroke="#555555"/>`);
  return lines;
}

/** One solver's ρ as a right-continuous staircase from τ = 1 to the right edge. */
function stepPath(p: SolverProfile, i: number, xEnd: number, x: (tau: number) => number, y: (rho: number) => number, dashed: boolean): string {
  const [first, ...rest] = profileSteps(p);
  let d = `M${n(x(first.tau))} ${n(y(first.rho))}`;
  for (const s of rest) d += ` H${n(x(s.tau))} V${n(y(s.rho))}`;
  d += ` H${n(xEnd)}`;
  return `<path d="${d}" fill="none" stroke="${colour(i)}" stroke-width="2"${dashAttr(i, dashed)}><title>${esc(p.solver)}</title></path>`;
}

function legend(profiles: SolverProfile[], left: number, top: number, dashed?: ReadonlySet<string>): string[] {
  return profiles.flatMap((p, i) => {
    const yy = top + 10 + 20 * i;
    return [
      `<line x1="${left}" y1="${yy}" x2="${left + 28}" y2="${yy}" stroke="${colour(i)}" stroke-width="2"${dashAttr(i, dashed?.has(p.solver) ?? false)}/>`,
      `<text x="${left + 34}" y="${yy + 4}" font-size="12">${esc(p.solver)}</text>`,
    ];
  });
}

const colour = (i: number) => COLOURS[i % COLOURS.length];

function dashAttr(i: number, dashed: boolean): string {
  const pattern = dashed ? DASHES[1 + (i % (DASHES.length - 1))] : DASHES[Math.floor(i / COLOURS.length) % DASHES.length];
  return pattern ? ` stroke-dasharray="${pattern}"` : '';
}

/** A coordinate with two decimals (no binary noise in the file). */
const n = (v: number) => Math.round(v * 100) / 100;

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
