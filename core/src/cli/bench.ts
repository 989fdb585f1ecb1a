import { mkdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { isMoreauError, MoreauError } from '../plugin/errors.js';
import type { FrictionContactProblem } from '../problem/friction-contact-problem.js';
import { parseBenchArgs, type BenchArgs } from './bench-args.js';
import { findProblemFiles, type BenchProblemFile } from './bench-problems.js';
import { performanceProfiles, timeTable } from './bench-profile.js';
import { renderProfileSvg } from './bench-profile-svg.js';
import type { BenchRecord, Outcome } from './bench-record.js';
import { readReferenceCsv } from './bench-reference-csv.js';
import { benchOne, unreadableRecords } from './bench-run.js';
import { benchSolvers, type BenchSolver } from './bench-solvers.js';
import { BenchProgress } from './bench-progress.js';
import { renderBenchTable } from './bench-table.js';
import { EXIT, jsonText, type CliIO } from './io.js';
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
                         else gauss-seidel)
  --tol <t>              solved means a recomputed siconos error ≤ t; also the stopping
                         tolerance of every solver (explicit --options win) (default 1e-8)
  --max-iter <n>         iteration cap of every solver
  --merit <name>         merit of every solver's stopping test (default: each solver's own)
  --time-limit <ms>      each solve's time budget and hard limit: a solve that takes longer
                         is recorded as not solved (default 60000)
  --repeat <n>           warm solves timed after the cold one; the time is their median
                         (default 3)
  --reference <csv>      results of other codes (header problem,solver,solved,error,ms), shown
                         beside ours in the table and the profile, e.g. bench/siconos-reference.csv
  --out <dir>            where to write (default bench-results/<date and time>)
  --progress             draw the progress line even when stderr is not a terminal

Outputs in --out:
  results.jsonl   one record per problem × solver: problem, contacts, solver, options,
                  converged (claimed), solved (recomputed), error, iterations, ms (median),
                  msCold, reason, and any disagreement between claim and recomputed error
  table.md        per problem each solver's error / ms / iterations, the fastest in bold;
                  per solver how many solved, fastest, within 2×; disagreements; failures
  profile.svg     ρ_s(τ): the fraction of problems each solver solves within τ × the
                  fastest time (Dolan & Moré 2002), log₂ τ axis

Solves run one after another in this process. A solver stops at its time budget between
iterations; one that cannot (a single long iteration, or a plugin that ignores budgets)
is not interrupted, only recorded as not solved. An unreadable problem is recorded and
the bench goes on. Ctrl-C stops after the current solve and writes what was done.

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

  io.err(`moreau bench: ${files.length} problem${files.length === 1 ? '' : 's'} × ${solvers.length} configuration${solvers.length === 1 ? '' : 's'} (${solvers.map((s) => s.label).join('; ')}) -> ${outDir}`);
  // Timings on a busy machine mean little: the table says how busy it was.
  const load = `load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores at the start`;
  if (loadavg()[0] > cpus().length) io.err(`moreau bench: the machine is busy (${load}): times will be noisy.`);
  const { records, problems, interrupted } = await runAll(files, solvers, a, io);

  const benched = new Set(problems.map((p) => p.name));
  const used = reference.filter((r) => benched.has(r.problem));
  if (reference.length > used.length) io.err(`--reference: ${reference.length - used.length} rows name problems not in this bench; left out.`);
  const outcomes: Outcome[] = [...records.filter((r) => r.reason !== 'unreadable'), ...used];
  const labels = [...solvers.map((s) => s.label), ...referenceSolvers];
  problems.sort((p, q) => (p.contacts - q.contacts) || p.name.localeCompare(q.name));
  const settings = settingsLine(a, interrupted, files.length, problems.length, load);
  const table = renderBenchTable({ problems, solvers: labels, outcomes, records, settings });
  const names = problems.map((p) => p.name);
  const svg = renderProfileSvg({
    title: `Performance profile: ${names.length} problems, time to a siconos error ≤ ${a.tol}`,
    profiles: performanceProfiles(labels, timeTable(outcomes, names, labels)),
    dashed: new Set(referenceSolvers),
  });

  const { writeFileAtomic } = await import('../io/atomic-write.js');
  mkdirSync(outDir, { recursive: true });
  await writeFileAtomic(join(outDir, 'results.jsonl'), records.map((r) => jsonText(r)).join('\n') + (records.length ? '\n' : ''));
  await writeFileAtomic(join(outDir, 'table.md'), table);
  await writeFileAtomic(join(outDir, 'profile.svg'), svg);
  io.out(table);
  io.out(`wrote ${join(outDir, 'results.jsonl')}, table.md and profile.svg${interrupted ? ' (interrupted: partial results)' : ''}`);
  return interrupted ? EXIT.interrupted : EXIT.converged;
}

/** Every problem (read once) × every configuration, with the progress line and Ctrl-C between solves. */
async function runAll(files: BenchProblemFile[], solvers: BenchSolver[], a: BenchArgs, io: CliIO) {
  const records: BenchRecord[] = [];
  const problems: { name: string; contacts: number }[] = [];
  const progress = new BenchProgress(io, files.length * solvers.length, a.progress);
  if (progress.enabled) for (const s of solvers) s.run.events.on('solver:iteration', (e) => progress.iteration(e.iteration));
  let interrupted = false;
  const stopListening = io.onInterrupt?.(() => { interrupted = true; }) ?? (() => {});
  const { readProblem } = await import('../io/index.js');
  try {
    let done = 0;
    for (const file of files) {
      if (interrupted) break;
      let problem: FrictionContactProblem;
      try {
        problem = (await readProblem(file.path)).problem;
      } catch (e) {
        // A bad file is recorded and skipped; a reader's own bug (E_INTERNAL, foreign errors) is not a bad file.
        if (!isMoreauError(e) || (e.code as string) === 'E_INTERNAL') throw e;
        progress.clear();
        io.err(`${file.shown}: unreadable, recorded and skipped (${e.code}: ${e.message.split('\n')[0]})`);
        records.push(...unreadableRecords(file, solvers, e));
        done += solvers.length;
        continue;
      }
      problems.push({ name: problem.name, contacts: problem.contacts });
      for (const solver of solvers) {
        progress.start(done, problem.name, solver.label);
        const record = benchOne(problem, file.shown, solver, a);
        records.push(record);
        if (record.failure) {
          progress.clear();
          io.err(`${problem.name} × ${solver.label}: ${record.reason}: ${record.failure}`);
        }
        done++;
        // Lets a Ctrl-C through between solves (a solve runs synchronously).
        await new Promise((r) => setImmediate(r));
        if (interrupted) break;
      }
    }
  } finally {
    progress.clear();
    stopListening();
  }
  return { records, problems, interrupted };
}

function settingsLine(a: BenchArgs, interrupted: boolean, files: number, readable: number, load: string): string {
  return [
    `Solved: siconos error recomputed from r ≤ ${a.tol}, within ${a.timeLimitMs} ms per solve.`,
    `Time: median of ${a.repeat} warm solves after a cold one (results.jsonl has both), from r = 0; ${load}.`,
    `${readable} of ${files} problem files read${interrupted ? '; INTERRUPTED: partial results' : ''}.`,
  ].join(' ');
}

/** `2026-11-26T08-12-00`: sortable, and valid in a folder name everywhere. */
function timestamp(): string {
  return new Date().toISOString().slice(0, 19).replace(/:/g, '-');
}
