import { describe, expect, test } from 'vitest';
import { BlockSparseMatrix, bsrMul, FrictionContactProblem } from '@moreau/core';
import { naturalMapResidual } from './residual.js';
import { Sweeper } from './sweep.js';
import { randomProblem } from './__fixtures__/random-problem.js';

const local = { tolerance: 1e-14, maxIterations: 50 };

function velocity(p: FrictionContactProblem, r: Float64Array): Float64Array {
  const u = bsrMul(p.W, r, new Float64Array(p.size));
  for (let i = 0; i < p.size; i++) u[i] += p.q[i];
  return u;
}

function maxAbsDiff(a: Float64Array, b: Float64Array): number {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i] - b[i]));
  return m;
}

function maxAbs(a: Float64Array): number {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i]));
  return m;
}

/** A problem whose W is not symmetric (pseudo-rigid kinematics and some integrators give such W). */
function unsymmetric(seed: number): FrictionContactProblem {
  const p = randomProblem({ contacts: 12, bodies: 6, seed });
  const values = Float64Array.from(p.W.values);
  // Skew every off-diagonal block a little: column access must read W_ba, not W_abᵀ.
  for (let a = 0; a < p.contacts; a++) {
    for (let k = p.W.rowPtr[a]; k < p.W.rowPtr[a + 1]; k++) if (p.W.colIdx[k] !== a) values[9 * k + 1] += 0.1 * (a + 1);
  }
  const W = new BlockSparseMatrix(p.contacts, p.W.rowPtr, p.W.colIdx, values);
  return new FrictionContactProblem(W, p.q, p.mu);
}

describe('Gauss–Seidel sweeps', () => {
  for (const [name, make] of [
    ['a symmetric W', (s: number) => randomProblem({ contacts: 25, bodies: 10, seed: s })],
    ['an unsymmetric W', unsymmetric],
  ] as const) {
    test(`should give the row form's reactions and keep u = W r + q when updating u, on ${name}`, () => {
      for (const seed of [1, 2, 3]) {
        const p = make(seed);
        const order = Int32Array.from({ length: p.contacts }, (_, i) => i);
        const byRows = new Sweeper(local), updating = new Sweeper(local);
        byRows.prepare(p, false);
        updating.prepare(p, true);
        const r1 = new Float64Array(p.size), r2 = new Float64Array(p.size);
        const u = velocity(p, r2);
        for (let k = 1; k <= 30; k++) {
          const reverse = k % 3 === 0;
          expect(byRows.sweep(p, r1, r1, 1, order, reverse)).toBe(true);
          expect(updating.sweepUpdating(p, r2, u, 1, order, reverse)).toBe(true);
          const scale = 1 + maxAbs(r1);
          expect(maxAbsDiff(r1, r2)).toBeLessThanOrEqual(1e-9 * scale);
          const exact = velocity(p, r2);
          expect(maxAbsDiff(u, exact)).toBeLessThanOrEqual(1e-12 * (1 + maxAbs(exact)));
        }
        expect(updating.change2).toBeGreaterThanOrEqual(0);
        expect(updating.sticking + updating.sliding + updating.separated).toBeGreaterThan(0);
      }
    });
  }

  test('should leave u untouched by a contact whose reaction does not move', () => {
    // Two contacts coupled by W; both separate (q_N > 0), so r stays 0 and u stays q exactly.
    const W = BlockSparseMatrix.fromDense(6, [
      2, 0, 0, 1, 0, 0,
      0, 1, 0, 0, 0, 0,
      0, 0, 1, 0, 0, 0,
      1, 0, 0, 2, 0, 0,
      0, 0, 0, 0, 1, 0,
      0, 0, 0, 0, 0, 1,
    ]);
    const p = new FrictionContactProblem(W, Float64Array.of(1, 0.5, 0, 2, 0, -0.3), Float64Array.of(0.3, 0.3));
    const s = new Sweeper(local);
    s.prepare(p, true);
    const r = new Float64Array(6), u = Float64Array.from(p.q);
    expect(s.sweepUpdating(p, r, u, 1, Int32Array.of(0, 1), false)).toBe(true);
    expect(Array.from(r)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(Array.from(u)).toEqual(Array.from(p.q));
    expect(s.change2).toBe(0);
    expect(s.separated).toBe(2);
  });

  test("should add W's block column to u, on either kernel and after other problems, larger ones too", () => {
    // The WebAssembly kernel keeps the columns' values in its own memory: the TypeScript copy
    // `addColumn` reads is made at its first call, and must be the current problem's (its
    // buffer grown to a larger one's).
    for (const kernel of ['typescript', 'wasm'] as const) {
      const s = new Sweeper(local, kernel);
      for (const p of [randomProblem({ contacts: 5, bodies: 4, seed: 3 }), unsymmetric(4), unsymmetric(5), randomProblem({ contacts: 30, bodies: 12, seed: 6 })]) {
        s.prepare(p, true);
        for (const a of [0, Math.min(7, p.contacts - 2), p.contacts - 1]) {
          const d = Float64Array.of(0.5, -0.25, 2);
          const u = Float64Array.from({ length: p.size }, (_, i) => 0.1 * i);
          const expected = Float64Array.from(u);
          const e = new Float64Array(p.size);
          e.set(d, 3 * a);
          const column = bsrMul(p.W, e, new Float64Array(p.size));
          for (let i = 0; i < p.size; i++) expected[i] += column[i];
          s.addColumn(u, a, d[0], d[1], d[2]);
          expect(maxAbsDiff(u, expected)).toBeLessThanOrEqual(1e-14 * (1 + maxAbs(expected)));
        }
      }
    }
  });

  test('should relax and project like the row form when over-relaxed', () => {
    const p = randomProblem({ contacts: 15, bodies: 6, seed: 9 });
    const order = Int32Array.from({ length: p.contacts }, (_, i) => i);
    const a = new Sweeper(local), b = new Sweeper(local);
    a.prepare(p, false);
    b.prepare(p, true);
    const r1 = new Float64Array(p.size), r2 = new Float64Array(p.size), u = velocity(p, r2);
    for (let k = 0; k < 10; k++) {
      a.sweep(p, r1, r1, 1.5, order, false);
      b.sweepUpdating(p, r2, u, 1.5, order, false);
    }
    expect(maxAbsDiff(r1, r2)).toBeLessThanOrEqual(1e-9 * (1 + maxAbs(r1)));
    for (let c = 0; c < p.contacts; c++) {
      expect(Math.hypot(r2[3 * c + 1], r2[3 * c + 2])).toBeLessThanOrEqual(p.mu[c] * r2[3 * c] * (1 + 1e-12) + 1e-300);
    }
  });
});

/**
 * The local residual of contact a (normal first) at reaction r and velocity u = W r + q,
 * against q̂_a = u_a − W_aa r_a: zero when r_a solves contact a's problem given the others.
 */
function localResidual(p: FrictionContactProblem, a: number, r: Float64Array, u: Float64Array): number {
  const w = 9 * p.W.diagIdx[a], v = p.W.values, o = 3 * a;
  const qh = [0, 1, 2].map((i) => u[o + i] - (v[w + 3 * i] * r[o] + v[w + 3 * i + 1] * r[o + 1] + v[w + 3 * i + 2] * r[o + 2]));
  return naturalMapResidual(r[o], r[o + 1], r[o + 2], u[o], u[o + 1], u[o + 2], qh[0], qh[1], qh[2], p.mu[a]);
}

describe('one sweep, checked contact by contact', () => {
  const p = randomProblem({ contacts: 8, bodies: 6, seed: 21, approaching: 0.8 });
  const order = Int32Array.of(5, 2, 7, 0, 3, 6, 1, 4);

  test('should leave the contact updated last solving its local problem exactly, in the order given or reversed', () => {
    for (const reverse of [false, true]) {
      const s = new Sweeper(local);
      s.prepare(p, true);
      const r = new Float64Array(p.size), u = velocity(p, r);
      s.sweepUpdating(p, r, u, 1, order, false);
      s.sweepUpdating(p, r, u, 1, order, reverse);
      const last = reverse ? order[0] : order[order.length - 1];
      expect(localResidual(p, last, r, velocity(p, r))).toBeLessThanOrEqual(1e-12);
      // and not, in general, the contact updated first (else this test could not tell the orders apart)
      const first = reverse ? order[order.length - 1] : order[0];
      expect(localResidual(p, first, r, velocity(p, r))).toBeGreaterThan(1e-6);
    }
  });

  test('should read the off-diagonal reactions from src in the Jacobi form, and relax from the current r', () => {
    const r0 = Float64Array.from({ length: p.size }, (_, i) => (i % 3 === 0 ? 0.3 + 0.1 * (i % 4) : 0.01 * ((i % 5) - 2)));
    const s = new Sweeper(local);
    s.prepare(p, false);
    const r = Float64Array.from(r0), src = Float64Array.from(r0);
    expect(s.sweep(p, r, src, 1, order, false)).toBe(true);
    expect(Array.from(src)).toEqual(Array.from(r0));
    for (let a = 0; a < p.contacts; a++) {
      // u_a seen by contact a: W_aa r_a (new) + Σ_{b≠a} W_ab r0_b + q_a
      const mixed = Float64Array.from(r0);
      for (let i = 0; i < 3; i++) mixed[3 * a + i] = r[3 * a + i];
      expect(localResidual(p, a, mixed, velocity(p, mixed))).toBeLessThanOrEqual(1e-12);
    }
    // Under-relaxed from the same start: r0 + ω (r̂ − r0), contact by contact.
    const half = Float64Array.from(r0);
    s.sweep(p, half, Float64Array.from(r0), 0.5, order, false);
    for (let i = 0; i < p.size; i++) expect(half[i]).toBeCloseTo(r0[i] + 0.5 * (r[i] - r0[i]), 14);
    expect(s.change2).toBeCloseTo(half.reduce((t, h, i) => t + (h - r0[i]) ** 2, 0), 14);
  });

  test('should count one outcome per contact and sweep, and reset the counts in prepare', () => {
    const s = new Sweeper(local);
    s.prepare(p, true);
    const r = new Float64Array(p.size), u = velocity(p, r);
    s.sweepUpdating(p, r, u, 1, order, false);
    s.sweepUpdating(p, r, u, 1, order, false);
    expect(s.separated + s.sticking + s.sliding + s.failed).toBe(2 * p.contacts);
    expect(s.failed).toBe(0);
    expect(s.separated).toBeGreaterThan(0);
    expect(s.sticking + s.sliding).toBeGreaterThan(0);
    s.prepare(p, true);
    expect([s.separated, s.sticking, s.sliding, s.failed]).toEqual([0, 0, 0, 0]);
  });
});
