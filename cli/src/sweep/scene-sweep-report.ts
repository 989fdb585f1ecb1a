import { join } from 'node:path';
import { writeFileAtomic } from '@moreau/core';
import type { CliIO } from '../io.js';
import { canonicalJson, jobKey } from '../jobs/job.js';
import type { SceneJob, SceneRecord, SceneRun } from '../jobs/scene-job.js';
import { formatNumber } from '../table.js';
import { renderSweepPlotSvg } from './sweep-plot-svg.js';

export interface SceneSweepReport {
  jobs: readonly SceneJob[];
  records: readonly SceneRecord[];
  solver: string;
  /** The line under the table's title (config, until, machine load; partial or not). */
  settings: string;
  outDir: string;
  interrupted: boolean;
}

/**
 * The swept values: the options' leaves (`delta.value` inside `{ delta: { value, relativeTo } }`)
 * that are not the same at every point, in the spec's order.
 */
export function sweepAxes(points: readonly { options: Record<string, unknown> }[]): string[] {
  const flat = points.map((p) => leaves(p.options));
  const names = [...new Set(flat.flatMap((f) => Object.keys(f)))];
  return names.filter((k) => new Set(flat.map((f) => canonicalJson(f[k]))).size > 1);
}

/** An options object's leaves by dotted path; arrays are leaves. */
export function leaves(options: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(options)) {
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) Object.assign(out, leaves(v as Record<string, unknown>, `${prefix}${k}.`));
    else out[`${prefix}${k}`] = v;
  }
  return out;
}

/**
 * table.md of a sweep over scenes: one row per scene × option point, with the swept
 * values and what `moreau simulate` reports of the run (the chain's first solver's
 * iterations, steps at its cap, fallbacks, unconverged steps, wall time); then failures.
 */
export function renderSceneSweepTable(r: Omit<SceneSweepReport, 'outDir' | 'interrupted'>): string {
  const byKey = new Map(r.records.map((x) => [x.key, x]));
  const axes = sweepAxes(r.jobs);
  const head = axes.length ? axes : ['options'];
  const lines = [
    `# moreau sweep: ${r.solver} over scenes`, '', r.settings, '',
    'Iterations are the first solver\'s of the chain, per step with contacts (mean) and over the run (total); "at cap": steps it stopped at its iteration cap; "not converged": steps whose answer (after any fallback) did not converge.', '',
    row(['scene', ...head, 'steps', 'contacts mean', 'iterations / step', 'iterations total', 'at cap', 'fallbacks', 'not converged', 'wall s']),
    row(['---', ...head.map(() => '---:'), '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
  ];
  const failures: string[] = [];
  for (const job of r.jobs) {
    const rec = byKey.get(jobKey(job));
    const flat = leaves(job.options);
    const values = axes.length ? axes.map((k) => cellValue(flat[k])) : [escapeCell(JSON.stringify(job.options))];
    if (!rec) lines.push(row([escapeCell(job.scene.name), ...values, 'not run', '', '', '', '', '', '', '']));
    else if (rec.failure !== undefined) {
      lines.push(row([escapeCell(job.scene.name), ...values, `✗ ${rec.reason}`, '', '', '', '', '', '', '']));
      failures.push(`- ${rec.scene} × ${rec.solver}: ${rec.reason}: ${rec.failure.split('\n')[0]}`);
    } else lines.push(row([escapeCell(job.scene.name), ...values, ...runCells(rec)]));
  }
  if (failures.length) lines.push('', '## Failures', '', ...failures);
  return `${lines.join('\n')}\n`;
}

function runCells(s: SceneRun): string[] {
  const ended = s.ended === 'until' ? '' : ` (${s.ended})`;
  return [
    `${s.steps}${ended}`, formatNumber(s.contacts.mean), formatNumber(s.firstSolver.mean), String(s.attempts[0]?.iterations.total ?? 0),
    `${s.stepsAtCap}`, `${s.fallbacks}`, `${s.notConverged}`, formatNumber(s.wallMs / 1000),
  ];
}

/**
 * Writes table.md, and plot.svg when the sweep has one numeric axis (the first
 * solver's iterations per step against the swept value, one line per scene); prints
 * the table.
 */
export async function writeSceneSweepReport(r: SceneSweepReport, io: CliIO): Promise<void> {
  const table = renderSceneSweepTable(r);
  await writeFileAtomic(join(r.outDir, 'table.md'), table);
  const plot = plotOf(r);
  if (plot) await writeFileAtomic(join(r.outDir, 'plot.svg'), plot);
  io.out(table);
  io.out(`wrote ${join(r.outDir, 'results.jsonl')}, table.md${plot ? ' and plot.svg' : ''}${r.interrupted ? ' (interrupted: partial results)' : ''}`);
}

function plotOf(r: SceneSweepReport): string | undefined {
  const axes = sweepAxes(r.jobs);
  if (axes.length !== 1 || !r.jobs.every((j) => typeof leaves(j.options)[axes[0]] === 'number')) return undefined;
  const axis = axes[0];
  const byKey = new Map(r.records.map((x) => [x.key, x]));
  const scenes = [...new Set(r.jobs.map((j) => j.scene.name))];
  const series = scenes.map((name) => ({
    name,
    points: r.jobs.filter((j) => j.scene.name === name).flatMap((j) => {
      const rec = byKey.get(jobKey(j));
      return rec && rec.failure === undefined ? [{ x: leaves(j.options)[axis] as number, y: rec.firstSolver.mean }] : [];
    }).sort((p, q) => p.x - q.x),
  }));
  return renderSweepPlotSvg({
    title: `${r.solver}: iterations per step against ${axis}`,
    xLabel: axis,
    yLabel: 'iterations per step (first solver, mean)',
    series,
  });
}

const cellValue = (v: unknown) => escapeCell(typeof v === 'number' ? String(v) : JSON.stringify(v) ?? '–');
const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
const escapeCell = (s: string) => s.replace(/\|/g, '\\|');
