import { accessSync, constants, statSync } from 'node:fs';
import { basename, dirname, extname, resolve } from 'node:path';
import { applyOverrides, historyProblem, isMoreauError, MoreauError, openRun, resolve as resolveRun, SiconosMerit, SolveHistoryRecorder, writeSolveHistory } from '@moreau/core';
import type { ResolvedSolverConfig, SolveResult } from '@moreau/core';
import { jsonArg, numberArg, parseCommandArgs } from './args.js';
import { EXIT, jsonText, type CliIO } from './io.js';
import { showProgress } from './progress.js';
import { checkInitSupported, readInitialGuess, type InitialGuess } from './solve-init.js';
import { renderTable, formatNumber } from './table.js';

export const solveHelp = `moreau solve <file> [options]

Solves a frictional contact problem file (FCLIB .hdf5, Siconos .dat, Moreau .json).

  --solver <name>        solver to use (default: the config's, else auto; gauss-seidel without it)
  --options '<json>'     options of that solver, e.g. '{"relaxation": 1.2}'
  --config <file>        a moreau.config.json (solver chain with fallbacks, plugins)
  --tol <t>              stopping tolerance of whichever solver runs (1e-14 to 0.1)
  --max-iter <n>         iteration cap of whichever solver runs
  --merit <name>         merit of the stopping test (siconos, energy, newton, ...)
  --frictionless         set every friction coefficient to 0
  --init <file>          start from these reactions: a solution written by --out (.json
                         or .hdf5), or a problem file's first /guesses entry (else its
                         /solution); the problem file itself may be given
  --out <file>           write the solution (.json, or .hdf5 as FCLIB with the problem);
                         checked before the solve: its folder must exist and be writable
  --force                let --out overwrite the problem file itself
  --history <file.json>  write the merit of every iteration of every attempt (first
                         solver, fallbacks) to this file, for \`moreau view\`; checked
                         before the solve like --out
  --label <text>         the run's name in that file (default: the solver chain)
  --progress             draw the progress line even when stderr is not a terminal
                         (then one line per update, at most five a second, for logs)
  --json                 print one JSON object instead of a table (non-finite numbers
                         as the strings "Infinity", "-Infinity", "NaN", never null)

A global problem is reduced to local form; a reduction whose W would exceed
the memory budget (MOREAU_MAX_MEMORY, default 1GB) is refused with E_TOO_LARGE.

Exit status: 0 converged, 1 not converged, 2 user error, 3 internal error.`;

/** The record `moreau solve --json` prints. */
export interface SolveReport {
  problem: string;
  file: string;
  format: string;
  contacts: number;
  solver: string;
  answeredBy: string;
  converged: boolean;
  reason: string;
  iterations: number;
  error: number;
  merit: string;
  siconosError: number;
  ms: number;
  /** Where the warm start came from (`--init`), when there was one. */
  init?: string;
  attempts: SolveResult['attempts'];
  stats?: Record<string, unknown>;
  check?: SolveResult['check'];
}

export async function solveCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs('solve', args, {
    solver: { type: 'string' }, options: { type: 'string' }, config: { type: 'string' },
    tol: { type: 'string' }, 'max-iter': { type: 'string' }, merit: { type: 'string' },
    frictionless: { type: 'boolean' }, out: { type: 'string' }, force: { type: 'boolean' }, json: { type: 'boolean' },
    init: { type: 'string' }, progress: { type: 'boolean' }, history: { type: 'string' }, label: { type: 'string' },
  });
  if (positionals.length !== 1) throw new MoreauError('E_USAGE', `moreau solve expects one problem file, got ${positionals.length}.\n\n${solveHelp}`);
  const file = resolve(io.cwd, positionals[0]);
  const overrides = {
    tolerance: numberArg('tol', values.tol),
    maxIterations: numberArg('max-iter', values['max-iter'], true),
    merit: values.merit as string | undefined,
  };
  const extraOptions = jsonArg('options', values.options);
  const out = values.out as string | undefined;
  if (out && !['.json', '.hdf5', '.h5'].includes(extname(out))) {
    throw new MoreauError('E_USAGE', `--out must end in .json or .hdf5, got "${out}"`);
  }
  // Before the solve, so a result is never computed only to be lost, nor the problem overwritten by mistake.
  if (out) checkOutTarget(resolve(io.cwd, out), file, Boolean(values.force));
  const historyFile = values.history as string | undefined;
  if (values.label !== undefined && historyFile === undefined) throw new MoreauError('E_USAGE', '--label names the run in a --history file; give --history <file.json> too.');
  if (historyFile !== undefined) checkHistoryTarget(resolve(io.cwd, historyFile), file);

  // Validate the configuration before reading a possibly large file.
  const { config, registry } = await openRun({ cwd: io.cwd, config: values.config as string | undefined });
  let solverConfig = values.solver !== undefined ? { name: String(values.solver) } : config.solver;
  if (extraOptions) solverConfig = { ...solverConfig, options: { ...(solverConfig.options ?? {}), ...extraOptions } };
  solverConfig = applyOverrides(solverConfig, registry, overrides);
  const run = resolveRun(solverConfig, registry);
  const initFile = values.init as string | undefined;
  if (initFile) checkInitSupported(run.config, registry);

  const { readProblem } = await import('@moreau/core/io');
  const loaded = await readProblem(file);
  const problem = values.frictionless ? loaded.problem.frictionless() : loaded.problem;
  const init: InitialGuess | undefined = initFile ? await readInitialGuess(resolve(io.cwd, initFile), initFile, problem) : undefined;

  // What is being solved, before the wait: a long solve shows at once that it is the right one.
  if (!values.json) io.out(renderSolveHeader(problem.name, problem.contacts, loaded.format, run.solver.name, init?.source));
  const stop = values.json && !values.progress ? () => {} : showProgress(run.events, io, basename(file), { force: Boolean(values.progress) });
  const recorder = historyFile === undefined ? undefined : new SolveHistoryRecorder(run.events);
  let result: SolveResult;
  try {
    result = run.solver.solve(problem, init ? { warmStart: init.r } : {});
  } finally {
    stop();
    recorder?.stop();
  }
  const report: SolveReport = {
    problem: problem.name,
    file: positionals[0],
    format: loaded.format,
    contacts: problem.contacts,
    solver: run.solver.name,
    answeredBy: result.answeredBy,
    converged: result.converged,
    reason: result.reason,
    iterations: result.iterations,
    error: result.error,
    merit: result.merit,
    siconosError: new SiconosMerit().evaluate(problem, result.r),
    ms: result.ms,
    ...(init ? { init: init.source } : {}),
    attempts: result.attempts,
    stats: result.stats,
    check: result.check,
  };
  if (out) {
    const io2 = await import('@moreau/core/io');
    const target = resolve(io.cwd, out);
    if (extname(out) === '.json') await io2.writeSolutionJson(target, { r: result.r, u: result.u }, { problem: problem.name, meta: summary(report) });
    else await io2.writeFclibLocal(target, problem, { solution: { r: result.r, u: result.u } });
  }
  if (recorder) {
    const history = recorder.history(result, {
      problem: historyProblem(positionals[0], basename(positionals[0]), problem),
      tolerance: answeringTolerance(run.config, result.attempts?.length ?? 0),
      label: (values.label as string | undefined) ?? run.solver.name,
    });
    await writeSolveHistory(resolve(io.cwd, historyFile!), history);
  }
  if (values.json) io.out(jsonText(report));
  else io.out(renderSolveReport(report));
  return result.converged ? EXIT.converged : EXIT.notConverged;
}

/** The folder a flag's output file goes to must exist, be a folder and be writable (E_FILE_IO). */
function checkWritableFolder(flag: string, target: string): void {
  const dir = dirname(target);
  try {
    if (!statSync(dir).isDirectory()) throw new MoreauError('E_FILE_IO', `${flag} ${target}: ${dir} is not a folder.`, { file: target });
    accessSync(dir, constants.W_OK);
  } catch (e) {
    if (isMoreauError(e)) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw new MoreauError('E_FILE_IO', `${flag} ${target}: its folder ${dir} ${code === 'ENOENT' ? 'does not exist' : `is not writable (${code})`}.`, { file: target });
  }
}

/**
 * `--out` must name a file (not a folder) in an existing, writable folder, and not
 * the problem file itself unless `force` (same path, or the same file by another name).
 */
function checkOutTarget(target: string, input: string, force: boolean): void {
  checkWritableFolder('--out', target);
  const existing = statSync(target, { throwIfNoEntry: false });
  if (!existing) return;
  if (existing.isDirectory()) throw new MoreauError('E_FILE_IO', `--out ${target} is a folder; give a file name ending in .json or .hdf5.`, { file: target });
  const source = statSync(input, { throwIfNoEntry: false });
  if (!force && source && source.ino === existing.ino && source.dev === existing.dev) {
    throw new MoreauError('E_USAGE', `--out ${target} is the problem file itself; writing the solution would replace the problem. Choose another file, or add --force.`, { file: target });
  }
}

/** `--history` must end in .json, in an existing, writable folder, and not be the problem file. */
function checkHistoryTarget(target: string, input: string): void {
  if (extname(target) !== '.json') throw new MoreauError('E_USAGE', `--history must end in .json, got "${target}"`);
  checkWritableFolder('--history', target);
  const existing = statSync(target, { throwIfNoEntry: false });
  if (existing?.isDirectory()) throw new MoreauError('E_FILE_IO', `--history ${target} is a folder; give a file name ending in .json.`, { file: target });
  const source = statSync(input, { throwIfNoEntry: false });
  if (existing && source && source.ino === existing.ino && source.dev === existing.dev) {
    throw new MoreauError('E_USAGE', `--history ${target} is the problem file itself; choose another file.`, { file: target });
  }
}

/** The tolerance of the chain link that gave the last of `attempts` answers (the first link when none ran). */
function answeringTolerance(config: ResolvedSolverConfig, attempts: number): number | null {
  let link: ResolvedSolverConfig | undefined = config;
  for (let k = 1; k < attempts && link?.fallback; k++) link = link.fallback;
  const tolerance = link?.options.tolerance;
  return typeof tolerance === 'number' ? tolerance : null;
}

function summary(r: SolveReport) {
  return { solver: r.solver, answeredBy: r.answeredBy, converged: r.converged, iterations: r.iterations, error: r.error, merit: r.merit, siconosError: r.siconosError };
}

/** The line `moreau solve` prints before it solves: the problem, and how it will be solved. */
export function renderSolveHeader(problem: string, contacts: number, format: string, solver: string, init?: string): string {
  return `${problem}: ${contacts} contacts, ${format}; solver ${solver}${init ? `, warm start from ${init}` : ''}`;
}

/** The table and verdict `moreau solve` prints after the solve (the header came before it). */
export function renderSolveReport(r: SolveReport): string {
  const rows: (string | number)[][] = (r.attempts ?? []).map((a) => [a.solver, a.converged ? 'yes' : `no (${a.reason})`, a.iterations, `${formatNumber(a.error)} (${a.merit})`, a.ms]);
  return [
    renderTable(['solver', 'converged', 'iterations', 'error', 'ms'], rows),
    `answered by ${r.answeredBy}: ${r.converged ? 'converged' : `NOT converged (${r.reason})`}, siconos error ${formatNumber(r.siconosError)}, ${formatNumber(r.ms)} ms`,
    ...(r.check ? [`answer check: ${r.check.message}`] : []),
  ].join('\n');
}
