import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { MoreauError } from '@moreau/core';
import { parseBenchArgs, type BenchArgs } from './bench/args.js';
import { findProblemFiles } from './bench/problems.js';
import { readReferenceCsv } from './bench/reference-csv.js';
import { writeBenchReport } from './bench/report.js';
import type { BenchRecord } from './bench/record.js';
import { benchSolvers } from './bench/solvers.js';
import { BenchProgress } from './bench/progress.js';
import { EXIT, type CliIO } from './io.js';
import { chooseExecutor } from './jobs/choose-executor.js';
import { expandJobs } from './jobs/expand.js';
import { runJobs } from './jobs/run-jobs.js';
import { checkOutputFolder } from './out-dir.js';

export const benchHelp = `moreau bench <files or folders...> [options]

Runs every problem with every solver configuration, judges every answer by the siconos
error recomputed from its r (u = W r + q recomputed too), and writes a results file, a
markdown table and a Dolan-Moré performance profile. Folders are searched (not
recursively) for *.dat, *.hdf5, *.h5 and *.json problem files.

  --solver <s>           a solver configuration; repeat for more. <s> is a registered name
                         (gauss-seidel, pqn, ...), or a plugin package by path (./my-solver,
                         as moreau conformance takes it): each solver it exports is benched
  --options '<json>'     options of the --solver just before it, e.g.
                         --solver pqn --options '{"preset": "paper"}'
  --config <file>        a moreau.config.json: its solver chain, fallbacks included
                         (default, with no --solver or --config: the working folder's config,
                         else auto, or gauss-seidel when auto is not installed)
  --tol <t>              solved means a recomputed siconos error ≤ t; also the stopping
                         tolerance of every solver (explicit --options win) (default 1e-8;
                         1e-14 to 0.1)
  --max-iter <n>         iteration cap of every solver
  --merit <name>         merit of every solver's stopping test (default: each solver's own)
  --time-limit <ms>      each solve's time budget and hard limit: a solve that takes longer
                         is recorded as not solved (default 60000)
  --repeat <n>           warm solves timed after the cold one; the time is their median
                         (default 3)
  --warm-start           start every solve (cold and warm) from the file's first guess
                         (FCLIB /guesses/1, as moreau simulate --dump-problems writes the
                         engine's warm start) where it has one, else from r = 0 (default:
                         every solve from r = 0)
  --reference <csv>      results of other codes (header problem,solver,solved,error,ms), shown
                         beside ours in the table and the profile, e.g. bench/siconos-reference.csv
  --out <dir>            where to write (default bench-results/<date and time>)
  --progress             draw the progress line even when stderr is not a terminal
  --jobs <n|auto>        run on a pool of n worker threads (auto: one per core) instead of
                         in this process; needs the compiled package (npm run build)
  --job-time-limit <ms>  with --jobs or --queue: a job (cold solve and repeats) still running after this
                         is stopped and recorded as timed-out (default (repeat + 1) × time limit
                         + 10000)
  --queue <url>          put the jobs on a Redis server (redis://host:port) for \`moreau worker\`
                         processes on any machines to run; this command collects the records
                         (docs/bench.md, "Across machines")
  --reconnect-timeout <s>  with --queue: a lost Redis is retried this long, then E_QUEUE (default 30)

Outputs in --out:
  results.jsonl   one record per problem × solver: problem, contacts, solver, options,
                  converged (claimed), solved (recomputed), error, iterations, ms (median),
                  msCold, reason, and any disagreement between claim and recomputed error;
                  with --warm-start, start: guess or zero (where the solves started)
  table.md        per problem each solver's error / ms / iterations, the fastest in bold;
                  per solver how many solved, fastest, within 2×; disagreements; failures
  profile.svg     ρ_s(τ): the fraction of problems each solver solves within τ × the
                  fastest time (Dolan & Moré 2002), log₂ τ axis

Without --jobs, solves run one after another in this process. A solver stops at its time
budget between iterations; one that cannot (a single long iteration, or a plugin that
ignores budgets) is not interrupted, only recorded as not solved; with --jobs its worker
is stopped at the job time limit. An unreadable problem is recorded and the bench goes
on. Ctrl-C stops after the solves under way and writes what was done.

Resume: records are appended to results.jsonl as jobs finish, keyed by a hash of the
job; running the same bench again with the same --out skips the jobs recorded there.

Exit status: 0 the bench ran (whatever was solved), 2 user error, 3 internal error,
130 interrupted.`;

export async function benchCommand(args: string[], io: CliIO): Promise<number> {
  const a = parseBenchArgs(args);
  const files = findProblemFiles(a.paths, io.cwd);
  const reference = a.reference ? await readReferenceCsv(resolve(io.cwd, a.reference)) : [];
  const outDir = resolve(io.cwd, a.out ?? join('bench-results', timestamp()));
  checkOutputFolder(outDir);
  const solvers = await benchSolvers(a.solvers, io.cwd, { tolerance: a.tol, maxIterations: a.maxIterations, merit: a.merit });
  const referenceSolvers = [...new Set(reference.map((r) => r.solver))];
  const clash = referenceSolvers.find((s) => solvers.some((x) => x.label === s));
  if (clash) throw new MoreauError('E_USAGE', `--reference names a solver "${clash}", which is also a configuration of this bench; rename it in the CSV.`);

  const jobs = expandJobs(files, solvers, a);
  const executor = chooseExecutor(a, solvers, { outDir, cwd: io.cwd });
  io.err(`moreau bench: ${files.length} problem${files.length === 1 ? '' : 's'} × ${solvers.length} configuration${solvers.length === 1 ? '' : 's'} (${solvers.map((s) => s.label).join('; ')}) ${executor.where} -> ${outDir}`);
  // Timings on a busy machine mean little: the table says how busy it was.
  const load = `load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores at the start`;
  if (loadavg()[0] > cpus().length) io.err(`moreau bench: the machine is busy (${load}): times will be noisy.`);
  const progress = new BenchProgress(io, jobs.length, a.progress);
  // Iterations are seen only where the solve runs: in this process.
  if (progress.enabled && a.jobs === undefined) for (const s of solvers) s.run.events.on('solver:iteration', (e) => progress.iteration(e.iteration));
  const { records, interrupted } = await runJobs(jobs, executor, outDir, io, progress);

  await writeBenchReport({
    records, labels: solvers.map((s) => s.label), reference, tol: a.tol, outDir, interrupted,
    settings: (readable) => settingsLine(a, interrupted, files.length, readable, load, startedFromGuess(records)),
  }, io);
  return interrupted ? EXIT.interrupted : EXIT.converged;
}

/** The line under table.md's title; `guessed`: with --warm-start, the problems read that had a guess to start from. */
export function settingsLine(a: Pick<BenchArgs, 'tol' | 'timeLimitMs' | 'repeat'> & { warmStart?: boolean }, interrupted: boolean, files: number, readable: number, load: string, guessed = 0): string {
  const start = a.warmStart ? `from each file's /guesses/1 where it has one (${guessed} of ${readable} files), else from r = 0` : 'from r = 0';
  return [
    `Solved: siconos error recomputed from r ≤ ${a.tol}, within ${a.timeLimitMs} ms per solve.`,
    `Time: median of ${a.repeat} warm solves after a cold one (results.jsonl has both), ${start}; ${load}.`,
    `${readable} of ${files} problem files read${interrupted ? '; INTERRUPTED: partial results' : ''}.`,
  ].join(' ');
}

/** The problems whose solves started from their file's guess (--warm-start). */
function startedFromGuess(records: readonly BenchRecord[]): number {
  return new Set(records.filter((r) => r.start === 'guess').map((r) => r.problem)).size;
}

/** `2026-11-26T08-12-00`: sortable, and valid in a folder name everywhere. */
export function timestamp(): string {
  return new Date().toISOString().slice(0, 19).replace(/:/g, '-');
}
