import { jobKey } from '../jobs/job.js';
import type { Observable, ObservableSeries } from '../jobs/observables.js';
import type { SceneJob, SceneRecord, SceneRun } from '../jobs/scene-job.js';
import { pointValues, seriesName, sweepAxes } from './point-values.js';
import { renderSweepPlotSvg, type PlotSeries } from './sweep-plot-svg.js';
import type { SweepSpec } from './sweep-spec.js';

/** What a plot of a sweep over scenes is drawn from: the jobs and their records, the spec's observables and `plot`. */
export interface SceneSweepPlotInput {
  jobs: readonly SceneJob[];
  records: readonly SceneRecord[];
  solver: string;
  observe?: readonly Observable[];
  plot?: SweepSpec['plot'];
}

/** A sample time within this of `at` counts as at it (sample times are n h, rounded). */
const AT_SLACK = 1e-9;

/**
 * plot.svg of a sweep over scenes, as the spec's `plot` asks; by default the first
 * observable over time, or (with none) iterations per step against the swept value.
 * - x "time": an observable's samples over time, one line per point that ran;
 * - x "swept": against the one swept value (drawn only when exactly one value is swept
 *   and it is a number), one line per scene: iterations per step (the first solver's
 *   mean), or an observable at its first sample at or after `at` (default: its last).
 * Undefined when there is nothing to draw.
 */
export function sceneSweepPlot(r: SceneSweepPlotInput): string | undefined {
  const y = r.plot?.y ?? r.observe?.[0]?.name ?? 'iterations';
  const x = r.plot?.x ?? (y === 'iterations' ? 'swept' : 'time');
  const byKey = new Map(r.records.map((rec) => [rec.key, rec]));
  const ran = (job: SceneJob): SceneRun | undefined => {
    const rec: SceneRecord | undefined = byKey.get(jobKey(job));
    return rec && rec.failure === undefined ? rec : undefined;
  };
  const axes = sweepAxes(r.jobs);
  if (x === 'time') {
    const series = r.jobs.flatMap((job) => {
      const s = ran(job)?.observables?.[y];
      return s ? [{ name: seriesName(job, axes), points: s.t.map((t, k) => ({ x: t, y: s.value[k] })) }] : [];
    });
    return series.length ? renderSweepPlotSvg({ title: `${y} over time`, xLabel: 'simulated time (s)', yLabel: y, series }) : undefined;
  }
  if (axes.length !== 1 || !r.jobs.every((j) => typeof pointValues(j)[axes[0]] === 'number')) return undefined;
  const axis = axes[0];
  const at = r.plot?.at;
  const value = (run: SceneRun): number | undefined => (y === 'iterations' ? run.firstSolver.mean : sampleAt(run.observables?.[y], at));
  const scenes = [...new Set(r.jobs.map((j) => j.scene.name))];
  const series: PlotSeries[] = scenes.map((name) => ({
    name,
    points: r.jobs.filter((j) => j.scene.name === name).flatMap((j) => {
      const run = ran(j);
      const v = run && value(run);
      return v === undefined ? [] : [{ x: pointValues(j)[axis] as number, y: v }];
    }).sort((p, q) => p.x - q.x),
  }));
  const what = y === 'iterations' ? 'iterations per step (first solver, mean)' : `${y}${at === undefined ? ' (last sample)' : ` at t = ${at} s`}`;
  return renderSweepPlotSvg({ title: `${r.solver}: ${what} against ${axis}`, xLabel: axis, yLabel: what, series });
}

/** The value at the first sample at or after `at` (the last sample without `at`); undefined when there is none. */
export function sampleAt(s: ObservableSeries | undefined, at: number | undefined): number | undefined {
  if (!s || s.t.length === 0) return undefined;
  if (at === undefined) return s.value[s.t.length - 1];
  const k = s.t.findIndex((t) => t >= at - AT_SLACK);
  return k < 0 ? undefined : s.value[k];
}
