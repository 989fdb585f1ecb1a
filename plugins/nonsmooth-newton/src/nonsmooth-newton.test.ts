import { describe, expect, test, vi } from 'vitest';
import { bsrMul, SiconosMerit } from '@moreau/core';
import { SparseLu } from '@moreau/core/kernels';
import plugin, { NewtonIteration, options, type FunctionName } from './index.js';
import { testContext } from './__fixtures__/context.js';
import { denseProblem } from './__fixtures__/finite-differences.js';

/**
 * Two coupled contacts, W symmetric positive definite with normal–tangential coupling, whose
 * solution is strictly complementary (checked below): contact 0 slides (‖u_T‖ > 0, r on the
 * cone's boundary), contact 1 sticks inside its cone. φ is smooth near such a solution, so
 * Newton converges quadratically (Qi & Sun, "A nonsmooth version of Newton's method", Math.
 * Prog. 58, 1993, for semismooth φ; here φ is even C¹ there).
 */
const W = [
  2.0, 0.3, 0.1, 0.4, 0.1, 0.0,
  0.3, 1.5, 0.2, 0.0, 0.2, 0.1,
  0.1, 0.2, 1.0, 0.1, 0.0, 0.1,
  0.4, 0.0, 0.1, 2.5, 0.2, 0.3,
  0.1, 0.2, 0.0, 0.2, 1.8, 0.1,
  0.0, 0.1, 0.1, 0.3, 0.1, 1.2,
];
const smooth = denseProblem(W, [-1, 1, 0.5, -2, 0.1, -0.1], [0.3, 0.8]);

const solve = (opts: Record<string, unknown>, p = smooth, warmStart?: Float64Array) =>
  plugin.create(options.parse(opts), testContext()).solve(p, warmStart ? { warmStart } : {});

describe('nonsmooth Newton', () => {
  const shifts = [
    { regularization: 0, regularizationUpdate: 'fixed' as const, label: 'no regularisation' },
    { regularization: 1e-2, regularizationUpdate: 'residual' as const, label: 'the default λ shrinking with ‖φ‖' },
  ];
  for (const fn of ['alart-curnier', 'fischer-burmeister'] as FunctionName[]) for (const { label, ...shift } of shifts) {
    test(`should converge quadratically on a strictly complementary two-contact problem (${fn}, ${label})`, () => {
      const it = new NewtonIteration(smooth, { function: fn, rho: 'split-spectral', lineSearch: 'goldstein-price', lineSearchMaxIterations: 100, pivotThreshold: 1, ...shift });
      it.start();
      const norms = [Math.sqrt(2 * it.meritValue)];
      while (it.k < 50 && norms[norms.length - 1] > 1e-14) {
        expect(it.step()).toBe('stepped');
        norms.push(Math.sqrt(2 * it.meritValue));
      }
      expect(norms[norms.length - 1]).toBeLessThanOrEqual(1e-14);
      // the solution is strictly complementary: contact 0 slides, contact 1 sticks inside its cone
      const u = it.u, r = it.r;
      expect(Math.hypot(u[1], u[2])).toBeGreaterThan(0.1);
      expect(Math.hypot(r[4], r[5])).toBeLessThan(0.9 * 0.8 * r[3]);
      expect(Math.hypot(u[4], u[5])).toBeLessThan(1e-12);
      // quadratic: once ‖φ‖ < 1e-2, ‖φ_{k+1}‖ ≤ C ‖φ_k‖² with C of the order of the problem's
      // curvature (entries O(1) here: C = 10), and the tail from 1e-2 to 1e-14 takes at most 4 steps
      const tail = norms.findIndex((v) => v < 1e-2);
      expect(tail).toBeGreaterThanOrEqual(0);
      for (let k = tail; k + 1 < norms.length; k++) {
        if (norms[k] > 1e-7) expect(norms[k + 1]).toBeLessThanOrEqual(10 * norms[k] ** 2);
      }
      expect(norms.length - 1 - tail).toBeLessThanOrEqual(4);
    });
  }

  test('should report the siconos error of the returned r, u = W r + q, and r in the cones', () => {
    for (const fn of ['alart-curnier', 'fischer-burmeister']) {
      const res = solve({ function: fn });
      expect(res.converged).toBe(true);
      expect(res.error).toBe(new SiconosMerit().evaluate(smooth, res.r));
      expect(res.error).toBeLessThanOrEqual(1e-8);
      const u = bsrMul(smooth.W, res.r, new Float64Array(6));
      for (let i = 0; i < 6; i++) expect(res.u[i]).toBe(u[i] + smooth.q[i]);
      for (let a = 0; a < 2; a++) expect(Math.hypot(res.r[3 * a + 1], res.r[3 * a + 2])).toBeLessThanOrEqual(smooth.mu[a] * res.r[3 * a] * (1 + 1e-12));
    }
  });

  test('should answer r = 0 without iterating when no contact approaches', () => {
    const p = denseProblem(W, [1, 1, 0.5, 0, 0.1, -0.1], [0.3, 0.8]);
    const res = solve({}, p);
    expect(res).toMatchObject({ converged: true, reason: 'converged', iterations: 0, error: 0 });
    expect([...res.r]).toEqual([0, 0, 0, 0, 0, 0]);
  });

  test('should start from a warm start and stop at once when it is a solution', () => {
    const first = solve({});
    const again = solve({}, smooth, first.r);
    expect(again).toMatchObject({ converged: true, iterations: 0 });
    expect([...again.r]).toEqual([...first.r]);
  });

  test('should stop at the iteration cap without claiming convergence', () => {
    const res = plugin.create(options.parse({}), testContext()).solve(smooth, { maxIterations: 1 });
    expect(res).toMatchObject({ converged: false, reason: 'max-iterations', iterations: 1 });
    expect(res.error).toBe(new SiconosMerit().evaluate(smooth, res.r));
  });

  test('should emit one solver:iteration event per Newton iteration, with the error it measured', () => {
    const ctx = testContext();
    const seen: number[] = [];
    ctx.events.on('solver:iteration', (e) => { seen.push(e.error!); });
    const res = plugin.create(options.parse({}), ctx).solve(smooth);
    expect(seen).toHaveLength(res.iterations);
    expect(seen[seen.length - 1]).toBe(res.error);
    expect((res.stats!.history as { errors: number[] }).errors.slice(1)).toEqual(seen);
  });

  test("should set Siconos' NSN_AC and NSN_FB defaults by the presets, explicit options winning", () => {
    expect(options.parse({ preset: 'siconos' })).toMatchObject({
      function: 'alart-curnier', rho: 'spectral', lineSearch: 'goldstein-price', lineSearchMaxIterations: 100, regularization: 0, maxIterations: 1000, tolerance: 1e-8,
    });
    expect(options.parse({ preset: 'siconos-fb' })).toMatchObject({ function: 'fischer-burmeister', rho: 1, regularization: 0 });
    expect(options.parse({ preset: 'siconos', regularization: 1e-9 }).regularization).toBe(1e-9);
  });

  test('should hand its pivot threshold to the LU, converge with threshold pivoting, and refuse one outside (0, 1]', () => {
    const factor = vi.spyOn(SparseLu.prototype, 'factor');
    try {
      for (const pivotThreshold of [1, 0.1]) {
        factor.mockClear();
        const res = solve({ function: 'alart-curnier', pivotThreshold });
        expect(res.converged).toBe(true);
        expect(res.error).toBeLessThanOrEqual(1e-8);
        expect(factor.mock.calls.length).toBeGreaterThan(0);
        for (const call of factor.mock.calls) expect(call[2]).toBe(pivotThreshold);
      }
    } finally {
      factor.mockRestore();
    }
    expect(options.parse({}).pivotThreshold).toBe(1);
    for (const bad of [0, -0.1, 1.5]) expect(options.safeParse({ pivotThreshold: bad }).success).toBe(false);
  });

  test('should refuse a ρ that is not positive and an unknown function or line search', () => {
    for (const bad of [{ rho: 0 }, { rho: -1 }, { rho: 'largest' }, { function: 'natural-map' }, { lineSearch: 'wolfe' }, { regularization: -1 }]) {
      expect(options.safeParse(bad).success).toBe(false);
    }
  });
});
