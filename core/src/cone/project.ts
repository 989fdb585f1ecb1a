import { hypot2 } from './hypot2.js';

/**
 * Projections onto the Coulomb friction cone K_μ = { ‖x_T‖ <= μ x_N } and its
 * polar K° = { y : <y, x> <= 0 for all x in K_μ }, normal first (`[N, T1, T2]`).
 * Each works in place on three entries of a Float64Array at offset `o`, so solvers
 * can project contact by contact without allocating.
 */

/**
 * Projects x[o..o+2] onto K_μ, writing the result to out[oo..oo+2] (out may be x).
 * Inside K → x; inside the polar (μ‖x_T‖ <= -x_N) → 0; else onto the boundary ray
 * ((x_N + μρ)/(1+μ²)) [1, μ x_T/ρ] with ρ = ‖x_T‖ (DESIGN §4).
 * μ = 0 gives the half-line [max(x_N, 0), 0, 0].
 */
export function projectOntoCone(out: Float64Array, oo: number, x: Float64Array, o: number, mu: number): void {
  const xn = x[o], t1 = x[o + 1], t2 = x[o + 2];
  const rho = hypot2(t1, t2);
  // xn >= 0 matters for μ = 0 only: there rho <= μ xn holds as 0 <= -0 for x = [-1, 0, 0].
  if (rho <= mu * xn && xn >= 0) {
    out[oo] = xn; out[oo + 1] = t1; out[oo + 2] = t2;
  } else if (mu * rho <= -xn) {
    out[oo] = 0; out[oo + 1] = 0; out[oo + 2] = 0;
  } else {
    const pn = (xn + mu * rho) / (1 + mu * mu);
    // rho > 0 here: rho = 0 falls in one of the branches above for any x_N.
    const s = (mu * pn) / rho;
    out[oo] = pn; out[oo + 1] = s * t1; out[oo + 2] = s * t2;
  }
}

/**
 * Projects x[o..o+2] onto the polar cone K°_μ, writing to out[oo..oo+2] (out may be x).
 * By Moreau's decomposition this is x - P_K(x).
 */
export function projectOntoPolarCone(out: Float64Array, oo: number, x: Float64Array, o: number, mu: number): void {
  const xn = x[o], t1 = x[o + 1], t2 = x[o + 2];
  const rho = hypot2(t1, t2);
  if (rho <= mu * xn && xn >= 0) {
    out[oo] = 0; out[oo + 1] = 0; out[oo + 2] = 0;
  } else if (mu * rho <= -xn) {
    out[oo] = xn; out[oo + 1] = t1; out[oo + 2] = t2;
  } else {
    const pn = (xn + mu * rho) / (1 + mu * mu);
    const s = (mu * pn) / rho;
    out[oo] = xn - pn; out[oo + 1] = t1 - s * t1; out[oo + 2] = t2 - s * t2;
  }
}

/** Projects every contact block of x onto its cone K_{μ_a}. out may be x. @returns out */
export function projectOntoCones(out: Float64Array, x: Float64Array, mu: Float64Array): Float64Array {
  for (let a = 0; a < mu.length; a++) projectOntoCone(out, 3 * a, x, 3 * a, mu[a]);
  return out;
}

/** How far x[o..o+2] is outside K_μ: max(0, ‖x_T‖ - μ x_N, -x_N). Zero inside the cone. */
export function coneViolation(x: Float64Array, o: number, mu: number): number {
  const xn = x[o], t1 = x[o + 1], t2 = x[o + 2];
  return Math.max(0, Math.sqrt(t1 * t1 + t2 * t2) - mu * xn, -xn);
}
