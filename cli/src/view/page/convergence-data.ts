import type { SolveHistory, SolveHistoryProblem } from '@moreau/core/formats';

/** One run (one history file) as the convergence panel shows it. */
export interface ConvergenceRun {
  label: string;
  converged: boolean;
  /** Why the last attempt stopped. */
  reason: string;
  /** The final error the solve reported; null when it was not finite. */
  error: number | null;
  /** Iterations of all attempts together. */
  iterations: number;
  /** Points a log scale can draw (finite errors above zero). */
  points: number;
  /** The solvers of the chain that ran, with their iteration counts, in order. */
  attempts: { solver: string; iterations: number }[];
  tolerance: number | null;
  merit: string;
}

/** Where a fallback of run `run` took over: after `x` iterations of the run, from `from` to `to`. */
export interface FallbackMarker {
  run: number;
  x: number;
  from: string;
  to: string;
}

/**
 * The panel's data in uPlot's aligned form: one x array (cumulative iteration numbers of
 * every run, sorted, without repeats) and one y array per run on it.
 *
 * uPlot tells two kinds of missing value apart, and so does this: `undefined` where a run
 * has no sample at that x (another run's iteration, or one where the solver did not report
 * its merit), which the line passes over; `null` where the run reported a value a log scale
 * cannot draw (not finite, zero or negative), which breaks the line instead of sending it
 * to −∞.
 */
export interface ConvergenceData {
  x: number[];
  y: (number | null | undefined)[][];
  runs: ConvergenceRun[];
  fallbacks: FallbackMarker[];
  /** The runs' tolerances without repeats, smallest first. */
  tolerances: number[];
  /** The problems the runs solved, without repeats (normally one). */
  problems: SolveHistoryProblem[];
}

/** A value a log scale can draw, or null. */
export function logSafe(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null;
}

/**
 * Lines up the histories for one chart. Iterations count across the attempts of a run, so
 * a fallback's curve continues where its predecessor stopped (at that predecessor's own
 * iteration count, whether or not it reported its merit there); each fallback leaves a
 * marker at that point.
 */
export function convergenceData(histories: readonly SolveHistory[]): ConvergenceData {
  const runs: ConvergenceRun[] = [];
  const fallbacks: FallbackMarker[] = [];
  const samples: { x: number[]; v: (number | null)[] }[] = [];
  const xs = new Set<number>();
  histories.forEach((h, run) => {
    const x: number[] = [];
    const v: (number | null)[] = [];
    let offset = 0, points = 0;
    h.attempts.forEach((a, k) => {
      if (k > 0) fallbacks.push({ run, x: offset, from: h.attempts[k - 1].solver, to: a.solver });
      const n = Math.min(a.iteration.length, a.error.length);
      for (let j = 0; j < n; j++) {
        const at = offset + a.iteration[j];
        const value = logSafe(a.error[j]);
        x.push(at);
        v.push(value);
        xs.add(at);
        if (value !== null) points++;
      }
      offset += a.iterations;
    });
    samples.push({ x, v });
    runs.push({
      label: h.label, converged: h.converged, reason: h.attempts[h.attempts.length - 1]?.reason ?? (h.converged ? 'converged' : 'none ran'),
      error: typeof h.error === 'number' && Number.isFinite(h.error) ? h.error : null,
      iterations: offset, points, attempts: h.attempts.map((a) => ({ solver: a.solver, iterations: a.iterations })),
      tolerance: logSafe(h.tolerance), merit: h.merit,
    });
  });
  const x = [...xs].sort((a, b) => a - b);
  const index = new Map<number, number>();
  x.forEach((at, i) => index.set(at, i));
  const y = samples.map((s) => {
    const aligned: (number | null | undefined)[] = new Array(x.length).fill(undefined);
    s.x.forEach((at, j) => { aligned[index.get(at)!] = s.v[j]; });
    return aligned;
  });
  const tolerances = [...new Set(runs.map((r) => r.tolerance).filter((t): t is number => t !== null))].sort((a, b) => a - b);
  return { x, y, runs, fallbacks, tolerances, problems: distinctProblems(histories) };
}

/** The problems of the histories, one entry per distinct problem (same name and sizes). */
function distinctProblems(histories: readonly SolveHistory[]): SolveHistoryProblem[] {
  const seen = new Map<string, SolveHistoryProblem>();
  for (const { problem: p } of histories) {
    const key = JSON.stringify([p.name, p.contacts, p.wBlocks, p.muMin, p.muMax]);
    if (!seen.has(key)) seen.set(key, p);
  }
  return [...seen.values()];
}

/** An error as the panel writes it: three significant digits, `–` when there is none. */
export function formatError(v: number | null | undefined): string {
  return typeof v === 'number' && Number.isFinite(v) ? v.toExponential(2) : '–';
}

/** The μ range of a problem: one value when every contact has the same. */
export function formatMuRange(p: SolveHistoryProblem): string {
  return p.muMin === p.muMax ? `${p.muMin}` : `${p.muMin} – ${p.muMax}`;
}

/** The verdict of a run in a few words: `converged` or `not converged (max-iterations)`. */
export function verdict(run: ConvergenceRun): string {
  return run.converged ? 'converged' : `not converged (${run.reason})`;
}

/** The attempts of a run as one line: `pqn 5 → gauss-seidel 27`. */
export function attemptsText(run: ConvergenceRun): string {
  return run.attempts.map((a) => `${a.solver} ${a.iterations}`).join(' → ');
}
