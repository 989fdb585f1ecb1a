import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { denseMul } from '@moreau/core';
import { DenseLu } from './dense-lu.js';

function solve(a: number[], b: number[], tol = 1e-12) {
  const n = b.length, lu = new DenseLu(n);
  lu.lu.set(a);
  expect(lu.factor(tol)).toBe(true);
  const x = new Float64Array(n);
  lu.solve(Float64Array.from(b), x);
  return { x, deficiency: lu.deficiency };
}

describe('DenseLu', () => {
  test('should solve nonsingular systems that need row exchanges', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 1e9 }), (n, seed) => {
        let s = seed;
        const rnd = () => { s = (s * 1103515245 + 12345) % 2147483648; return s / 2147483648 - 0.5; };
        const a = Array.from({ length: n * n }, rnd);
        for (let i = 0; i < n; i++) a[i * n + i] *= 1e-3; // small diagonal: pivoting is needed
        for (let i = 0; i < n; i++) a[i * n + ((i + 1) % n)] += n; // but the matrix stays well conditioned
        const xs = Array.from({ length: n }, rnd);
        const b = denseMul(Float64Array.from(a), n, Float64Array.from(xs));
        const { x, deficiency } = solve(a, Array.from(b));
        expect(deficiency).toBe(0);
        for (let i = 0; i < n; i++) expect(x[i]).toBeCloseTo(xs[i], 9);
      }),
      { numRuns: 100 },
    );
  });

  test('should solve the transposed system Aᵀ x = b from the same factors, row exchanges undone', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 1e9 }), (n, seed) => {
        let s = seed;
        const rnd = () => { s = (s * 1103515245 + 12345) % 2147483648; return s / 2147483648 - 0.5; };
        const a = Array.from({ length: n * n }, rnd);
        for (let i = 0; i < n; i++) a[i * n + i] *= 1e-3;
        for (let i = 0; i < n; i++) a[i * n + ((i + 1) % n)] += n;
        const at = new Float64Array(n * n);
        for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) at[j * n + i] = a[i * n + j];
        const xs = Float64Array.from({ length: n }, rnd);
        const b = denseMul(at, n, xs);
        const lu = new DenseLu(n);
        lu.lu.set(a);
        expect(lu.factor(1e-12)).toBe(true);
        expect(lu.deficiency).toBe(0);
        const before = Float64Array.from(b), x = new Float64Array(n);
        lu.solveTranspose(b, x);
        expect(b).toEqual(before);
        for (let i = 0; i < n; i++) expect(x[i]).toBeCloseTo(xs[i], 9);
      }),
      { numRuns: 100 },
    );
  });

  test('should return a basic solution of a consistent singular system instead of failing', () => {
    // rank 2: row 3 = row 1 + row 2; b consistent
    const a = [1, 2, 3, 0, 1, 4, 1, 3, 7];
    const xs = Float64Array.of(1, -1, 0.5);
    const b = denseMul(Float64Array.from(a), 3, xs);
    const { x, deficiency } = solve(a, Array.from(b));
    expect(deficiency).toBe(1);
    const ax = denseMul(Float64Array.from(a), 3, x);
    for (let i = 0; i < 3; i++) expect(ax[i]).toBeCloseTo(b[i], 12);
  });

  test('should refuse a matrix with a non-finite entry', () => {
    const lu = new DenseLu(2);
    lu.lu.set([1, NaN, 0, 1]);
    expect(lu.factor(1e-12)).toBe(false);
  });
});
