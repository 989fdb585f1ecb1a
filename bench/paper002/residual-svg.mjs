// Residual against iteration as a standalone SVG, log scale on the error: the shape of
// paper 002's "Residuals: 128 Body Problem" figure. The layout, palette and escaping follow
// the CLI's plain-text plots (cli/src/sweep/sweep-plot-svg.ts, cli/src/bench/profile-svg.ts);
// those draw linear axes, and a residual spans ten decades, hence this small variant.

/** Line colours: Tableau 10, as the CLI's plots. */
const COLOURS = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#bab0ac'];

const PLOT = { left: 72, top: 48, width: 560, height: 340 };
const CHAR_PX = 7; // one legend character at 12 px, for sizing the legend column

/**
 * `plot`: { title, xLabel, yLabel, tolerance?, series: [{ name, colour?, dashed?, points: [{ x, y }] }] }
 * (`colour`: an index into the palette, so two lines of one solver can share a colour; default the
 * series' position).
 * x (iterations) on a log₁₀ axis from 1 when `logX` (points with x < 1 are left out), else linear
 * from 0; y on a log₁₀ axis. Points with a non-finite or non-positive y are left out (no NaN in the file).
 */
export function renderResidualSvg(plot) {
  const series = plot.series.map((s) => ({ ...s, points: s.points.filter((p) => Number.isFinite(p.x) && p.x >= (plot.logX ? 1 : 0) && Number.isFinite(p.y) && p.y > 0) }));
  const all = series.flatMap((s) => s.points);
  const ys = all.map((p) => p.y).concat(plot.tolerance > 0 ? [plot.tolerance] : []);
  const lo = Math.floor(Math.log10(Math.min(...ys, 1)) - 1e-9), hi = Math.ceil(Math.log10(Math.max(...ys, 1)) + 1e-9);
  const fx = plot.logX ? Math.log10 : (v) => v;
  const xTop = plot.logX ? Math.max(1, Math.ceil(Math.log10(Math.max(1, ...all.map((p) => p.x))) - 1e-9)) : Math.max(1, ...all.map((p) => p.x));
  const x = (v) => PLOT.left + (fx(v) / xTop) * PLOT.width;
  const y = (v) => PLOT.top + ((hi - Math.log10(v)) / (hi - lo)) * PLOT.height;
  const legendWidth = 40 + CHAR_PX * Math.max(8, ...series.map((s) => s.name.length));
  const width = PLOT.left + PLOT.width + 24 + legendWidth;
  const height = PLOT.top + PLOT.height + 56;
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Helvetica, Arial, sans-serif">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${width / 2}" y="22" text-anchor="middle" font-size="15" font-weight="bold">${esc(plot.title)}</text>`,
    ...axes(lo, hi, xTop, plot.logX, y),
  ];
  if (plot.tolerance > 0) {
    const yy = n(y(plot.tolerance));
    out.push(`<line x1="${PLOT.left}" y1="${yy}" x2="${PLOT.left + PLOT.width}" y2="${yy}" stroke="#777777" stroke-dasharray="4 3"/>`);
  }
  series.forEach((s, i) => {
    const c = COLOURS[(s.colour ?? i) % COLOURS.length], dash = s.dashed ? ' stroke-dasharray="6 3"' : '';
    if (s.points.length > 0) {
      out.push(`<polyline points="${visible(s.points.map((p) => [n(x(p.x)), n(y(p.y))])).map((p) => p.join(',')).join(' ')}" fill="none" stroke="${c}" stroke-width="1.8"${dash}><title>${esc(s.name)}</title></polyline>`);
    }
    const ly = PLOT.top + 10 + 20 * i, lx = PLOT.left + PLOT.width + 24;
    out.push(`<line x1="${lx}" y1="${ly}" x2="${lx + 28}" y2="${ly}" stroke="${c}" stroke-width="2"${dash}/>`, `<text x="${lx + 34}" y="${ly + 4}" font-size="12">${esc(s.name)}</text>`);
  });
  out.push(
    `<text x="${PLOT.left + PLOT.width / 2}" y="${height - 12}" text-anchor="middle" font-size="13">${esc(plot.xLabel)}</text>`,
    `<text x="18" y="${PLOT.top + PLOT.height / 2}" text-anchor="middle" font-size="13" transform="rotate(-90 18 ${PLOT.top + PLOT.height / 2})">${esc(plot.yLabel)}</text>`,
    '</svg>',
  );
  return `${out.join('\n')}\n`;
}

/** The frame, a line at every power of ten on y (every other when more than twelve), x ticks. */
function axes(lo, hi, xTop, logX, y) {
  const lines = [];
  const right = PLOT.left + PLOT.width, bottom = PLOT.top + PLOT.height;
  const step = hi - lo > 12 ? 2 : 1;
  for (let k = lo; k <= hi; k += step) {
    const yy = n(y(10 ** k));
    lines.push(`<line x1="${PLOT.left}" y1="${yy}" x2="${right}" y2="${yy}" stroke="#e3e3e3"/>`);
    lines.push(`<text x="${PLOT.left - 6}" y="${n(yy + 4)}" text-anchor="end" font-size="11">1e${k}</text>`);
  }
  const ticks = logX
    ? Array.from({ length: xTop + 1 }, (_, k) => ({ at: PLOT.left + (k / xTop) * PLOT.width, label: String(10 ** k) }))
    : Array.from({ length: 6 }, (_, k) => ({ at: PLOT.left + (k / 5) * PLOT.width, label: String(Number(((xTop * k) / 5).toPrecision(3))) }));
  for (const t of ticks) {
    const xx = n(t.at);
    lines.push(`<line x1="${xx}" y1="${PLOT.top}" x2="${xx}" y2="${bottom}" stroke="#e3e3e3"/>`);
    lines.push(`<text x="${xx}" y="${bottom + 16}" text-anchor="middle" font-size="11">${t.label}</text>`);
  }
  lines.push(`<rect x="${PLOT.left}" y="${PLOT.top}" width="${PLOT.width}" height="${PLOT.height}" fill="none" stroke="#555555"/>`);
  return lines;
}

/**
 * The points of a line a reader can tell apart: a point within half a pixel of the last one kept
 * is dropped (ten thousand sweeps share a few hundred pixels on a log axis); the last stays.
 */
function visible(points) {
  const kept = [];
  points.forEach((p, i) => {
    const last = kept[kept.length - 1];
    if (!last || i === points.length - 1 || Math.abs(p[0] - last[0]) >= 0.5 || Math.abs(p[1] - last[1]) >= 0.5) kept.push(p);
  });
  return kept;
}

/** A coordinate with two decimals (no binary noise in the file). */
const n = (v) => Math.round(v * 100) / 100;

function esc(s) {
  return String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
