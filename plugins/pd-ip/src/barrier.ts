/**
 * The constraints of the cone complementarity problem written as the scalar inequalities
 * f_i(x) ≤ 0 of paper 002's PD-IP (its Newton system uses f_i, ∇f_i and ∇²f_i), two per contact
 * with friction, one per frictionless contact (normal first, x = [x_N, x_T1, x_T2]):
 *
 *     f_c(x) = ½ (‖x_T‖² − μ² x_N²) ≤ 0      the cone's quadratic form, smooth everywhere;
 *     f_n(x) = −x_N ≤ 0                       picks the upper nappe of {f_c ≤ 0}, the cone K_μ.
 *
 * {f_c ≤ 0} alone is the double cone; with f_n it is K_μ. A frictionless contact (μ = 0) keeps
 * f_n only and x_T = 0. The barrier −log(−f_c) is the second-order cone's logarithmic barrier,
 * so λ_c [∇²f_c + ∇f_c ∇f_cᵀ / (−f_c)] is positive definite inside the cone for any λ_c > 0
 * although ∇²f_c = diag(−μ², 1, 1) is not.
 */

/** f_c(x) at contact offset o. */
export function coneConstraint(x: Float64Array, o: number, mu: number): number {
  const n = x[o], t1 = x[o + 1], t2 = x[o + 2];
  return 0.5 * (t1 * t1 + t2 * t2 - mu * mu * n * n);
}

/**
 * Adds the contact's term of the reduced Newton matrix (paper 002 PD-IP's system with Δλ
 * eliminated: Σ_i λ_i ∇²f_i + (λ_i / −f_i) ∇f_i ∇f_iᵀ over the contact's constraints) into the
 * row-major 3×3 block out[b..b+8]. `lc` is ignored when μ = 0.
 */
export function addBarrierBlock(out: Float64Array, b: number, x: Float64Array, o: number, mu: number, lc: number, ln: number): void {
  const n = x[o];
  out[b] += ln / n; // λ_n ∇f_n ∇f_nᵀ / (−f_n), with ∇f_n = −e_N and −f_n = x_N
  if (mu === 0) return;
  const g0 = -mu * mu * n, g1 = x[o + 1], g2 = x[o + 2];
  const w = lc / -coneConstraint(x, o, mu);
  out[b] += lc * -mu * mu + w * g0 * g0;
  out[b + 1] += w * g0 * g1;
  out[b + 2] += w * g0 * g2;
  out[b + 3] += w * g1 * g0;
  out[b + 4] += lc + w * g1 * g1;
  out[b + 5] += w * g1 * g2;
  out[b + 6] += w * g2 * g0;
  out[b + 7] += w * g2 * g1;
  out[b + 8] += lc + w * g2 * g2;
}

/**
 * The largest s ≤ `limit` such that x + s dx stays in the open cone K_μ (s = `limit` when the
 * whole segment does), from the quadratic ‖x_T + s dx_T‖² − μ²(x_N + s dx_N)² and x_N + s dx_N.
 * For μ = 0 only x_N + s dx_N > 0 counts. x must be inside.
 */
export function maxConeStep(x: Float64Array, dx: Float64Array, o: number, mu: number, limit: number): number {
  const n = x[o], dn = dx[o];
  let s = limit;
  if (dn < 0) s = Math.min(s, -n / dn);
  if (mu === 0) return s;
  const t1 = x[o + 1], t2 = x[o + 2], d1 = dx[o + 1], d2 = dx[o + 2];
  const m2 = mu * mu;
  // a s² + 2 b s + c with c < 0 inside
  const a = d1 * d1 + d2 * d2 - m2 * dn * dn;
  const b = t1 * d1 + t2 * d2 - m2 * n * dn;
  const c = t1 * t1 + t2 * t2 - m2 * n * n;
  const root = smallestPositiveRoot(a, b, c);
  return root < s ? root : s;
}

/** The smallest positive root of a s² + 2 b s + c (c < 0), Infinity when there is none. */
export function smallestPositiveRoot(a: number, b: number, c: number): number {
  if (a === 0) return b > 0 ? -c / (2 * b) : Infinity;
  const disc = b * b - a * c;
  if (disc < 0) return Infinity;
  // the cancellation-free pair of roots (Numerical Recipes §5.6): r1 = (−b − sign(b)√disc)/a, r2 = c / (a r1)
  const qv = -(b + (b >= 0 ? 1 : -1) * Math.sqrt(disc));
  const r1 = qv / a, r2 = qv !== 0 ? c / qv : Infinity;
  let best = Infinity;
  if (r1 > 0) best = r1;
  if (r2 > 0 && r2 < best) best = r2;
  return best;
}
