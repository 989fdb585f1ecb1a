import { basename, resolve } from 'node:path';
import { CONFIG_FILE, MoreauError, openRun, readConfigFile, resolve as resolveRun, SiconosMerit } from '@moreau/core';
import type { SolveAttempt } from '@moreau/core';
import { parseCommandArgs } from './args.js';
import { EXIT, type CliIO } from './io.js';
import { showProgress } from './progress.js';
import { renderSolveHeader } from './solve.js';
import { setupSimulation } from './simulate/setup.js';
import { startScene } from './start-scene.js';
import { renderTable } from './table.js';

export const startHelp = `moreau start [--config <file>] [--json]

The main job, as moreau.config.json describes it. With a "start" scene
({ "scene", "until", "out" }) it runs that simulation with the solver chain the
config names, draws a progress line, and prints a table of the run: wall time, ms
per step, contacts, solver iterations per step (every attempt, and the first
solver's alone), steps at the iteration cap, fallbacks and where the time went;
each solver chain tried keeps its row, so editing the solver in the config and
running again compares them. A second table splits this run's work per solver of
the chain. Without a scene, it solves the problem files listed in "problems",
naming each before its solve, and prints one row per problem with the iterations
of every attempt of the chain.`;

export async function startCommand(args: string[], io: CliIO): Promise<number> {
  const { values } = parseCommandArgs('start', args, { config: { type: 'string' }, json: { type: 'boolean' } });
  // start needs a config file: it says what to solve or run.
  const { config, dir, file, registry } = await openRun(readConfigFile(resolve(io.cwd, (values.config as string | undefined) ?? CONFIG_FILE)));
  const run = resolveRun(config.solver, registry);
  // The chain as the user wrote it (the defaults filled in would make the row unreadable).
  if (config.start) return startScene(config.start, describeChain(config.solver), file!, io, setupSimulation, Boolean(values.json));
  const problems = config.problems ?? [];
  if (!problems.length) throw new MoreauError('E_CONFIG', `${file} lists no "problems" to solve.`, { file });

  const { readProblem } = await import('@moreau/core/io');
  const siconos = new SiconosMerit();
  const rows: (string | number)[][] = [];
  const records: Record<string, unknown>[] = [];
  let allConverged = true;
  if (!values.json) io.out(`solver: ${describeChain(config.solver)}  (from ${basename(file!)})\n`);
  for (const path of problems) {
    const { problem, format } = await readProblem(resolve(dir, path));
    // What is being solved, before the wait.
    if (!values.json) io.out(renderSolveHeader(problem.name, problem.contacts, format, run.solver.name));
    const stop = values.json ? () => {} : showProgress(run.events, io, problem.name);
    const res = run.solver.solve(problem);
    stop();
    const siconosError = siconos.evaluate(problem, res.r);
    allConverged &&= res.converged;
    const attempts = res.attempts ?? [];
    const total = attempts.length ? attempts.reduce((s, a) => s + a.iterations, 0) : res.iterations;
    rows.push([problem.name, problem.contacts, res.answeredBy, res.converged ? 'yes' : `no (${res.reason})`, total, describeAttempts(attempts), siconosError, res.ms]);
    records.push({
      problem: problem.name, contacts: problem.contacts, answeredBy: res.answeredBy, converged: res.converged, iterations: res.iterations,
      attempts, error: res.error, merit: res.merit, siconosError, ms: res.ms,
    });
  }
  if (values.json) io.out(JSON.stringify({ solver: run.config, results: records }));
  else io.out(`\n${renderTable(['problem', 'contacts', 'answered by', 'converged', 'iterations', 'per attempt', 'siconos error', 'ms'], rows)}`);
  return allConverged ? EXIT.converged : EXIT.notConverged;
}

/** Each attempt of the chain with its own iterations and how it stopped: `pqn 1000 (max-iterations) -> gauss-seidel 37`. */
export function describeAttempts(attempts: readonly SolveAttempt[]): string {
  return attempts.map((a) => `${a.solver} ${a.iterations}${a.converged ? '' : ` (${a.reason})`}`).join(' -> ');
}

function describeChain(c: { name: string; options?: Record<string, unknown>; fallback?: typeof c }): string {
  const opts = Object.entries(c.options ?? {}).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(', ');
  return `${c.name}${opts ? ` (${opts})` : ''}${c.fallback ? ` -> fallback ${describeChain(c.fallback)}` : ''}`;
}
