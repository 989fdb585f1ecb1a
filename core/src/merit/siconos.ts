import { z } from 'zod';
import { bsrMul } from '../linalg/bsr-matvec.js';
import { projectOntoCone } from '../cone/project.js';
import { hypot2, sqrtSumOfSquares } from '../cone/hypot2.js';
import type { FrictionContactProblem } from '../problem/friction-contact-problem.js';
import type { MeritFunction } from '../plugin/contracts.js';
import { defineMerit } from '../plugin/define.js';

const DBL_EPSILON = 2.220446049250313e-16;

/**
 * The error measure the field compares on (Siconos `fc3d_compute_error`, as
 * specified in formats/FORMATS.md §4):
 *
 *     e_a = r_a − P_{K_μa}( r_a − [u_N + μ_a‖u_T‖, u_T] ),   u = W r + q recomputed,
 *     error = ‖e‖₂ / max(‖q‖, ‖r‖, ‖u‖)   (‖e‖₂ when that max is ≤ DBL_EPSILON).
 *
 * Norms are overflow- and underflow-proof (scaled where the plain sum of squares is
 * not safe), so the error of r = 0 is the same at |q| = 1e200 as at |q| = 1; below
 * DBL_EPSILON the error is the absolute ‖e‖₂, as Siconos defines it.
 *
 * A `u` passed in is ignored on purpose: Siconos never trusts it.
 */
export class SiconosMerit implements MeritFunction {
  readonly name = 'siconos';
  private u = new Float64Array(0);
  private e = new Float64Array(0);
  private readonly x = new Float64Array(3);

  evaluate(problem: FrictionContactProblem, r: Float64Array): number {
    if (this.u.length !== problem.size) {
      this.u = new Float64Array(problem.size);
      this.e = new Float64Array(problem.size);
    }
    const { u, e, x } = this;
    bsrMul(problem.W, r, u);
    const { q, mu } = problem;
    let e2 = 0, q2 = 0, r2 = 0, u2 = 0;
    for (let a = 0; a < problem.contacts; a++) {
      const o = 3 * a;
      for (let t = 0; t < 3; t++) {
        u[o + t] += q[o + t];
        q2 += q[o + t] * q[o + t];
        r2 += r[o + t] * r[o + t];
        u2 += u[o + t] * u[o + t];
      }
      const ut = hypot2(u[o + 1], u[o + 2]);
      x[0] = r[o] - (u[o] + mu[a] * ut);
      x[1] = r[o + 1] - u[o + 1];
      x[2] = r[o + 2] - u[o + 2];
      projectOntoCone(x, 0, x, 0, mu[a]);
      for (let t = 0; t < 3; t++) {
        const d = r[o + t] - x[t];
        e[o + t] = d;
        e2 += d * d;
      }
    }
    // Each norm as dnrm2 gives it (Siconos uses BLAS): a sum of squares that overflowed
    // (|q| ≳ 1e154) or underflowed (≲ 1e-145) is recomputed scaled, never taken as ∞ or 0.
    const en = sqrtSumOfSquares(e2, e);
    const scale = Math.max(sqrtSumOfSquares(q2, q), sqrtSumOfSquares(r2, r), sqrtSumOfSquares(u2, u));
    const value = scale <= DBL_EPSILON ? en : en / scale;
    // A non-finite r gives NaN here; report it as infinitely bad rather than let NaN compare false.
    return Number.isNaN(value) ? Infinity : value;
  }
}

export default defineMerit({
  name: 'siconos',
  summary: "the field's normalised natural-map error (Siconos fc3d_compute_error): ‖r − P_K(r − ũ)‖ / max(‖q‖, ‖r‖, ‖u‖)",
  options: z.object({}),
  create: () => new SiconosMerit(),
});
