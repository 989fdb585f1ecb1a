import { describe, expect, test } from 'vitest';
import { rollingConeViolation } from './rolling-cone.js';
import { rollingDeSaxceShift, rollingDeSaxceVelocity, rollingNaturalMap } from './rolling-de-saxce.js';
import { ROLLING_CONTACT } from './rolling-layout.js';

const { size: D, normal: N, tangent: T, rolling: R, spinning: S } = ROLLING_CONTACT;
const F = new Float64Array(D);

/** A six-vector in the layout of ROLLING_CONTACT, from its parts. */
function contact(n: number, t: [number, number], r: [number, number], s: number): Float64Array {
  const x = new Float64Array(D);
  x[N] = n; x[T] = t[0]; x[T + 1] = t[1]; x[R] = r[0]; x[R + 1] = r[1]; x[S] = s;
  return x;
}

const norm = (x: ArrayLike<number>): number => Math.hypot(...Array.from(x));

/** ‖F(r, u)‖ for the coefficients (μ, ρ, σ) = (0.5, 0.1, 0.05) unless given. */
function residual(r: Float64Array, u: Float64Array, mu = 0.5, rho = 0.1, sigma = 0.05): number {
  rollingNaturalMap(F, 0, r, 0, u, 0, mu, rho, sigma);
  return norm(F);
}

// Solutions built by hand are a few roundings (in the norms, the clipping factors) from exact;
// 1e-15 against entries of order 1 leaves a few ulps. A wrong pair is off by 0.01 or more.
const EXACT = 1e-15;

describe('the contact law on Z in De Saxcé form', () => {
  test('should shift the normal velocity by μ‖u_t‖ + ρ‖w_r‖ + σ|w_n| and keep the rest', () => {
    const u = contact(-1, [3, 4], [0.6, -0.8], -2);
    // 0.5·5 + 0.1·1 + 0.05·2 = 2.7
    expect(rollingDeSaxceShift(u, 0, 0.5, 0.1, 0.05)).toBeCloseTo(2.7, 15);
    const out = new Float64Array(D);
    rollingDeSaxceVelocity(out, 0, u, 0, 0.5, 0.1, 0.05);
    expect(out[N]).toBeCloseTo(1.7, 15);
    expect([...out.subarray(1)]).toEqual([...u.subarray(1)]);
    rollingDeSaxceVelocity(u, 0, u, 0, 0.5, 0.1, 0.05);
    expect([...u]).toEqual([...out]);
  });

  test('should take Z* = { u_n ≥ μ‖u_t‖ + ρ‖w_r‖ + σ|w_n| } as the dual: ⟨u, γ⟩ ≥ 0 on Z, < 0 for some γ just outside', () => {
    // u on the boundary of Z*: u_n = 2.7 for the u above. The γ ∈ Z that makes ⟨u, γ⟩ least opposes
    // every group at its threshold: ⟨u, γ⟩ = γ_n (u_n − 2.7) = 0. Raising u_n keeps it ≥ 0,
    // lowering it by 0.01 makes it −0.01.
    const g = contact(1, [-0.3, -0.4], [-0.06, 0.08], 0.05);
    expect(rollingConeViolation(g, 0, 0.5, 0.1, 0.05)).toBeLessThanOrEqual(1e-16);
    const dot = (u: Float64Array) => u.reduce((s, v, i) => s + v * g[i], 0);
    expect(Math.abs(dot(contact(2.7, [3, 4], [0.6, -0.8], -2)))).toBeLessThan(1e-15);
    expect(dot(contact(2.8, [3, 4], [0.6, -0.8], -2))).toBeCloseTo(0.1, 15);
    expect(dot(contact(2.69, [3, 4], [0.6, -0.8], -2))).toBeCloseTo(-0.01, 15);
  });

  test('should vanish when sticking: r inside Z, u = 0', () => {
    expect(residual(contact(2, [0.3, -0.4], [0.1, 0.05], -0.05), new Float64Array(D))).toBe(0);
  });

  test('should vanish when sliding: r_t = −μ r_n u_t/‖u_t‖ on the threshold, u_n = 0, no rolling or spinning', () => {
    // μ = 0.5, r_n = 2, u_t = (3, 4): r_t = −(0.6, 0.8); torques inside their bounds 0.2 and 0.1
    const r = contact(2, [-0.6, -0.8], [0.1, 0], 0.05), u = contact(0, [3, 4], [0, 0], 0);
    expect(residual(r, u)).toBeLessThanOrEqual(EXACT);
    // not a solution: the friction force along the slip, or below its threshold
    expect(residual(contact(2, [0.6, 0.8], [0.1, 0], 0.05), u)).toBeGreaterThan(0.5);
    expect(residual(contact(2, [-0.3, -0.4], [0.1, 0], 0.05), u)).toBeGreaterThan(0.1);
  });

  test('should vanish when rolling at the threshold: τ_r = −ρ r_n w_r/‖w_r‖, no sliding', () => {
    // ρ = 0.1, r_n = 2, w_r = (0.3, −0.4): τ_r = −0.2 (0.6, −0.8) = (−0.12, 0.16); r_t sticks
    const r = contact(2, [0.3, -0.4], [-0.12, 0.16], 0), u = contact(0, [0, 0], [0.3, -0.4], 0);
    expect(residual(r, u)).toBeLessThanOrEqual(EXACT);
    // the rolling torque below its threshold while rolling is not a solution
    expect(residual(contact(2, [0.3, -0.4], [-0.06, 0.08], 0), u)).toBeGreaterThan(0.01);
  });

  test('should vanish when spinning at the threshold: τ_n = −σ r_n sign(w_n), sliding and rolling at once', () => {
    // σ = 0.05, r_n = 2: |τ_n| = 0.1 against w_n = 3; sliding as above and rolling as above
    const r = contact(2, [-0.6, -0.8], [-0.12, 0.16], -0.1), u = contact(0, [3, 4], [0.3, -0.4], 3);
    expect(residual(r, u)).toBeLessThanOrEqual(EXACT);
    expect(residual(contact(2, [-0.6, -0.8], [-0.12, 0.16], 0.1), u)).toBeGreaterThan(0.1);
  });

  test('should vanish when separated: r = 0, u_n > 0, and when grazing: r = 0, u_n = 0, whatever the other velocities', () => {
    expect(residual(new Float64Array(D), contact(1, [3, 4], [0.3, -0.4], 3))).toBe(0);
    expect(residual(new Float64Array(D), contact(0, [3, 4], [0.3, -0.4], 3))).toBeLessThanOrEqual(EXACT);
    // penetrating (u_n < 0) with r = 0, or pushing while separating, is not a solution
    expect(residual(new Float64Array(D), contact(-1, [0, 0], [0, 0], 0))).toBeGreaterThan(0.5);
    expect(residual(contact(1, [0, 0], [0, 0], 0), contact(1, [0, 0], [0, 0], 0))).toBeGreaterThan(0.5);
  });

  test('should see no friction in a contact with μ = ρ = σ = 0 beyond r_t = 0 and torques 0', () => {
    // frictionless: r = (1, 0…), u_n = 0, any tangential and angular velocity
    expect(residual(contact(1, [0, 0], [0, 0], 0), contact(0, [3, 4], [1, 2], 5), 0, 0, 0)).toBe(0);
    expect(residual(contact(1, [0.1, 0], [0, 0], 0), contact(0, [3, 4], [1, 2], 5), 0, 0, 0)).toBeCloseTo(0.1, 15);
  });

  test('should write exactly out[oo..oo+5] and allow out to alias r or u', () => {
    const r = contact(2, [-0.6, -0.8], [-0.12, 0.16], -0.1), u = contact(0.5, [3, 4], [0.3, -0.4], 3);
    const expected = new Float64Array(D);
    rollingNaturalMap(expected, 0, r, 0, u, 0, 0.5, 0.1, 0.05);
    expect(norm(expected)).toBeGreaterThan(0.1);
    const buf = new Float64Array(20).fill(9);
    buf.set(r, 2); buf.set(u, 10);
    rollingNaturalMap(buf, 2, buf, 2, buf, 10, 0.5, 0.1, 0.05);
    expect([...buf.subarray(2, 8)]).toEqual([...expected]);
    expect([...buf.subarray(10, 16)]).toEqual([...u]);
    expect([buf[0], buf[1], buf[8], buf[9], buf[16], buf[17], buf[18], buf[19]]).toEqual([9, 9, 9, 9, 9, 9, 9, 9]);
    buf.set(r, 2); buf.set(u, 10);
    rollingNaturalMap(buf, 10, buf, 2, buf, 10, 0.5, 0.1, 0.05);
    expect([...buf.subarray(10, 16)]).toEqual([...expected]);
  });
});
