import uPlot from 'uplot';
import type { StepColumns } from './simulation-data.js';

/** Height of each chart, pixels (the x axis takes ~50 of it). */
const HEIGHT = 170;
const SOLVER_COLOURS = ['#4e79a7', '#e15759', '#59a14f', '#b07aa1', '#f28e2b', '#76b7b2'];

/**
 * The per-step statistics of steps.jsonl under the scene, in three stacked uPlot charts
 * that share one time axis and one cursor: contacts and iterations (coloured by the solver
 * whose answer was used), the answer's error on a log scale, and the step's wall time.
 * A marker line shows the frame on screen; a click on a chart moves the playback there.
 */
export class StepPlot {
  private readonly plots: uPlot[] = [];
  private readonly markers: HTMLElement[] = [];
  private time = 0;
  private width: number;

  constructor(el: HTMLElement, steps: StepColumns, onPick: (time: number) => void) {
    const width = (this.width = Math.max(320, el.clientWidth));
    const x = Array.from(steps.time);
    const sync = { key: 'moreau-steps', setSeries: false };
    const common = (title: string, extra: Partial<uPlot.Options>): uPlot.Options => ({
      title, width, height: HEIGHT, cursor: { sync, drag: { x: false, y: false } }, legend: { live: true },
      scales: { x: { time: false } }, axes: [{ label: 't (s)', size: 30 }, { size: 60 }], series: [{ label: 't' }], ...extra,
    });
    const bySolver = steps.solvers.map((_, s) => Array.from(steps.iterations, (v, i) => (steps.answeredBy[i] === s ? v : null)));
    const counts = common('contacts and solver iterations per step', {
      series: [
        { label: 't' },
        { label: 'contacts', stroke: '#333', width: 1 },
        ...steps.solvers.map((name, s) => ({
          label: `iterations (${name} answered)`, stroke: SOLVER_COLOURS[s % SOLVER_COLOURS.length], width: 0,
          points: { show: true, size: 3, fill: SOLVER_COLOURS[s % SOLVER_COLOURS.length] }, paths: () => null,
        })),
      ],
    });
    // The error spans tens of decades (1e-35 happens), below where uPlot's own log axis can step
    // its ticks: plot log10(error) on a linear axis, labelled as powers of ten.
    const error = common(`error of the answer${steps.merit ? ` (${steps.merit})` : ''}`, {
      scales: { x: { time: false }, y: { range: (_u, lo, hi) => [Math.floor(lo), Math.max(Math.floor(lo) + 1, Math.ceil(hi))] } },
      axes: [{ label: 't (s)', size: 30 }, { size: 60, incrs: [1, 2, 5, 10, 20], values: (_u, ticks) => ticks.map((v) => `1e${v}`) }],
      series: [{ label: 't' }, { label: 'log10 error', stroke: '#e15759', width: 1, spanGaps: false }],
    });
    const ms = common('step wall time (ms)', { series: [{ label: 't' }, { label: 'ms', stroke: '#59a14f', width: 1 }] });
    const log10 = (v: number) => (v > 0 && Number.isFinite(v) ? Math.log10(v) : null);
    const data: uPlot.AlignedData[] = [
      [x, Array.from(steps.contacts), ...bySolver],
      [x, Array.from(steps.error, log10)],
      [x, Array.from(steps.ms)],
    ];
    [counts, error, ms].forEach((opts, i) => {
      const holder = el.appendChild(document.createElement('div'));
      holder.className = 'step-chart';
      const plot = new uPlot(opts, data[i], holder);
      const marker = plot.over.appendChild(document.createElement('div'));
      marker.className = 'time-marker';
      plot.over.addEventListener('click', () => {
        const left = plot.cursor.left;
        if (left !== undefined && left >= 0) onPick(plot.posToVal(left, 'x'));
      });
      this.plots.push(plot);
      this.markers.push(marker);
    });
  }

  /** Moves the marker to simulated time t. */
  mark(time: number): void {
    this.time = time;
    this.plots.forEach((plot, i) => {
      const left = plot.valToPos(time, 'x');
      this.markers[i].style.transform = `translateX(${left}px)`;
    });
  }

  resize(width: number): void {
    // A ResizeObserver reports the size it starts with too: redrawing three charts of every step
    // at an unchanged width delayed the first frame by ~0.5 s under software GL.
    if (width === this.width) return;
    this.width = width;
    for (const plot of this.plots) plot.setSize({ width, height: HEIGHT });
    this.mark(this.time);
  }
}

