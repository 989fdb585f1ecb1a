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

describe('BlockSparseMatrix, the first one made', () => {
  // First in this file on purpose: the mark's initial state is seen by no other matrix made before.
  test('should not be marked symmetric', () => {
    expect(new BlockSparseMatrix(2, rowPtr, colIdx, values(0)).symmetric).toBe(false);
  });
});

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

/** values(seed) made symmetric to the bit: block (1, 0) the transpose of (0, 1), each diagonal block its own. */
function symmetricValues(seed: number): Float64Array {
  const v = values(seed);
  for (const d of [0, 27]) for (let r = 0; r < 3; r++) for (let c = 0; c < r; c++) v[d + 3 * r + c] = v[d + 3 * c + r];
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) v[18 + 3 * r + c] = v[9 + 3 * c + r];
  return v;
}

describe('BlockSparseMatrix.symmetric', () => {
  test('should be false for every matrix not marked, whatever its values', () => {
    const m = new BlockSparseMatrix(2, rowPtr, colIdx, symmetricValues(1));
    expect(m.symmetric).toBe(false);
    expect(m.withValues(symmetricValues(2)).symmetric).toBe(false);
    expect(BlockSparseMatrix.fromDense(6, m.toDense()).symmetric).toBe(false);
  });

  test('should be set by asSymmetric on a matrix symmetric to the bit, sharing its arrays, and on that one only', () => {
    const m = new BlockSparseMatrix(2, rowPtr, colIdx, symmetricValues(1));
    const s = m.asSymmetric();
    expect(s.symmetric).toBe(true);
    expect(s.rowPtr).toBe(m.rowPtr);
    expect(s.colIdx).toBe(m.colIdx);
    expect(s.values).toBe(m.values);
    // The mark goes to that one matrix: the next one made is unmarked.
    expect(new BlockSparseMatrix(2, rowPtr, colIdx, symmetricValues(3)).symmetric).toBe(false);
  });

  test('should refuse, naming the block row, a matrix off by one entry, a zero of the other sign, or a missing mirror block', () => {
    for (const e of [0, 1, 5, 7]) {
      // One entry of block (0, 1) changed: no longer the transpose of block (1, 0).
      const v = symmetricValues(1);
      v[9 + e] += 1e-15 * (1 + Math.abs(v[9 + e]));
      expect(failure(() => new BlockSparseMatrix(2, rowPtr, colIdx, v).asSymmetric())).toEqual({ code: 'E_PROBLEM_SHAPE', index: 0 });
    }
    const d = symmetricValues(1);
    d[27 + 1] = d[27 + 3] = 1;
    d[27 + 5] += 1e-9;
    expect(failure(() => new BlockSparseMatrix(2, rowPtr, colIdx, d).asSymmetric())).toEqual({ code: 'E_PROBLEM_SHAPE', index: 1 });
    const z = symmetricValues(1);
    z[9 + 1] = 0;
    z[18 + 3] = -0;
    expect(failure(() => new BlockSparseMatrix(2, rowPtr, colIdx, z).asSymmetric()).code).toBe('E_PROBLEM_SHAPE');
    // Block (0, 1) stored, (1, 0) not.
    const upper = new BlockSparseMatrix(2, Int32Array.of(0, 2, 3), Int32Array.of(0, 1, 1), symmetricValues(1).slice(0, 27));
    expect(failure(() => upper.asSymmetric())).toEqual({ code: 'E_PROBLEM_SHAPE', index: 0 });
    expect(() => upper.asSymmetric()).toThrow('W is not symmetric: block (0, 1) is stored and block (1, 0) is not stored');
    expect(() => new BlockSparseMatrix(2, rowPtr, colIdx, d).asSymmetric()).toThrow('W is not symmetric: block (1, 1) is stored and block (1, 1) is not its transpose, to the bit');
    // A refusal leaves no mark behind.
    expect(new BlockSparseMatrix(2, rowPtr, colIdx, symmetricValues(2)).symmetric).toBe(false);
  });
});
