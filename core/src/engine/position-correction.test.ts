import { describe, expect, test } from 'vitest';
import { wasmBsrMulAvailable } from '../linalg/bsr-mul-wasm.js';
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

  test('the WebAssembly sweeps give the TypeScript sweeps\' bits, sweep count included', () => {
    expect(wasmBsrMulAvailable()).toBe(true);
    // Point masses joined by contacts with random normals: W_NN = Σ over shared bodies of
    // ±(n_a · n_b)/m, symmetric positive semidefinite like a bed's; gaps of both signs.
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const bodies = 150, nc = 400;
    const mass = Array.from({ length: bodies }, () => 0.5 + random());
    const pair = Array.from({ length: nc }, () => {
      const A = Math.floor(random() * bodies), B = (A + 1 + Math.floor(random() * 3)) % bodies;
      const n = [random() - 0.5, random() - 0.5, random() - 0.5], l = Math.hypot(...n);
      return { A, B, n: n.map((x) => x / l) };
    });
    const W = pair.map((a) => pair.map((b) => {
      const dot = a.n[0] * b.n[0] + a.n[1] * b.n[1] + a.n[2] * b.n[2];
      let w = 0;
      if (a.A === b.A) w += dot / mass[a.A];
      if (a.B === b.B) w += dot / mass[a.B];
      if (a.A === b.B) w -= dot / mass[a.A];
      if (a.B === b.A) w -= dot / mass[a.B];
      return w;
    }));
    const gap = Float64Array.from({ length: nc }, () => (random() - 0.6) * 1e-3);
    const M = normalMatrix(W);
    const typescript = new PositionProjection('typescript'), wasm = new PositionProjection();
    for (const correction of [{ fraction: 1, slop: 0 }, { fraction: 0.2, slop: 1e-4 }]) {
      typescript.project(M, gap, nc, correction);
      wasm.project(M, gap, nc, correction);
      expect(wasm.sweeps).toBe(typescript.sweeps);
      expect(typescript.sweeps).toBeGreaterThan(2);
      for (let a = 0; a < nc; a++) {
        expect(Object.is(wasm.p[a], typescript.p[a])).toBe(true);
        expect(Object.is(wasm.gap[a], typescript.gap[a])).toBe(true);
      }
    }
  });
});
