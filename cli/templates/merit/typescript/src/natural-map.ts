import { bsrMul, projectOntoCone } from '@moreau/core';
import type { FrictionContactProblem, MeritFunction } from '@moreau/core';

/**
 * The residual of the natural map of the frictional contact problem (see FrictionContactProblem in
 * @moreau/core; normal first per contact), over 1 + ‖q‖:
 *
 *     e_a = r_a − P_{K_a}(r_a − ũ_a),   ũ_a = u_a + μ_a ‖u_T,a‖ e_N (De Saxcé),   u = W r + q,
 *     value = ‖e‖₂ / (1 + ‖q‖₂).
 *
 * e = 0 exactly when r solves the problem: r is then the projection's fixed point, which holds
 * iff r ∈ K, ũ ∈ K* and r ⟂ ũ. Dividing by 1 + ‖q‖ makes the value relative for large data
 * and absolute for small, and never divides by zero.
 *
 * u is recomputed from r: a caller's u is not trusted (it costs one product with W).
 */
export class NaturalMap implements MeritFunction {
  readonly name = 'natural-map';
  /** W r, reallocated only when the problem size changes. */
  #u = new Float64Array(0);
  readonly #x = new Float64Array(3);

  evaluate(problem: FrictionContactProblem, r: Float64Array): number {
    if (this.#u.length !== problem.size) this.#u = new Float64Array(problem.size);
    const Wr = bsrMul(problem.W, r, this.#u);
    const { q, mu } = problem;
    const x = this.#x;
    let e2 = 0, q2 = 0;
    for (let a = 0, o = 0; a < mu.length; a++, o += 3) {
      const uN = Wr[o] + q[o], uT1 = Wr[o + 1] + q[o + 1], uT2 = Wr[o + 2] + q[o + 2];
      x[0] = r[o] - (uN + mu[a] * Math.sqrt(uT1 * uT1 + uT2 * uT2));
      x[1] = r[o + 1] - uT1;
      x[2] = r[o + 2] - uT2;
      projectOntoCone(x, 0, x, 0, mu[a]);
      const d0 = r[o] - x[0], d1 = r[o + 1] - x[1], d2 = r[o + 2] - x[2];
      e2 += d0 * d0 + d1 * d1 + d2 * d2;
      q2 += q[o] * q[o] + q[o + 1] * q[o + 1] + q[o + 2] * q[o + 2];
    }
    const value = Math.sqrt(e2) / (1 + Math.sqrt(q2));
    // A non-finite r is infinitely far from a solution; NaN would compare false with every tolerance.
    return Number.isFinite(value) ? value : Infinity;
  }
}
