import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { bsrMul } from '@moreau/core';
import { naturalMapResidual } from '@moreau/conformance/runner';
import { frictionlessProblem, normals, planted, solverOf } from './__fixtures__/problems.js';

const SOLVERS = ['gpminres', 'mprgp'] as const;

describe.each(SOLVERS)('%s on problems with a closed-form solution', (name) => {
  test('should give r_N = max(0, −q_N / W_NN), r_T = 0 and u = W r + q on a single contact', () => {
    fc.assert(fc.property(
      // |q_N| above 1e-100: the methods work unscaled, and their squared gradients underflow
      // below about 1e-150 (README, "Scale").
      fc.double({ min: 1e-3, max: 1e3, noNaN: true }), fc.double({ min: -10, max: 10, noNaN: true }).filter((v) => v === 0 || Math.abs(v) > 1e-100),
      (w, qN) => {
        const p = frictionlessProblem([w], [qN]);
        const res = solverOf(name).solver.solve(p);
        expect(res.converged).toBe(true);
        // One exact minimisation along the only direction (MPRGP's proportioning step with
        // ᾱ = 1/W_NN, GPMINRES's Cauchy step): a few roundings away from the closed form.
        const exact = Math.max(0, -qN / w);
        expect(Math.abs(res.r[0] - exact)).toBeLessThanOrEqual(1e-13 * exact);
        expect([res.r[1], res.r[2]]).toEqual([0, 0]);
        const u = bsrMul(p.W, res.r, new Float64Array(3));
        for (let i = 0; i < 3; i++) expect(res.u[i]).toBe(u[i] + p.q[i]);
      },
    ), { numRuns: 60 });
  });

  test('should find the active and the inactive bound of a 2×2 problem, r* = (1, 0), u_N* = (0, 2)', () => {
    // N = [[2, 1], [1, 2]], q_N = (−2, 1): with r_N1 = 0, r_N0 = 1 closes contact 0 (u_N0 = 0)
    // and leaves contact 1 separating (u_N1 = 1·1 + 1 = 2 > 0).
    const p = frictionlessProblem([2, 1, 1, 2], [-2, 1]);
    const res = solverOf(name, { tolerance: 1e-14 }).solver.solve(p);
    expect(res.converged).toBe(true);
    expect(res.r[3]).toBe(0); // the inactive bound is met exactly, not approached
    expect(Math.abs(res.r[0] - 1)).toBeLessThanOrEqual(1e-13);
    expect(Math.abs(res.u[0])).toBeLessThanOrEqual(1e-13);
    expect(Math.abs(res.u[3] - 2)).toBeLessThanOrEqual(1e-13);
  });

  test('should find both bounds of random 2×2 problems with one active and one inactive contact', () => {
    fc.assert(fc.property(
      fc.double({ min: 0.5, max: 5, noNaN: true }), fc.double({ min: 0.5, max: 5, noNaN: true }), fc.double({ min: -0.9, max: 0.9, noNaN: true }),
      fc.double({ min: 0.1, max: 5, noNaN: true }), fc.double({ min: 0.1, max: 5, noNaN: true }), fc.boolean(),
      (a, d, rho, x0, t, swap) => {
        // N = [[a, c], [c, d]] with |c| < √(ad): symmetric positive definite.
        const c = rho * Math.sqrt(a * d);
        // Contact `on` free with r_N = x0, contact `off` at its bound with u_N = t > 0.
        const N = [a, c, c, d];
        const b = [-a * x0, t - c * x0];
        const [on, off] = swap ? [1, 0] : [0, 1];
        const Np = swap ? [d, c, c, a] : N;
        const p = frictionlessProblem(Np, swap ? [b[1], b[0]] : b);
        const res = solverOf(name, { tolerance: 1e-12 }).solver.solve(p);
        expect(res.converged).toBe(true);
        const x = normals(res.r);
        expect(x[off]).toBe(0);
        // ‖x − x*‖ ≤ κ ‖min(x, N x + b)‖, κ = (1 + λ_max)/λ_min of this N.
        const mid = (a + d) / 2, rad = Math.hypot((a - d) / 2, c);
        const kappa = (1 + mid + rad) / (mid - rad);
        const { residual } = naturalMapResidual(p, res.r, 'relaxed');
        expect(Math.abs(x[on] - x0)).toBeLessThanOrEqual(kappa * residual * (1 + 1e-9) + 1e-15 * x0);
      },
    ), { numRuns: 60 });
  });

  test('should meet planted strictly complementary solutions within their error bound', () => {
    for (let seed = 0; seed < 60; seed++) {
      const { problem, x, kappa } = planted(seed, 1 + (seed % 8));
      const res = solverOf(name, { tolerance: 1e-12 }).solver.solve(problem);
      expect(res.converged, `seed ${seed}`).toBe(true);
      const { residual } = naturalMapResidual(problem, res.r, 'relaxed');
      const got = normals(res.r);
      const dist = Math.hypot(...got.map((v, i) => v - x[i]));
      expect(dist, `seed ${seed}`).toBeLessThanOrEqual(kappa * residual * (1 + 1e-9) + 1e-15);
    }
  });
});
