import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { bsrMul, projectOntoCone, ProjectedGradientMerit } from '@moreau/core';
import { randomProblem } from '@moreau/conformance';
import { RelaxedProblem } from './relaxed-problem.js';

const arbVector = (n: number) => fc.array(fc.double({ min: -3, max: 3, noNaN: true }), { minLength: n, maxLength: n }).map((a) => Float64Array.from(a));

describe('relaxed problem', () => {
  test('should take a projected gradient step P_K(y − t(W y + q + s))', () => {
    const p = randomProblem(1, { contacts: 4 });
    const rp = new RelaxedProblem(p, 1e-6);
    const wr = bsrMul(p.W, Float64Array.from({ length: p.size }, (_, i) => Math.cos(i)), new Float64Array(p.size));
    rp.updateShift(wr);
    fc.assert(
      fc.property(arbVector(p.size), fc.double({ min: 1e-3, max: 2, noNaN: true }), (y, t) => {
        const wy = bsrMul(p.W, y, new Float64Array(p.size));
        const out = rp.step(new Float64Array(p.size), y, wy, t);
        const x = new Float64Array(p.size);
        for (let i = 0; i < p.size; i++) x[i] = y[i] - t * (wy[i] + p.q[i] + (i % 3 === 0 ? rp.sN[i / 3] : 0));
        for (let a = 0; a < p.contacts; a++) projectOntoCone(x, 3 * a, x, 3 * a, p.mu[a]);
        for (let i = 0; i < p.size; i++) expect(out[i]).toBeCloseTo(x[i], 12);
      }),
      { numRuns: 50 },
    );
  });

  test('should compute objective changes that equal differences of the objective', () => {
    const p = randomProblem(2, { contacts: 6 });
    const rp = new RelaxedProblem(p, 1e-6);
    rp.sN.fill(0.3);
    rp.shiftIsZero = false;
    fc.assert(
      fc.property(arbVector(p.size), arbVector(p.size), (a, b) => {
        const wa = bsrMul(p.W, a, new Float64Array(p.size)), wb = bsrMul(p.W, b, new Float64Array(p.size));
        const df = rp.objectiveChange(b, wb, a, wa);
        const exact = rp.objective(b, wb) - rp.objective(a, wa);
        expect(Math.abs(df - exact)).toBeLessThanOrEqual(1e-9 * (1 + Math.abs(rp.objective(a, wa)) + Math.abs(rp.objective(b, wb))));
      }),
      { numRuns: 50 },
    );
  });

  test('should measure eq 10 with s = 0 exactly as the projected-gradient merit does', () => {
    const p = randomProblem(3, { contacts: 8 });
    const rp = new RelaxedProblem(p, 1e-6);
    const merit = new ProjectedGradientMerit(1e-6);
    fc.assert(
      fc.property(arbVector(p.size), (r) => {
        const wr = bsrMul(p.W, r, new Float64Array(p.size));
        expect(rp.residual(r, wr)).toBe(merit.evaluate(p, r));
      }),
      { numRuns: 30 },
    );
  });

  test('should set s = Φ(W r + q) = μ‖u_T‖ and report the change of eq 22 in the max norm', () => {
    const p = randomProblem(4, { contacts: 5, mu: 0.5 });
    const rp = new RelaxedProblem(p, 1e-6);
    const r = Float64Array.from({ length: p.size }, (_, i) => 0.1 * (i % 4));
    const wr = bsrMul(p.W, r, new Float64Array(p.size));
    // from s = 0 every positive s_a is an infinite relative change
    expect(rp.updateShift(wr)).toBe(Infinity);
    expect(rp.shiftIsZero).toBe(false);
    for (let a = 0; a < p.contacts; a++) {
      const u1 = wr[3 * a + 1] + p.q[3 * a + 1], u2 = wr[3 * a + 2] + p.q[3 * a + 2];
      expect(rp.sN[a]).toBeCloseTo(0.5 * Math.hypot(u1, u2), 14);
    }
    const old = Float64Array.from(rp.sN);
    expect(rp.updateShift(wr)).toBe(0);
    const moved = Float64Array.from(wr);
    moved[1] += 0.01;
    const change = rp.updateShift(moved);
    let d = 0;
    for (let a = 0; a < p.contacts; a++) d = Math.max(d, Math.abs(rp.sN[a] - old[a]));
    expect(change).toBeCloseTo(d / Math.max(...old), 14);
    expect(change).toBeGreaterThan(0);
    rp.clearShift();
    expect([...rp.sN].every((s) => s === 0) && rp.shiftIsZero).toBe(true);
  });
  test('should compute the gradient test F(y)ᵀ(b − a) with F(y) = W y + q + s, and count its products', () => {
    const p = randomProblem(6, { contacts: 5 });
    const rp = new RelaxedProblem(p, 1e-6);
    rp.sN.set([0.3, 0, 1.2, 0.05, 2]);
    rp.shiftIsZero = false;
    const n = p.size, W = p.W.toDense();
    fc.assert(
      fc.property(arbVector(n), arbVector(n), arbVector(n), (y, a, b) => {
        const wy = rp.mul(y, new Float64Array(n));
        // dense, from scratch
        let g = 0;
        for (let i = 0; i < n; i++) {
          let f = p.q[i] + (i % 3 === 0 ? rp.sN[i / 3] : 0);
          for (let j = 0; j < n; j++) f += W[i * n + j] * y[j];
          g += f * (b[i] - a[i]);
        }
        expect(rp.gradientDot(wy, b, a)).toBeCloseTo(g, 9);
      }),
      { numRuns: 30 },
    );
    expect(rp.matvecs).toBe(30);
  });
});
