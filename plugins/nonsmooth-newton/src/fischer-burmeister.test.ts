import { describe, expect, test } from 'vitest';
import { fischerBurmeister } from './fischer-burmeister.js';
import { contactJacobian, relativeGap, rng } from './__fixtures__/finite-differences.js';

const phi = (mu: number, rho: number) => (r: Float64Array, u: Float64Array, F: Float64Array) => fischerBurmeister(r, u, 0, mu, rho, F);

/**
 * The closed-form solutions of one contact with W = 2 I, μ = 0.5 (as in alart-curnier.test.ts),
 * chosen so that every intermediate of the function is a binary fraction: x∘x + y∘y has exact
 * square roots, and φ must be exactly 0. Sliding is along the first tangent, so ‖u_T‖ is exact.
 */
const SOLUTIONS = {
  separated: { r: [0, 0, 0], u: [1, 1, 0] },
  sticking: { r: [0.5, 0.125, 0], u: [0, 0, 0] },
  sliding: { r: [0.5, -0.25, 0], u: [0, 0.5, 0] },
};

/** (x₀ ∓ ‖x̄‖) etc.: the eigenvalues of x∘x + y∘y, computed naively (for points far from the boundary of K). */
function naivePhi(r: number[], u: number[], mu: number, rho: number): number[] {
  const x = [mu * r[0], r[1], r[2]];
  const ut = Math.hypot(u[1], u[2]);
  const y = [rho * (u[0] + mu * ut), rho * mu * u[1], rho * mu * u[2]];
  const z0 = x[0] ** 2 + x[1] ** 2 + x[2] ** 2 + y[0] ** 2 + y[1] ** 2 + y[2] ** 2;
  const p = [2 * (x[0] * x[1] + y[0] * y[1]), 2 * (x[0] * x[2] + y[0] * y[2])];
  const pn = Math.hypot(p[0], p[1]);
  const s1 = Math.sqrt(Math.max(0, z0 - pn)), s2 = Math.sqrt(z0 + pn);
  const n = pn > 0 ? [p[0] / pn, p[1] / pn] : [1, 0];
  return [x[0] + y[0] - 0.5 * (s1 + s2), x[1] + y[1] - 0.5 * (s2 - s1) * n[0], x[2] + y[2] - 0.5 * (s2 - s1) * n[1]];
}

describe('Fischer–Burmeister function on the second-order cone', () => {
  for (const [name, s] of Object.entries(SOLUTIONS)) {
    test(`should vanish exactly at the closed-form ${name} solution, for ρ = 1 and ρ = 1/2`, () => {
      for (const rho of [1, 0.5]) {
        const F = new Float64Array(3).fill(NaN);
        fischerBurmeister(Float64Array.from(s.r), Float64Array.from(s.u), 0, 0.5, rho, F);
        expect([...F]).toEqual([0, 0, 0]);
      }
    });
  }

  test('should not vanish where the contact law fails', () => {
    const F = new Float64Array(3);
    // approaching with no reaction: x = 0, y = (−1, 0, 0) ∉ K, φ = y − |y| = (−2, 0, 0)
    fischerBurmeister(new Float64Array(3), Float64Array.of(-1, 0, 0), 0, 0.5, 1, F);
    expect([...F]).toEqual([-2, 0, 0]);
    // pushing while separating: x, y ∈ K but xᵀy > 0, φ₀ = 0.5 + 1 − √1.25
    fischerBurmeister(Float64Array.of(1, 0, 0), Float64Array.of(1, 0, 0), 0, 0.5, 1, F);
    expect(F[0]).toBeCloseTo(1.5 - Math.sqrt(1.25), 15);
  });

  test('should agree with the naive eigenvalue formula away from the boundary of K, to rounding', () => {
    const next = rng(11);
    for (let k = 0; k < 200; k++) {
      const r = [2 * next() - 0.5, 2 * next() - 1, 2 * next() - 1], u = [2 * next() - 1, 2 * next() - 1, 2 * next() - 1];
      const mu = 0.1 + next(), rho = 0.5 + next();
      const F = new Float64Array(3);
      fischerBurmeister(Float64Array.from(r), Float64Array.from(u), 0, mu, rho, F);
      // the naive lower eigenvalue z₀ − ‖z̄‖ loses digits only near 0; 1e-12 is ~1e4 roundings
      expect(relativeGap(F, naivePhi(r, u, mu, rho))).toBeLessThan(1e-12);
    }
  });

  test('should keep its digits where x∘x + y∘y nears the boundary of K (the naive formula does not)', () => {
    // at rest (u = 0) with r just inside the cone's boundary: a solution, φ = x − (x∘x)^½ = 0.
    // λ₁ = (x₀ − ‖x̄‖)² = 1e-18 is below the rounding of z₀ − ‖z̄‖ (~1e-16): the naive formula
    // gets √λ₁ wrong by ~1e-8, the sum of squares for det z keeps it.
    const r = [1, 0.5 - 1e-9, 0], u = [0, 0, 0];
    const F = new Float64Array(3);
    fischerBurmeister(Float64Array.from(r), Float64Array.from(u), 0, 0.5, 1, F);
    expect(Math.hypot(F[0], F[1], F[2])).toBeLessThan(1e-15);
    const naive = naivePhi(r, u, 0.5, 1);
    expect(Math.hypot(naive[0], naive[1], naive[2])).toBeGreaterThan(1e-10);
  });

  test('should be positively homogeneous: (r, u) scaled by 1e±90 or 1e±200 scales φ, with no overflow', () => {
    const r = Float64Array.of(0.7, 0.2, -0.4), u = Float64Array.of(-0.3, 0.6, 0.1);
    const F = new Float64Array(3);
    fischerBurmeister(r, u, 0, 0.4, 1, F);
    for (const t of [1e90, 1e-90, 1e200, 1e-200]) {
      const Ft = new Float64Array(3);
      fischerBurmeister(r.map((v) => v * t), u.map((v) => v * t), 0, 0.4, 1, Ft);
      for (let i = 0; i < 3; i++) expect(Ft[i] / t).toBeCloseTo(F[i], 14);
    }
  });

  test('should take the scalar function on the normal and φ_T = r_T when μ = 0', () => {
    const F = new Float64Array(3);
    fischerBurmeister(Float64Array.of(3, 0.5, -1), Float64Array.of(4, 7, 7), 0, 0, 1, F);
    expect([...F]).toEqual([3 + 4 - 5, 0.5, -1]);
    fischerBurmeister(Float64Array.of(0.5, 0, 0), Float64Array.of(0, 2, 1), 0, 0, 1, F); // pushing, at rest: a solution
    expect([...F]).toEqual([0, 0, 0]);
  });

  // Away from the kinks (λ₁ of x∘x + y∘y not small, ‖u_T‖ not small), φ is smooth and the
  // smoothing of the blocks (ε = 1e-10 λ₂) moves them by ~1e-10 relative. Central differences
  // with h = 1e-6 add O(h²) and ε/h ≈ 1e-10: 1e-6 leaves room.
  test('should give A = ∂φ/∂u and B = ∂φ/∂r matching central differences away from the kinks', () => {
    const next = rng(5);
    let checked = 0;
    for (let k = 0; k < 300; k++) {
      const mu = k % 10 === 0 ? 0 : 0.1 + 1.4 * next(), rho = 0.3 + 2 * next();
      const r = Float64Array.from({ length: 3 }, () => 3 * next() - 1);
      const u = Float64Array.from({ length: 3 }, () => 3 * next() - 1.5);
      if (Math.hypot(u[1], u[2]) < 1e-2 || nearBoundary(r, u, mu, rho)) continue;
      checked++;
      const F = new Float64Array(3), A = new Float64Array(9), B = new Float64Array(9);
      fischerBurmeister(r, u, 0, mu, rho, F, A, B);
      const f = phi(mu, rho);
      expect(relativeGap(A, contactJacobian(f, r, u, 'u'))).toBeLessThan(1e-6);
      expect(relativeGap(B, contactJacobian(f, r, u, 'r'))).toBeLessThan(1e-6);
    }
    expect(checked).toBeGreaterThan(200);
  });

  test('should give the identity derivatives at x = y = 0 (φ = x + y there)', () => {
    const F = new Float64Array(3), A = new Float64Array(9), B = new Float64Array(9);
    fischerBurmeister(new Float64Array(3), new Float64Array(3), 0, 0.5, 2, F, A, B);
    expect([...F]).toEqual([0, 0, 0]);
    expect([...B]).toEqual([0.5, 0, 0, 0, 1, 0, 0, 0, 1]);
    expect([...A]).toEqual([2, 0, 0, 0, 1, 0, 0, 0, 1]);
  });
});

/** λ₁ < 1e-2 λ₂ for the cone form; |(r_N, ρ u_N)| small for the scalar one. */
function nearBoundary(r: Float64Array, u: Float64Array, mu: number, rho: number): boolean {
  if (mu === 0) return Math.hypot(r[0], rho * u[0]) < 1e-2;
  const x = [mu * r[0], r[1], r[2]];
  const ut = Math.hypot(u[1], u[2]);
  const y = [rho * (u[0] + mu * ut), rho * mu * u[1], rho * mu * u[2]];
  const z0 = x.reduce((s, v) => s + v * v, 0) + y.reduce((s, v) => s + v * v, 0);
  const pn = 2 * Math.hypot(x[0] * x[1] + y[0] * y[1], x[0] * x[2] + y[0] * y[2]);
  return z0 - pn < 1e-2 * (z0 + pn);
}
