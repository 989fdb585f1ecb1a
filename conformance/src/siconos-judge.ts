import type { FrictionContactProblem } from '@moreau/core';

/**
 * The suite's own Siconos error, written from FORMATS §4 (Siconos `fc3d_compute_error`) and
 * deliberately sharing no code with core's merit, mat-vec or cone projection: a judge that
 * calls the defendant's code passes the defendant's bugs. Plain loops, no scaling tricks;
 * the suite's problems stay far from overflow.
 *
 *     u = W r + q,   ũ_a = [u_N + μ_a ‖u_T‖, u_T]          (De Saxcé, normal first)
 *     e_a = r_a − P_{K_μa}(r_a − ũ_a)                       (relaxed cone: ũ = u)
 *     error = ‖e‖ / max(‖q‖, ‖r‖, ‖u‖), or ‖e‖ when that max is ≤ 2⁻⁵²
 */
export interface JudgedError {
  /** ‖e‖₂, the natural-map residual. */
  residual: number;
  /** max(‖q‖, ‖r‖, ‖u‖), what Siconos divides by. */
  scale: number;
  /** ‖r‖₂. */
  r: number;
  /** The Siconos error: residual / scale, or the residual itself when scale ≤ 2⁻⁵². */
  error: number;
  /**
   * How far `error` may lie from the same measure at u = W r + q summed in another order (a
   * solver's own product): a bound from the rounding of each sum, carried through the measure
   * (below). A claim within `rounding` of a tolerance is not a false claim.
   */
  rounding: number;
}

/** The unit roundoff of doubles, 2⁻⁵³. */
const UNIT_ROUNDOFF = 2 ** -53;

/** 2⁻⁵², the C library's DBL_EPSILON, below which Siconos reports the absolute residual. */
const TWO_TO_MINUS_52 = 2 ** -52;

/** u = W r + q, walking W's blocks (row-major 3x3, block row a, block column colIdx[k]). */
export function judgeVelocity(p: FrictionContactProblem, r: Float64Array): Float64Array {
  return judgeVelocityAndRounding(p, r).u;
}

/**
 * u = W r + q as `judgeVelocity` sums it, and for each entry a bound on how far two sums of
 * the same L terms in any order can lie apart: each lies within γ_L Σ|terms| of the exact
 * sum (Higham, Accuracy and Stability of Numerical Algorithms, §3.1: γ_L = L u / (1 − L u),
 * u the unit roundoff), the products' own rounding counted in L.
 */
function judgeVelocityAndRounding(p: FrictionContactProblem, r: Float64Array): { u: Float64Array; apart: Float64Array } {
  const { rowPtr, colIdx, values } = p.W;
  const u = Float64Array.from(p.q);
  const apart = Float64Array.from(p.q, Math.abs);
  for (let a = 0; a < p.contacts; a++) {
    for (let k = rowPtr[a]; k < rowPtr[a + 1]; k++) {
      const b = colIdx[k];
      for (let i = 0; i < 3; i++) {
        for (let j = 0; j < 3; j++) {
          const t = values[9 * k + 3 * i + j] * r[3 * b + j];
          u[3 * a + i] += t;
          apart[3 * a + i] += Math.abs(t);
        }
      }
    }
    // Three products a block, and q: L = 3 m + 1 terms, m the blocks of the row.
    const L = 3 * (rowPtr[a + 1] - rowPtr[a]) + 1, gamma = (L * UNIT_ROUNDOFF) / (1 - L * UNIT_ROUNDOFF);
    for (let i = 0; i < 3; i++) apart[3 * a + i] *= 2 * gamma;
  }
  return { u, apart };
}

/**
 * The projection of [xN, xT1, xT2] onto K_μ = {‖x_T‖ ≤ μ x_N}, by cases: inside, inside the
 * polar cone {μ‖x_T‖ ≤ −x_N}, else onto the boundary ray through x_T.
 */
export function judgeProjection(xN: number, xT1: number, xT2: number, mu: number): [number, number, number] {
  const t = Math.hypot(xT1, xT2);
  if (xN >= 0 && t <= mu * xN) return [xN, xT1, xT2];
  if (mu * t <= -xN) return [0, 0, 0];
  // t > 0 here: t = 0 with xN < 0 is in the polar cone, with xN >= 0 inside K.
  const n = (xN + mu * t) / (1 + mu * mu);
  return [n, (mu * n * xT1) / t, (mu * n * xT2) / t];
}

/** The Siconos error of r (Coulomb problem, De Saxcé form) or the same measure of the relaxed cone problem. */
export function judgeSiconosError(p: FrictionContactProblem, r: Float64Array, cone: 'coulomb' | 'relaxed' = 'coulomb'): JudgedError {
  const { u, apart } = judgeVelocityAndRounding(p, r);
  let e2 = 0, moved2 = 0, apart2 = 0;
  for (let a = 0; a < p.contacts; a++) {
    // e_a is (1 + μ_a)-Lipschitz in u_a (ũ is, and the projection is 1-Lipschitz).
    const da = Math.hypot(apart[3 * a], apart[3 * a + 1], apart[3 * a + 2]);
    moved2 += ((cone === 'coulomb' ? 1 + p.mu[a] : 1) * da) ** 2;
    apart2 += da * da;
    const [rN, rT1, rT2] = [r[3 * a], r[3 * a + 1], r[3 * a + 2]];
    const [uN, uT1, uT2] = [u[3 * a], u[3 * a + 1], u[3 * a + 2]];
    const shift = cone === 'coulomb' ? p.mu[a] * Math.hypot(uT1, uT2) : 0;
    const [pN, pT1, pT2] = judgeProjection(rN - (uN + shift), rT1 - uT1, rT2 - uT2, p.mu[a]);
    e2 += (rN - pN) ** 2 + (rT1 - pT1) ** 2 + (rT2 - pT2) ** 2;
  }
  const norm = (x: Float64Array) => Math.sqrt(x.reduce((s, v) => s + v * v, 0));
  const residual = Math.sqrt(e2), rNorm = norm(r);
  const scale = Math.max(norm(p.q), rNorm, norm(u));
  // The residual moves by at most √moved2, the scale by at most √apart2 (through ‖u‖).
  const moved = Math.sqrt(moved2), shifted = Math.sqrt(apart2);
  if (scale <= TWO_TO_MINUS_52) return { residual, scale, r: rNorm, error: residual, rounding: moved };
  const error = residual / scale;
  // (residual + moved) / (scale − shifted) − error, the farther of the two ends.
  return { residual, scale, r: rNorm, error, rounding: (moved + error * shifted) / Math.max(scale - shifted, Number.MIN_VALUE) };
}
