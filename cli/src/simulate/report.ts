import type { RunStatistics } from './step-statistics.js';
import { formatNumber, renderTable } from '../table.js';

/** The record `moreau simulate --json` prints. */
export interface SimulateReport extends RunStatistics {
  scene: string;
  file: string;
  ended: 'until' | 'interrupted' | 'solve-failed';
  /** Where this run started (t = 0, step 0 unless resumed). */
  from: { time: number; step: number };
  /** Simulated time and step count at the end. */
  time: number;
  step: number;
  until: number;
  /** Wall time of the whole run, output included, milliseconds. */
  wallMs: number;
  /** The output folder (relative to the working folder), frames and problem files written. */
  out?: string;
  frames?: number;
  problems?: number;
}

const ENDED: Record<SimulateReport['ended'], string> = {
  until: 'reached the end time',
  interrupted: 'interrupted',
  'solve-failed': 'stopped on a failed solve',
};

/**
 * A row per link of the chain that ran: the steps it ran in (and of those, converged), its
 * iterations a step it ran in, and its share of the links' solve time: where a chain's time goes
 * (a fallback that runs in few steps may still cost much of it).
 */
function chainLinks(links: SimulateReport['attempts']): string[][] {
  const total = links.reduce((s, a) => s + a.ms, 0);
  return links.map((a, i) => [`solver chain, link ${i + 1}`, `${a.solver}: ${a.steps} step${a.steps === 1 ? '' : 's'} (${a.converged} converged), `
    + `${formatNumber(a.iterations.mean)} iterations a step, ${total > 0 ? (100 * a.ms / total).toFixed(1) : '0.0'} % of the solvers' time`]);
}

/**
 * What "converged" meant in this run: the merit and tolerance each link that ran held its answers
 * to ("energy ≤ 1e-5"), said once when the links share it; undefined when no link had a tolerance
 * (or the steps were written before attempts recorded it).
 */
export function stoppingTests(links: SimulateReport['attempts']): string | undefined {
  const tests = links.filter((a) => a.tolerance !== undefined).map((a) => ({ solver: a.solver, test: `${a.merit} ≤ ${a.tolerance!.toExponential()}` }));
  if (tests.length === 0) return undefined;
  const distinct = new Set(tests.map((t) => t.test));
  if (distinct.size > 1) return tests.map((t) => `${t.solver}: ${t.test}`).join(', ');
  return tests.length === 1 ? tests[0].test : `${tests[0].test}, each of the ${tests.length} links that ran`;
}

/** The plain-text summary: one line of context, then one table row per statistic. */
export function renderSimulateReport(r: SimulateReport): string {
  const pct = (x: number) => `${x.toFixed(1)} %`;
  const stop = stoppingTests(r.attempts);
  const resumed = r.from.step > 0 ? ` from t = ${formatNumber(r.from.time)} (step ${r.from.step})` : '';
  const rows: string[][] = [
    ['steps', `${r.steps} (${r.solvedSteps} with contacts)`],
    ['wall time', `${formatNumber(r.wallMs / 1000)} s`],
    ['ms per step', formatNumber(r.msPerStep)],
    ['contacts per step', `mean ${formatNumber(r.contacts.mean)}, max ${r.contacts.max}`],
    ['iterations per step with contacts', `mean ${formatNumber(r.iterations.mean)}, median ${r.iterations.median}, p90 ${r.iterations.p90}, max ${r.iterations.max}`],
    ...(r.fallbacks > 0 ? [['first solver alone', `mean ${formatNumber(r.firstSolver.mean)}, median ${r.firstSolver.median}, p90 ${r.firstSolver.p90}, max ${r.firstSolver.max}`]] : []),
    ['steps at the iteration cap', `${r.stepsAtCap} of ${r.solvedSteps}`],
    ...(stop === undefined ? [] : [['converged means', stop]]),
    ['steps not converged', `${r.notConverged} of ${r.solvedSteps}`],
    ['fallbacks', String(r.fallbacks)],
    ...(r.attempts.length > 1 ? chainLinks(r.attempts) : []),
    ['deepest overlap found', `${formatNumber(r.overlap.max)} (${r.overlap.steps} steps deeper than 1e-6)`],
    ...(r.projection && r.projection.steps > 0 ? [['position projection', `in ${r.projection.steps} steps, sweeps mean ${formatNumber(r.projection.sweeps.mean)}, max ${r.projection.sweeps.max}`]] : []),
    ...(r.sleeping ? [['bodies asleep', `${r.sleeping.last} at the end, at most ${r.sleeping.max}`]] : []),
    ['time split', `detect ${pct(r.split.detect)}, assemble ${pct(r.split.assemble)}${(r.split.correct ?? 0) >= 0.05 ? `, correct ${pct(r.split.correct ?? 0)}` : ''}, solve ${pct(r.split.solve)}, update ${pct(r.split.update)}${r.split.other >= 0.05 ? `, other ${pct(r.split.other)}` : ''}`],
  ];
  if (r.out !== undefined) rows.push(['output', `${r.out}: ${r.frames} frames${r.problems ? `, ${r.problems} problems` : ''}, checkpoint at t = ${formatNumber(r.time)}`]);
  return [
    `${r.scene}: t = ${formatNumber(r.time)} of ${formatNumber(r.until)} s${resumed}, ${ENDED[r.ended]}`,
    renderTable(['statistic', 'value'], rows),
  ].join('\n');
}
