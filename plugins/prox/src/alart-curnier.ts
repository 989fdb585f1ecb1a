import { hypot2 } from '@moreau/core/kernels';

/**
 * The Alart–Curnier function of one contact (Alart & Curnier 1991, the augmented Lagrangian
 * form of the Coulomb law; in the notation of Acary, Brémond & Huber 2018, §3, the "standard"
 * variant Siconos' NSN_AC uses), with ρ > 0 the augmentation parameter:
 *
 *     F_N = r_N − max(0, r_N − ρ u_N)
 *     F_T = r_T − P_{D(μ max(0, r_N − ρ u_N))}(r_T − ρ u_T)
 *
 * P_D(R) projects onto the disc of radius R. F = 0 exactly when (r, u) satisfies the Coulomb
 * law: r_N ≥ 0 ⟂ u_N ≥ 0, and r_T = −μ r_N u_T/‖u_T‖ where u_T ≠ 0, ‖r_T‖ ≤ μ r_N where u_T = 0.
 *
 * Writes F at offset o, and when `A`, `B` are given one element of the generalized Jacobian
 * (Clarke's, the branch chosen where F is not differentiable): A = ∂F/∂u and B = ∂F/∂r,
 * row-major 3×3 at offset 9·(o/3). On a kink (r_N = ρ u_N, or ‖r_T − ρ u_T‖ = R) the
 * stick/contact branch is taken, as at a strictly interior point.
 */
export function alartCurnier(
  r: Float64Array, u: Float64Array, o: number, mu: number, rho: number,
  F: Float64Array, A: Float64Array | null, B: Float64Array | null,
): void {
  const rn = r[o], r1 = r[o + 1], r2 = r[o + 2];
  const pN = rn - rho * u[o];
  const active = pN > 0;
  const R = active ? mu * pN : 0;
  const x1 = r1 - rho * u[o + 1], x2 = r2 - rho * u[o + 2];
  const nx = hypot2(x1, x2);
  const stick = nx <= R;
  F[o] = active ? rho * u[o] : rn;
  let t1 = 0, t2 = 0, c = 0;
  if (stick) {
    F[o + 1] = rho * u[o + 1];
    F[o + 2] = rho * u[o + 2];
  } else {
    t1 = x1 / nx;
    t2 = x2 / nx;
    c = R / nx;
    F[o + 1] = r1 - R * t1;
    F[o + 2] = r2 - R * t2;
  }
  if (A === null || B === null) return;
  const b = 3 * o;
  A.fill(0, b, b + 9);
  B.fill(0, b, b + 9);
  if (active) A[b] = rho;
  else B[b] = 1;
  if (stick) {
    A[b + 4] = rho;
    A[b + 8] = rho;
    return;
  }
  // Slip: F_T = r_T − R x/‖x‖, with ∂(x/‖x‖)/∂x = (I − t tᵀ)/‖x‖ and ∂x/∂r_T = I, ∂x/∂u_T = −ρI.
  const p11 = 1 - t1 * t1, p12 = -t1 * t2, p22 = 1 - t2 * t2;
  B[b + 4] = 1 - c * p11; B[b + 5] = -c * p12;
  B[b + 7] = -c * p12; B[b + 8] = 1 - c * p22;
  A[b + 4] = c * rho * p11; A[b + 5] = c * rho * p12;
  A[b + 7] = c * rho * p12; A[b + 8] = c * rho * p22;
  if (active) {
    // R = μ (r_N − ρ u_N): ∂R/∂r_N = μ, ∂R/∂u_N = −μρ.
    B[b + 3] = -mu * t1; B[b + 6] = -mu * t2;
    A[b + 3] = mu * rho * t1; A[b + 6] = mu * rho * t2;
  }
}

/**
 * F = the Alart–Curnier function of every contact, ρ_a per contact, and the Jacobian blocks
 * A, B (9 per contact) when given. @returns ½‖F‖², the line search's merit
 */
export function alartCurnierAll(
  r: Float64Array, u: Float64Array, mu: Float64Array, rho: Float64Array,
  F: Float64Array, A: Float64Array | null, B: Float64Array | null,
): number {
  let s = 0;
  for (let a = 0, o = 0; a < mu.length; a++, o += 3) {
    alartCurnier(r, u, o, mu[a], rho[a], F, A, B);
    s += F[o] * F[o] + F[o + 1] * F[o + 1] + F[o + 2] * F[o + 2];
  }
  return 0.5 * s;
}
