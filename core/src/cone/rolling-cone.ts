import { hypot2 } from './hypot2.js';
import { ROLLING_CONTACT } from './rolling-layout.js';

/**
 * The cone of a contact with rolling and spinning resistance (paper 002, "Modeling
 * Rolling/Spinning"), in the layout of `ROLLING_CONTACT`:
 *
 *     Z = { γ ∈ R⁶ : γ_n ≥ 0, μ γ_n ≥ ‖γ_t‖, ρ γ_n ≥ ‖τ_r‖, σ γ_n ≥ |τ_n| }
 *
 * with μ the friction coefficient and ρ, σ the rolling and spinning resistances (lengths),
 * all ≥ 0. γ_n ≥ 0 follows from the other three when μ + ρ + σ > 0; it is written out so that
 * μ = ρ = σ = 0 gives the half-line γ_n ≥ 0, as K_0 does in project.ts. A coefficient 0 forces
 * its group to 0 (no resistance: that part of the contact transmits nothing).
 *
 * Each kernel works in place on six entries of a Float64Array at offset `o`, as project.ts
 * does for K_μ, so a solver can project contact by contact without allocating.
 */

const { normal: N, tangent: T, rolling: R, spinning: S } = ROLLING_CONTACT;

/** Above this max |x_i| the entries are scaled down by 2⁻⁶⁰⁰ (exactly) before any product. */
const BIG = 2 ** 500;
const DOWN = 2 ** -600;
const UP = 2 ** 600;

/**
 * Projects x[o..o+5] = (x_n, x_t, x_r, x_s) onto Z, writing the result to out[oo..oo+5]
 * (out may be x).
 *
 * Derivation. Fix the normal value t ≥ 0. The constraints on the three groups (x_t, x_r, x_s)
 * are then separate balls of radii μt, ρt, σt, and the nearest point of a ball is the radial
 * clipping x_g · min(1, c_g t/‖x_g‖). The squared distance left is
 *
 *     φ(t) = (t − x_n)² + (‖x_t‖ − μt)₊² + (‖x_r‖ − ρt)₊² + (|x_s| − σt)₊²,   t ≥ 0,
 *
 * convex (each (a − ct)₊² is) and strictly so (the first term), piecewise quadratic with
 * breakpoints b_g = ‖x_g‖/c_g. A group is clipped (active) for t < b_g and untouched after.
 * On a piece with active set A, φ'(t) = 0 is linear:
 *
 *     t = (x_n + Σ_A c_g ‖x_g‖) / (1 + Σ_A c_g²).
 *
 * φ' increases, so the minimiser is found exactly by starting with every group with
 * c_g > 0 and ‖x_g‖ > 0 active (from t = 0) and dropping the active group of smallest b_g
 * while the piece's root lies beyond it: at most three drops, the breakpoints in order.
 * The clippings at that t are the rest of the projection.
 *
 * Closed cases taken first, exactly: inside Z → x; inside the polar
 * Z° = { x_n + μ‖x_t‖ + ρ‖x_r‖ + σ|x_s| ≤ 0 } (φ'(0) ≥ 0) → 0. A group with c_g = 0 is
 * constant in φ and clipped to radius 0. With ρ = σ = 0 and no torques the first three
 * entries are those of `projectOntoCone`. Finite input never gives NaN (±∞ only where the
 * exact answer itself overflows): entries above 2⁵⁰⁰ are scaled by a power of two first, and
 * coefficients above ~1e154 by their largest inside the quotient.
 */
export function projectOntoRollingCone(
  out: Float64Array, oo: number, x: Float64Array, o: number,
  mu: number, rho: number, sigma: number,
): void {
  const x0 = x[o + N], t1 = x[o + T], t2 = x[o + T + 1], r1 = x[o + R], r2 = x[o + R + 1], s0 = x[o + S];
  // The clipping factors c t/‖x_g‖ do not depend on the scale; only t is scaled back.
  const k = maxAbs6(x0, t1, t2, r1, r2, s0) > BIG ? DOWN : 1;
  const xn = k * x0;
  const nt = hypot2(k * t1, k * t2), nr = hypot2(k * r1, k * r2), ns = Math.abs(k * s0);
  if (xn >= 0 && nt <= mu * xn && nr <= rho * xn && ns <= sigma * xn) {
    out[oo + N] = x0; out[oo + T] = t1; out[oo + T + 1] = t2;
    out[oo + R] = r1; out[oo + R + 1] = r2; out[oo + S] = s0;
  } else if (xn + mu * nt + rho * nr + sigma * ns <= 0) {
    out[oo + N] = 0; out[oo + T] = 0; out[oo + T + 1] = 0;
    out[oo + R] = 0; out[oo + R + 1] = 0; out[oo + S] = 0;
  } else {
    const t = rollingConeNormal(xn, nt, nr, ns, mu, rho, sigma);
    // n > c t ≥ 0 in the clipping branch, so n > 0 there.
    const ft = nt <= mu * t ? 1 : (mu * t) / nt;
    const fr = nr <= rho * t ? 1 : (rho * t) / nr;
    const fs = ns <= sigma * t ? 1 : (sigma * t) / ns;
    out[oo + N] = k === 1 ? t : t * UP;
    out[oo + T] = ft * t1; out[oo + T + 1] = ft * t2;
    out[oo + R] = fr * r1; out[oo + R + 1] = fr * r2;
    out[oo + S] = fs * s0;
  }
}

/**
 * The normal value of P_Z(x) from x_n and the group norms: the minimiser of φ over t ≥ 0
 * (see `projectOntoRollingCone`), for x outside Z and outside its polar.
 */
function rollingConeNormal(xn: number, nt: number, nr: number, ns: number, mu: number, rho: number, sigma: number): number {
  let at = mu > 0 && nt > 0, ar = rho > 0 && nr > 0, as = sigma > 0 && ns > 0;
  // Breakpoints, read only for active groups (c > 0); Infinity when c underflows the quotient.
  const bt = nt / mu, br = nr / rho, bs = ns / sigma;
  let lower = 0;
  for (;;) {
    let num = xn, den = 1, cmax = 0;
    if (at) { num += mu * nt; den += mu * mu; if (mu > cmax) cmax = mu; }
    if (ar) { num += rho * nr; den += rho * rho; if (rho > cmax) cmax = rho; }
    if (as) { num += sigma * ns; den += sigma * sigma; if (sigma > cmax) cmax = sigma; }
    let t: number;
    if (den < Infinity) {
      t = num / den;
    } else {
      // Some c² overflowed (c ≳ 1e154): the same quotient with every c divided by the largest.
      num = xn / cmax; den = 1 / cmax / cmax;
      if (at) { const c = mu / cmax; num += c * nt; den += c * c; }
      if (ar) { const c = rho / cmax; num += c * nr; den += c * c; }
      if (as) { const c = sigma / cmax; num += c * ns; den += c * c; }
      t = num / den / cmax;
    }
    // The root of this piece is ≥ the breakpoint just passed (φ' < 0 there); rounding aside.
    if (t < lower) t = lower;
    let b = Infinity, g = 0;
    if (at && bt <= b) { b = bt; g = 1; }
    if (ar && br <= b) { b = br; g = 2; }
    if (as && bs <= b) { b = bs; g = 3; }
    if (g === 0 || t <= b) return t;
    lower = b;
    if (g === 1) at = false; else if (g === 2) ar = false; else as = false;
  }
}

function maxAbs6(a: number, b: number, c: number, d: number, e: number, f: number): number {
  return Math.max(Math.abs(a), Math.abs(b), Math.abs(c), Math.abs(d), Math.abs(e), Math.abs(f));
}

/**
 * Projects x[o..o+5] onto the polar cone Z° = { y : y_n + μ‖y_t‖ + ρ‖y_r‖ + σ|y_s| ≤ 0 }
 * (= −Z*, see rolling-de-saxce.ts), writing to out[oo..oo+5] (out may be x).
 * By Moreau's decomposition this is x − P_Z(x): exactly x inside Z°, exactly 0 inside Z.
 */
export function projectOntoRollingPolarCone(
  out: Float64Array, oo: number, x: Float64Array, o: number,
  mu: number, rho: number, sigma: number,
): void {
  const x0 = x[o + N], t1 = x[o + T], t2 = x[o + T + 1], r1 = x[o + R], r2 = x[o + R + 1], s0 = x[o + S];
  projectOntoRollingCone(out, oo, x, o, mu, rho, sigma);
  out[oo + N] = x0 - out[oo + N]; out[oo + T] = t1 - out[oo + T]; out[oo + T + 1] = t2 - out[oo + T + 1];
  out[oo + R] = r1 - out[oo + R]; out[oo + R + 1] = r2 - out[oo + R + 1]; out[oo + S] = s0 - out[oo + S];
}

/**
 * How far x[o..o+5] is outside Z: max(0, ‖x_t‖ − μx_n, ‖x_r‖ − ρx_n, |x_s| − σx_n, −x_n),
 * the largest violated inequality, as `coneViolation` measures K_μ. Zero inside Z.
 */
export function rollingConeViolation(x: Float64Array, o: number, mu: number, rho: number, sigma: number): number {
  const xn = x[o + N];
  return Math.max(
    0,
    hypot2(x[o + T], x[o + T + 1]) - mu * xn,
    hypot2(x[o + R], x[o + R + 1]) - rho * xn,
    Math.abs(x[o + S]) - sigma * xn,
    -xn,
  );
}
