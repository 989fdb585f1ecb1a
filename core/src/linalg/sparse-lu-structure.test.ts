import { describe, expect, test } from 'vitest';
import { BlockSparseMatrix } from '../problem/block-sparse-matrix.js';
import { bsrMul } from './bsr-matvec.js';
import { SparseLu } from './sparse-lu.js';
import { SparseLuPattern } from './sparse-lu-pattern.js';

// The sparse LU's bookkeeping on matrices small enough to factor by hand: entry counts, the
// drop tolerance's scale, the pivot search, the orderings and the growth of L and U.

/** A BSR matrix from its blocks, each 9 values row-major. */
function bsr(nb: number, blocks: [number, number, number[]][]): BlockSparseMatrix {
  const sorted = [...blocks].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const rowPtr = new Int32Array(nb + 1);
  for (const [i] of sorted) rowPtr[i + 1]++;
  for (let i = 0; i < nb; i++) rowPtr[i + 1] += rowPtr[i];
  return new BlockSparseMatrix(nb, rowPtr, Int32Array.from(sorted, (b) => b[1]), Float64Array.from(sorted.flatMap((b) => b[2])));
}

const I3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];
const Z3 = new Array<number>(9).fill(0);

describe('SparseLu bookkeeping', () => {
  test('should give x = 0 before any factorisation', () => {
    const A = bsr(1, [[0, 0, I3]]);
    const x = Float64Array.of(7, 7, 7);
    new SparseLu(new SparseLuPattern(A.rowPtr, A.colIdx)).solve(Float64Array.of(1, 2, 3), x);
    expect(Array.from(x)).toEqual([0, 0, 0]);
  });

  test('should count L below the diagonal, U above it and the pivots, less the left-out columns', () => {
    // a dense 3x3 block: 3 + 3 + 3
    const dense = bsr(1, [[0, 0, [4, 1, 2, 1, 5, 1, 2, 1, 6]]]);
    const lu = new SparseLu(new SparseLuPattern(dense.rowPtr, dense.colIdx));
    lu.factor(dense.values, 1e-12, 0.01);
    expect(lu.nnz).toBe(9);
    // the zero matrix: every column left out, nothing stored
    const zero = bsr(1, [[0, 0, Z3]]);
    const none = new SparseLu(new SparseLuPattern(zero.rowPtr, zero.colIdx));
    none.factor(zero.values, 1e-12, 0.01);
    expect(none.deficiency).toBe(3);
    expect(none.nnz).toBe(0);
  });

  test('should not search from the zeros of A: stored zero blocks add nothing to L or U', () => {
    // the three columns of a block share one pattern, so each diagonal block is stored whole
    // (9 numbers, zeros included): 9 + 9; searched from, the zero blocks would add 9 + 9 more
    const A = bsr(2, [[0, 0, I3], [0, 1, Z3], [1, 0, Z3], [1, 1, I3]]);
    const lu = new SparseLu(new SparseLuPattern(A.rowPtr, A.colIdx, 'natural'));
    lu.factor(A.values, 1e-12, 1);
    expect(lu.nnz).toBe(18);
  });

  test('should scale the drop tolerance by the largest entry of A', () => {
    // diag(10⁶, 1, 10⁻⁷) with tolerance 10⁻¹²: the drop level is 10⁻⁶, so the third column goes
    const A = bsr(1, [[0, 0, [1e6, 0, 0, 0, 1, 0, 0, 0, 1e-7]]]);
    const lu = new SparseLu(new SparseLuPattern(A.rowPtr, A.colIdx));
    lu.factor(A.values, 1e-12, 1);
    expect(lu.deficiency).toBe(1);
    const x = new Float64Array(3);
    lu.solve(Float64Array.of(2e6, 3, 1), x);
    expect(Array.from(x)).toEqual([2, 3, 0]);
  });

  test('should pivot on entries below 1 in magnitude', () => {
    // 0.25 I by partial pivoting (threshold 1): x = 4 b
    const A = bsr(1, [[0, 0, [0.25, 0, 0, 0, 0.25, 0, 0, 0, 0.25]]]);
    const lu = new SparseLu(new SparseLuPattern(A.rowPtr, A.colIdx));
    lu.factor(A.values, 1e-12, 1);
    const x = new Float64Array(3);
    lu.solve(Float64Array.of(1, -2, 0.5), x);
    expect(Array.from(x)).toEqual([4, -8, 2]);
  });

  test('should grow L and U when the fill outruns the first guess: the natural order on an arrow', () => {
    // block 0 coupled to all others, eliminated first: L and U fill in completely (about n²/2
    // entries each, n = 90), far past the guess of twice A's 792 entries
    const nb = 30, blocks: [number, number, number[]][] = [];
    for (let i = 0; i < nb; i++) {
      blocks.push([i, i, [4 * nb, 1, 0, 1, 4 * nb, 1, 0, 1, 4 * nb]]);
      if (i > 0) { blocks.push([0, i, [1, 0.5, 0, 0, 1, 0.5, 0.5, 0, 1]]); blocks.push([i, 0, [1, 0, 0.5, 0.5, 1, 0, 0, 0.5, 1]]); }
    }
    const A = bsr(nb, blocks);
    const lu = new SparseLu(new SparseLuPattern(A.rowPtr, A.colIdx, 'natural'));
    lu.factor(A.values, 1e-12, 0.01);
    expect(lu.nnz).toBeGreaterThan(4 * A.values.length);
    const b = Float64Array.from({ length: A.size }, (_, i) => Math.sin(i));
    const x = new Float64Array(A.size);
    lu.solve(b, x);
    const r = bsrMul(A, x, new Float64Array(A.size));
    for (let i = 0; i < A.size; i++) expect(r[i]).toBeCloseTo(b[i], 12);
  });
});

describe('SparseLuPattern orderings', () => {
  // a star of three blocks: 0 coupled to 1 and 2
  const A = bsr(3, [[0, 0, I3], [0, 1, I3], [0, 2, I3], [1, 0, I3], [1, 1, I3], [2, 0, I3], [2, 2, I3]]);
  const blocksOf = (p: SparseLuPattern) => Array.from({ length: 3 }, (_, k) => p.colOrder[3 * k] / 3);

  test('should order by minimum degree by default, by reverse Cuthill–McKee or naturally on request (worked by hand)', () => {
    // minimum degree: leaf 1 (degree 1, lower than leaf 2), then 0 and 2 both of degree 1: 1, 0, 2.
    // RCM: from leaf 1 (2 is no farther), breadth first 1, 0, 2, reversed: 2, 0, 1.
    expect(blocksOf(new SparseLuPattern(A.rowPtr, A.colIdx))).toEqual([1, 0, 2]);
    expect(blocksOf(new SparseLuPattern(A.rowPtr, A.colIdx, 'rcm'))).toEqual([2, 0, 1]);
    expect(blocksOf(new SparseLuPattern(A.rowPtr, A.colIdx, 'natural'))).toEqual([0, 1, 2]);
  });

  test('should fit a matrix only by the very same index arrays', () => {
    const p = new SparseLuPattern(A.rowPtr, A.colIdx);
    expect(p.fits(A)).toBe(true);
    expect(p.fits(new BlockSparseMatrix(3, A.rowPtr.slice(), A.colIdx, A.values))).toBe(false);
    expect(p.fits(new BlockSparseMatrix(3, A.rowPtr, A.colIdx.slice(), A.values))).toBe(false);
  });
});
