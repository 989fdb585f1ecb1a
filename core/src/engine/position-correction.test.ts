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

describe.each(['wasm', 'typescript'] as const)('PositionProjection, sweeps in %s', (kernel) => {
  const projection = () => new PositionProjection(kernel === 'wasm' ? 'auto' : 'typescript');

  test('one penetrated contact: pushed out by the given fraction of its depth, exactly by the first sweep', () => {
    const W = normalMatrix([[0.5]]), gap = Float64Array.of(-0.002);
    const full = projection();
    expect(full.project(W, gap, 1, { fraction: 1, slop: 0 })).toBe(true);
    expect(full.kernel).toBe(kernel);
    expect(full.p[0]).toBeCloseTo(0.004, 15);
    expect(full.gap[0]).toBeCloseTo(0, 15);
    // The second sweep finds nothing to change and stops.
    expect(full.sweeps).toBe(2);
    const half = projection();
    half.project(W, gap, 1, { fraction: 0.5, slop: 0 });
    expect(half.gap[0]).toBeCloseTo(-0.001, 15);
    expect(half.sweeps).toBe(2);
  });

  test('the sweeps stop once no contact moves by more than 1e-6 of the deepest target, and at 50', () => {
    // Two penetrated contacts (2 and 0.3 mm) coupled by −0.5: pushing one out pushes the other
    // in by half as much. Plain Gauss–Seidel shrinks the change 4 times a sweep (the iteration's
    // spectral radius is 0.5²), and the 12th sweep's change is the first below 1e-6 of 2 mm.
    const W = normalMatrix([[1, -0.5], [-0.5, 1]]);
    const pr = projection();
    pr.project(W, Float64Array.of(-0.002, -0.0003), 2, { fraction: 1, slop: 0 });
    expect(pr.sweeps).toBe(12);
    // p = W⁻¹(2, 0.3) mm = (2.8667, 1.7333) mm, to what the stop leaves.
    expect(pr.p[0]).toBeCloseTo(0.0028667, 7);
    expect(pr.p[1]).toBeCloseTo(0.0017333, 7);
    expect(Math.abs(pr.gap[0])).toBeLessThan(1e-9);
    // The stop is a share of the target, a displacement: the same 12 sweeps with half the
    // target and W doubled (impulses a quarter as large).
    pr.project(normalMatrix([[2, -1], [-1, 2]]), Float64Array.of(-0.002, -0.0003), 2, { fraction: 0.5, slop: 0 });
    expect(pr.sweeps).toBe(12);
    expect(pr.p[0]).toBeCloseTo(0.0028667 / 4, 7);
    // No solution (more overlap than room): the cap.
    pr.project(normalMatrix([[1, -1], [-1, 1]]), Float64Array.of(-0.002, 0.001), 2, { fraction: 1, slop: 0 });
    expect(pr.sweeps).toBe(50);
  });

  test('nothing deeper than the slop, or nothing at all: untouched, no sweep', () => {
    const W = normalMatrix([[1, 0.5], [0.5, 1]]);
    const pr = projection();
    expect(pr.project(W, Float64Array.of(-1e-7, 0.01), 2, { fraction: 1, slop: 1e-6 })).toBe(false);
    // Exactly at the slop is not deeper than it.
    expect(pr.project(W, Float64Array.of(-1e-6, 0.01), 2, { fraction: 1, slop: 1e-6 })).toBe(false);
    expect(pr.project(W, Float64Array.of(0, 0.01), 2, { fraction: 1, slop: 0 })).toBe(false);
    expect(pr.sweeps).toBe(0);
    expect(pr.project(W, Float64Array.of(-1e-5, 0.01), 2, { fraction: 0, slop: 0 })).toBe(false);
  });

  test('a body between two walls: the penetration is removed without pushing the other side into one', () => {
    // A particle of unit mass between walls on either side along one axis: pushing it off one
    // wall moves it towards the other by as much (W_NN = [[1, −1], [−1, 1]]).
    const W = normalMatrix([[1, -1], [-1, 1]]);
    const pr = projection();
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
    const W = normalMatrix([[2, 0, 0, 0, 0], [0, 1, 0.5, 0, 0], [0, 0.5, 1, 0, 0], [0, 0, 0, 1, 0], [0, 0, 0, 0, 1]]);
    const pr = projection();
    pr.project(W, Float64Array.of(-0.004, -0.001, -1e-9, -1e-8, -2e-9), 5, { fraction: 1, slop: 1e-8 });
    expect(pr.gap[0]).toBeCloseTo(0, 12);
    expect(pr.gap[1]).toBeCloseTo(0, 9);
    // The third is within the slop: not pushed out itself, but the second's push moves it out too.
    expect(pr.gap[2]).toBeGreaterThanOrEqual(-1e-9);
    expect(pr.p[2]).toBe(0);
    // Alone, a contact within the slop (the fifth), or exactly at it (the fourth), keeps its overlap.
    expect(pr.p[3]).toBe(0);
    expect(pr.gap[3]).toBe(-1e-8);
    expect(pr.p[4]).toBe(0);
    expect(pr.gap[4]).toBe(-2e-9);
  });

  test('a contact no body can move (W_aa = 0) gets no impulse, and the others are projected', () => {
    const W = normalMatrix([[0, 0], [0, 1]]);
    const pr = projection();
    pr.project(W, Float64Array.of(-0.001, -0.002), 2, { fraction: 1, slop: 0 });
    expect(pr.p[0]).toBe(0);
    expect(pr.gap[0]).toBe(-0.001);
    expect(pr.gap[1]).toBeCloseTo(0, 15);
  });

  test('block rows after the nc contacts (torque blocks) are no contacts: neither projected nor read', () => {
    // Two contacts and a torque block coupled to both (columns ≥ nc): the projection of the
    // contacts alone equals the projection of the 2×2 system.
    const withTorque = normalMatrix([[1, 0.5, 0.7], [0.5, 1, 0.3], [0.7, 0.3, 1]]);
    const gap = Float64Array.of(-0.001, -0.0005, -0.5);
    const pr = projection(), alone = projection();
    pr.project(withTorque, gap, 2, { fraction: 1, slop: 0 });
    alone.project(normalMatrix([[1, 0.5], [0.5, 1]]), gap, 2, { fraction: 1, slop: 0 });
    expect(pr.depth).toBe(0.001);
    for (let a = 0; a < 2; a++) {
      expect(pr.p[a]).toBe(alone.p[a]);
      expect(pr.gap[a]).toBe(alone.gap[a]);
    }
    expect(pr.sweeps).toBe(alone.sweeps);
  });

});

describe('PositionProjection kernels', () => {
  test('the WebAssembly sweeps give the TypeScript sweeps\' bits, sweep count included', () => {
    expect(wasmBsrMulAvailable()).toBe(true);
    // Point masses joined by contacts with random normals: W_NN = Σ over shared bodies of
    // ±(n_a · n_b)/m, symmetric positive semidefinite like a bed's; gaps of both signs.
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    // Large enough that the kernel's memory grows past its first page.
    const bodies = 600, nc = 1500;
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
    // The last row is read to its end.
    gap[nc - 1] = -1e-3;
    const M = normalMatrix(W);
    const typescript = new PositionProjection('typescript'), wasm = new PositionProjection();
    for (const correction of [{ fraction: 1, slop: 0 }, { fraction: 0.2, slop: 1e-4 }]) {
      typescript.project(M, gap, nc, correction);
      wasm.project(M, gap, nc, correction);
      expect([wasm.kernel, typescript.kernel]).toEqual(['wasm', 'typescript']);
      expect(wasm.sweeps).toBe(typescript.sweeps);
      expect(typescript.sweeps).toBeGreaterThan(2);
      for (let a = 0; a < nc; a++) {
        expect(Object.is(wasm.p[a], typescript.p[a])).toBe(true);
        expect(Object.is(wasm.gap[a], typescript.gap[a])).toBe(true);
      }
    }
  });
});
