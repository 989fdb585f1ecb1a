import type { CurveAttempt } from '../live-run.js';

/** A step's convergence as the curve chart's columns. */
export interface CurveColumns {
  /** Iterations of the whole chain: an attempt's count goes on from where the one before stopped. */
  x: number[];
  /** One column per attempt: its error at each x where it has one, else null. */
  errors: (number | null)[][];
  /** Per attempt: the solver, which gives the colour. */
  solvers: string[];
  /** Per attempt: "1: pqn", "2: gauss-seidel". */
  labels: string[];
}

/**
 * The columns of the chart of one step's error against iteration: the chain's attempts one after
 * the other on the iteration axis (as StepStats.iterations sums them), one series each. An error
 * that is not positive cannot sit on a log axis and is left out.
 */
export function curveColumns(curve: readonly CurveAttempt[]): CurveColumns {
  const at = new Map<number, number>();
  let offset = 0;
  const placed = curve.map((a) => {
    const xs = a.iteration.map((k) => offset + k);
    offset += a.iterations;
    for (const x of xs) at.set(x, 0);
    return xs;
  });
  const x = [...at.keys()].sort((a, b) => a - b);
  x.forEach((v, i) => at.set(v, i));
  const errors = curve.map((a, i) => {
    const column: (number | null)[] = x.map(() => null);
    placed[i].forEach((v, j) => {
      if (a.error[j] > 0) column[at.get(v)!] = a.error[j];
    });
    return column;
  });
  return { x, errors, solvers: curve.map((a) => a.solver), labels: curve.map((a, i) => `${i + 1}: ${a.solver}`) };
}
