import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { MoreauConfig } from '@moreau/core';
import type { CliIO } from './io.js';
import { exitStatus, runSimulation, type SetupSimulation } from './simulate.js';
import type { SimulateReport } from './simulate/report.js';
import { formatNumber, renderTable } from './table.js';

/** File beside the output folder where every `moreau start` run leaves its row. */
export const START_HISTORY = 'start-runs.jsonl';

interface HistoryRow {
  solver: string;
  scene: string;
  until: number;
  report: Pick<SimulateReport, 'wallMs' | 'msPerStep' | 'steps' | 'contacts' | 'iterations' | 'firstSolver' | 'attempts' | 'stepsAtCap' | 'fallbacks' | 'notConverged' | 'split'>;
}

/**
 * `moreau start` with a `start` scene in the config: runs it as `moreau simulate` does (progress
 * line, outputs in `start.out`), then prints one row per solver chain tried so far on this
 * scene and end time, the latest run of each, so swapping the solver in the config and
 * running again adds a row to compare.
 */
export async function startScene(
  start: NonNullable<MoreauConfig['start']>, solver: string, configFile: string, io: CliIO, setup: SetupSimulation, json: boolean,
): Promise<number> {
  const dir = dirname(configFile);
  const out = resolve(dir, start.out);
  const a = {
    sceneArg: relative(io.cwd, resolve(dir, start.scene)) || start.scene,
    sceneFile: resolve(dir, start.scene),
    configArg: configFile,
    until: start.until,
    out,
    dumpEvery: 0,
    resume: false,
    progress: !json,
    json,
  };
  if (!json) io.out(`solver: ${solver}  (from ${relative(io.cwd, configFile) || configFile})\n`);
  const report = await runSimulation(a, io, setup);
  const history = join(dirname(out), START_HISTORY);
  const row: HistoryRow = { solver, scene: report.scene, until: report.until, report };
  appendFileSync(history, `${JSON.stringify(row)}\n`);
  if (json) io.out(JSON.stringify({ solver, ...report }));
  else io.out(renderStartTable(readHistory(history, row), relative(io.cwd, history), report));
  return exitStatus(report, a, io);
}

/** The latest row per solver chain for this scene and end time, the current run last. */
function readHistory(file: string, current: HistoryRow): HistoryRow[] {
  const latest = new Map<string, HistoryRow>();
  if (existsSync(file)) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      let row: HistoryRow;
      try {
        row = JSON.parse(line) as HistoryRow;
      } catch {
        continue; // a line cut short by an interrupted write: skip it
      }
      if (row.scene === current.scene && row.until === current.until && row.report?.iterations) latest.set(row.solver, row);
    }
  }
  latest.delete(current.solver);
  return [...latest.values(), current];
}

function renderStartTable(rows: HistoryRow[], history: string, current: SimulateReport): string {
  const f = formatNumber;
  const pct = (x: number) => `${Math.round(x)}`;
  const table = renderTable(
    ['solver', 'wall s', 'ms/step', 'contacts mean/max', 'iters mean/med/p90/max', 'first solver mean/max', 'at cap', 'fallbacks', 'detect/assemble/correct/solve/update %'],
    rows.map(({ solver, report: r }) => [
      solver, f(r.wallMs / 1000), f(r.msPerStep), `${f(r.contacts.mean)}/${r.contacts.max}`,
      `${f(r.iterations.mean)}/${r.iterations.median}/${r.iterations.p90}/${r.iterations.max}`,
      r.firstSolver ? `${f(r.firstSolver.mean)}/${r.firstSolver.max}` : '',
      r.stepsAtCap, r.fallbacks, `${pct(r.split.detect)}/${pct(r.split.assemble)}/${pct(r.split.correct ?? 0)}/${pct(r.split.solve)}/${pct(r.split.update)}`,
    ]),
  );
  const lines = [
    '',
    `${rows.length === 1 ? 'This run' : `The latest run of each solver chain (${rows.length}), this one last`}; iterations per step with contacts, every attempt counted:`,
    table,
    `Rows are kept in ${history}; change "solver" in the config and run again to add one.`,
    '',
    renderAttemptTable(current),
  ];
  if (current.out) lines.push('', `VTK output (open bodies.pvd and contacts.pvd in ParaView): ${current.out}`);
  return lines.join('\n');
}

/**
 * This run's work per solver of the chain: the steps each ran in, how often it converged,
 * its own iterations and its share of the solvers' time, so a primary solver's share is not
 * hidden in the chain's total (an iteration of one solver may cost a hundred of another's).
 */
export function renderAttemptTable(r: Pick<SimulateReport, 'attempts' | 'solvedSteps' | 'iterations'>): string {
  const total = r.attempts.reduce((s, a) => s + a.iterations.total, 0);
  const ms = r.attempts.reduce((s, a) => s + a.ms, 0);
  const rows = r.attempts.map((a) => [
    a.solver, `${a.steps} of ${r.solvedSteps}`, `${a.converged} of ${a.steps}`,
    `${formatNumber(a.iterations.mean)}/${a.iterations.max}`, `${total > 0 ? Math.round((100 * a.iterations.total) / total) : 0}`,
    `${ms > 0 ? Math.round((100 * a.ms) / ms) : 0}`,
  ]);
  return [
    'This run per solver of the chain (each attempt of a step counted for the solver that made it):',
    renderTable(['solver', 'steps run', 'converged', 'iters mean/max', '% of iters', '% of time'], rows),
  ].join('\n');
}
