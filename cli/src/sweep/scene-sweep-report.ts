import { join } from 'node:path';
import { writeFileAtomic } from '@moreau/core';
import type { CliIO } from '../io.js';
import { jobKey } from '../jobs/job.js';
import type { SceneJob, SceneRecord, SceneRun } from '../jobs/scene-job.js';
import { formatNumber } from '../table.js';
import { pointValues, seriesName, sweepAxes } from './point-values.js';
import { sceneSweepPlot, type SceneSweepPlotInput } from './scene-sweep-plot.js';

/** What table.md and plot.svg are drawn from (the jobs, their records, the spec's observables and plot), and where they go. */
export interface SceneSweepReport extends SceneSweepPlotInput {
  /** The line under the table's title (config, until, machine load; partial or not). */
  settings: string;
  outDir: string;
  interrupted: boolean;
}

/** The most points whose observables are tabled over time side by side; past it, results.jsonl has them. */
const MAX_TIME_COLUMNS = 12;

/**
 * table.md of a sweep over scenes: one row per scene × point, with the swept values,
 * each observable's last sample, and what `moreau simulate` reports of the run (the
 * chain's first solver's iterations, steps at its cap, fallbacks, unconverged steps,
 * wall time); then each observable over time, a column per point; then failures.
 */
export function renderSceneSweepTable(r: Omit<SceneSweepReport, 'outDir' | 'interrupted'>): string {
  const byKey = new Map(r.records.map((x) => [x.key, x]));
  const axes = sweepAxes(r.jobs);
  const head = axes.length ? axes : ['options'];
  const observed = (r.observe ?? []).map((o) => o.name);
  const blanks = (n: number) => Array<string>(n).fill('');
  const lines = [
    `# moreau sweep: ${r.solver} over scenes`, '', r.settings, '',
    'Iterations are the first solver\'s of the chain, per step with contacts (mean) and over the run (total); "at cap": steps it stopped at its iteration cap; "not converged": steps whose answer (after any fallback) did not converge.'
      + (observed.length ? ` Observables: their last sample (at the time in parentheses); each over time below.` : ''), '',
    row(['scene', ...head, ...observed, 'steps', 'contacts mean', 'iterations / step', 'iterations total', 'at cap', 'fallbacks', 'not converged', 'wall s']),
    row(['---', ...head.map(() => '---:'), ...observed.map(() => '---:'), '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
  ];
  const failures: string[] = [];
  for (const job of r.jobs) {
    const rec = byKey.get(jobKey(job));
    const flat = pointValues(job);
    const values = axes.length ? axes.map((k) => cellValue(flat[k])) : [escapeCell(JSON.stringify(job.options))];
    if (!rec) lines.push(row([escapeCell(job.scene.name), ...values, ...blanks(observed.length), 'not run', ...blanks(7)]));
    else if (rec.failure !== undefined) {
      lines.push(row([escapeCell(job.scene.name), ...values, ...blanks(observed.length), `✗ ${rec.reason}`, ...blanks(7)]));
      failures.push(`- ${rec.scene} × ${rec.solver}: ${rec.reason}: ${rec.failure.split('\n')[0]}`);
    } else lines.push(row([escapeCell(job.scene.name), ...values, ...observed.map((name) => lastSample(rec, name)), ...runCells(rec)]));
  }
  for (const name of observed) lines.push(...overTime(name, r.jobs, byKey, axes));
  if (failures.length) lines.push('', '## Failures', '', ...failures);
  return `${lines.join('\n')}\n`;
}

/** "12 (t = 1.3)": an observable's last sample, or blank when the record has none. */
function lastSample(rec: SceneRun, name: string): string {
  const s = rec.observables?.[name];
  const k = s ? s.t.length - 1 : -1;
  return k < 0 ? '' : `${formatNumber(s!.value[k])} (t = ${formatNumber(s!.t[k])})`;
}

/** One observable over time: a row per sample time, a column per point that ran (at most MAX_TIME_COLUMNS). */
function overTime(name: string, jobs: readonly SceneJob[], byKey: ReadonlyMap<string | undefined, SceneRecord>, axes: readonly string[]): string[] {
  const ran = jobs.flatMap((job) => {
    const rec = byKey.get(jobKey(job));
    return rec && rec.failure === undefined && rec.observables?.[name] ? [{ job, series: rec.observables[name] }] : [];
  });
  if (ran.length === 0) return [];
  const title = ['', `## ${name} over time`, ''];
  if (ran.length > MAX_TIME_COLUMNS) return [...title, `${ran.length} points: more than ${MAX_TIME_COLUMNS} columns; each record in results.jsonl holds its samples (observables.${name}).`];
  // Rows by sample time, as the records give it (every run samples at the same step ends when `every` and h agree).
  const times = [...new Set(ran.flatMap((x) => x.series.t))].sort((a, b) => a - b);
  const cells = ran.map((x) => new Map(x.series.t.map((t, k) => [t, x.series.value[k]])));
  return [
    ...title,
    row(['t (s)', ...ran.map((x) => escapeCell(seriesName(x.job, axes)))]),
    row(['---:', ...ran.map(() => '---:')]),
    ...times.map((t) => row([formatNumber(t), ...cells.map((c) => (c.has(t) ? formatNumber(c.get(t)!) : ''))])),
  ];
}

function runCells(s: SceneRun): string[] {
  const ended = s.ended === 'until' ? '' : ` (${s.ended})`;
  return [
    `${s.steps}${ended}`, formatNumber(s.contacts.mean), formatNumber(s.firstSolver.mean), String(s.attempts[0]?.iterations.total ?? 0),
    `${s.stepsAtCap}`, `${s.fallbacks}`, `${s.notConverged}`, formatNumber(s.wallMs / 1000),
  ];
}

/**
 * Writes table.md, and plot.svg when there is something to draw (scene-sweep-plot.ts:
 * an observable over time, or a statistic against the one swept number); prints the
 * table.
 */
export async function writeSceneSweepReport(r: SceneSweepReport, io: CliIO): Promise<void> {
  const table = renderSceneSweepTable(r);
  await writeFileAtomic(join(r.outDir, 'table.md'), table);
  const plot = sceneSweepPlot(r);
  if (plot) await writeFileAtomic(join(r.outDir, 'plot.svg'), plot);
  io.out(table);
  io.out(`wrote ${join(r.outDir, 'results.jsonl')}, table.md${plot ? ' and plot.svg' : ''}${r.interrupted ? ' (interrupted: partial results)' : ''}`);
}

const cellValue = (v: unknown) => escapeCell(typeof v === 'number' ? String(v) : JSON.stringify(v) ?? '–');
const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
const escapeCell = (s: string) => s.replace(/\|/g, '\\|');
