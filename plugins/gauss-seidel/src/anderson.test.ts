import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { BlockSparseMatrix, bsrMul, FrictionContactProblem, SiconosMerit } from '@moreau/core';
import plugin, { options, type GaussSeidelOptions } from './index.js';
import { AndersonMixer } from './anderson.js';
import { Sweeper } from './sweep.js';
import { randomProblem } from './__fixtures__/random-problem.js';
import { testContext } from './__fixtures__/context.js';

const solver = (opts: Partial<GaussSeidelOptions>) => plugin.create(options.parse(opts), testContext());

/**
 * A column of `depth` bodies resting on the ground, pressed by gravity: the normal rows of W
 * are the chain's Laplacian (2 on the diagonal, −1 between neighbours, 1 at the top), the
 * tangential ones decoupled. Gauss–Seidel needs O(depth²) sweeps on it: the deep bed in small.
 */
function column(depth: number, mu: number): FrictionContactProblem {
  const blocks: { row: number; col: number; values: Float64Array }[] = [];
  for (let a = 0; a < depth; a++) {
    const d = a === depth - 1 ? 1 : 2;
    blocks.push({ row: a, col: a, values: Float64Array.of(d, 0, 0, 0, d, 0, 0, 0, d) });
    if (a + 1 < depth) {
      blocks.push({ row: a, col: a + 1, values: Float64Array.of(-1, 0, 0, 0, -1, 0, 0, 0, -1) });
      blocks.push({ row: a + 1, col: a, values: Float64Array.of(-1, 0, 0, 0, -1, 0, 0, 0, -1) });
    }
  }
  const W = BlockSparseMatrix.fromBlocks(depth, blocks);
  const q = new Float64Array(3 * depth);
  // Each body weighs the same: the contact under body a carries the a-th to last bodies.
  for (let a = 0; a < depth; a++) { q[3 * a] = a === depth - 1 ? -1 : 0; q[3 * a + 1] = 0.01 * Math.sin(a); }
  return new FrictionContactProblem(W, q, new Float64Array(depth).fill(mu));
}

describe('Anderson acceleration of Gauss–Seidel', () => {
  test('should be off by default and bound its depth', () => {
    expect(options.parse({})).toMatchObject({ acceleration: 'none', andersonDepth: 5 });
    expect(options.safeParse({ acceleration: 'anderson', andersonDepth: 0 }).success).toBe(false);
    expect(options.safeParse({ acceleration: 'anderson', andersonDepth: 51 }).success).toBe(false);
    expect(options.safeParse({ acceleration: 'nesterov' }).success).toBe(false);
  });

  test('should keep u = W r + q and r in the cones after every extrapolation', () => {
    const p = randomProblem({ contacts: 40, bodies: 12, seed: 11 });
    const n = p.size, nc = p.contacts;
    const sweeper = new Sweeper({ tolerance: 1e-14, maxIterations: 50 });
    sweeper.prepare(p, true);
    const order = Int32Array.from({ length: nc }, (_, a) => a);
    const r = new Float64Array(n), u = bsrMul(p.W, r, new Float64Array(n)), x = new Float64Array(n), fresh = new Float64Array(n);
    for (let i = 0; i < n; i++) u[i] += p.q[i];
    const mixer = new AndersonMixer(4);
    mixer.reset(n);
    let mixed = 0;
    for (let k = 0; k < 30; k++) {
      x.set(r);
      sweeper.sweepUpdating(p, r, u, 1, order, false);
      if (!mixer.mix(x, r, u, p.mu, (a, d0, d1, d2) => sweeper.addColumn(u, a, d0, d1, d2))) continue;
      mixed++;
      bsrMul(p.W, r, fresh);
      let top = 0, worst = 0;
      for (let i = 0; i < n; i++) { fresh[i] += p.q[i]; top = Math.max(top, Math.abs(fresh[i])); }
      for (let i = 0; i < n; i++) worst = Math.max(worst, Math.abs(u[i] - fresh[i]));
      expect(worst).toBeLessThanOrEqual(1e-10 * top);
      for (let a = 0; a < nc; a++) {
        expect(r[3 * a]).toBeGreaterThanOrEqual(0);
        expect(Math.hypot(r[3 * a + 1], r[3 * a + 2])).toBeLessThanOrEqual(p.mu[a] * r[3 * a] * (1 + 1e-12));
      }
    }
    expect(mixed).toBe(29);
    expect(mixer.mixes).toBe(29);
  });

  test('should cut the sweeps of a deep column several times over, to the same answer', () => {
    const depth = 40, p = column(depth, 0.5), merit = new SiconosMerit();
    const plain = solver({ tolerance: 1e-10, maxIterations: 40_000 }).solve(p);
    const fast = solver({ tolerance: 1e-10, maxIterations: 40_000, acceleration: 'anderson' }).solve(p);
    expect(plain.converged).toBe(true);
    expect(fast.converged).toBe(true);
    expect(merit.evaluate(p, fast.r)).toBeLessThanOrEqual(1e-10);
    // Measured: plain 10,728 sweeps, Anderson(5) 200; the claim tested is a factor of 5.
    expect(fast.iterations * 5).toBeLessThan(plain.iterations);
    expect(fast.stats?.andersonMixes).toBeGreaterThan(0);
    // The normal reactions have a closed form: contact a carries the weight above it, r_N = a + 1.
    // Measured: within 2.1e-6 (plain) and 1.0e-6 (Anderson) of it.
    for (const res of [plain, fast]) {
      let worst = 0;
      for (let a = 0; a < depth; a++) worst = Math.max(worst, Math.abs(res.r[3 * a] - (a + 1)));
      expect(worst).toBeLessThanOrEqual(1e-7 * depth);
    }
  });

  test('should return converged answers that meet the recomputed merit, inside the cones', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 1, max: 8 }), (nc, seed, depth) => {
        const p = randomProblem({ contacts: nc, bodies: Math.max(1, Math.ceil(nc / 2)), seed });
        const res = solver({ maxIterations: 3000, acceleration: 'anderson', andersonDepth: depth }).solve(p);
        for (let a = 0; a < nc; a++) {
          expect(res.r[3 * a]).toBeGreaterThanOrEqual(0);
          expect(Math.hypot(res.r[3 * a + 1], res.r[3 * a + 2])).toBeLessThanOrEqual(p.mu[a] * res.r[3 * a] * (1 + 1e-12) + 1e-300);
        }
        const e = new SiconosMerit().evaluate(p, res.r);
        expect(Math.abs(e - res.error)).toBeLessThanOrEqual(1e-12 + 1e-9 * e);
        if (res.converged) expect(e).toBeLessThanOrEqual(1e-8);
      }),
      { numRuns: 40 },
    );
  });

  test('should accelerate the Jacobi variant too, which keeps no u', () => {
    const p = column(20, 0.5);
    const plain = solver({ variant: 'jacobi', tolerance: 1e-8, maxIterations: 50_000 }).solve(p);
    const fast = solver({ variant: 'jacobi', tolerance: 1e-8, maxIterations: 50_000, acceleration: 'anderson' }).solve(p);
    expect(plain.converged).toBe(true);
    expect(fast.converged).toBe(true);
    expect(fast.iterations * 5).toBeLessThan(plain.iterations);
  });
});
