const DBL_EPSILON = 2.220446049250313e-16;

/**
 * Relative natural-map residual of one contact, ‖r − P_K(r − ũ)‖ / max(‖q‖, ‖r‖, ‖u‖)
 * with ũ = (u_N + μ‖u_T‖, u_T): the Siconos error (FORMATS §4) of a single contact.
 * Infinity instead of NaN.
 */
export function naturalMapResidual(
  r0: number, r1: number, r2: number, u0: number, u1: number, u2: number,
  q0: number, q1: number, q2: number, mu: number,
): number {
  const ut = Math.sqrt(u1 * u1 + u2 * u2);
  const x0 = r0 - (u0 + mu * ut), x1 = r1 - u1, x2 = r2 - u2;
  const rho = Math.sqrt(x1 * x1 + x2 * x2);
  let e0: number, e1: number, e2: number;
  // x0 >= 0 matters at μ = 0 only: there rho <= μ x0 holds as 0 <= −0 for x = [−1, 0, 0] (as in core's projectOntoCone).
  if (rho <= mu * x0 && x0 >= 0) {
    e0 = r0 - x0; e1 = r1 - x1; e2 = r2 - x2;
  } else if (mu * rho <= -x0) {
    e0 = r0; e1 = r1; e2 = r2;
  } else {
    const pn = (x0 + mu * rho) / (1 + mu * mu);
    const s = (mu * pn) / rho;
    e0 = r0 - pn; e1 = r1 - s * x1; e2 = r2 - s * x2;
  }
  const e = Math.sqrt(e0 * e0 + e1 * e1 + e2 * e2);
  const scale = Math.sqrt(Math.max(q0 * q0 + q1 * q1 + q2 * q2, r0 * r0 + r1 * r1 + r2 * r2, u0 * u0 + u1 * u1 + u2 * u2));
  const v = scale <= DBL_EPSILON ? e : e / scale;
  return v === v ? v : Infinity;
}
