import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isMoreauError } from '../contracts/errors.js';
import { choleskyFactor, choleskySolve, denseMul, denseSolve, luFactor, luSolve } from './dense.js';
import { makeRandom, maxDiff, randomVector } from './__fixtures__/random.js';

function codeOf(fn: () => unknown): string | undefined {
  try { fn(); } catch (e) { return isMoreauError(e) ? e.code : 'not a MoreauError'; }
  return undefined;
}

/** A Aᵀ + n I: symmetric positive definite with a modest condition number. */
function spd(n: number, rand: () => number): Float64Array {
  const a = randomVector(n * n, rand);
  const s = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) {
    let t = i === j ? n : 0;
    for (let k = 0; k < n; k++) t += a[i * n + k] * a[j * n + k];
    s[i * n + j] = t;
  }
  return s;
}

describe('dense LU and Cholesky', () => {
  test('should solve random systems with LU: A x = b to a small residual', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 2 ** 30 }), (n, seed) => {
      const rand = makeRandom(seed);
      const a = randomVector(n * n, rand);
      for (let i = 0; i < n; i++) a[i * n + i] += 2 * n; // keeps it well away from singular
      const b = randomVector(n, rand);
      const copy = Float64Array.from(a);
      const x = denseSolve(a, n, b);
      expect([...a]).toEqual([...copy]); // not in place by default
      expect(maxDiff(denseMul(a, n, x), b)).toBeLessThan(1e-12);
    }), { numRuns: 200 });
  });

  test('should pivot: a zero leading entry is no obstacle', () => {
    const a = Float64Array.of(0, 1, 1, 0);
    const f = luFactor(a, 2);
    expect([...f.piv]).toEqual([1, 0]);
    expect([...luSolve(f, Float64Array.of(2, 3))]).toEqual([3, 2]);
  });

  test('should solve in place when out aliases b and factor in place on request', () => {
    const a = Float64Array.of(4, 1, 2, 3, 5, 1, 1, 1, 6);
    const b = Float64Array.of(1, 2, 3);
    const x = denseSolve(a, 3, b);
    const f = luFactor(a, 3, true);
    expect(f.lu).toBe(a);
    const bb = Float64Array.from(b);
    expect(luSolve(f, bb, bb)).toBe(bb);
    expect(maxDiff(bb, x)).toBeLessThan(1e-15);
  });

  test('should report a singular matrix as E_SOLVER_BREAKDOWN and bad shapes as E_PROBLEM_SHAPE', () => {
    expect(codeOf(() => luFactor(Float64Array.of(1, 2, 2, 4), 2))).toBe('E_SOLVER_BREAKDOWN');
    expect(codeOf(() => luFactor(new Float64Array(9), 3))).toBe('E_SOLVER_BREAKDOWN');
    expect(codeOf(() => luFactor(new Float64Array(5), 2))).toBe('E_PROBLEM_SHAPE');
    expect(codeOf(() => luFactor(Float64Array.of(1, Number.NaN, 0, 1), 2))).toBe('E_NOT_FINITE');
    expect(codeOf(() => luSolve(luFactor(Float64Array.of(1, 0, 0, 1), 2), new Float64Array(3)))).toBe('E_PROBLEM_SHAPE');
  });

  test('should factor SPD matrices with Cholesky: L Lᵀ = A and solve A x = b', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 2 ** 30 }), (n, seed) => {
      const rand = makeRandom(seed);
      const a = spd(n, rand);
      const l = choleskyFactor(a, n);
      for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) {
        let s = 0;
        for (let k = 0; k < n; k++) s += l[i * n + k] * l[j * n + k];
        expect(Math.abs(s - a[i * n + j])).toBeLessThan(1e-12 * n * n);
        if (j > i) expect(l[i * n + j]).toBe(0);
      }
      const b = randomVector(n, rand);
      const x = choleskySolve(l, n, b);
      expect(maxDiff(denseMul(a, n, x), b)).toBeLessThan(1e-11);
      expect(maxDiff(choleskySolve(l, n, Float64Array.from(b), undefined), x)).toBe(0);
      const bb = Float64Array.from(b);
      expect(maxDiff(choleskySolve(l, n, bb, bb), x)).toBeLessThan(1e-15);
    }), { numRuns: 200 });
  });

  test('should refuse an indefinite or semidefinite matrix in Cholesky, naming the row', () => {
    let caught: unknown;
    try { choleskyFactor(Float64Array.of(1, 2, 2, 1), 2); } catch (e) { caught = e; }
    expect(isMoreauError(caught, 'E_SOLVER_BREAKDOWN')).toBe(true);
    expect((caught as { where?: { index?: number } }).where?.index).toBe(1);
    expect(codeOf(() => choleskyFactor(Float64Array.of(1, 1, 1, 1), 2))).toBe('E_SOLVER_BREAKDOWN');
    expect(codeOf(() => choleskyFactor(Float64Array.of(-1), 1))).toBe('E_SOLVER_BREAKDOWN');
  });

  test('should handle n = 0', () => {
    expect(denseSolve(new Float64Array(0), 0, new Float64Array(0)).length).toBe(0);
    expect(choleskyFactor(new Float64Array(0), 0).length).toBe(0);
  });

  test('should take pivots relative to the largest entry: 1e-7 next to 1e10 is singular', () => {
    // n ε max|A| = 2 · 2.2e-16 · 1e10 ≈ 4.4e-6 > 1e-7, in both factorisations
    const a = Float64Array.of(1e10, 0, 0, 1e-7);
    let caught: unknown;
    try { luFactor(a, 2); } catch (e) { caught = e; }
    expect(isMoreauError(caught, 'E_SOLVER_BREAKDOWN')).toBe(true);
    expect((caught as { where?: { index?: number } }).where?.index).toBe(1);
    expect(codeOf(() => choleskyFactor(a, 2))).toBe('E_SOLVER_BREAKDOWN');
    // the same matrix scaled so that its largest entry comes last
    expect(codeOf(() => luFactor(Float64Array.of(1e-7, 0, 0, 1e10), 2))).toBe('E_SOLVER_BREAKDOWN');
  });

  test('should swap rows past the first column, and permute b through a copy when out is b', () => {
    // after eliminating column 0, column 1 has 0 on the diagonal and 2 below: a swap at c = 1
    const a = Float64Array.of(1, 1, 0, 1, 1, 1, 0, 2, 1);
    const x = Float64Array.of(1, -2, 3);
    const b = denseMul(a, 3, x);
    const f = luFactor(a, 3);
    expect(maxDiff(luSolve(f, b), x)).toBeLessThan(1e-14);
    luSolve(f, b, b);
    expect(maxDiff(b, x)).toBeLessThan(1e-14);
  });

  test('should refuse non-finite entries and bad shapes with codes that name the function', () => {
    let caught: unknown;
    try { choleskyFactor(Float64Array.of(1, 0, 0, Number.POSITIVE_INFINITY), 2); } catch (e) { caught = e; }
    expect(isMoreauError(caught, 'E_NOT_FINITE')).toBe(true);
    expect(String((caught as Error).message)).toMatch(/choleskyFactor/);
    caught = undefined;
    try { luFactor(Float64Array.of(1, Number.NaN, 0, 1), 2); } catch (e) { caught = e; }
    expect(String((caught as Error).message)).toMatch(/luFactor/);
    caught = undefined;
    try { luFactor(new Float64Array(4), -2); } catch (e) { caught = e; }
    expect(isMoreauError(caught, 'E_PROBLEM_SHAPE')).toBe(true);
    expect(String((caught as Error).message)).toMatch(/luFactor/);
    const l = choleskyFactor(Float64Array.of(4, 0, 0, 9), 2);
    expect(codeOf(() => choleskySolve(l, 3, new Float64Array(2)))).toBe('E_PROBLEM_SHAPE');
    expect(codeOf(() => choleskySolve(l, 2, new Float64Array(3)))).toBe('E_PROBLEM_SHAPE');
    expect(codeOf(() => choleskySolve(l, 2, new Float64Array(2), new Float64Array(1)))).toBe('E_PROBLEM_SHAPE');
    expect(codeOf(() => luSolve(luFactor(Float64Array.of(1, 0, 0, 1), 2), new Float64Array(2), new Float64Array(3)))).toBe('E_PROBLEM_SHAPE');
    expect([...choleskySolve(l, 2, Float64Array.of(8, 9))]).toEqual([2, 1]);
  });
});
