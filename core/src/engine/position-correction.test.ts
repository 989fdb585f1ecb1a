import { describe, expect, test } from 'vitest';
import { BlockSparseMatrix } from '../problem/block-sparse-matrix.js';
import { PositionProjection } from './position-correction.js';

/** A BSR matrix whose blocks are diag(n, 1, 1) with n from the given normal matrix. */
function normalMatrix(n: number[][]): BlockSparseMatrix {
  const m = n.length, rowPtr = [0], colIdx: number[] = [], values: number[] = [];
  for (let i = 0; i < m; i++) {
    for (let j = 0; j < m; j++) {
      if (n[i][j] === 0 && i !== j) continue;
      colIdx.push(j);
      values.push(n[i][j], 0, 0, 0, i === j ? 1 : 0, 0, 0, 0, i === j ? 1 : 0);
    }
    rowPtr.push(colIdx.length);
  }
  return new BlockSparseMatrix(m, Int32Array.from(rowPtr), Int32Array.from(colIdx), Float64Array.from(values));
}

describe('PositionProjection', () => {
  test('one penetrated contact: pushed out by the given fraction of its depth', () => {
    const W = normalMatrix([[0.5]]), gap = Float64Array.of(-0.002);
    const full = new PositionProjection();
    expect(full.project(W, gap, 1, { fraction: 1, slop: 0 })).toBe(true);
    expect(full.p[0]).toBeCloseTo(0.004, 15);
    expect(full.gap[0]).toBeCloseTo(0, 15);
    const half = new PositionProjection();
    half.project(W, gap, 1, { fraction: 0.5, slop: 0 });
    expect(half.gap[0]).toBeCloseTo(-0.001, 15);
  });

  test('nothing deeper than the slop, or nothing at all: untouched, no sweep', () => {
    const W = normalMatrix([[1, 0.5], [0.5, 1]]);
    const pr = new PositionProjection();
    expect(pr.project(W, Float64Array.of(-1e-7, 0.01), 2, { fraction: 1, slop: 1e-6 })).toBe(false);
    expect(pr.project(W, Float64Array.of(0, 0.01), 2, { fraction: 1, slop: 0 })).toBe(false);
    expect(pr.sweeps).toBe(0);
    expect(pr.project(W, Float64Array.of(-1e-5, 0.01), 2, { fraction: 0, slop: 0 })).toBe(false);
  });

  test('a body between two walls: the penetration is removed without pushing the other side into one', () => {
    // A particle of unit mass between walls on either side along one axis: pushing it off one
    // wall moves it towards the other by as much (W_NN = [[1, −1], [−1, 1]]).
    const W = normalMatrix([[1, -1], [-1, 1]]);
    const pr = new PositionProjection();
    pr.project(W, Float64Array.of(-0.002, 0.003), 2, { fraction: 1, slop: 0 });
    expect(pr.gap[0]).toBeCloseTo(0, 12);
    expect(pr.gap[1]).toBeCloseTo(0.001, 12);
    // Not enough room on the other side (an LCP with no solution): the particle is moved as far
    // as the other wall allows, not pushed into it, and not left where it was.
    pr.project(W, Float64Array.of(-0.002, 0.001), 2, { fraction: 1, slop: 0 });
    expect(pr.gap[1]).toBeGreaterThanOrEqual(-1e-12);
    expect(pr.gap[1]).toBeLessThan(1e-12);
    expect(pr.gap[0]).toBeCloseTo(-0.001, 12);
  });

  test('contacts that share no body are projected independently, and a shallow one is not made deeper', () => {
    const W = normalMatrix([[2, 0, 0], [0, 1, 0.5], [0, 0.5, 1]]);
    const pr = new PositionProjection();
    pr.project(W, Float64Array.of(-0.004, -0.001, -1e-9), 3, { fraction: 1, slop: 1e-8 });
    expect(pr.gap[0]).toBeCloseTo(0, 12);
    expect(pr.gap[1]).toBeCloseTo(0, 9);
    // The third is within the slop: not pushed out itself, but the second's push moves it out too.
    expect(pr.gap[2]).toBeGreaterThanOrEqual(-1e-9);
    expect(pr.p[2]).toBe(0);
  });
});
