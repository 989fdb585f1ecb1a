import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { BlockSparseMatrix } from '../problem/block-sparse-matrix.js';
import { bsrMul, bsrMulAdd, bsrMulRows, bsrMulSymmetricPart, bsrMulTranspose, bsrRowMul } from './bsr-matvec.js';
import { denseMatVec, makeRandom, maxDiff, randomBsr, randomVector } from './__fixtures__/random.js';

const arbCase = fc.record({
  blockRows: fc.integer({ min: 1, max: 9 }),
  density: fc.double({ min: 0, max: 1, noNaN: true }),
  seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
});

function transpose(a: Float64Array, n: number): Float64Array {
  const t = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) t[j * n + i] = a[i * n + j];
  return t;
}

describe('BSR mat-vec kernels', () => {
  test('should match a dense product for y = W x on random matrices', () => {
    fc.assert(fc.property(arbCase, ({ blockRows, density, seed }) => {
      const rand = makeRandom(seed);
      const W = randomBsr(blockRows, density, rand);
      const x = randomVector(W.size, rand);
      const y = new Float64Array(W.size).fill(Number.NaN); // every entry must be overwritten
      expect(bsrMul(W, x, y)).toBe(y);
      expect(maxDiff(y, denseMatVec(W.toDense(), W.size, x))).toBeLessThan(1e-13);
    }), { numRuns: 200 });
  });

  test('should add a W x into y for bsrMulAdd', () => {
    fc.assert(fc.property(arbCase, fc.double({ min: -3, max: 3, noNaN: true }), ({ blockRows, density, seed }, a) => {
      const rand = makeRandom(seed);
      const W = randomBsr(blockRows, density, rand);
      const x = randomVector(W.size, rand);
      const y0 = randomVector(W.size, rand);
      const y = Float64Array.from(y0);
      bsrMulAdd(W, a, x, y);
      const ref = denseMatVec(W.toDense(), W.size, x).map((v, i) => y0[i] + a * v);
      expect(maxDiff(y, ref)).toBeLessThan(1e-12);
    }), { numRuns: 200 });
  });

  test('should give row block i of W x for bsrRowMul', () => {
    fc.assert(fc.property(arbCase, ({ blockRows, density, seed }) => {
      const rand = makeRandom(seed);
      const W = randomBsr(blockRows, density, rand);
      const x = randomVector(W.size, rand);
      const full = bsrMul(W, x, new Float64Array(W.size));
      const rows = new Float64Array(W.size);
      for (let i = 0; i < blockRows; i++) bsrRowMul(W, i, x, rows.subarray(3 * i, 3 * i + 3));
      expect([...rows]).toEqual([...full]);
    }), { numRuns: 100 });
  });

  test('should match a dense transposed product for bsrMulTranspose, overwriting y', () => {
    fc.assert(fc.property(arbCase, ({ blockRows, density, seed }) => {
      const rand = makeRandom(seed);
      const W = randomBsr(blockRows, density, rand);
      const x = randomVector(W.size, rand);
      const y = new Float64Array(W.size).fill(7);
      bsrMulTranspose(W, x, y);
      expect(maxDiff(y, denseMatVec(transpose(W.toDense(), W.size), W.size, x))).toBeLessThan(1e-13);
    }), { numRuns: 200 });
  });

  test('should match ½ (W + Wᵀ) x for bsrMulSymmetricPart, overwriting y', () => {
    fc.assert(fc.property(arbCase, ({ blockRows, density, seed }) => {
      const rand = makeRandom(seed);
      const W = randomBsr(blockRows, density, rand);
      const n = W.size;
      const d = W.toDense(), t = transpose(d, n);
      const s = d.map((v, i) => 0.5 * (v + t[i]));
      const x = randomVector(n, rand);
      const y = new Float64Array(n).fill(-3);
      bsrMulSymmetricPart(W, x, y);
      expect(maxDiff(y, denseMatVec(s, n, x))).toBeLessThan(1e-13);
    }), { numRuns: 200 });
  });

  test('should handle a 0 x 0 matrix', () => {
    const W = new BlockSparseMatrix(0, new Int32Array(1), new Int32Array(0), new Float64Array(0));
    const y = new Float64Array(0);
    expect(bsrMul(W, new Float64Array(0), y)).toBe(y);
    expect(bsrMulTranspose(W, new Float64Array(0), y)).toBe(y);
    expect(bsrMulSymmetricPart(W, new Float64Array(0), y)).toBe(y);
  });

  test('should pick up every block of an explicit 2x2-block example', () => {
    // W = [[2I, B], [0, 3I]] with B = [[1,2,3],[4,5,6],[7,8,9]]
    const W = BlockSparseMatrix.fromBlocks(2, [
      { row: 0, col: 0, values: [2, 0, 0, 0, 2, 0, 0, 0, 2] },
      { row: 0, col: 1, values: [1, 2, 3, 4, 5, 6, 7, 8, 9] },
      { row: 1, col: 1, values: [3, 0, 0, 0, 3, 0, 0, 0, 3] },
    ]);
    const x = Float64Array.of(1, 1, 1, 1, 0, -1);
    expect([...bsrMul(W, x, new Float64Array(6))]).toEqual([2 - 2, 2 - 2, 2 - 2, 3, 0, -3]);
    expect([...bsrMulTranspose(W, x, new Float64Array(6))]).toEqual([2, 2, 2, 1 + 4 + 7 + 3, 2 + 5 + 8, 3 + 6 + 9 - 3]);
  });

  test('should write block rows r0 .. r1-1 of W x and nothing else for bsrMulRows', () => {
    // a range that starts past row 0 must start at that row's first block, and write only its rows
    fc.assert(fc.property(arbCase, fc.nat(), fc.nat(), ({ blockRows, density, seed }, a, b) => {
      const rand = makeRandom(seed);
      const W = randomBsr(blockRows, density, rand);
      const x = randomVector(W.size, rand);
      const r0 = a % (blockRows + 1), r1 = r0 + (b % (blockRows - r0 + 1));
      const y = new Float64Array(W.size).fill(Number.NaN);
      bsrMulRows(W.rowPtr, W.colIdx, W.values, x, y, r0, r1);
      const ref = denseMatVec(W.toDense(), W.size, x);
      expect(maxDiff(y.subarray(3 * r0, 3 * r1), ref.subarray(3 * r0, 3 * r1))).toBeLessThan(1e-13);
      expect([...y.subarray(0, 3 * r0), ...y.subarray(3 * r1)].every(Number.isNaN)).toBe(true);
    }), { numRuns: 200 });
  });

  test('should give the explicit example row by row for bsrMulRows (a block read transposed shows)', () => {
    // W = [[2I, B], [0, 3I]], B = [[1,2,3],[4,5,6],[7,8,9]]: row 0 of W x is 2 x_0 + B x_1
    const W = BlockSparseMatrix.fromBlocks(2, [
      { row: 0, col: 0, values: [2, 0, 0, 0, 2, 0, 0, 0, 2] },
      { row: 0, col: 1, values: [1, 2, 3, 4, 5, 6, 7, 8, 9] },
      { row: 1, col: 1, values: [3, 0, 0, 0, 3, 0, 0, 0, 3] },
    ]);
    const x = Float64Array.of(0, 0, 0, 1, 0, 0);
    const y = new Float64Array(6).fill(Number.NaN);
    bsrMulRows(W.rowPtr, W.colIdx, W.values, x, y, 0, 1);
    expect([...y.subarray(0, 3)]).toEqual([1, 4, 7]);
    bsrMulRows(W.rowPtr, W.colIdx, W.values, x, y, 1, 2);
    expect([...y.subarray(3)]).toEqual([3, 0, 0]);
  });
});
