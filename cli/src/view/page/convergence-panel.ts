import uPlot from 'uplot';
import { drawDashedMarks } from './chart-marks.js';
import type { SolveHistory } from '@moreau/core/formats';
import {
  attemptsText, convergenceData, formatError, formatMuRange, verdict,
  type ConvergenceData, type FallbackMarker,
} from './convergence-data.js';

/** The style sheets the panel needs on the page (bundled by the page's build). */
export const CONVERGENCE_PANEL_CSS = ['uplot/dist/uPlot.min.css'] as const;

/** Run colours: distinguishable for the common colour-vision deficiencies (Okabe–Ito). */
const COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000', '#F0E442'];
const TOLERANCE_COLOUR = '#777';
const HEIGHT = 340;

export interface ConvergencePanel {
  destroy(): void;
  /** The runs drawn, with the number of points each has on the log scale. */
  series(): { label: string; points: number }[];
}

/**
 * The convergence panel: one chart of the error against the iteration, log scale, one
 * curve per history (runs overlaid to compare solvers), the tolerance as a dashed line
 * and a dashed vertical mark where a fallback took over; below it, a legend with each
 * run's verdict, final error and iterations (and its value under the cursor), and the
 * problem's summary.
 */
export function mountConvergencePanel(el: HTMLElement, histories: SolveHistory[]): ConvergencePanel {
  const data = convergenceData(histories);
  const box = element('div', 'convergence-panel');
  const chartBox = element('div', 'convergence-chart');
  const legend = runsTable(data);
  box.append(chartBox, legend.table, problemsTable(data));
  el.append(box);

  let chart: uPlot | undefined;
  let observer: ResizeObserver | undefined;
  if (data.x.length === 0) {
    chartBox.textContent = 'No iteration reported an error to plot.';
  } else {
    chart = new uPlot(chartOptions(data, widthOf(el), legend.showCursor), chartData(data), chartBox);
    if (typeof ResizeObserver !== 'undefined') {
      observer = new ResizeObserver(() => chart?.setSize({ width: widthOf(el), height: HEIGHT }));
      observer.observe(el);
    }
  }
  return {
    destroy() {
      observer?.disconnect();
      chart?.destroy();
      box.remove();
    },
    series: () => data.runs.map((r) => ({ label: r.label, points: r.points })),
  };
}

function widthOf(el: HTMLElement): number {
  return Math.max(320, el.clientWidth || 720);
}

/** x, one y per run, then one constant y per tolerance (drawn dashed). */
function chartData(data: ConvergenceData): uPlot.AlignedData {
  const tolerances = data.tolerances.map((t) => data.x.map(() => t));
  return [data.x, ...data.y, ...tolerances] as unknown as uPlot.AlignedData;
}

function chartOptions(data: ConvergenceData, width: number, showCursor: (idx: number | null) => void): uPlot.Options {
  const merits = [...new Set(data.runs.map((r) => r.merit))].join(', ');
  return {
    width, height: HEIGHT,
    legend: { show: false },
    scales: { x: { time: false }, y: { distr: 3, log: 10 } },
    axes: [
      { label: 'iteration (across fallbacks)' },
      {
        label: `error (${merits})`, size: 70, splits: (_u, _axis, min, max) => decades(min, max), filter: (_u, splits) => splits,
        values: (_u, splits) => splits.map((v) => (v == null ? '' : v.toExponential(0))),
      },
    ],
    series: [
      { label: 'iteration' },
      ...data.runs.map((r, i) => ({ label: r.label, stroke: colour(i), width: 2, points: { show: false } })),
      ...data.tolerances.map((t) => ({ label: `tolerance ${formatError(t)}`, stroke: TOLERANCE_COLOUR, width: 1, dash: [6, 4], points: { show: false } })),
    ],
    hooks: {
      draw: [(u) => drawFallbacks(u, data.fallbacks), (u) => labelTolerances(u, data.tolerances)],
      setCursor: [(u) => showCursor(u.cursor.idx ?? null)],
    },
  };
}

/** A dashed vertical line in the run's colour at each fallback, named by the solver taking over. */
function drawFallbacks(u: uPlot, fallbacks: FallbackMarker[]): void {
  drawDashedMarks(u, fallbacks.map((f) => ({ x: f.x, label: `fallback: ${f.to}`, colour: colour(f.run), row: f.run })));
}

/**
 * Powers of ten between `min` and `max`, at most about seven of them: uPlot's own log
 * splits put nine lines in every decade, a grey wash over eleven decades of error.
 */
function decades(min: number, max: number): number[] {
  const lo = Math.ceil(Math.log10(min) - 1e-9), hi = Math.floor(Math.log10(max) + 1e-9);
  const step = Math.max(1, Math.ceil((hi - lo) / 6));
  const out: number[] = [];
  // From the text form, so each split is exactly the double that 1e-8 is.
  for (let k = lo; k <= hi; k += step) out.push(Number(`1e${k}`));
  return out;
}

/** Names the dashed tolerance lines at the right end of the plot. */
function labelTolerances(u: uPlot, tolerances: number[]): void {
  const { ctx, bbox } = u;
  ctx.save();
  ctx.fillStyle = TOLERANCE_COLOUR;
  ctx.font = `${11 * devicePixelRatio}px sans-serif`;
  ctx.textAlign = 'right';
  ctx.textBaseline = 'alphabetic';
  for (const t of tolerances) {
    ctx.fillText(`tolerance ${formatError(t)}`, bbox.left + bbox.width - 4 * devicePixelRatio, Math.round(u.valToPos(t, 'y', true)) - 4 * devicePixelRatio);
  }
  ctx.restore();
}

/** The legend: one row per run, with a cell showing its error at the cursor's iteration. */
function runsTable(data: ConvergenceData): { table: HTMLTableElement; showCursor: (idx: number | null) => void } {
  const table = element('table', 'convergence-runs');
  table.style.cssText = 'border-collapse:collapse;margin-top:8px';
  table.append(row('th', ['', 'run', 'verdict', 'final error', 'iterations', 'attempts', 'at cursor']));
  const atCursor: HTMLElement[] = [];
  data.runs.forEach((r, i) => {
    const tr = row('td', ['', r.label, verdict(r), formatError(r.error), String(r.iterations), attemptsText(r), '']);
    const swatch = element('span', 'swatch');
    swatch.style.cssText = `display:inline-block;width:1.5em;height:0.25em;vertical-align:middle;background:${colour(i)}`;
    tr.cells[0].append(swatch);
    tr.dataset.converged = String(r.converged);
    atCursor.push(tr.cells[6]);
    table.append(tr);
  });
  const showCursor = (idx: number | null): void => {
    atCursor.forEach((cell, i) => {
      cell.textContent = idx === null ? '' : `${formatError(data.y[i][idx])} @ ${data.x[idx]}`;
    });
  };
  return { table, showCursor };
}

/** The problems the runs solved: contacts, μ range, W's size and stored blocks. */
function problemsTable(data: ConvergenceData): HTMLTableElement {
  const table = element('table', 'convergence-problem');
  table.style.cssText = 'border-collapse:collapse;margin-top:8px';
  table.append(row('th', ['problem', 'contacts', 'μ', 'W size', 'W blocks']));
  for (const p of data.problems) {
    table.append(row('td', [p.name, String(p.contacts), formatMuRange(p), `${p.size} × ${p.size}`, String(p.wBlocks)]));
  }
  return table;
}

function row(cell: 'th' | 'td', texts: string[]): HTMLTableRowElement {
  const tr = document.createElement('tr');
  for (const t of texts) {
    const c = document.createElement(cell);
    c.textContent = t;
    c.style.cssText = 'padding:2px 10px 2px 0;text-align:left;font-variant-numeric:tabular-nums';
    tr.append(c);
  }
  return tr;
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  e.className = className;
  return e;
}

function colour(i: number): string {
  return COLOURS[i % COLOURS.length];
}
