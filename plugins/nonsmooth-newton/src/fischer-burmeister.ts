/**
 * The Fischer–Burmeister function of one contact, on the second-order cone, and an element of
 * its generalized Jacobian.
 *
 * Fischer, "A special Newton-type optimization method", Optimization 24 (1992): the scalar
 * φ(a, b) = a + b − √(a² + b²) vanishes iff a ≥ 0, b ≥ 0, ab = 0. Fukushima, Luo & Tseng,
 * "Smoothing functions for second-order-cone complementarity problems", SIAM J. Optim. 12
 * (2002), carry it to the second-order cone K = {(x₀, x̄): ‖x̄‖ ≤ x₀} with the Jordan product
 * x∘y = (xᵀy, x₀ȳ + y₀x̄):
 *
 *     φ(x, y) = x + y − (x∘x + y∘y)^½  = 0   ⇔   x ∈ K, y ∈ K, xᵀy = 0.
 *
 * Per contact (normal first; see FrictionContactProblem), x = (μ r_N, r_T) ∈ K iff r ∈ K_μ, and
 * y = ρ (u_N + μ‖u_T‖, μ u_T) ∈ K iff De Saxcé's ũ ∈ K_μ*, with xᵀy = ρ μ rᵀũ: φ(r, W r + q) = 0
 * is the Coulomb problem. Siconos' NSN_FB writes the same function with ρ = 1; a ρ of the
 * order of 1/W_aa puts x and y in the same units (FB, unlike its zero set, is not scale free).
 *
 * At μ = 0 the cone form loses r_N (x = (0, r_T)); a frictionless contact takes the scalar
 * function on (r_N, ρ u_N) and φ_T = r_T instead.
 *
 * Jacobian: with z = x∘x + y∘y and w = z^½ in the interior of K, ∂φ/∂x = I − L_w⁻¹ L_x and
 * ∂φ/∂y = I − L_w⁻¹ L_y (L_v the arrow matrix of v; FLT 2002 §4). Where z is on or near the
 * boundary of K, φ is not differentiable; the blocks are taken from w = (z + ε e)^½ with
 * ε = SMOOTHING · λ₂(z), the Jacobian of FLT's smoothed function, whose Jacobians approach the
 * generalized Jacobian as ε → 0 (their Jacobian consistency). At u_T = 0 the term μ‖u_T‖ takes
 * the gradient 0, an element of its subdifferential.
 */

/** ε / λ₂ of the smoothed Jacobian (see above): 1e-10 keeps L_w⁻¹ below 1e5 / √λ₂. */
export const SMOOTHING = 1e-10;

/**
 * One contact's φ at offset o into F[o..o+2] and, with A and B, its blocks at 3o (row-major).
 * ρ scales u as above. The lower eigenvalue of z = x∘x + y∘y is det z / λ₂ with det z written
 * as a sum of squares, so it keeps its digits near 0 where z₀ − ‖z̄‖ would lose half of them.
 */
export function fischerBurmeister(
  r: Float64Array, u: Float64Array, o: number, mu: number, rho: number,
  F: Float64Array, A?: Float64Array, B?: Float64Array,
): void {
  const b = 3 * o;
  if (A && B) {
    A.fill(0, b, b + 9);
    B.fill(0, b, b + 9);
  }
  if (mu === 0) {
    frictionless(r, u, o, rho, F, A, B);
    return;
  }
  const uN = u[o], uT1 = u[o + 1], uT2 = u[o + 2];
  const uT = Math.hypot(uT1, uT2);
  const X0 = mu * r[o], X1 = r[o + 1], X2 = r[o + 2];
  const Y0 = rho * (uN + mu * uT), Y1 = rho * mu * uT1, Y2 = rho * mu * uT2;
  // φ is positively homogeneous: beyond 1e±60, work at unit scale, so that det z (fourth powers)
  // neither overflows nor underflows. The scale is a power of two, so scaling rounds nothing.
  const largest = Math.max(Math.abs(X0), Math.abs(X1), Math.abs(X2), Math.abs(Y0), Math.abs(Y1), Math.abs(Y2));
  if (largest === 0 || !(largest < Infinity)) {
    F[o] = F[o + 1] = F[o + 2] = largest === 0 ? 0 : NaN;
    if (A && B) jacobianAtOrigin(o, mu, rho, uT1, uT2, uT, A, B);
    return;
  }
  const sigma = largest > 1e60 || largest < 1e-60 ? 2 ** Math.round(Math.log2(largest)) : 1;
  const x0 = X0 / sigma, x1 = X1 / sigma, x2 = X2 / sigma;
  const y0 = Y0 / sigma, y1 = Y1 / sigma, y2 = Y2 / sigma;

  // z = x∘x + y∘y = (z₀, 2p); eigenvalues λ₁,₂ = z₀ ∓ 2‖p‖ along (1, ∓p/‖p‖)
  const z0 = x0 * x0 + x1 * x1 + x2 * x2 + y0 * y0 + y1 * y1 + y2 * y2;
  const p1 = x0 * x1 + y0 * y1, p2 = x0 * x2 + y0 * y2;
  const pn = Math.hypot(p1, p2);
  const l2 = z0 + 2 * pn;
  // det z = λ₁λ₂ = det(x)² + det(y)² + 2[(x₀y₀ − x̄ᵀȳ)² + (x̄ × ȳ)² + ‖x₀ȳ − y₀x̄‖²], no cancellation
  const hx = Math.hypot(x1, x2), hy = Math.hypot(y1, y2);
  const detx = (x0 - hx) * (x0 + hx), dety = (y0 - hy) * (y0 + hy);
  const c1 = x0 * y0 - x1 * y1 - x2 * y2, c2 = x1 * y2 - x2 * y1;
  const e1 = x0 * y1 - y0 * x1, e2 = x0 * y2 - y0 * x2;
  const detz = detx * detx + dety * dety + 2 * (c1 * c1 + c2 * c2 + e1 * e1 + e2 * e2);
  const l1 = detz / l2;
  const n1 = pn > 0 ? p1 / pn : 1, n2 = pn > 0 ? p2 / pn : 0;
  const s1 = Math.sqrt(l1), s2 = Math.sqrt(l2);
  const w0 = 0.5 * (s1 + s2), wt = 0.5 * (s2 - s1);
  F[o] = sigma * (x0 + y0 - w0);
  F[o + 1] = sigma * (x1 + y1 - wt * n1);
  F[o + 2] = sigma * (x2 + y2 - wt * n2);
  if (!A || !B) return;

  // L_w⁻¹ of the smoothed w = (z + ε e)^½, det w = √(λ₁+ε) √(λ₂+ε)
  const eps = SMOOTHING * l2;
  const q1 = Math.sqrt(l1 + eps), q2 = Math.sqrt(l2 + eps);
  const v0 = 0.5 * (q1 + q2), vt = 0.5 * (q2 - q1);
  const v1 = vt * n1, v2 = vt * n2;
  const det = q1 * q2;
  // L_v⁻¹ = (1/det) [[v₀, −v̄ᵀ], [−v̄, (det/v₀) I + v̄v̄ᵀ/v₀]]
  const i00 = v0 / det, i01 = -v1 / det, i02 = -v2 / det;
  const i11 = 1 / v0 + (v1 * v1) / (v0 * det), i12 = (v1 * v2) / (v0 * det), i22 = 1 / v0 + (v2 * v2) / (v0 * det);
  // B = (I − L_v⁻¹ L_x) diag(μ, 1, 1)
  writeDerivative(B, b, i00, i01, i02, i11, i12, i22, x0, x1, x2, mu, 1, 1);
  // A = (I − L_v⁻¹ L_y) ∂y/∂u, ∂y/∂u = ρ [[1, μ m₁, μ m₂], [0, μ, 0], [0, 0, μ]], m = u_T/‖u_T‖ (0 at u_T = 0)
  writeDerivative(A, b, i00, i01, i02, i11, i12, i22, y0, y1, y2, rho, rho * mu, rho * mu);
  if (uT > 0) {
    const m1 = (mu * uT1) / uT, m2 = (mu * uT2) / uT;
    for (let i = 0; i < 3; i++) {
      const c = A[b + 3 * i];
      A[b + 3 * i + 1] += c * m1;
      A[b + 3 * i + 2] += c * m2;
    }
  }
}

/**
 * out[b..b+8] = (I − L⁻¹ L_v) diag(d0, d1, d2), for the symmetric L⁻¹ given by its upper
 * triangle (l00, l01, l02, l11, l12, l22) and L_v = [[v₀, v₁, v₂], [v₁, v₀, 0], [v₂, 0, v₀]].
 */
function writeDerivative(
  out: Float64Array, b: number, l00: number, l01: number, l02: number, l11: number, l12: number, l22: number,
  v0: number, v1: number, v2: number, d0: number, d1: number, d2: number,
): void {
  // row i of L⁻¹ is (a0, a1, a2); row i of L⁻¹ L_v is (a·v, a0 v₁ + a1 v₀, a0 v₂ + a2 v₀)
  row(out, b, l00, l01, l02, v0, v1, v2, 1, 0, 0, d0, d1, d2);
  row(out, b + 3, l01, l11, l12, v0, v1, v2, 0, 1, 0, d0, d1, d2);
  row(out, b + 6, l02, l12, l22, v0, v1, v2, 0, 0, 1, d0, d1, d2);
}

function row(
  out: Float64Array, o: number, a0: number, a1: number, a2: number, v0: number, v1: number, v2: number,
  e0: number, e1: number, e2: number, d0: number, d1: number, d2: number,
): void {
  out[o] = (e0 - (a0 * v0 + a1 * v1 + a2 * v2)) * d0;
  out[o + 1] = (e1 - (a0 * v1 + a1 * v0)) * d1;
  out[o + 2] = (e2 - (a0 * v2 + a2 * v0)) * d2;
}

/** x = y = 0: L_x = L_y = 0, so ∂φ/∂x = ∂φ/∂y = I whatever the smoothing. */
function jacobianAtOrigin(o: number, mu: number, rho: number, uT1: number, uT2: number, uT: number, A: Float64Array, B: Float64Array): void {
  const b = 3 * o;
  B[b] = mu; B[b + 4] = 1; B[b + 8] = 1;
  A[b] = rho; A[b + 4] = rho * mu; A[b + 8] = rho * mu;
  if (uT > 0) {
    A[b + 1] = (rho * mu * uT1) / uT;
    A[b + 2] = (rho * mu * uT2) / uT;
  }
}

/** μ = 0: the scalar Fischer function on (r_N, ρ u_N), and φ_T = r_T. */
function frictionless(r: Float64Array, u: Float64Array, o: number, rho: number, F: Float64Array, A?: Float64Array, B?: Float64Array): void {
  const a = r[o], c = rho * u[o];
  const h = Math.hypot(a, c);
  F[o] = a + c - h;
  F[o + 1] = r[o + 1];
  F[o + 2] = r[o + 2];
  if (!A || !B) return;
  const b = 3 * o;
  // at a = c = 0, the element along the direction (1, 1): 1 − 1/√2 each
  const ga = h > 0 ? 1 - a / h : 1 - Math.SQRT1_2;
  const gc = h > 0 ? 1 - c / h : 1 - Math.SQRT1_2;
  B[b] = ga;
  A[b] = rho * gc;
  B[b + 4] = B[b + 8] = 1;
}
