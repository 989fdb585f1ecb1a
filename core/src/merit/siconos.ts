import { z } from 'zod';
import { BsrMulKernel } from '../linalg/bsr-mul-wasm-choice.js';
import { projectOntoCone } from '../cone/project.js';
import { hypot2, norm2Scaled, sqrtSumOfSquares } from '../cone/hypot2.js';
import { rollingNaturalMap } from '../cone/rolling-de-saxce.js';
import type { FrictionContactProblem } from '../problem/friction-contact-problem.js';
import { gatherPair, scatterPair, type RollingPairs } from '../problem/rolling-pairs.js';
import type { MeritFunction } from '../contracts/solver.js';
import { defineMerit } from '../contracts/define.js';
import { DBL_EPSILON } from '../linalg/constants.js';

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
 *
 * On a problem with rolling pairs (FrictionContactProblem) the measure is the project's own
 * extension, not one Siconos computes: a pair's six entries of e are the natural map on Z,
 * `rollingNaturalMap` (r − P_Z(r − ũ), ũ Z's De Saxcé velocity), in place of the K_μ terms of
 * its two block rows; every other contact and the normalisation are as above
 * (docs/convergence.md). A problem without pairs takes exactly the code above.
 */
export class SiconosMerit implements MeritFunction {
  readonly name = 'siconos';
  private u = new Float64Array(0);
  private e = new Float64Array(0);
  private readonly x = new Float64Array(3);
  private readonly product = new BsrMulKernel();

  evaluate(problem: FrictionContactProblem, r: Float64Array): number {
    if (this.u.length !== problem.size) {
      this.u = new Float64Array(problem.size);
      this.e = new Float64Array(problem.size);
    }
    const { u, e, x } = this;
    this.product.mulOnce(problem.W, r, u);
    const q = problem.q;
    for (let i = 0; i < u.length; i++) u[i] += q[i];
    return siconosErrorAt(problem, r, u, e, x);
  }
}

/**
 * The siconos error of r with u taken as given (u = W r + q is trusted, not recomputed):
 * what `SiconosMerit` computes after its own mat-vec. For solvers that keep u up to date as
 * they go and want the error without a product with W (Gauss-Seidel's screening test).
 * `e` (length 3·nc) and `x` (length 3) are scratch.
 */
export function siconosErrorAt(problem: FrictionContactProblem, r: Float64Array, u: Float64Array, e: Float64Array, x: Float64Array): number {
  if (problem.rolling !== undefined) return siconosRollingErrorOf(problem.q, problem.mu, problem.rolling, r, u, e, x);
  return siconosErrorOf(problem.q, problem.mu, r, u, e, x);
}

/**
 * `siconosErrorOf` with rolling pairs: the K_μ terms first, for every block row, then each
 * pair's two block rows of e replaced by its natural map on Z. Norms as in `siconosErrorOf`
 * (a plain sum of squares in index order, scaled when unsafe). `e` (length 3·nc) and `x`
 * (length 3) are scratch.
 */
export function siconosRollingErrorOf(
  q: Float64Array, mu: Float64Array, pairs: RollingPairs, r: Float64Array, u: Float64Array, e: Float64Array, x: Float64Array,
): number {
  siconosErrorOf(q, mu, r, u, e, x);
  // r, u and e of one pair in the ROLLING_CONTACT layout.
  const z = new Float64Array(18);
  for (let p = 0; p < pairs.count; p++) {
    gatherPair(z, 0, r, pairs, p);
    gatherPair(z, 6, u, pairs, p);
    rollingNaturalMap(z, 12, z, 0, z, 6, mu[pairs.force[p]], pairs.rho[p], pairs.sigma[p]);
    scatterPair(e, pairs, p, z, 12);
  }
  return relativeError(norm2Scaled(e), Math.max(norm2Scaled(q), norm2Scaled(r), norm2Scaled(u)));
}

/**
 * `siconosErrorAt` on bare arrays: the contacts are those of `mu`, and q, r, u hold 3 entries
 * per contact. For callers without a problem object, such as a one-contact local solver.
 * `e` (length 3·nc) and `x` (length 3) are scratch.
 */
export function siconosErrorOf(q: Float64Array, mu: Float64Array, r: Float64Array, u: Float64Array, e: Float64Array, x: Float64Array): number {
  let e2 = 0, q2 = 0, r2 = 0, u2 = 0;
  // One statement per term, in index order: the sums round exactly as a plain loop's would.
  for (let a = 0, o = 0; a < mu.length; a++, o += 3) {
    const q0 = q[o], q1 = q[o + 1], q2_ = q[o + 2];
    const r0 = r[o], r1 = r[o + 1], r2_ = r[o + 2];
    const u0 = u[o], u1 = u[o + 1], u2_ = u[o + 2];
    q2 += q0 * q0; q2 += q1 * q1; q2 += q2_ * q2_;
    r2 += r0 * r0; r2 += r1 * r1; r2 += r2_ * r2_;
    u2 += u0 * u0; u2 += u1 * u1; u2 += u2_ * u2_;
    const m = mu[a];
    x[0] = r0 - (u0 + m * hypot2(u1, u2_));
    x[1] = r1 - u1;
    x[2] = r2_ - u2_;
    projectOntoCone(x, 0, x, 0, m);
    const d0 = r0 - x[0], d1 = r1 - x[1], d2 = r2_ - x[2];
    e[o] = d0; e[o + 1] = d1; e[o + 2] = d2;
    e2 += d0 * d0; e2 += d1 * d1; e2 += d2 * d2;
  }
  // Each norm as dnrm2 gives it (Siconos uses BLAS): a sum of squares that overflowed
  // (|q| ≳ 1e154) or underflowed (≲ 1e-145) is recomputed scaled, never taken as ∞ or 0.
  const en = sqrtSumOfSquares(e2, e);
  const scale = Math.max(sqrtSumOfSquares(q2, q), sqrtSumOfSquares(r2, r), sqrtSumOfSquares(u2, u));
  return relativeError(en, scale);
}

/** ‖e‖ / scale, or ‖e‖ when scale ≤ DBL_EPSILON, as Siconos defines it. */
function relativeError(en: number, scale: number): number {
  // An infinite entry of r or u (an overflowed W r) would make the scale ∞ and the
  // quotient 0, i.e. "solved": such an answer is infinitely bad, not perfect.
  if (scale === Infinity) return Infinity;
  const value = scale <= DBL_EPSILON ? en : en / scale;
  // A non-finite r gives NaN here; report it as infinitely bad rather than let NaN compare false.
  return Number.isNaN(value) ? Infinity : value;
}

export default defineMerit({
  name: 'siconos',
  summary: "the field's normalised natural-map error (Siconos fc3d_compute_error): ‖r − P_K(r − ũ)‖ / max(‖q‖, ‖r‖, ‖u‖)",
  options: z.object({}),
  create: () => new SiconosMerit(),
});
