import { describe, expect, test } from 'vitest';
import { BlockSparseMatrix } from '@moreau/core';
import { diagonalPreconditioner } from './preconditioner.js';

/** A block-diagonal W with the given diagonals (3 per contact), and a coupling block that must not count. */
function w(diagonals: number[][]): BlockSparseMatrix {
  const blocks = diagonals.map(([a, b, c], k) => ({ row: k, col: k, values: [a, 0.5, 0.5, 0.5, b, 0.5, 0.5, 0.5, c] }));
  blocks.push({ row: 0, col: 1, values: [7, 7, 7, 7, 7, 7, 7, 7, 7] }, { row: 1, col: 0, values: [7, 7, 7, 7, 7, 7, 7, 7, 7] });
  return BlockSparseMatrix.fromBlocks(diagonals.length, blocks);
}

function build(W: BlockSparseMatrix, kind: 'diagonal' | 'contact' | 'none') {
  const n = 3 * W.blockRows;
  const P = diagonalPreconditioner(W, kind, new Float64Array(n), new Float64Array(n));
  return { p: Array.from(P.p), inverse: Array.from(P.inverse), max: P.max };
}

describe('P-SPG-FB preconditioner (paper 002: "we use diagonal")', () => {
  // Contact 1 has a zero and a negative entry: they take the mean of the positive ones,
  // (2 + 4 + 6 + 3 + 1 + 8 + 12) / 7 = 36 / 7.
  const W = w([[2, 4, 6], [3, 0, -1], [1, 8, 12]]);
  const mean = 36 / 7;

  test('should be diag(W) itself for diagonal, a non-positive entry replaced by the mean of the positive ones', () => {
    const P = build(W, 'diagonal');
    expect(P.p).toEqual([2, 4, 6, 3, mean, mean, 1, 8, 12]);
    expect(P.inverse).toEqual(P.p.map((v) => 1 / v));
    expect(P.max).toBe(12);
  });

  test('should replace each contact\'s three entries (after the same replacement) by their mean for contact', () => {
    const P = build(W, 'contact');
    const c1 = (3 + mean + mean) / 3;
    expect(P.p).toEqual([4, 4, 4, c1, c1, c1, 7, 7, 7]);
    expect(P.inverse).toEqual(P.p.map((v) => 1 / v));
    expect(P.max).toBe(7);
  });

  test('should be the mean of the positive entries of diag(W) everywhere for none', () => {
    const P = build(W, 'none');
    expect(P.p).toEqual(Array(9).fill(mean));
    expect(P.inverse).toEqual(Array(9).fill(1 / mean));
    expect(P.max).toBe(mean);
  });

  test('should take 1 for every entry when no diagonal entry is positive', () => {
    const Z = w([[0, 0, 0], [-1, 0, -2]]);
    for (const kind of ['diagonal', 'contact', 'none'] as const) {
      const P = build(Z, kind);
      expect(P.p, kind).toEqual(Array(6).fill(1));
      expect(P.inverse, kind).toEqual(Array(6).fill(1));
      expect(P.max, kind).toBe(1);
    }
  });
});
