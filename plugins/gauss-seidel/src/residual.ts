import { DBL_EPSILON, siconosErrorOf } from '@moreau/core/kernels';

// One contact's q, r, u, μ laid out as siconosErrorOf reads them, and its scratch. Private to
// this module and filled then read within one synchronous call, so sharing them is safe.
const Q = new Float64Array(3), R = new Float64Array(3), U = new Float64Array(3);
const MU = new Float64Array(1), E = new Float64Array(3), X = new Float64Array(3);

/**
 * Relative natural-map residual of one contact, ‖r − P_K(r − ũ)‖ / max(‖q‖, ‖r‖, ‖u‖)
 * with ũ = (u_N + μ‖u_T‖, u_T): the Siconos error (FORMATS §4) of a single contact,
 * as core's merit (`siconosErrorOf`) computes it. Infinity instead of NaN.
 *
 * The sliding solver calls this for every candidate, so the common case is computed here
 * with core's operations in core's order, giving the same value to the bit (a test
 * compares them); a sum of squares outside the range where its square root is taken
 * plainly (1e-290, ∞), which core then rescales, goes to core itself.
 */
export function naturalMapResidual(
  r0: number, r1: number, r2: number, u0: number, u1: number, u2: number,
  q0: number, q1: number, q2: number, mu: number,
): number {
  const qq = q0 * q0 + q1 * q1 + q2 * q2, rr = r0 * r0 + r1 * r1 + r2 * r2, uu = u0 * u0 + u1 * u1 + u2 * u2;
  const ut = u1 * u1 + u2 * u2;
  const plain = isPlainSumOfSquares;
  if (plain(qq) && plain(rr) && plain(uu) && (plain(ut) || (u1 === 0 && u2 === 0))) {
    // x = r − ũ, projected onto K_μ as core's projectOntoCone does.
    const x0 = r0 - (u0 + mu * Math.sqrt(ut)), x1 = r1 - u1, x2 = r2 - u2;
    const xt = x1 * x1 + x2 * x2;
    if (plain(xt) || (x1 === 0 && x2 === 0)) {
      const rho = Math.sqrt(xt);
      let p0 = x0, p1 = x1, p2 = x2;
      if (rho <= mu * x0 && x0 >= 0) { /* inside K_μ */ } else if (mu * rho <= -x0) {
        p0 = 0; p1 = 0; p2 = 0;
      } else {
        const pn = (x0 + mu * rho) / (1 + mu * mu);
        const s = (mu * pn) / rho;
        p0 = pn; p1 = s * x1; p2 = s * x2;
      }
      const d0 = r0 - p0, d1 = r1 - p1, d2 = r2 - p2;
      const ee = d0 * d0 + d1 * d1 + d2 * d2;
      if (plain(ee) || (d0 === 0 && d1 === 0 && d2 === 0)) {
        // √ is monotone and correctly rounded: the root of the largest is the largest root, to the bit.
        const scale = Math.sqrt(Math.max(qq, rr, uu));
        const en = Math.sqrt(ee);
        return scale <= DBL_EPSILON ? en : en / scale;
      }
    }
  }
  Q[0] = q0; Q[1] = q1; Q[2] = q2;
  R[0] = r0; R[1] = r1; R[2] = r2;
  U[0] = u0; U[1] = u1; U[2] = u2;
  MU[0] = mu;
  return siconosErrorOf(Q, MU, R, U, E, X);
}

/** A sum of squares whose square root core takes as it is (hypot2, sqrtSumOfSquares); 0 is that of exact zeros only. */
export function isPlainSumOfSquares(s: number): boolean {
  return s > 1e-290 && s < Infinity;
}

/**
 * A bound on the natural-map residual's numerator ‖r − P_K(r − ũ)‖ for a reaction on the
 * cone's boundary, r = r_N (1, μ d) with r_N > 0 and ‖d‖ = 1, returned squared:
 *
 *     ‖r − P_K(r − ũ)‖² ≤ u_N² + ‖u_T + ‖u_T‖ d‖².
 *
 * Why: K's normal cone at such an r is the ray t (−μ, d), t ≥ 0, so P_K(r − v) = r for
 * v = t (μ, −d); P_K is non-expansive, hence ‖r − P_K(r − ũ)‖ ≤ ‖ũ − v‖, and t = ‖u_T‖
 * leaves (u_N, u_T + ‖u_T‖ d). It vanishes at a slide (u_N = 0, u_T = −‖u_T‖ d), and needs
 * one square root where the residual needs four and two divisions: the sliding solver
 * accepts a sphere's slide on it (SlidingSolver.onConeWithin). Not finite when u is not.
 */
export function onConeResidualBound2(u0: number, u1: number, u2: number, d1: number, d2: number): number {
  const t = Math.sqrt(u1 * u1 + u2 * u2);
  const b1 = u1 + t * d1, b2 = u2 + t * d2;
  return u0 * u0 + b1 * b1 + b2 * b2;
}
