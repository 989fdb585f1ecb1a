import uPlot from 'uplot';
import { drawDashedMarks } from '../../view/page/chart-marks.js';
import type { SolverColours } from './solver-colours.js';
import { errorRange, type StepSeries } from './step-series.js';

const HEIGHT = 220;
const ERROR_COLOUR = '#777';
/** Redraws while playing at most this often, ms: a chart of every step need not follow each batch. */
const REDRAW_MS = 250;

/**
 * The live chart of the steps: iterations per step as points coloured by the solver whose
 * answer was used (left axis), log10 of the answer's error as a grey line (right axis), and a
 * dashed vertical line, labelled, at the first step of each config change.
 */
export class StepChart {
  private plot: uPlot | undefined;
  /** Solvers and merits the options were built for: a new one needs a new series or axis label. */
  private shape = '';
  private lastDraw = 0;
  private pending = false;

  constructor(private readonly el: HTMLElement, private readonly series: StepSeries, private readonly colours: SolverColours) {
    new ResizeObserver(() => this.plot?.setSize({ width: this.width(), height: HEIGHT })).observe(el);
  }

  /** Redraws with the series as they are now (at most every REDRAW_MS; `now` forces it). */
  update(now = false): void {
    if (this.pending && !now) return;
    const wait = now ? 0 : Math.max(0, this.lastDraw + REDRAW_MS - performance.now());
    if (wait === 0) {
      this.draw();
      return;
    }
    this.pending = true;
    setTimeout(() => {
      this.pending = false;
      this.draw();
    }, wait);
  }

  private draw(): void {
    this.lastDraw = performance.now();
    const s = this.series;
    // A new solver is a new series: uPlot's options are rebuilt rather than patched.
    const shape = `${s.solvers.join()}|${s.merits.join()}`;
    if (!this.plot || this.shape !== shape) {
      this.plot?.destroy();
      this.plot = new uPlot(this.options(), this.data(), this.el);
      this.shape = shape;
    } else {
      this.plot.setData(this.data());
    }
  }

  private data(): uPlot.AlignedData {
    const s = this.series;
    return [s.step, ...s.iterations, s.logError] as unknown as uPlot.AlignedData;
  }

  private options(): uPlot.Options {
    const s = this.series;
    return {
      width: this.width(), height: HEIGHT,
      title: 'iterations and error per step',
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: false }, err: { range: (_u, lo, hi) => errorRange(lo, hi) } },
      axes: [
        { label: 'step', size: 30 },
        { label: 'iterations', size: 50 },
        // The error spans tens of decades: log10 on a linear axis, labelled as powers of ten.
        { scale: 'err', side: 1, label: `error${s.merits.length ? ` (${s.merits.join(', ')})` : ''}`, size: 55, grid: { show: false }, incrs: [1, 2, 5, 10, 20], values: (_u, ticks) => ticks.map((v) => `1e${v}`) },
      ],
      series: [
        { label: 'step' },
        ...s.solvers.map((name) => ({
          label: `iterations (${name} answered)`, stroke: this.colours.of(name), width: 0,
          points: { show: true, size: 4, fill: this.colours.of(name) }, paths: () => null,
        })),
        { label: 'log10 error', scale: 'err', stroke: ERROR_COLOUR, width: 1, spanGaps: false },
      ],
      hooks: { draw: [(u) => this.drawMarks(u)] },
    };
  }

  /** A dashed vertical line at each config change, named by what it chose. */
  private drawMarks(u: uPlot): void {
    drawDashedMarks(u, this.series.marks.map((m, i) => ({ x: m.step - 0.5, label: m.label, colour: '#333', row: i % 3 })));
  }

  private width(): number {
    return Math.max(320, this.el.clientWidth || 720);
  }
}
