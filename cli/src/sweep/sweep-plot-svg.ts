import { formatNumber } from '../table.js';

/** Line colours: the profile's (bench-profile-svg.ts), Tableau 10. */
const COLOURS = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#bab0ac'];

/** One line of a sweep plot: a name and its points, in x order. */
export interface PlotSeries {
  name: string;
  points: { x: number; y: number }[];
}

export interface SweepPlot {
  title: string;
  xLabel: string;
  yLabel: string;
  series: PlotSeries[];
}

const PLOT = { left: 72, top: 48, width: 480, height: 300 };
const CHAR_PX = 7; // one legend character at 12 px, for sizing the legend column

/**
 * A one-axis sweep as a standalone SVG: the swept value on a linear x axis, a statistic
 * on a linear y axis from 0, one polyline with a dot per point for each series, a
 * legend. Plain text, no dependency, labels XML-escaped; non-finite points are left out.
 */
export function renderSweepPlotSvg(plot: SweepPlot): string {
  const series = plot.series.map((s) => ({ ...s, points: s.points.filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y)) }));
  const all = series.flatMap((s) => s.points);
  const [x0, x1] = span(all.map((p) => p.x), Math.min(0, ...all.map((p) => p.x)));
  const [, y1] = span(all.map((p) => p.y), 0);
  const yTop = niceTop(y1);
  const x = (v: number) => PLOT.left + ((v - x0) / (x1 - x0)) * PLOT.width;
  const y = (v: number) => PLOT.top + (1 - v / yTop) * PLOT.height;
  const legendWidth = 40 + CHAR_PX * Math.max(8, ...series.map((s) => s.name.length));
  const width = PLOT.left + PLOT.width + 24 + legendWidth;
  const height = PLOT.top + PLOT.height + 56;
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Helvetica, Arial, sans-serif">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${width / 2}" y="22" text-anchor="middle" font-size="15" font-weight="bold">${esc(plot.title)}</text>`,
    ...axes(x0, x1, yTop, x, y),
  ];
  series.forEach((s, i) => {
    const c = COLOURS[i % COLOURS.length];
    out.push(`<polyline points="${s.points.map((p) => `${n(x(p.x))},${n(y(p.y))}`).join(' ')}" fill="none" stroke="${c}" stroke-width="2"><title>${esc(s.name)}</title></polyline>`);
    for (const p of s.points) out.push(`<circle cx="${n(x(p.x))}" cy="${n(y(p.y))}" r="3.5" fill="${c}"><title>${esc(`${s.name}: ${p.x} → ${formatNumber(p.y)}`)}</title></circle>`);
    const ly = PLOT.top + 10 + 20 * i, lx = PLOT.left + PLOT.width + 24;
    out.push(`<line x1="${lx}" y1="${ly}" x2="${lx + 28}" y2="${ly}" stroke="${c}" stroke-width="2"/>`, `<text x="${lx + 34}" y="${ly + 4}" font-size="12">${esc(s.name)}</text>`);
  });
  out.push(
    `<text x="${PLOT.left + PLOT.width / 2}" y="${height - 12}" text-anchor="middle" font-size="13">${esc(plot.xLabel)}</text>`,
    `<text x="18" y="${PLOT.top + PLOT.height / 2}" text-anchor="middle" font-size="13" transform="rotate(-90 18 ${PLOT.top + PLOT.height / 2})">${esc(plot.yLabel)}</text>`,
    '</svg>',
  );
  return `${out.join('\n')}\n`;
}

/** The frame, five y ticks from 0 and a tick at every distinct swept x. */
function axes(x0: number, x1: number, yTop: number, x: (v: number) => number, y: (v: number) => number): string[] {
  const lines: string[] = [];
  const right = PLOT.left + PLOT.width, bottom = PLOT.top + PLOT.height;
  for (let k = 0; k <= 5; k++) {
    const v = (yTop * k) / 5, yy = n(y(v));
    lines.push(`<line x1="${PLOT.left}" y1="${yy}" x2="${right}" y2="${yy}" stroke="#e3e3e3"/>`);
    lines.push(`<text x="${PLOT.left - 6}" y="${n(yy + 4)}" text-anchor="end" font-size="11">${tick(v)}</text>`);
  }
  for (let k = 0; k <= 5; k++) {
    const v = x0 + ((x1 - x0) * k) / 5, xx = n(x(v));
    lines.push(`<line x1="${xx}" y1="${PLOT.top}" x2="${xx}" y2="${bottom}" stroke="#e3e3e3"/>`);
    lines.push(`<text x="${xx}" y="${bottom + 16}" text-anchor="middle" font-size="11">${tick(v)}</text>`);
  }
  lines.push(`<rect x="${PLOT.left}" y="${PLOT.top}" width="${PLOT.width}" height="${PLOT.height}" fill="none" stroke="#555555"/>`);
  return lines;
}

/** [low, high] of the values with `floor` included; a single value gets a unit-wide span. */
function span(values: number[], floor: number): [number, number] {
  const lo = Math.min(floor, ...values), hi = Math.max(floor, ...values);
  return hi > lo ? [lo, hi] : [lo, lo + 1];
}

/** The smallest 1, 2 or 5 × 10^k at or above v (the y axis top). */
function niceTop(v: number): number {
  const p = 10 ** Math.floor(Math.log10(v));
  return [1, 2, 5, 10].map((m) => m * p).find((t) => t >= v * (1 - 1e-12))!;
}

const tick = (v: number) => String(Number(v.toPrecision(3)));

/** A coordinate with two decimals (no binary noise in the file). */
const n = (v: number) => Math.round(v * 100) / 100;

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
