import { describe, expect, test, vi } from 'vitest';
import {
  BlockSparseMatrix, bsrMul, createRegistry, FrictionContactProblem, resolve, SiconosMerit,
  type SolverEndEvent, type SolverIterationEvent, type z,
} from '@moreau/core';
import { SparseLu } from '@moreau/core/kernels';
import { randomProblem } from '@moreau/conformance';
import plugin, { meanDiagonal, options } from './index.js';
import { testContext } from './__fixtures__/context.js';

function solver(opts: z.input<typeof options> = {}) {
  const ctx = testContext();
  return { solver: plugin.create(options.parse(opts), ctx), events: ctx.events };
}

const siconos = (p: FrictionContactProblem, r: Float64Array) => new SiconosMerit().evaluate(p, r);

/** One contact with W = diag(2, 1, 1): isotropic in the tangent plane, so the sliding direction is q_T's. */
function oneContact(q: number[], mu: number): FrictionContactProblem {
  const W = BlockSparseMatrix.fromBlocks(1, [{ row: 0, col: 0, values: [2, 0, 0, 0, 1, 0, 0, 0, 1] }]);
  return new FrictionContactProblem(W, Float64Array.from(q), Float64Array.from([mu]));
}

/**
 * |r − r*| ≤ 1e-7 max(‖q‖, ‖r*‖): the siconos error 1e-8 bounds the natural-map residual relative to
 * that scale, and for this W (condition 2) the distance to the unique solution is within a small
 * multiple of the residual; 1e-7 leaves a factor 10 of margin.
 */
function expectNear(r: Float64Array, expected: number[], scale: number): void {
  for (let i = 0; i < 3; i++) expect(Math.abs(r[i] - expected[i])).toBeLessThanOrEqual(1e-7 * scale);
}

describe('prox solver', () => {
  test("should declare its capabilities, Siconos' PROX defaults with the siconos tolerance, and Siconos' own as a preset", () => {
    expect(plugin.kind).toBe('solver');
    expect(plugin.name).toBe('prox');
    expect(plugin.supports).toEqual({ warmStart: true, cone: 'coulomb', friction: true });
    const defaults = options.parse({});
    expect(defaults).toMatchObject({
      tolerance: 1e-8, merit: 'siconos', maxIterations: 1000, strategy: 'prox', alpha: 1e4, sigma: 5, nu: 1,
      alphaScale: 'none', innerTolerance: 'adaptive', innerErrorRatio: 10, innerMaxIterations: 200, lineSearchIterations: 100,
    });
    expect(options.parse({ preset: 'siconos' })).toEqual({ ...defaults, tolerance: 1e-4, preset: 'siconos' });
    expect(options.safeParse({ strategy: 'newton' }).success).toBe(false);
    expect(options.safeParse({ innerErrorRatio: 1 }).success).toBe(false);
    expect(options.safeParse({ alpha: 0 }).success).toBe(false);
  });

  test('should register and resolve from a config', () => {
    const registry = createRegistry().register(plugin, '@moreau/prox');
    const run = resolve({ name: 'prox', options: { strategy: 'regularization', alpha: 1 } }, registry);
    const res = run.solver.solve(randomProblem(3, { contacts: 8 }));
    expect(res.converged).toBe(true);
  });

  describe('one contact, closed form (W = diag(2, 1, 1))', () => {
    test('should return r = 0 at once when the contact separates (q_N > 0)', () => {
      const res = solver().solver.solve(oneContact([0.5, 0.3, -0.2], 0.5));
      expect(res.converged).toBe(true);
      expect(res.iterations).toBe(0);
      expect([...res.r]).toEqual([0, 0, 0]);
    });

    test('should stick, u = 0, when −W⁻¹q lies in the cone: r = (0.5, −0.1, 0.05)', () => {
      const p = oneContact([-1, 0.1, -0.05], 0.5);
      const res = solver().solver.solve(p);
      expect(res.converged).toBe(true);
      expectNear(res.r, [0.5, -0.1, 0.05], 1);
      for (const v of res.u) expect(Math.abs(v)).toBeLessThanOrEqual(1e-7);
    });

    test('should slide on the cone boundary against q_T when the sticking reaction leaves it: r = (0.5, −0.15, −0.2)', () => {
      // r_N = −q_N / W_NN = 0.5; r_T = −μ r_N q_T/‖q_T‖; u_T = q_T (1 − μ r_N W_TT/‖q_T‖) = (0.45, 0.6), u_N = 0.
      const p = oneContact([-1, 0.6, 0.8], 0.5);
      const res = solver().solver.solve(p);
      expect(res.converged).toBe(true);
      expectNear(res.r, [0.5, -0.15, -0.2], Math.SQRT2);
      expectNear(res.u, [0, 0.45, 0.6], Math.SQRT2);
    });
  });

  describe('random rigid-body problems', () => {
    for (const seed of [11, 12, 13, 14, 15, 16, 17, 18]) {
      test(`should reach the siconos error 1e-8 on problem ${seed} (up to 40 contacts, singular W) with its defaults`, () => {
        const p = randomProblem(seed, { contacts: [5, 40] });
        const res = solver().solver.solve(p);
        expect(res.converged).toBe(true);
        expect(res.error).toBe(siconos(p, res.r));
        expect(res.error).toBeLessThanOrEqual(1e-8);
        const u = bsrMul(p.W, res.r, new Float64Array(p.size));
        for (let i = 0; i < p.size; i++) expect(res.u[i]).toBe(u[i] + p.q[i]);
        // Each step runs at least one Newton step; the α of each step is recorded.
        const stats = res.stats as { newtonIterations: number; alphas: number[] };
        expect(stats.newtonIterations).toBeGreaterThanOrEqual(res.iterations);
        expect(stats.alphas).toHaveLength(res.iterations);
      });
    }

    test('should hand its pivot threshold to the Newton systems\' LU and reach 1e-8 with threshold pivoting too', () => {
      const p = randomProblem(12, { contacts: [5, 40] });
      const factor = vi.spyOn(SparseLu.prototype, 'factor');
      try {
        for (const pivotThreshold of [1, 0.1]) {
          factor.mockClear();
          const res = solver({ pivotThreshold }).solver.solve(p);
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

    test('should reach it with α in units of the mean W_ii too (alphaScale diagonal)', () => {
      const p = randomProblem(21, { contacts: 30 });
      const res = solver({ alphaScale: 'diagonal' }).solver.solve(p);
      expect(res.converged).toBe(true);
      expect(res.stats!.alphaScale).toBe(meanDiagonal(p));
    });
  });

  test('should measure α in the mean of W\'s diagonal with alphaScale diagonal: the first α is σ e₀ · mean W_ii', () => {
    const p = randomProblem(5, { contacts: 12 });
    const res = solver({ alphaScale: 'diagonal' }).solver.solve(p);
    const e0 = siconos(p, new Float64Array(p.size));
    const stats = res.stats as { alphas: number[]; alphaScale: number };
    expect(stats.alphaScale).toBe(meanDiagonal(p));
    expect(stats.alphas[0]).toBeCloseTo(5 * e0 * meanDiagonal(p), 12);
    // Siconos' α, the default: σ e₀ in W's units.
    expect((solver().solver.solve(p).stats as { alphas: number[] }).alphas[0]).toBeCloseTo(5 * e0, 14);
  });

  test('should return a warm start at its own answer in no iteration', () => {
    const p = randomProblem(8, { contacts: 20 });
    const cold = solver().solver.solve(p);
    const warm = solver().solver.solve(p, { warmStart: cold.r });
    expect(warm.converged).toBe(true);
    expect(warm.iterations).toBe(0);
    // The warm start is projected onto the cones first: a point on a cone's boundary may move by a rounding.
    for (let i = 0; i < p.size; i++) expect(Math.abs(warm.r[i] - cold.r[i])).toBeLessThanOrEqual(1e-15 * Math.max(1, Math.abs(cold.r[i])));
  });

  test('should emit one iteration event per proximal step and one end event agreeing with the result', () => {
    const { solver: s, events } = solver();
    const its: SolverIterationEvent[] = [], ends: SolverEndEvent[] = [];
    events.on('solver:iteration', (e) => its.push(e));
    events.on('solver:end', (e) => ends.push(e));
    const res = s.solve(randomProblem(9, { contacts: 10 }));
    expect(its.map((e) => e.iteration)).toEqual(Array.from({ length: res.iterations }, (_, i) => i + 1));
    expect(its.at(-1)!.error).toBe(res.error);
    expect(ends).toHaveLength(1);
    expect(ends[0]).toMatchObject({ solver: 'prox', converged: res.converged, iterations: res.iterations, error: res.error, reason: res.reason });
  });

  test('should stop on an exhausted time budget and on the iteration cap without claiming convergence', () => {
    const p = randomProblem(10, { contacts: 30 });
    const late = solver().solver.solve(p, { timeBudgetMs: 0 });
    expect(late).toMatchObject({ converged: false, reason: 'time-budget', iterations: 0 });
    const capped = solver().solver.solve(p, { maxIterations: 1 });
    expect(capped.iterations).toBe(1);
    expect(capped.converged).toBe(capped.error <= 1e-8);
  });
});
