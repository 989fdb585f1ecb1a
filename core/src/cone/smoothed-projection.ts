import { hypot2 } from './hypot2.js';

/**
 * The smoothed projection onto the polar cone K°_μ and its gradient, paper 000
 * eqs 24-38 and Appendix A with κ1 = 1, κ2 = μ, normal first (`[N, T1, T2]`):
 *
 *     P^ω(z) = ω g(λ1/ω) u1 + μω g(λ2/(μω)) u2,   g(x) = ½(√(x² + 4) + x),
 *
 * with the spectral values and vectors of `spectral.ts`. For ω = 0 it is the exact
 * projection onto K° (eq 23); for μ = 0 the second term is max(0, λ2) u2 = [0, z_T]
 * (eq 32), so P^ω(z) = [−ω g(−z_N/ω), z_T].
 *
 * Two identities keep the kernels free of cancellation and of the direction ẑ_T:
 * the tangential part is exactly a·z_T, and the normal part −g1 − μ g2 adds two
 * non-negative terms. Here g1 = ω g(λ1/ω), g2 = μω g(λ2/(μω)) and
 *
 *     a = ½ (1 + (λ2 + μλ1) / (S2 + μ S1)),   S1 = √(λ1² + 4ω²),  S2 = √(λ2² + 4μ²ω²)   (eq 35).
 *
 * (With ‖z_T‖ = λ2 − μλ1 and S2 − μS1 = ‖z_T‖(λ2 + μλ1)/(S2 + μS1), the tangential
 * coefficient −μ g1 + g2 of eq 24 equals a‖z_T‖.)
 *
 * Every kernel works in place on Float64Array + offsets and allocates nothing.
 */

/** √(λ² + 4ω²); Math.hypot only where the squares would underflow into subnormals or overflow. */
function root(lambda: number, omega: number): number {
  const q = lambda * lambda + 4 * omega * omega;
  return q > 1e-290 && q < Infinity ? Math.sqrt(q) : Math.hypot(lambda, 2 * omega);
}

/**
 * ω g(λ/ω) with g(x) = ½(√(x² + 4) + x) (paper 000 eqs 25, 31): a smooth positive part
 * that tends to max(0, λ) as ω ↓ 0, and equals it for ω = 0. Never negative.
 */
export function smoothedPositivePart(lambda: number, omega: number): number {
  return positivePartAt(lambda, omega, omega === 0 ? 0 : root(lambda, omega));
}

/** `smoothedPositivePart` given s = root(λ, ω) (unused for ω = 0), so one square root serves value and slope. */
function positivePartAt(lambda: number, omega: number, s: number): number {
  if (omega === 0) return lambda > 0 ? lambda : 0;
  // For λ < 0 the textbook form ½(s + λ) cancels; 2ω²/(s − λ) is the same number.
  return lambda >= 0 ? 0.5 * (s + lambda) : omega * ((2 * omega) / (s - lambda));
}

/**
 * d/dλ of ω g(λ/ω), i.e. ġ(λ/ω) = ½(1 + λ/√(λ² + 4ω²)) (paper 000 eq 34), in (0, 1) for ω > 0.
 * For ω = 0 it is the step 1 (λ > 0) or 0 (λ <= 0), an element of the subdifferential of max(0, ·).
 */
export function smoothedPositivePartSlope(lambda: number, omega: number): number {
  return slopeAt(lambda, omega, omega === 0 ? 0 : root(lambda, omega));
}

/** `smoothedPositivePartSlope` given s = root(λ, ω) (unused for ω = 0). */
function slopeAt(lambda: number, omega: number, s: number): number {
  if (omega === 0) return lambda > 0 ? 1 : 0;
  return lambda >= 0 ? 0.5 * (1 + lambda / s) : (omega / s) * ((2 * omega) / (s - lambda));
}

/**
 * Smoothed projection of z[zo..zo+2] onto K°_μ (paper 000 eq 24), written to out[oo..oo+2]
 * when out is not null, and, when G is not null, its 3x3 gradient (eqs 27-29, 35-38;
 * Appendix A) written row-major to G[go..go+8]. out may be z (z is read first). ω >= 0, μ >= 0.
 *
 * The gradient, normal first with ẑ = z_T/‖z_T‖, is
 *
 *     [ d     c ẑᵀ                 ]      b = (μ² ġ1 + ġ2)/(1 + μ²),  c = μ(ġ1 − ġ2)/(1 + μ²),
 *     [ c ẑ   a I + (b − a) ẑ ẑᵀ   ],     d = (ġ1 + μ² ġ2)/(1 + μ²),
 *
 * with ġ1 = ġ(λ1/ω), ġ2 = ġ(λ2/(μω)). It is symmetric with eigenvalues a, and those of
 * [[d, c], [c, b]] (determinant ġ1 ġ2), all in (0, 1] for ω > 0: positive definite.
 * When z_T = 0 it is ġ1 I for μ > 0 (Appendix A, eq 66). For μ = 0 the map is
 * [−ω g(−z_N/ω), z_T] and its gradient diag(ġ1, 1, 1) for every z; eq 27's z_T = 0
 * branch does not apply there, because the tangential part is not smoothed (eq 32).
 * The tangential smoothing width is μω, so for small μ the gradient varies on that scale
 * near z_T = 0 (and jumps to the μ = 0 form in the limit).
 */
export function smoothedPolarProjectionWithGradient(
  out: Float64Array | null, oo: number, G: Float64Array | null, go: number,
  z: Float64Array, zo: number, mu: number, omega: number,
): void {
  const zn = z[zo], t1 = z[zo + 1], t2 = z[zo + 2];
  const rho = hypot2(t1, t2);
  const inv = 1 / (1 + mu * mu);
  const l1 = (-zn - mu * rho) * inv;
  const l2 = (rho - mu * zn) * inv;
  const muOmega = mu * omega;
  // Each root once, for the value, a and the slope alike (√(λ² + 4ω²) is |λ| for ω = 0).
  const s1 = omega === 0 ? Math.abs(l1) : root(l1, omega);
  const s2 = muOmega === 0 ? Math.abs(l2) : root(l2, muOmega);
  const g1 = positivePartAt(l1, omega, s1);
  const g2 = positivePartAt(l2, muOmega, s2);
  const den = s2 + mu * s1;
  // den = 0 only at z_T = 0 (μ = 0 makes λ2 = ‖z_T‖; μ > 0 with ω = 0 needs λ1 = λ2 = 0), where a
  // multiplies zero; the gradient's tangential block there is set by the z_T = 0 branch below.
  const a = den > 0 ? 0.5 * (1 + (l2 + mu * l1) / den) : 0;
  if (out !== null) {
    out[oo] = -g1 - mu * g2;
    out[oo + 1] = a * t1;
    out[oo + 2] = a * t2;
  }
  if (G === null) return;
  const dg1 = slopeAt(l1, omega, s1);
  if (rho === 0) {
    const tt = mu === 0 ? 1 : dg1;
    G[go] = dg1; G[go + 1] = 0; G[go + 2] = 0;
    G[go + 3] = 0; G[go + 4] = tt; G[go + 5] = 0;
    G[go + 6] = 0; G[go + 7] = 0; G[go + 8] = tt;
    return;
  }
  const dg2 = slopeAt(l2, muOmega, s2);
  const b = (mu * mu * dg1 + dg2) * inv;
  const c = mu * (dg1 - dg2) * inv;
  const d = (dg1 + mu * mu * dg2) * inv;
  // ẑ scaled first so it has unit length even for subnormal z_T.
  const m = Math.max(Math.abs(t1), Math.abs(t2));
  let e1 = t1 / m, e2 = t2 / m;
  const r = Math.sqrt(e1 * e1 + e2 * e2);
  e1 /= r; e2 /= r;
  const ba = b - a;
  G[go] = d; G[go + 1] = c * e1; G[go + 2] = c * e2;
  G[go + 3] = c * e1; G[go + 4] = a + ba * e1 * e1; G[go + 5] = ba * e1 * e2;
  G[go + 6] = c * e2; G[go + 7] = ba * e1 * e2; G[go + 8] = a + ba * e2 * e2;
}

/**
 * Smoothed projection of z[zo..zo+2] onto K°_μ (paper 000 eq 24), written to out[oo..oo+2].
 * out may be z. ω = 0 gives the exact projection (eq 23).
 */
export function smoothedProjectOntoPolarCone(
  out: Float64Array, oo: number, z: Float64Array, zo: number, mu: number, omega: number,
): void {
  smoothedPolarProjectionWithGradient(out, oo, null, 0, z, zo, mu, omega);
}

/**
 * Gradient of the smoothed projection onto K°_μ at z[zo..zo+2] (paper 000 eq 27, Appendix A),
 * written row-major to G[go..go+8]. See `smoothedPolarProjectionWithGradient`.
 */
export function smoothedPolarProjectionGradient(
  G: Float64Array, go: number, z: Float64Array, zo: number, mu: number, omega: number,
): void {
  smoothedPolarProjectionWithGradient(null, 0, G, go, z, zo, mu, omega);
}
