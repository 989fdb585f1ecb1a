import { bsrMul, siconosErrorOf } from '@moreau/core';
import type { FrictionContactProblem, SolveResult } from '@moreau/core';
import { formatNumber } from '../table.js';

/** What the bench concludes from one answer, whatever the solver said about it. */
export interface Judgement {
  /** The siconos error recomputed from r (u = W r + q recomputed too); ∞ for a non-finite r. */
  error: number;
  /** The solver claimed convergence (core's answer check may have refused the claim since). */
  claimed: boolean;
  /** Recomputed error ≤ tol. */
  reached: boolean;
  /** Set when the claim and the recomputed error disagree, saying how. */
  disagreement?: string;
}

/**
 * Judges an answer as the field compares solvers: recomputes u = W r + q and the
 * `siconos` error of r (one implementation, `siconosErrorOf`), and calls the problem
 * reached when that error is at most `tol`, whatever the solver claimed. A claim core's
 * answer check refused (reason 'rejected') still counts as claimed: it is what the
 * solver said.
 */
export function judge(problem: FrictionContactProblem, result: SolveResult, tol: number): Judgement {
  const n = problem.size;
  const u = bsrMul(problem.W, result.r, new Float64Array(n));
  for (let i = 0; i < n; i++) u[i] += problem.q[i];
  const error = siconosErrorOf(problem.q, problem.mu, result.r, u, new Float64Array(n), new Float64Array(3));
  const claimed = result.converged || result.reason === 'rejected';
  const reached = error <= tol;
  const said = `${result.merit} ${formatNumber(result.error)}`;
  let disagreement: string | undefined;
  if (claimed && !reached) {
    disagreement = `claimed converged (${said}) but the recomputed siconos error is ${formatNumber(error)} > ${formatNumber(tol)}`;
  } else if (!claimed && reached) {
    disagreement = `stopped unconverged (${result.reason}, ${said}) although the recomputed siconos error ${formatNumber(error)} ≤ ${formatNumber(tol)}`;
  }
  return { error, claimed, reached, ...(disagreement ? { disagreement } : {}) };
}
