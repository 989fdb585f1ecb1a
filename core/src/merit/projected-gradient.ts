import { z } from 'zod';
import { bsrMul } from '../linalg/bsr-matvec.js';
import { isSafeSumOfSquares } from '../cone/hypot2.js';
import { projectOntoCone } from '../cone/project.js';
import type { FrictionContactProblem } from '../problem/friction-contact-problem.js';
import type { MeritFunction } from '../contracts/solver.js';
import { defineMerit } from '../contracts/define.js';

/**
 * The stopping metric of accelerated projected gradient descent, paper 003 eq 10
 * (after Mazhar et al.), for the convex problem
 *
 *     min ½ rᵀ W r + (q + s)ᵀ r   over r ∈ K = Π_a K_{μ_a},   s = [s_a e_N] fixed,
 *
 *     residual = ‖ r − P_K( r − g_d (W r + q + s) ) ‖₂ / (m g_d),   m = 3 nc.
 *
 * It is zero exactly when r solves that problem (for any g_d > 0). `wr` must hold
 * W r; `sN` holds the normal shift s_a per contact, or is null for s = 0. Unlike the
 * Siconos error it is not normalised by the size of q, r or u: it has the units of
 * u, divided by m. A non-finite input gives Infinity, never NaN.
 * @returns the residual
 */
export function projectedGradientResidual(
  r: Float64Array, wr: Float64Array, q: Float64Array, sN: Float64Array | null, mu: Float64Array, gd: number,
): number {
  const nc = mu.length;
  if (nc === 0) return 0;
  let e2 = sumOfSquares(r, wr, q, sN, mu, gd, 1);
  // ‖e‖ overflow- and underflow-proof: where Σ e² is not safe (entries beyond ~1e154 or
  // below ~1e-145), sum (e / max|e|)² instead; a rare second and third pass, no workspace.
  let scale = 1;
  if (!isSafeSumOfSquares(e2) && e2 === e2) {
    const m = maxAbs(r, wr, q, sN, mu, gd);
    if (m > 0 && m < Infinity) {
      e2 = sumOfSquares(r, wr, q, sN, mu, gd, 1 / m);
      scale = m;
    }
  }
  const value = (scale * Math.sqrt(e2)) / (3 * nc * gd);
  return value === value ? value : Infinity;
}

/** e = r − P_K(r − g_d(W r + q + s)) of contact a, into E. */
function contactResidual(
  r: Float64Array, wr: Float64Array, q: Float64Array, sN: Float64Array | null, mu: Float64Array, gd: number, a: number,
): void {
  const o = 3 * a, m = mu[a];
  const r0 = r[o], r1 = r[o + 1], r2 = r[o + 2];
  const g0 = wr[o] + q[o] + (sN === null ? 0 : sN[a]);
  E[0] = r0 - gd * g0; E[1] = r1 - gd * (wr[o + 1] + q[o + 1]); E[2] = r2 - gd * (wr[o + 2] + q[o + 2]);
  projectOntoCone(E, 0, E, 0, m);
  E[0] = r0 - E[0]; E[1] = r1 - E[1]; E[2] = r2 - E[2];
}

const E = new Float64Array(3);

/** Σ_a ‖f e_a‖². */
function sumOfSquares(
  r: Float64Array, wr: Float64Array, q: Float64Array, sN: Float64Array | null, mu: Float64Array, gd: number, f: number,
): number {
  let s = 0;
  for (let a = 0; a < mu.length; a++) {
    contactResidual(r, wr, q, sN, mu, gd, a);
    const e0 = f * E[0], e1 = f * E[1], e2 = f * E[2];
    s += e0 * e0 + e1 * e1 + e2 * e2;
  }
  return s;
}

/** max_a ‖e_a‖_∞. */
function maxAbs(r: Float64Array, wr: Float64Array, q: Float64Array, sN: Float64Array | null, mu: Float64Array, gd: number): number {
  let m = 0;
  for (let a = 0; a < mu.length; a++) {
    contactResidual(r, wr, q, sN, mu, gd, a);
    m = Math.max(m, Math.abs(E[0]), Math.abs(E[1]), Math.abs(E[2]));
  }
  return m;
}

/**
 * The `projected-gradient` merit: paper 003 eq 10 with s = 0, so it measures the
 * convex relaxation of paper 002 (the cone complementarity problem
 * r ∈ K, W r + q ∈ K*, r ⟂ W r + q), not the Coulomb problem: it is zero at a
 * Coulomb solution only where μ‖u_T‖ = 0 at every contact. W r is recomputed; a
 * `u` passed in is ignored, as the `siconos` merit does.
 */
export class ProjectedGradientMerit implements MeritFunction {
  readonly name = 'projected-gradient';
  private wr = new Float64Array(0);

  /** @param gd the step g_d of eq 10 (paper 003 takes 1e-6) */
  constructor(readonly gd = 1e-6) {}

  evaluate(problem: FrictionContactProblem, r: Float64Array): number {
    if (this.wr.length !== problem.size) this.wr = new Float64Array(problem.size);
    bsrMul(problem.W, r, this.wr);
    return projectedGradientResidual(r, this.wr, problem.q, null, problem.mu, this.gd);
  }
}

export default defineMerit({
  name: 'projected-gradient',
  summary: 'paper 003 eq 10: ‖r − P_K(r − g_d(W r + q))‖ / (m g_d), the APGD stopping metric of the convex relaxation',
  options: z.object({
    gd: z.number().positive().default(1e-6).describe('the step g_d of eq 10'),
  }),
  create: (o) => new ProjectedGradientMerit(o.gd),
});
