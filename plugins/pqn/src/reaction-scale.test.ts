import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { BlockSparseMatrix, createRegistry, EventBus, FrictionContactProblem, RunContext, type SolveResult, type z } from '@moreau/core';
import { randomProblem } from '@moreau/conformance';
import plugin, { diagonalStatistic, options, type PqnStats } from './index.js';
import { effectiveReactionScale } from './reaction-scale.js';

const solve = (p: FrictionContactProblem, opts: z.input<typeof options> = {}): SolveResult =>
  plugin.create(options.parse(opts), new RunContext(createRegistry(), new EventBus())).solve(p);
const statsOf = (res: SolveResult) => res.stats as unknown as PqnStats;

// Diagonal entries 4, 1, 2 | 3, 5, 9 (min 1, mean 4, max 9); the off-diagonal block is ignored.
const W = BlockSparseMatrix.fromBlocks(2, [
  { row: 0, col: 0, values: [4, 7, 0, 7, 1, 0, 0, 0, 2] },
  { row: 0, col: 1, values: [100, 0, 0, 0, 100, 0, 0, 0, 100] },
  { row: 1, col: 1, values: [3, 0, 0, 0, 5, 0, 0, 0, 9] },
]);

/**
 * The conformance suite's "analytic stick seed=833351199 contacts=1": W = diag(w_N, W_TT) with
 * eigenvalues 21-56, μ = 0.16, and r* 73 % of the way to the cone's boundary, q = −W r* (u* = 0).
 */
const stick = {
  problem: new FrictionContactProblem(
    BlockSparseMatrix.fromBlocks(1, [{
      row: 0, col: 0,
      values: [56.150672247019095, 0, 0, 0, 22.39316106729096, -1.0933143725584387, 0, -1.0933143725584387, 21.564993224977613],
    }]),
    Float64Array.of(-3515.9616620719676, -22.287852860597916, 157.40842413910914),
    Float64Array.of(0.1597487743841587),
  ),
  r: Float64Array.of(62.61655508957191, 0.6405068661286034, -7.266784048656295),
};

describe('effectiveReactionScale', () => {
  test('should keep s while the mean diagonal entry of s W is at most the cap, or without a cap', () => {
    expect(effectiveReactionScale(W, 0.25, null)).toBe(0.25);
    expect(effectiveReactionScale(W, 1e6, null)).toBe(1e6);
    expect(effectiveReactionScale(W, 2.5, 10)).toBe(2.5); // s · avg W_ii = 10: on the cap
    expect(effectiveReactionScale(W, 1, 4)).toBe(1);
  });

  test('should lower s to cap / avg W_ii above the cap', () => {
    expect(effectiveReactionScale(W, 1, 2)).toBe(0.5);
    expect(effectiveReactionScale(W, 3, 10)).toBe(2.5);
  });

  test('should keep s when W has no positive mean diagonal, or no contacts', () => {
    const zero = BlockSparseMatrix.fromBlocks(1, [{ row: 0, col: 0, values: [0, 0, 0, 0, 0, 0, 0, 0, 0] }]);
    expect(effectiveReactionScale(zero, 3, 1)).toBe(3);
    expect(effectiveReactionScale(BlockSparseMatrix.fromBlocks(0, []), 3, 1)).toBe(3);
  });

  test('should cap s · avg W_ii at 10 by default, and not at all in the presets', () => {
    expect(options.parse({}).maxScaledWii).toBe(10);
    expect(options.parse({ preset: 'paper' }).maxScaledWii).toBeNull();
    expect(options.parse({ preset: 'solfec-drum' }).maxScaledWii).toBeNull();
    expect(statsOf(solve(stick.problem, { maxIterations: 1 })).reactionScale)
      .toBe(10 / ((56.150672247019095 + 22.39316106729096 + 21.564993224977613) / 3));
  });
});

describe('pqn reaction scale', () => {
  test('should solve the sticking contact on which the impulse unknown (s = 1) cycles', () => {
    // In S = R/s − F(U) an error e in R/s moves S by (I − s W) e: with s W ≈ 50 I a small error
    // takes S out of the narrow cone, the step uses the slip linearisation and overshoots, and the
    // iterates cycle (the conformance failure). With s W of mean diagonal 10 they do not.
    const cycling = solve(stick.problem, { maxScaledWii: null });
    expect(cycling.converged).toBe(false);
    expect(cycling.reason).toBe('max-iterations');
    const res = solve(stick.problem);
    expect(res.converged).toBe(true);
    expect(res.error).toBeLessThan(1e-8);
    const norm = Math.hypot(...stick.r);
    for (let i = 0; i < 3; i++) {
      expect(Math.abs(res.r[i] - stick.r[i])).toBeLessThan(1e-6 * norm);
      expect(Math.abs(res.u[i])).toBeLessThan(1e-6 * Math.hypot(...stick.problem.q));
    }
  });

  test('should take the same steps on (c W, q) as on (W, q), r divided by c, where the cap holds', () => {
    // Above the cap s = 10 / avg W_ii, so c W gets s' = s / c and s' (c W) = s W: its solution
    // R/c has the same unknowns (R/c)/s' = R/s, and the iteration does not see the unit of R.
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0x7fffffff }), fc.integer({ min: 0, max: 3 }), (seed, e) => {
        const p = randomProblem(seed, { contacts: [1, 12] });
        const big = 100 / diagonalStatistic(p.W, 'avgWii'); // (big W) has avg W_ii = 100
        const scaled = (c: number) => new FrictionContactProblem(
          new BlockSparseMatrix(p.W.blockRows, p.W.rowPtr, p.W.colIdx, p.W.values.map((v) => c * v)), p.q, p.mu);
        const c = 10 ** e;
        const opts = { tolerance: 1e-300, maxIterations: 4 };
        const a = solve(scaled(big), opts), b = solve(scaled(big * c), opts);
        const ca = statsOf(a).steps.cNorm, cb = statsOf(b).steps.cNorm;
        expect(cb.length).toBe(ca.length);
        for (let k = 0; k < ca.length; k++) expect(Math.abs(ca[k] - cb[k])).toBeLessThanOrEqual(1e-7 * ca[k] + 1e-300);
        const top = Math.max(...a.r.map(Math.abs));
        for (let i = 0; i < p.size; i++) expect(Math.abs(a.r[i] / c - b.r[i])).toBeLessThanOrEqual(1e-7 * top / c);
      }),
      { numRuns: 25 },
    );
  });
});
