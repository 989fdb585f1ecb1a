/**
 * The Alart–Curnier function of one contact and an element of its generalized Jacobian.
 *
 * Alart & Curnier, "A mixed formulation for frictional contact problems prone to Newton like
 * solution methods", CMAME 92 (1991): the augmented Lagrangian of the contact law gives, per
 * contact, with ρ_N, ρ_T > 0 (normal first; see FrictionContactProblem),
 *
 *     d_N = r_N − ρ_N u_N,   d_T = r_T − ρ_T u_T,
 *     φ_N = r_N − max(0, d_N),
 *     φ_T = r_T − P_D(μ max(0, d_N)) (d_T)          (P_D(s): projection onto the disc of radius s),
 *
 * and φ(r, W r + q) = 0 is the Coulomb problem. φ is piecewise smooth, hence semismooth; the
 * blocks written here are the Jacobian of the active piece (Christensen, Klarbring, Pang &
 * Strömberg, "Formulation and comparison of algorithms for frictional contact problems",
 * IJNME 42 (1998), §3, who solve φ = 0 by a damped B-differentiable Newton method). This is the
 * radius Siconos' NSN_AC uses by default (its "STD" formulation); its other choice, the radius
 * μ r_N of Christensen & Pang, is not offered here.
 *
 * A = ∂φ/∂u and B = ∂φ/∂r are row-major 3x3 blocks; the Newton matrix is A W + B.
 * On a kink the piece chosen is: d_N ≤ 0 counts as separated (φ_N = r_N), ‖d_T‖ ≤ radius as
 * sticking, as Siconos chooses.
 */
export function alartCurnier(
  r: Float64Array, u: Float64Array, o: number, mu: number, rhoN: number, rhoT: number,
  F: Float64Array, A?: Float64Array, B?: Float64Array,
): void {
  const rN = r[o], rT1 = r[o + 1], rT2 = r[o + 2];
  const uN = u[o], uT1 = u[o + 1], uT2 = u[o + 2];
  const dN = rN - rhoN * uN;
  const dT1 = rT1 - rhoT * uT1, dT2 = rT2 - rhoT * uT2;
  const t = Math.hypot(dT1, dT2);
  const radius = dN > 0 ? mu * dN : 0;
  const b = 3 * o;
  if (A && B) {
    A.fill(0, b, b + 9);
    B.fill(0, b, b + 9);
  }

  if (dN > 0) {
    F[o] = rhoN * uN;
    if (A) A[b] = rhoN;
  } else {
    F[o] = rN;
    if (B) B[b] = 1;
  }

  if (t <= radius) {
    // sticking: φ_T = r_T − d_T = ρ_T u_T
    F[o + 1] = rhoT * uT1;
    F[o + 2] = rhoT * uT2;
    if (A) A[b + 4] = A[b + 8] = rhoT;
  } else if (radius > 0) {
    // sliding: φ_T = r_T − radius n, n = d_T/‖d_T‖; ∂(radius n)/∂d_T = (radius/‖d_T‖)(I − n nᵀ)
    const n1 = dT1 / t, n2 = dT2 / t, s = radius / t;
    F[o + 1] = rT1 - radius * n1;
    F[o + 2] = rT2 - radius * n2;
    if (A && B) {
      const g11 = s * (1 - n1 * n1), g12 = -s * n1 * n2, g22 = s * (1 - n2 * n2);
      // the radius μ d_N moves with r_N and u_N
      B[b + 3] = -mu * n1; B[b + 6] = -mu * n2;
      A[b + 3] = mu * rhoN * n1; A[b + 6] = mu * rhoN * n2;
      B[b + 4] = 1 - g11; B[b + 5] = -g12;
      B[b + 7] = -g12; B[b + 8] = 1 - g22;
      A[b + 4] = rhoT * g11; A[b + 5] = rhoT * g12;
      A[b + 7] = rhoT * g12; A[b + 8] = rhoT * g22;
    }
  } else {
    // separated (radius 0): φ_T = r_T
    F[o + 1] = rT1;
    F[o + 2] = rT2;
    if (B) B[b + 4] = B[b + 8] = 1;
  }
}
