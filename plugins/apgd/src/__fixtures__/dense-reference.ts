/**
 * Dense reference arithmetic for the variants' hand-checked iterates: written out from the
 * papers, sharing no code with the solver (its cone projection and mat-vecs are core's).
 */

import { BlockSparseMatrix, FrictionContactProblem } from '@moreau/core';

/** Two coupled contacts: W symmetric, strictly diagonally dominant (positive definite), λ_max < 6.5. */
export const DENSE = [
  4, 0.5, 0.2, 1, 0, 0.3,
  0.5, 3, 0.1, 0, 0.4, 0,
  0.2, 0.1, 2.5, 0.2, 0, 0.5,
  1, 0, 0.2, 5, 0.3, 0.1,
  0, 0.4, 0, 0.3, 2, 0.2,
  0.3, 0, 0.5, 0.1, 0.2, 3,
];
export const Q = [-1, 0.8, -0.5, -2, -1.5, 0.3];
export const MU = [0.3, 0.6];
/** A starting reaction off the cones' boundary. */
export const START = [0.2, 0.05, -0.03, 0.1, 0, 0.02];

/** The problem of a dense row-major W, q and μ. */
export function denseProblem(dense: readonly number[], q: readonly number[], mu: readonly number[]): FrictionContactProblem {
  return new FrictionContactProblem(BlockSparseMatrix.fromDense(q.length, [...dense]), Float64Array.from(q), Float64Array.from(mu));
}

/** W x for a dense row-major n × n W. */
export function matvec(dense: readonly number[], x: ArrayLike<number>): number[] {
  const n = x.length, out: number[] = [];
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let j = 0; j < n; j++) s += dense[i * n + j] * x[j];
    out.push(s);
  }
  return out;
}

/** P_K onto Π_a {‖x_T‖ ≤ μ_a x_N}, normal first, from paper 003 eq 12. */
export function projectCones(x: readonly number[], mu: readonly number[]): number[] {
  const out = x.slice();
  for (let a = 0; a < mu.length; a++) {
    const n = x[3 * a], t1 = x[3 * a + 1], t2 = x[3 * a + 2], m = mu[a], nt = Math.hypot(t1, t2);
    if (nt <= m * n) continue; // x ∈ K
    if (m * nt <= -n) { // −x ∈ K*
      out.fill(0, 3 * a, 3 * a + 3);
      continue;
    }
    const c = (n + m * nt) / (1 + m * m);
    out[3 * a] = c;
    out[3 * a + 1] = (c * m * t1) / nt;
    out[3 * a + 2] = (c * m * t2) / nt;
  }
  return out;
}

/** null when |got_i − want_i| ≤ tol (1 + |want_i|) for every i, else the first index that differs (for the failure message). */
export function closeArrays(got: ArrayLike<number>, want: ArrayLike<number>, tol = 1e-13): string | null {
  if (got.length !== want.length) return `length ${got.length} differs from ${want.length}`;
  for (let i = 0; i < want.length; i++) {
    if (!(Math.abs(got[i] - want[i]) <= tol * (1 + Math.abs(want[i])))) return `[${i}] = ${got[i]} differs from ${want[i]}`;
  }
  return null;
}
