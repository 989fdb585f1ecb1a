import { describe, expect, test } from 'vitest';
import { rollingConeViolation } from '@moreau/core';
import { FAILED, SEPARATED, SLIDING, STICKING } from './local-solver.js';
import { RollingBlock, RollingLocalSolver } from './rolling-local-solver.js';
import { sphereOnPlane, type SphereOptions } from '@moreau/conformance';

const solver = (maxIterations = 1000) => new RollingLocalSolver({ tolerance: 1e-14, maxIterations });

function block(w: number[], mu: number, rho: number, sigma: number): RollingBlock {
  const b = new RollingBlock();
  b.w.set(w);
  b.prepare(mu, rho, sigma);
  return b;
}

/** diag(1, 1, 1, 2, 2, 4): each group decided alone (test/rolling-problems.ts in core has the same closed form). */
const diagonal = () => block([1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 4], 0.5, 0.1, 0.05);

/** A ball of 2 kg, radius 0.1, one step of 0.01 s under 9.81: γ_n = m g h = 0.1962. */
const BALL: SphereOptions = { m: 2, R: 0.1, h: 0.01, g: 9.81, V: 1, Omega: 0, mu: 0.5, rho: 0.002, sigma: 0.001 };
function sphereBlock(o: SphereOptions): { b: RollingBlock; q: Float64Array } {
  const p = sphereOnPlane(o);
  const w = p.W.toDense();
  return { b: block(Array.from(w), o.mu, o.rho, o.sigma), q: p.q };
}

describe('RollingLocalSolver', () => {
  test('should separate when q_n >= 0, whatever the rest', () => {
    const s = solver();
    expect(s.solve(diagonal(), Float64Array.of(0, 5, -3, 2, 2, 1), 0, Float64Array.of(1, 0, 0, 0, 0, 0), 0)).toBe(SEPARATED);
    expect(Array.from(s.r)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  test('should stick when −W⁻¹q lies in Z, exactly', () => {
    const s = solver();
    expect(s.solve(diagonal(), Float64Array.of(-1, 0.1, 0, 0.1, 0, 0.1), 0, new Float64Array(6), 0)).toBe(STICKING);
    expect(Array.from(s.r)).toEqual([1, -0.1, 0, -0.05, 0, -0.025]);
    expect(s.iterations).toBe(0);
  });

  test('should put rolling and spinning torques on their thresholds, opposite the motion, when the stick torque is too large', () => {
    // γ_n = 1; q_r = (0.3, 0.4): τ_r = −ρ γ_n (0.6, 0.8); q_s = 0.4: τ_n = −σ γ_n. Closed form to 1e-14 (the local tolerance).
    const s = solver();
    expect(s.solve(diagonal(), Float64Array.of(-1, 0.1, 0, 0.3, 0.4, 0.4), 0, new Float64Array(6), 0)).toBe(SLIDING);
    const expected = [1, -0.1, 0, -0.06, -0.08, -0.05];
    for (let i = 0; i < 6; i++) expect(Math.abs(s.r[i] - expected[i])).toBeLessThanOrEqual(1e-14);
  });

  test('should give the rolling ball its textbook deceleration: τ = −ρ γ_n, friction τ / (1.4 R), no slip', () => {
    // Rolling without slipping with resistance torque ρN: γ_t1 = τ / (R (1 + I / m R²)) = −ρ γ_n / (1.4 R).
    const { b, q } = sphereBlock(BALL);
    const s = solver(5000);
    expect(s.solve(b, q, 0, new Float64Array(6), 0)).toBe(SLIDING);
    const gn = BALL.m * BALL.g * BALL.h;
    const expected = [gn, -BALL.rho * gn / (1.4 * BALL.R), 0, 0, -BALL.rho * gn, 0];
    // 1e-12 of γ_n: the local tolerance 1e-14 relative to max(‖q‖, ‖r‖, ‖u‖) = ‖q‖ ≈ 10, amplified by W's condition.
    for (let i = 0; i < 6; i++) expect(Math.abs(s.r[i] - expected[i])).toBeLessThanOrEqual(1e-12 * gn);
    expect(s.iterations).toBeGreaterThan(0);
  });

  test('should hold a slow ball still: friction −m V, rolling torque −1.4 m V R, both within their thresholds', () => {
    const V = 0.0005, Omega = 0.01; // thresholds: V* = ρ g h / (1.4 R) = 1.4e-3, Ω* = σ g h / (0.4 R²) = 2.45e-2
    const { b, q } = sphereBlock({ ...BALL, V, Omega });
    const s = solver();
    expect(s.solve(b, q, 0, new Float64Array(6), 0)).toBe(STICKING);
    const I = 0.4 * BALL.m * BALL.R ** 2;
    const expected = [BALL.m * BALL.g * BALL.h, -BALL.m * V, 0, 0, -1.4 * BALL.m * V * BALL.R, -I * Omega];
    for (let i = 0; i < 6; i++) expect(s.r[i]).toBeCloseTo(expected[i], 15);
  });

  test('should report FAILED, with the best iterate in Z, when the step cap is too small', () => {
    const { b, q } = sphereBlock(BALL);
    const s = solver(2);
    expect(s.solve(b, q, 0, new Float64Array(6), 0)).toBe(FAILED);
    expect(rollingConeViolation(s.r, 0, BALL.mu, BALL.rho, BALL.sigma)).toBeLessThanOrEqual(1e-15);
    expect(s.iterations).toBe(2);
  });
});
