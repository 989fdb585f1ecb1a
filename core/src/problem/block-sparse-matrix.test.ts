import { describe, expect, test } from 'vitest';
import { isMoreauError } from '../contracts/errors.js';
import { BlockSparseMatrix } from './block-sparse-matrix.js';

function failure(f: () => unknown): { code?: string; index?: number } {
  try {
    f();
  } catch (e) {
    if (isMoreauError(e)) return { code: e.code, index: e.where?.index };
    throw e;
  }
  throw new Error('expected a MoreauError');
}

/** Two block rows, diagonal and (0, 1), (1, 0): 4 blocks. */
const rowPtr = Int32Array.of(0, 2, 4), colIdx = Int32Array.of(0, 1, 0, 1);
const values = (seed: number) => Float64Array.from({ length: 36 }, (_, k) => Math.sin(seed + k));

describe('BlockSparseMatrix.withValues', () => {
  test('should share the pattern, take the new values and equal a matrix built from scratch', () => {
    const first = new BlockSparseMatrix(2, rowPtr, colIdx, values(1));
    const next = first.withValues(values(2));
    const scratch = new BlockSparseMatrix(2, rowPtr.slice(), colIdx.slice(), values(2));
    expect(next.rowPtr).toBe(first.rowPtr);
    expect(next.colIdx).toBe(first.colIdx);
    expect(Array.from(next.diagIdx)).toEqual(Array.from(scratch.diagIdx));
    expect(next.toDense()).toEqual(scratch.toDense());
    expect(Array.from(first.values)).toEqual(Array.from(values(1)));
  });

  test('should still refuse non-finite values and a wrong count, naming the block', () => {
    const first = new BlockSparseMatrix(2, rowPtr, colIdx, values(1));
    const v = values(3);
    v[30] = Infinity;
    expect(failure(() => first.withValues(v))).toEqual({ code: 'E_NOT_FINITE', index: 3 });
    expect(failure(() => first.withValues(new Float64Array(27))).code).toBe('E_PROBLEM_SHAPE');
  });

  test('should not let a refused call spare the next constructor its pattern checks', () => {
    const first = new BlockSparseMatrix(2, rowPtr.slice(), colIdx.slice(), values(1));
    expect(failure(() => first.withValues(new Float64Array(27))).code).toBe('E_PROBLEM_SHAPE');
    // The same arrays, now without row 1's diagonal, given straight to the constructor: checked again.
    first.colIdx[3] = 0;
    expect(failure(() => new BlockSparseMatrix(2, first.rowPtr, first.colIdx, values(2)))).toEqual({ code: 'E_PROBLEM_SHAPE', index: 1 });
  });
});
