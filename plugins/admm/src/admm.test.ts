import { describe, expect, test } from 'vitest';
import {
  BlockSparseMatrix, bsrMul, createRegistry, FrictionContactProblem, resolve, SiconosMerit,
  type SolverEndEvent, type SolverIterationEvent, type z,
} from '@moreau/core';
import { randomProblem } from '@moreau/conformance';
import plugin, { normInf, options } from './index.js';
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
 * |x − x*| ≤ 1e-7 · scale: the siconos error 1e-8 bounds the natural-map residual relative to
 * max(‖q‖, ‖r‖, ‖u‖), and for this W (condition 2) the distance to the unique solution is within a
 * small multiple of it; 1e-7 leaves a factor 10 of margin.
 */
function expectNear(x: Float64Array, expected: number[], scale: number): void {
  for (let i = 0; i < 3; i++) expect(Math.abs(x[i] - expected[i])).toBeLessThanOrEqual(1e-7 * scale);
}

describe('admm solver', () => {
  test("should declare its capabilities, Siconos' ADMM with ‖W‖∞, residual balancing and the siconos tolerance as defaults, and Siconos' own as a preset", () => {
    expect(plugin.kind).toBe('solver');
    expect(plugin.name).toBe('admm');
    expect(plugin.supports).toEqual({ warmStart: true, cone: 'coulomb', friction: true });
    const defaults = options.parse({});
    expect(defaults).toMatchObject({
      tolerance: 1e-8, merit: 'siconos', maxIterations: 20_000, rho: 'norm-inf', rhoUpdate: 'residual-balancing',
      tau: 2, phi: 10, acceleration: 'restart', eta: 0.999, checkEvery: 10,
    });
    expect(options.parse({ preset: 'siconos' })).toEqual({
      ...defaults, tolerance: 1e-6, rho: 1, rhoUpdate: 'constant', phi: 2, checkEvery: 0, preset: 'siconos',
    });
    expect(options.safeParse({ rho: 0 }).success).toBe(false);
    expect(options.safeParse({ rho: 'eigen' }).success).toBe(false);
    expect(options.safeParse({ tau: 1 }).success).toBe(false);
    expect(options.safeParse({ eta: 1 }).success).toBe(false);
  });

  test('should register and resolve from a config', () => {
    const registry = createRegistry().register(plugin, '@moreau/admm');
    const run = resolve({ name: 'admm', options: { rho: 2, rhoUpdate: 'constant' } }, registry);
    expect(run.solver.solve(randomProblem(3, { contacts: 8 })).converged).toBe(true);
  });

  test('should make the first iteration by hand: one solve with W + ρI, then the projection onto the cone', () => {
    // From r = ẑ = ξ̂ = 0: s = μ‖q_T‖ = 0.5, so (W + I) r = −(q + s e_N) = (0.5, −0.6, −0.8) gives
    // r = (1/6, −0.3, −0.4); its projection onto K_0.5 (‖r_T‖ = 0.5 > μ r_N, and μ‖r_T‖ > −r_N) is
    // z_N = (1/6 + 0.25)/1.25 = 1/3, z_T = μ z_N r_T/‖r_T‖ = (−0.1, −2/15). The answer is z.
    const p = oneContact([-1, 0.6, 0.8], 0.5);
    const { solver: s, events } = solver({ rho: 1, rhoUpdate: 'constant', checkEvery: 0 });
    const its: SolverIterationEvent[] = [];
    events.on('solver:iteration', (e) => its.push(e));
    const res = s.solve(p, { maxIterations: 1 });
    expect(res.iterations).toBe(1);
    expect(res.r[0]).toBeCloseTo(1 / 3, 15);
    expect(res.r[1]).toBeCloseTo(-0.1, 15);
    expect(res.r[2]).toBeCloseTo(-2 / 15, 15);
    expect(its[0].primal).toBeCloseTo(Math.hypot(1 / 6 - 1 / 3, -0.3 + 0.1, -0.4 + 2 / 15), 15); // ‖r − z‖
    expect(its[0].dual).toBeCloseTo(Math.hypot(1 / 3, 0.1, 2 / 15), 15);                          // ρ‖ẑ − z‖, ẑ = 0
  });

  describe('one contact, closed form (W = diag(2, 1, 1))', () => {
    test('should return r = 0 at once when the contact separates (q_N > 0)', () => {
      const res = solver().solver.solve(oneContact([0.5, 0.3, -0.2], 0.5));
      expect(res.converged).toBe(true);
      expect(res.iterations).toBe(0);
      expect([...res.r]).toEqual([0, 0, 0]);
    });

    test('should stick, u = 0, when −W⁻¹q lies in the cone: r = (0.5, −0.1, 0.05)', () => {
      const res = solver().solver.solve(oneContact([-1, 0.1, -0.05], 0.5));
      expect(res.converged).toBe(true);
      expectNear(res.r, [0.5, -0.1, 0.05], 1);
      expectNear(res.u, [0, 0, 0], 1);
    });

    test('should slide on the cone boundary against q_T: r = (0.5, −0.15, −0.2), u = (0, 0.45, 0.6)', () => {
      const res = solver().solver.solve(oneContact([-1, 0.6, 0.8], 0.5));
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
      });
    }

    test('should start from ρ = ‖W‖∞ and factor W + ρI once per value of ρ it uses', () => {
      const p = randomProblem(19, { contacts: 25 });
      const res = solver().solver.solve(p);
      const stats = res.stats as { rho0: number; rhoChanges: number; factorizations: number };
      expect(stats.rho0).toBe(normInf(p.W));
      expect(stats.factorizations).toBeLessThanOrEqual(stats.rhoChanges + 1);
      const constant = solver({ rhoUpdate: 'constant' }).solver.solve(p).stats as { factorizations: number; rhoChanges: number };
      expect(constant).toMatchObject({ factorizations: 1, rhoChanges: 0 });
    });
  });

  test('should need fewer iterations warm started near its answer, and none at it', () => {
    const p = randomProblem(8, { contacts: 20, bodies: 40 });
    const cold = solver().solver.solve(p);
    expect(cold.converged).toBe(true);
    const at = solver().solver.solve(p, { warmStart: cold.r });
    expect(at).toMatchObject({ converged: true, iterations: 0 });
    const near = Float64Array.from(cold.r, (v, i) => v * (1 + 1e-4 * Math.sin(i)));
    const warm = solver().solver.solve(p, { warmStart: near });
    expect(warm.converged).toBe(true);
    expect(warm.iterations).toBeLessThan(cold.iterations);
  });

  test('should emit iteration events numbered 1 … k with the merit where it was evaluated, and one end event', () => {
    const { solver: s, events } = solver();
    const its: SolverIterationEvent[] = [], ends: SolverEndEvent[] = [];
    events.on('solver:iteration', (e) => its.push(e));
    events.on('solver:end', (e) => ends.push(e));
    const res = s.solve(randomProblem(9, { contacts: 10 }));
    expect(its.map((e) => e.iteration)).toEqual(Array.from({ length: res.iterations }, (_, i) => i + 1));
    expect(its.at(-1)!.error).toBe(res.error);
    expect(ends).toHaveLength(1);
    expect(ends[0]).toMatchObject({ solver: 'admm', converged: res.converged, iterations: res.iterations, error: res.error, reason: res.reason });
  });

  test('should stop on an exhausted time budget and on the iteration cap, the answer in the cones either way', () => {
    const p = randomProblem(10, { contacts: 30 });
    const late = solver().solver.solve(p, { timeBudgetMs: 0 });
    expect(late).toMatchObject({ converged: false, reason: 'time-budget', iterations: 0 });
    const capped = solver().solver.solve(p, { maxIterations: 3 });
    expect(capped).toMatchObject({ iterations: 3 });
    expect(capped.error).toBe(siconos(p, capped.r));
    for (let a = 0; a < p.contacts; a++) {
      expect(Math.hypot(capped.r[3 * a + 1], capped.r[3 * a + 2])).toBeLessThanOrEqual(p.mu[a] * capped.r[3 * a] * (1 + 1e-12));
    }
  });
});
