import { isMoreauError } from '@moreau/core';
import type { FrictionContactProblem, SolveResult } from '@moreau/core';
import { judge } from './judge.js';
import type { BenchProblemFile } from './problems.js';
import type { BenchRecord } from './record.js';
import type { BenchSolver } from './solvers.js';
import type { BenchLimits } from './limits.js';


/**
 * Benches one configuration on one problem. The first solve is the cold one (the
 * first in this process: JIT included) and the warm-up; only when it solved are
 * `repeat` warm solves timed, and their median is the time. Every solve gets the time
 * limit as its budget (`SolveOptions.timeBudgetMs`, which every solver checks between
 * iterations); as solves run in this thread, one that overruns it (a long single
 * iteration, or a solver that ignores budgets) cannot be cut short, and is recorded as
 * not solved, reason 'time-limit'.
 *
 * Solves start from r = 0, or with `limits.warmStart` from `guess` (the file's first
 * guess) when there is one: the cold solve and the repeats alike, as the engine started
 * the step the file was dumped from. Solvers do not write into the warm start (the
 * conformance suite checks it), so one array serves every solve.
 */
export function benchOne(problem: FrictionContactProblem, file: string, solver: Pick<BenchSolver, 'label' | 'run'>, limits: BenchLimits, guess?: Float64Array): BenchRecord {
  const warmStart = limits.warmStart ? guess : undefined;
  const base = {
    problem: problem.name, file, contacts: problem.contacts, solver: solver.label,
    options: solver.run.config.options, ...(solver.run.config.fallback ? { fallback: solver.run.config.fallback } : {}),
    ...(limits.warmStart ? { start: warmStart ? 'guess' as const : 'zero' as const } : {}),
  };
  const solve = () => solver.run.solver.solve(problem, { timeBudgetMs: limits.timeLimitMs, ...(warmStart ? { warmStart } : {}) });
  let first: SolveResult;
  const t0 = performance.now();
  try {
    first = solve();
  } catch (e) {
    return { ...base, ...noAnswer(isMoreauError(e) ? 'failed' : 'crashed', describe(e)), msCold: performance.now() - t0 };
  }
  const msCold = performance.now() - t0;
  const verdict = judge(problem, first, limits.tol);
  let ms = msCold, repeats = 0;
  if (verdict.reached && msCold <= limits.timeLimitMs) {
    const times: number[] = [];
    for (let k = 0; k < limits.repeat; k++) {
      const t = performance.now();
      solve();
      times.push(performance.now() - t);
    }
    ms = median(times);
    repeats = times.length;
  }
  const inTime = msCold <= limits.timeLimitMs && ms <= limits.timeLimitMs;
  return {
    ...base,
    answeredBy: first.answeredBy,
    converged: verdict.claimed,
    solved: verdict.reached && inTime,
    error: verdict.error,
    claimedError: first.error,
    merit: first.merit,
    iterations: first.iterations,
    ms, msCold, repeats,
    reason: inTime ? first.reason : 'time-limit',
    ...(verdict.disagreement ? { disagreement: verdict.disagreement } : {}),
    ...(first.check ? { check: first.check.message } : {}),
  };
}

/** The rows of an unreadable problem: one per configuration, so every output lists it. */
export function unreadableRecords(file: BenchProblemFile, solvers: readonly { label: string }[], e: unknown): BenchRecord[] {
  return solvers.map((s) => ({
    problem: file.name, file: file.shown, contacts: null, solver: s.label, options: null,
    ...noAnswer('unreadable', describe(e)), msCold: null,
  }));
}

function noAnswer(reason: 'unreadable' | 'failed' | 'crashed', failure: string) {
  return { converged: false, solved: false, error: null, iterations: null, ms: null, repeats: 0, reason, failure };
}

/** `CODE: message` for a Moreau error; the first line of anything else (a plugin bug). */
function describe(e: unknown): string {
  if (isMoreauError(e)) return `${e.code}: ${e.message}`;
  return e instanceof Error ? `${e.name}: ${e.message.split('\n')[0]}` : String(e);
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
