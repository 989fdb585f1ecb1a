import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { BlockSparseMatrix } from '../problem/block-sparse-matrix.js';
import { bsrNorm1, estimateInverseNorm1, type FactorSolve } from './condition-estimate.js';
import { luFactor, luSolve } from './dense.js';

/** Solves with a dense row-major matrix and its transpose by dense LU (the reference, not the code under test). */
function denseSolves(a: Float64Array, n: number): { solve: FactorSolve; solveTranspose: FactorSolve; calls: { solve: number; transpose: number } } {
  const at = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) at[j * n + i] = a[i * n + j];
  const f = luFactor(a, n), ft = luFactor(at, n);
  const calls = { solve: 0, transpose: 0 };
  return {
    solve: (b, x) => { calls.solve++; luSolve(f, Float64Array.from(b), x); },
    solveTranspose: (b, x) => { calls.transpose++; luSolve(ft, Float64Array.from(b), x); },
    calls,
  };
}

/** ‖A⁻¹‖₁ exactly (to rounding): the largest column sum of the inverse, column by column. */
function exactInverseNorm1(a: Float64Array, n: number): number {
  const f = luFactor(a, n);
  let m = 0;
  for (let j = 0; j < n; j++) {
    const e = new Float64Array(n);
    e[j] = 1;
    const col = luSolve(f, e);
    m = Math.max(m, col.reduce((s, v) => s + Math.abs(v), 0));
  }
  return m;
}

/** A seeded uniform generator on [-0.5, 0.5). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s / 2 ** 32 - 0.5;
  };
}

describe('estimateInverseNorm1', () => {
  test('should be exact for a diagonal matrix: 1 / min |d_i|', () => {
    const d = [4, -0.25, 2, 8, -1];
    const n = d.length;
    const a = new Float64Array(n * n);
    d.forEach((v, i) => { a[i * n + i] = v; });
    const { solve, solveTranspose } = denseSolves(a, n);
    expect(estimateInverseNorm1(n, solve, solveTranspose)).toBe(4);
  });

  test('should find the worst column of a triangular inverse that the first guess e/n hides', () => {
    // A⁻¹ = [[1, -2, 0], [0, 1, 0], [0, 0, 1]]: ‖A⁻¹ e/3‖₁ = 1, but column 2 of A⁻¹ sums to 3;
    // the gradient A⁻ᵀ sign(A⁻¹ e/3) = (−1, 3, 1) points at it.
    const n = 3;
    const a = Float64Array.from([1, 2, 0, 0, 1, 0, 0, 0, 1]);
    const { solve, solveTranspose } = denseSolves(a, n);
    expect(exactInverseNorm1(a, n)).toBeCloseTo(3, 14);
    expect(estimateInverseNorm1(n, solve, solveTranspose)).toBeCloseTo(3, 14);
  });

  test("should stop where the ascent finds no better orthant and keep Higham's alternating-sign value when it is larger", () => {
    // A⁻¹ = [[1, -1, 0], [0, 1, 0], [0, 0, 1]]: A⁻¹ e/3 = (0, 1/3, 1/3) (sign(0) = +1), the gradient
    // A⁻ᵀ (1, 1, 1) = (1, 0, 1) points at e_0 with ‖A⁻¹ e_0‖₁ = 1 in the same orthant: the ascent stops
    // at 1, below the exact 2; b = (1, −1.5, 2) gives A⁻¹ b = (2.5, −1.5, 2) and 2 · 6 / 9 = 4/3.
    const n = 3;
    const a = Float64Array.from([1, 1, 0, 0, 1, 0, 0, 0, 1]);
    const { solve, solveTranspose, calls } = denseSolves(a, n);
    expect(estimateInverseNorm1(n, solve, solveTranspose)).toBeCloseTo(4 / 3, 14);
    expect(calls).toEqual({ solve: 3, transpose: 1 });
  });

  test('should take the path of Hager\'s ascent: e/n, one gradient, the best unit vector, then the safeguard', () => {
    const n = 3;
    const a = Float64Array.from([1, 2, 0, 0, 1, 0, 0, 0, 1]);
    const { solve, solveTranspose, calls } = denseSolves(a, n);
    const seen: number[][] = [];
    const spy: FactorSolve = (b, x) => { seen.push([...b]); solve(b, x); };
    estimateInverseNorm1(n, spy, solveTranspose);
    expect(seen.map((b) => b.map((v) => +v.toFixed(12)))).toEqual([[1 / 3, 1 / 3, 1 / 3].map((v) => +v.toFixed(12)), [0, 1, 0], [1, -1.5, 2]]);
    expect(calls.transpose).toBe(1);
  });

  test('should climb through several orthants when the gradient keeps pointing elsewhere, to the exact value', () => {
    // Found by search among small integer matrices: the ascent takes three gradients here.
    const n = 4;
    const a = Float64Array.from([-1, 3, 3, 0, 1, 4, 2, 2, 0, 4, 1, -2, 2, -3, 1, 0]);
    const { solve, solveTranspose, calls } = denseSolves(a, n);
    const exact = exactInverseNorm1(a, n);
    expect(exact).toBeCloseTo(83 / 118, 14);
    expect(estimateInverseNorm1(n, solve, solveTranspose)).toBeCloseTo(exact, 14);
    expect(calls).toEqual({ solve: 4, transpose: 3 });
  });

  test('should never exceed ‖A⁻¹‖₁ and should come within a factor 3 of it on random matrices, with at most 5 transposed solves', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.nat(), fc.double({ min: -6, max: 2, noNaN: true }), (n, seed, logShift) => {
        const rnd = rng(seed);
        // Random entries plus a diagonal shift: from nearly singular (shift 1e-6) to diagonally dominant.
        const a = Float64Array.from({ length: n * n }, rnd);
        for (let i = 0; i < n; i++) a[i * n + i] += 10 ** logShift;
        let exact: number;
        try { exact = exactInverseNorm1(a, n); } catch { return; } // numerically singular: nothing to estimate
        const { solve, solveTranspose, calls } = denseSolves(a, n);
        const est = estimateInverseNorm1(n, solve, solveTranspose);
        expect(est).toBeLessThanOrEqual(exact * (1 + 1e-8));
        expect(est).toBeGreaterThanOrEqual(exact / 3);
        expect(calls.transpose).toBeLessThanOrEqual(5);
        expect(calls.solve).toBeLessThanOrEqual(6);
      }),
      { numRuns: 300, seed: 20261126 },
    );
  });

  test('should be 0 for n = 0 and |1/a| for n = 1', () => {
    const none: FactorSolve = () => { throw new Error('no solve for n = 0'); };
    expect(estimateInverseNorm1(0, none, none)).toBe(0);
    const { solve, solveTranspose, calls } = denseSolves(Float64Array.from([-0.5]), 1);
    expect(estimateInverseNorm1(1, solve, solveTranspose)).toBe(2);
    expect(calls).toEqual({ solve: 2, transpose: 0 }); // no ascent in one dimension: e/n is the only unit vector
  });
});

describe('bsrNorm1', () => {
  test('should be the largest column sum of |a_ij| of the dense matrix', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.nat(), (nb, seed) => {
        const rnd = rng(seed);
        const rowPtr = new Int32Array(nb + 1), cols: number[] = [];
        for (let i = 0; i < nb; i++) {
          for (let j = 0; j < nb; j++) if (i === j || rnd() > 0.1) cols.push(j);
          rowPtr[i + 1] = cols.length;
        }
        const A = new BlockSparseMatrix(nb, rowPtr, Int32Array.from(cols), Float64Array.from({ length: 9 * cols.length }, rnd));
        const d = A.toDense(), n = A.size;
        let expected = 0;
        for (let j = 0; j < n; j++) {
          let s = 0;
          for (let i = 0; i < n; i++) s += Math.abs(d[i * n + j]);
          expected = Math.max(expected, s);
        }
        expect(bsrNorm1(A)).toBeCloseTo(expected, 12);
      }),
      { numRuns: 50 },
    );
  });
});
