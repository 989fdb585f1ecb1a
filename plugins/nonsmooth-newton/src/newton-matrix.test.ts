import { describe, expect, test } from 'vitest';
import { BlockSparseMatrix } from '@moreau/core';
import { NewtonMatrix } from './newton-matrix.js';
import { rng } from './__fixtures__/finite-differences.js';

describe('Newton matrix J = A W + B', () => {
  // two coupled contacts plus a third coupled to neither (its off-diagonal blocks are not stored)
  const next = rng(3);
  const n = 9;
  const dense = Array.from({ length: n * n }, (_, k) => {
    const i = Math.floor(k / n), j = k % n;
    const bi = Math.floor(i / 3), bj = Math.floor(j / 3);
    return bi !== bj && (bi === 2 || bj === 2) ? 0 : next() - 0.5;
  });
  const W = BlockSparseMatrix.fromDense(n, dense);
  const A = Float64Array.from({ length: 27 }, () => next() - 0.5);
  const B = Float64Array.from({ length: 27 }, () => next() - 0.5);

  /** (A W + B)_ij from the dense W, block-diagonal A and B. */
  const expected = (i: number, j: number): number => {
    const a = Math.floor(i / 3), ri = i % 3;
    let s = 0;
    for (let t = 0; t < 3; t++) s += A[9 * a + 3 * ri + t] * dense[(3 * a + t) * n + j];
    if (Math.floor(j / 3) === a) s += B[9 * a + 3 * ri + (j % 3)];
    return s;
  };

  test("should hold A_a W_ab in W's pattern, plus B_a on the diagonal blocks", () => {
    const J = new NewtonMatrix(W).assemble(A, B, 0);
    expect(J.rowPtr).toBe(W.rowPtr);
    expect(J.colIdx).toBe(W.colIdx);
    const Jd = J.toDense();
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) expect(Jd[i * n + j]).toBeCloseTo(expected(i, j), 14);
  });

  test('should add λ|J_ii| to the diagonal entries only, with λ > 0', () => {
    const m = new NewtonMatrix(W);
    const J0 = Float64Array.from(m.assemble(A, B, 0).toDense());
    const J1 = m.assemble(A, B, 1e-3).toDense();
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        const shift = i === j ? 1e-3 * Math.abs(J0[i * n + i]) : 0;
        expect(J1[i * n + j]).toBe(J0[i * n + j] + shift);
      }
    }
  });
});
