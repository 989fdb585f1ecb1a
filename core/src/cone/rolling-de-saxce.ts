import { hypot2 } from './hypot2.js';
import { projectOntoRollingCone } from './rolling-cone.js';
import { ROLLING_CONTACT } from './rolling-layout.js';

/**
 * The contact law on the rolling cone Z (rolling-cone.ts) in De Saxcé's form.
 *
 * Dual cone. For γ ∈ Z, ⟨u, γ⟩ = u_n γ_n + ⟨u_t, γ_t⟩ + ⟨w_r, τ_r⟩ + w_n τ_n; at a fixed
 * γ_n ≥ 0 its least value over the three balls is γ_n (u_n − μ‖u_t‖ − ρ‖w_r‖ − σ|w_n|).
 * It is ≥ 0 for every γ_n ≥ 0 exactly when
 *
 *     Z* = { u : u_n ≥ μ‖u_t‖ + ρ‖w_r‖ + σ|w_n| },       Z° = −Z*.
 *
 * Modified velocity. With s(u) = μ‖u_t‖ + ρ‖w_r‖ + σ|w_n| and ũ = u + s(u) e_n, the law
 *
 *     r ∈ Z,   ũ ∈ Z*,   ⟨r, ũ⟩ = 0
 *
 * says: ũ ∈ Z* is u_n ≥ 0; and ⟨r, ũ⟩ = r_n u_n + Σ_g (c_g r_n ‖v_g‖ + ⟨r_g, v_g⟩) is a sum
 * of terms ≥ 0 (Cauchy–Schwarz with ‖r_g‖ ≤ c_g r_n), so each vanishes: r_n u_n = 0, and in
 * each group either the velocity v_g is 0 (stick, no rolling, no spinning) or the reaction
 * sits on its threshold opposite to it, r_g = −c_g r_n v_g/‖v_g‖ (maximal dissipation,
 * group by group). It is paper 003 eq 4's shift with the rolling and spinning terms added.
 */

const { normal: N, tangent: T, rolling: R, spinning: S } = ROLLING_CONTACT;

/** De Saxcé's normal shift of one contact's velocity u[uo..uo+5]: μ‖u_t‖ + ρ‖w_r‖ + σ|w_n|. */
export function rollingDeSaxceShift(u: Float64Array, uo: number, mu: number, rho: number, sigma: number): number {
  return mu * hypot2(u[uo + T], u[uo + T + 1]) + rho * hypot2(u[uo + R], u[uo + R + 1]) + sigma * Math.abs(u[uo + S]);
}

/** Writes ũ = u + (μ‖u_t‖ + ρ‖w_r‖ + σ|w_n|) e_n of u[uo..uo+5] to out[oo..oo+5] (out may be u). */
export function rollingDeSaxceVelocity(
  out: Float64Array, oo: number, u: Float64Array, uo: number,
  mu: number, rho: number, sigma: number,
): void {
  const shift = rollingDeSaxceShift(u, uo, mu, rho, sigma);
  out[oo + N] = u[uo + N] + shift;
  out[oo + T] = u[uo + T]; out[oo + T + 1] = u[uo + T + 1];
  out[oo + R] = u[uo + R]; out[oo + R + 1] = u[uo + R + 1];
  out[oo + S] = u[uo + S];
}

/**
 * The natural-map residual of one contact on Z, written to out[oo..oo+5]:
 *
 *     F(r, u) = r − P_Z(r − ũ),   ũ = u + (μ‖u_t‖ + ρ‖w_r‖ + σ|w_n|) e_n.
 *
 * F = 0 exactly when r ∈ Z, ũ ∈ Z*, ⟨r, ũ⟩ = 0 (r = P_Z(r − ũ) says −ũ is normal to Z at r).
 * This is the per-contact e_a of the siconos error (merit/siconos.ts) carried over to Z, the
 * project's own extension of that measure: ‖e‖₂ / max(‖q‖, ‖r‖, ‖u‖) over these blocks, with
 * the same scaled norms. It is not Siconos' own (fc3d_compute_error is the 3-component
 * measure): no Siconos number is to be compared with it.
 *
 * r at ro and u at uo, six entries each; out may alias r or u.
 */
export function rollingNaturalMap(
  out: Float64Array, oo: number, r: Float64Array, ro: number, u: Float64Array, uo: number,
  mu: number, rho: number, sigma: number,
): void {
  const rn = r[ro + N], rt1 = r[ro + T], rt2 = r[ro + T + 1], rr1 = r[ro + R], rr2 = r[ro + R + 1], rs = r[ro + S];
  const shift = rollingDeSaxceShift(u, uo, mu, rho, sigma);
  const un = u[uo + N], ut1 = u[uo + T], ut2 = u[uo + T + 1], wr1 = u[uo + R], wr2 = u[uo + R + 1], wn = u[uo + S];
  out[oo + N] = rn - (un + shift);
  out[oo + T] = rt1 - ut1; out[oo + T + 1] = rt2 - ut2;
  out[oo + R] = rr1 - wr1; out[oo + R + 1] = rr2 - wr2;
  out[oo + S] = rs - wn;
  projectOntoRollingCone(out, oo, out, oo, mu, rho, sigma);
  out[oo + N] = rn - out[oo + N];
  out[oo + T] = rt1 - out[oo + T]; out[oo + T + 1] = rt2 - out[oo + T + 1];
  out[oo + R] = rr1 - out[oo + R]; out[oo + R + 1] = rr2 - out[oo + R + 1];
  out[oo + S] = rs - out[oo + S];
}
