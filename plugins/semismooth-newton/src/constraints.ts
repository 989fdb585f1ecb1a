import type { FrictionContactProblem } from '@moreau/core/kernels';

/**
 * The constraint operator of paper 004 eqs 42-46 for one contact, normal first
 * here: with the predictors
 *
 *     d_N = R_N − ρ Ū_N,   d_T = R_T − ρ U_T        (eqs 45, 46; Ū_N = U_N, no gap term)
 *
 *     C_N = R_N − max(0, d_N)                                   (eq 44)
 *     C_T = max(μ d_N, ‖d_T‖) R_T − μ max(0, d_N) d_T            (eq 43)
 *
 * written to out[o..o+2] as [C_N, C_T1, C_T2]. R and U are independent
 * arguments (C(R, U) of eq 41); the merit sets U = W R + B.
 */
export function contactConstraint(
  out: Float64Array, o: number, r: Float64Array, u: Float64Array, ro: number, mu: number, rho: number,
): void {
  const dn = r[ro] - rho * u[ro];
  const d1 = r[ro + 1] - rho * u[ro + 1], d2 = r[ro + 2] - rho * u[ro + 2];
  const m = Math.max(mu * dn, Math.sqrt(d1 * d1 + d2 * d2)), pn = Math.max(0, dn);
  out[o] = r[ro] - pn;
  out[o + 1] = m * r[ro + 1] - mu * pn * d1;
  out[o + 2] = m * r[ro + 2] - mu * pn * d2;
}

/**
 * C(R, U) for every contact (paper 004 eq 42), with the per-contact ρ_α.
 * @returns out
 */
export function constraints(
  problem: FrictionContactProblem, r: Float64Array, u: Float64Array, rho: Float64Array, out: Float64Array,
): Float64Array {
  for (let a = 0; a < problem.contacts; a++) contactConstraint(out, 3 * a, r, u, 3 * a, problem.mu[a], rho[a]);
  return out;
}

/**
 * The merit M = ½ CᵀC of paper 004 eq 63 at R + α δR with U = V + α (W δR),
 * where V = W R + B: the line search's trial point, evaluated without forming it.
 * The same formula as core's `newton` merit, with the solver's current (scaled) ρ_α.
 * @returns M, or Infinity when the trial point overflows
 */
export function meritAlong(
  problem: FrictionContactProblem, r: Float64Array, dr: Float64Array, v: Float64Array, wdr: Float64Array,
  alpha: number, rho: Float64Array,
): number {
  const mu = problem.mu;
  let sum = 0;
  for (let a = 0, o = 0; a < problem.contacts; a++, o += 3) {
    const p = rho[a], m = mu[a];
    const rn = r[o] + alpha * dr[o], r1 = r[o + 1] + alpha * dr[o + 1], r2 = r[o + 2] + alpha * dr[o + 2];
    const un = v[o] + alpha * wdr[o], u1 = v[o + 1] + alpha * wdr[o + 1], u2 = v[o + 2] + alpha * wdr[o + 2];
    const dn = rn - p * un, d1 = r1 - p * u1, d2 = r2 - p * u2;
    const mx = Math.max(m * dn, Math.sqrt(d1 * d1 + d2 * d2)), pn = Math.max(0, dn);
    const cn = rn - pn, c1 = mx * r1 - m * pn * d1, c2 = mx * r2 - m * pn * d2;
    sum += cn * cn + c1 * c1 + c2 * c2;
  }
  const value = 0.5 * sum;
  return Number.isNaN(value) ? Infinity : value;
}

/**
 * M(R) = ½ CᵀC at U = W R + B given as `v` (paper 004 eq 63).
 * @returns M, or Infinity when it overflows
 */
export function merit(problem: FrictionContactProblem, r: Float64Array, v: Float64Array, rho: Float64Array): number {
  return meritAlong(problem, r, r, v, v, 0, rho);
}
