import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { bsrMul } from '@moreau/core';
import { arbAnalyticCase, solveLcp2 } from './analytic-cases.js';
import { naturalMapResidual } from './solver-checks.js';

const ALL = ['separation', 'stick', 'slide', 'lcp-one', 'lcp-two', 'lcp-diagonal'] as const;
const norm = (x: ArrayLike<number>) => Math.hypot(...Array.from(x));

describe('analytic cases', () => {
  test('should give an exact solution of the Coulomb problem, with u* = W r* + q', () => {
    fc.assert(fc.property(arbAnalyticCase(ALL), (c) => {
      const { residual, scale } = naturalMapResidual(c.problem, c.r, 'coulomb');
      expect(residual).toBeLessThanOrEqual(1e-13 * scale);
      const u = bsrMul(c.problem.W, c.r, new Float64Array(c.problem.size)).map((v, i) => v + c.problem.q[i]);
      for (let i = 0; i < u.length; i++) expect(Math.abs(u[i] - c.u[i])).toBeLessThanOrEqual(1e-14 * scale);
    }), { numRuns: 300 });
  });

  test('should solve the relaxed problem too, except in sliding, where the relaxed contact lifts off', () => {
    fc.assert(fc.property(arbAnalyticCase(ALL), (c) => {
      const { residual, scale } = naturalMapResidual(c.problem, c.r, 'relaxed');
      if (c.kind === 'slide') expect(residual).toBeGreaterThan(1e-6 * scale);
      else expect(residual).toBeLessThanOrEqual(1e-13 * scale);
    }), { numRuns: 300 });
  });

  test('should put sliding on the cone boundary with the slip opposite the friction force', () => {
    fc.assert(fc.property(arbAnalyticCase(['slide']), (c) => {
      const mu = c.problem.mu[0], rt = Math.hypot(c.r[1], c.r[2]), ut = Math.hypot(c.u[1], c.u[2]);
      expect(Math.abs(rt - mu * c.r[0])).toBeLessThanOrEqual(1e-14 * c.r[0]);
      expect(ut).toBeGreaterThan(0);
      expect((c.u[1] * c.r[1] + c.u[2] * c.r[2]) / (ut * rt)).toBeCloseTo(-1, 12);
      expect(Math.abs(c.u[0])).toBeLessThanOrEqual(1e-14 * norm(c.problem.q));
    }), { numRuns: 100 });
  });

  test('should keep sticking reactions strictly inside the cone and separation reactions at 0', () => {
    fc.assert(fc.property(arbAnalyticCase(['stick', 'separation']), (c) => {
      if (c.kind === 'separation') expect(norm(c.r)).toBe(0);
      else expect(Math.hypot(c.r[1], c.r[2])).toBeLessThan(c.problem.mu[0] * c.r[0]);
    }), { numRuns: 100 });
  });

  test('should replay a case from its seed', () => {
    const [a] = fc.sample(arbAnalyticCase(ALL), { numRuns: 1, seed: 9 });
    const [b] = fc.sample(arbAnalyticCase(ALL), { numRuns: 1, seed: 9 });
    expect(b.label).toBe(a.label);
    expect([...b.problem.q]).toEqual([...a.problem.q]);
  });
});

describe('solveLcp2', () => {
  test('should return the complementary solution of a 2x2 LCP with a positive definite matrix', () => {
    fc.assert(fc.property(fc.double({ min: 0.1, max: 10, noNaN: true }), fc.double({ min: 0.1, max: 10, noNaN: true }), fc.double({ min: -0.99, max: 0.99, noNaN: true }),
      fc.double({ min: -5, max: 5, noNaN: true }), fc.double({ min: -5, max: 5, noNaN: true }), (a, d, rho, b0, b1) => {
        const off = rho * Math.sqrt(a * d);
        const [x0, x1] = solveLcp2(a, off, off, d, b0, b1);
        const w0 = a * x0 + off * x1 + b0, w1 = off * x0 + d * x1 + b1;
        const tol = 1e-12 * (1 + Math.abs(b0) + Math.abs(b1));
        expect(x0).toBeGreaterThanOrEqual(0);
        expect(x1).toBeGreaterThanOrEqual(0);
        expect(w0).toBeGreaterThanOrEqual(-tol);
        expect(w1).toBeGreaterThanOrEqual(-tol);
        expect(Math.abs(x0 * w0) + Math.abs(x1 * w1)).toBeLessThanOrEqual(tol * (1 + x0 + x1));
      }), { numRuns: 500 });
  });
});
