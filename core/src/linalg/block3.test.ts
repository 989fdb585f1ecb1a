import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isMoreauError } from '../contracts/errors.js';
import { BlockSparseMatrix } from '../problem/block-sparse-matrix.js';
import { blockDiagonalMul, extractDiagonalBlocks, invert3, invertDiagonalBlocks, mul3 } from './block3.js';
import { makeRandom, maxDiff, randomBsr, randomVector } from './__fixtures__/random.js';

const arbBlock = fc.array(fc.double({ min: -10, max: 10, noNaN: true }), { minLength: 9, maxLength: 9 });

function product(a: ArrayLike<number>, b: ArrayLike<number>): number[] {
  const p: number[] = [];
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) {
    let s = 0;
    for (let t = 0; t < 3; t++) s += a[3 * i + t] * b[3 * t + j];
    p.push(s);
  }
  return p;
}

describe('3x3 block kernels', () => {
  test('should invert a well-conditioned block: A A⁻¹ = I and the determinant is returned', () => {
    fc.assert(fc.property(arbBlock, (vals) => {
      const a = Float64Array.from(vals);
      a[0] += 40; a[4] += 40; a[8] += 40; // diagonally dominant: cond(A) is small
      const out = new Float64Array(12);
      const det = invert3(out, 2, a, 0);
      expect(det).not.toBe(0);
      const inv = out.subarray(2, 11);
      expect(maxDiff(product(a, inv), [1, 0, 0, 0, 1, 0, 0, 0, 1])).toBeLessThan(1e-13);
      expect(maxDiff(product(inv, a), [1, 0, 0, 0, 1, 0, 0, 0, 1])).toBeLessThan(1e-13);
    }), { numRuns: 300 });
  });

  test('should give the determinant of a known block', () => {
    const out = new Float64Array(9);
    expect(invert3(out, 0, Float64Array.of(2, 0, 0, 0, 3, 0, 1, 0, 4), 0)).toBe(24);
    expect(maxDiff(out, [0.5, 0, 0, 0, 1 / 3, 0, -0.125, 0, 0.25])).toBeLessThan(1e-16);
  });

  test('should return 0 and leave out untouched for a singular block', () => {
    const out = new Float64Array(9).fill(5);
    expect(invert3(out, 0, Float64Array.of(1, 2, 3, 2, 4, 6, 0, 1, 1), 0)).toBe(0);
    expect([...out]).toEqual(new Array(9).fill(5));
    expect(invert3(out, 0, new Float64Array(9), 0)).toBe(0);
  });

  test('should multiply a block by a 3-vector at offsets', () => {
    const out = new Float64Array(5);
    mul3(out, 1, Float64Array.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9), 1, Float64Array.of(9, 1, 0, -1), 1);
    expect([...out]).toEqual([0, 1 - 3, 4 - 6, 7 - 9, 0]);
  });

  test('should extract and invert the diagonal blocks of W', () => {
    const rand = makeRandom(11);
    const W = randomBsr(6, 0.4, rand, 5);
    const D = extractDiagonalBlocks(W);
    const Dinv = invertDiagonalBlocks(W);
    for (let i = 0; i < 6; i++) {
      for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) expect(D[9 * i + 3 * a + b]).toBe(W.get(3 * i + a, 3 * i + b));
      expect(maxDiff(product(D.subarray(9 * i, 9 * i + 9), Dinv.subarray(9 * i, 9 * i + 9)), [1, 0, 0, 0, 1, 0, 0, 0, 1])).toBeLessThan(1e-12);
    }
  });

  test('should throw E_SOLVER_BREAKDOWN naming the contact, or substitute a scaled identity', () => {
    const W = BlockSparseMatrix.fromBlocks(2, [
      { row: 0, col: 0, values: [1, 0, 0, 0, 1, 0, 0, 0, 1] },
      { row: 1, col: 1, values: [4, 0, 0, 0, 2, 0, 0, 0, 0] },
    ]);
    let caught: unknown;
    try { invertDiagonalBlocks(W, undefined, 'throw'); } catch (e) { caught = e; }
    expect(isMoreauError(caught, 'E_SOLVER_BREAKDOWN')).toBe(true);
    expect((caught as { where?: { index?: number } }).where?.index).toBe(1);
    const inv = invertDiagonalBlocks(W);
    expect([...inv.subarray(9, 18)]).toEqual([0.25, 0, 0, 0, 0.25, 0, 0, 0, 0.25]);
  });

  test('should apply a block-diagonal matrix, also in place', () => {
    const rand = makeRandom(3);
    const blocks = randomVector(27, rand);
    const x = randomVector(9, rand);
    const out = blockDiagonalMul(new Float64Array(9), blocks, x);
    const ref = new Float64Array(9);
    for (let i = 0; i < 3; i++) mul3(ref, 3 * i, blocks, 9 * i, x, 3 * i);
    expect([...out]).toEqual([...ref]);
    blockDiagonalMul(x, blocks, x);
    expect([...x]).toEqual([...ref]);
  });

  test('should count a determinant below 1e-300 · max|diag| as singular, and a non-finite one', () => {
    const out = new Float64Array(9).fill(5);
    // det = 1e-300, max|diag| = 1e100: singular by that rule, though the inverse is finite
    expect(invert3(out, 0, Float64Array.of(1e100, 0, 0, 0, 1e-200, 0, 0, 0, 1e-200), 0)).toBe(0);
    expect(invert3(out, 0, Float64Array.of(Number.POSITIVE_INFINITY, 0, 0, 0, 1, 0, 0, 0, 1), 0)).toBe(0);
    expect(invert3(out, 0, Float64Array.of(1e300, 0, 0, 0, 1e300, 0, 0, 0, 1e300), 0)).toBe(0); // det overflows
    expect([...out]).toEqual(new Array(9).fill(5));
  });

  test('should substitute (1/max|diag|) I for a singular block at any position, and I for a zero block', () => {
    // contact 2's diagonal block sits at index 4 of values (after off-diagonal blocks)
    const W = BlockSparseMatrix.fromBlocks(3, [
      { row: 0, col: 0, values: [2, 0, 0, 0, 2, 0, 0, 0, 2] },
      { row: 0, col: 2, values: [1, 0, 0, 0, 1, 0, 0, 0, 1] },
      { row: 1, col: 1, values: [0, 0, 0, 0, 0, 0, 0, 0, 0] },
      { row: 2, col: 0, values: [1, 0, 0, 0, 1, 0, 0, 0, 1] },
      { row: 2, col: 2, values: [0, 1, 0, 0, 5, 0, 0, 0, 0] },
    ]);
    const inv = new Float64Array(36).fill(7);
    invertDiagonalBlocks(W, inv);
    expect([...inv.subarray(0, 9)]).toEqual([0.5, 0, 0, 0, 0.5, 0, 0, 0, 0.5]);
    expect([...inv.subarray(9, 18)]).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 1]);
    expect([...inv.subarray(18, 27)]).toEqual([0.2, 0, 0, 0, 0.2, 0, 0, 0, 0.2]);
    expect([...inv.subarray(27)]).toEqual(new Array(9).fill(7));
    // 'throw' throws only for a singular block
    const ok = BlockSparseMatrix.fromDense(6, [...Array(36)].map((_, k) => (k % 7 === 0 ? 2 : 0)));
    expect(() => invertDiagonalBlocks(ok, undefined, 'throw')).not.toThrow();
    let caught: unknown;
    try { invertDiagonalBlocks(W, undefined, 'throw'); } catch (e) { caught = e; }
    expect(String((caught as Error).message)).toMatch(/contact 1/);
  });

  test('should write only n blocks and n 3-vectors into longer outputs', () => {
    const W = BlockSparseMatrix.fromDense(6, [...Array(36)].map((_, k) => (k % 7 === 0 ? 2 : 0)));
    const D = extractDiagonalBlocks(W, new Float64Array(27).fill(7));
    expect([...D.subarray(18)]).toEqual(new Array(9).fill(7));
    const out = blockDiagonalMul(new Float64Array(9).fill(7), D.subarray(0, 18), Float64Array.of(1, 2, 3, 4, 5, 6));
    expect([...out]).toEqual([2, 4, 6, 8, 10, 12, 7, 7, 7]);
  });
});
