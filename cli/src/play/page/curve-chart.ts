import uPlot from 'uplot';
import type { CurveAttempt } from '../live-run.js';
import { curveColumns } from './curve-columns.js';
import type { SolverColours } from './solver-colours.js';

const HEIGHT = 220;
/** Redraws while playing at most this often, ms, as the step chart does. */
const REDRAW_MS = 250;

/**
 * The convergence of the last step: its error against iteration on a log axis, one line per
 * attempt of the solver chain, coloured by solver as on the step chart. The worker records it
 * only while the box is ticked (`onWatch`), since a listener to the iterations costs the solvers
 * time.
 */
export class CurveChart {
  readonly toggle: HTMLInputElement;
  private readonly plotEl: HTMLElement;
  private readonly note: HTMLElement;
  private plot: uPlot | undefined;
  private labels = '';
  private curve: readonly CurveAttempt[] = [];
  private step = 0;
  private lastDraw = 0;
  private pending = false;

  constructor(el: HTMLElement, private readonly colours: SolverColours, onWatch: (on: boolean) => void) {
    el.innerHTML = `
      <label class="curve-switch"><input type="checkbox" class="curve-toggle"> convergence of the last step (the solvers report every iteration: a little slower)</label>
      <div class="curve-plot"></div>
      <p class="note curve-note"></p>`;
    this.toggle = el.querySelector('.curve-toggle')!;
    this.plotEl = el.querySelector('.curve-plot')!;
    this.note = el.querySelector('.curve-note')!;
    this.toggle.addEventListener('change', () => {
      onWatch(this.toggle.checked);
      if (!this.toggle.checked) this.show([], 0);
      this.note.textContent = this.toggle.checked ? 'from the next step' : '';
    });
    new ResizeObserver(() => this.plot?.setSize({ width: this.width(), height: HEIGHT })).observe(this.plotEl);
  }

  /** The curve of step `step` (drawn at most every REDRAW_MS). */
  show(curve: readonly CurveAttempt[], step: number): void {
    this.curve = curve;
    this.step = step;
    if (this.pending) return;
    const wait = Math.max(0, this.lastDraw + REDRAW_MS - performance.now());
    this.pending = true;
    setTimeout(() => {
      this.pending = false;
      this.draw();
    }, wait);
  }

  /** The curve last received, as the chart draws it. */
  get last(): readonly CurveAttempt[] {
    return this.curve;
  }

  private draw(): void {
    this.lastDraw = performance.now();
    const c = curveColumns(this.curve);
    const points = c.errors.reduce((n, col) => n + col.filter((v) => v !== null).length, 0);
    this.note.textContent = !this.toggle.checked ? ''
      : this.curve.length === 0 ? (this.step ? `step ${this.step}: no contacts, nothing solved` : 'from the next step')
        : `step ${this.step}: ${points} iterations that reported an error`;
    const data = [c.x, ...c.errors] as unknown as uPlot.AlignedData;
    // A new chain of attempts is a new set of series: uPlot's options are rebuilt rather than patched.
    const labels = c.labels.join();
    if (!this.plot || labels !== this.labels || points === 0) {
      this.plot?.destroy();
      this.plot = undefined;
      this.labels = labels;
      // No point: no log axis to draw (uPlot has no range for it).
      if (!this.toggle.checked || points === 0) return;
      this.plot = new uPlot(this.options(c.labels, c.solvers), data, this.plotEl);
    } else {
      this.plot.setData(data);
    }
  }

  private options(labels: string[], solvers: string[]): uPlot.Options {
    return {
      width: this.width(), height: HEIGHT,
      title: 'error against iteration, last step',
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: false }, y: { distr: 3, range: (_u, lo, hi) => decades(lo, hi) } },
      axes: [
        { label: 'iteration of the chain', size: 30 },
        { label: 'error', size: 60, values: (_u, ticks) => ticks.map((v) => (v == null ? '' : v.toExponential(0))) },
      ],
      series: [
        { label: 'iteration' },
        ...labels.map((label, i) => ({
          label, stroke: this.colours.of(solvers[i]), width: 1.5, spanGaps: true,
          points: { show: true, size: 3, fill: this.colours.of(solvers[i]) },
        })),
      ],
    };
  }

  private width(): number {
    return Math.max(280, this.plotEl.clientWidth || 360);
  }
}

/** The log axis: whole decades around the errors, at least one (a single point, or none, still gets an axis). */
function decades(lo: number | null, hi: number | null): [number, number] {
  if (lo == null || hi == null || !(lo > 0) || !(hi > 0)) return [1e-12, 1];
  const bottom = Math.floor(Math.log10(lo));
  const top = Math.max(Math.ceil(Math.log10(hi)), bottom + 1);
  return [10 ** bottom, 10 ** top];
}
