import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { siconosErrorOf } from '@moreau/core';
import { naturalMapResidual, onConeResidualBound2 } from './residual.js';

/** Core's merit on one contact, the definition the local solvers' residual must reproduce. */
function core(r: number[], u: number[], q: number[], mu: number): number {
  return siconosErrorOf(Float64Array.from(q), Float64Array.of(mu), Float64Array.from(r), Float64Array.from(u), new Float64Array(3), new Float64Array(3));
}

function residual(r: number[], u: number[], q: number[], mu: number): number {
  return naturalMapResidual(r[0], r[1], r[2], u[0], u[1], u[2], q[0], q[1], q[2], mu);
}

// Entries of every size, exact zeros and signed zeros, so both the plain path and core's rescaled one run.
const entry = fc.oneof(
  fc.double({ min: -10, max: 10, noNaN: true }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, 1e-160, -1e-160, 1e-300, 1e160, -1e160, 1e300),
);
const vec = fc.tuple(entry, entry, entry);

describe('one-contact natural-map residual', () => {
  test('should equal core\'s siconos error of the contact to the bit', () => {
    fc.assert(fc.property(vec, vec, vec, fc.double({ min: 0, max: 2, noNaN: true }), (r, u, q, mu) => {
      expect(Object.is(residual(r, u, q, mu), core(r, u, q, mu))).toBe(true);
    }), { numRuns: 20000 });
  });

  test('should equal core\'s error at solutions of each kind, where the residual vanishes or nearly does', () => {
    const mu = 0.3;
    const cases: [number[], number[], number[]][] = [
      [[0, 0, 0], [1, 0.2, -0.1], [1, 0.2, -0.1]], // separated
      [[2, 0.1, 0.2], [0, 0, 0], [-1, 0.3, 0.1]], // sticking
      [[1, 0.3, 0], [0, -0.5, 0], [-1, 0.1, 0]], // sliding, r_T opposite u_T
      [[1, 0.3 * Math.cos(1), 0.3 * Math.sin(1)], [1e-17, -Math.cos(1), -Math.sin(1)], [-2, 1, 1]],
      [[1e-200, 0, 0], [0, 0, 0], [1e-200, 0, 0]],
    ];
    for (const [r, u, q] of cases) {
      const value = residual(r, u, q, mu);
      expect(Object.is(value, core(r, u, q, mu))).toBe(true);
      expect(value).toBeLessThan(1e-15);
    }
  });

  test('should give Infinity, as core does, for a non-finite input', () => {
    expect(residual([NaN, 0, 0], [0, 0, 0], [1, 0, 0], 0.3)).toBe(Infinity);
    expect(residual([1, 0, 0], [Infinity, 0, 0], [1, 0, 0], 0.3)).toBe(Infinity);
  });

  test('should bound the residual of a reaction on the cone from above, for any u', () => {
    // r = r_N (1, μ d) on K's boundary; u, q anything (not a solution): ‖r − P_K(r − ũ)‖ ≤ √bound.
    const size = fc.double({ min: -10, max: 10, noNaN: true });
    fc.assert(fc.property(fc.double({ min: 1e-3, max: 10, noNaN: true }), fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
      fc.double({ min: 1e-3, max: 2, noNaN: true }), fc.tuple(size, size, size), fc.tuple(size, size, size), (rn, theta, mu, u, q) => {
        const d1 = Math.cos(theta), d2 = Math.sin(theta);
        const r = [rn, mu * rn * d1, mu * rn * d2];
        const scale = Math.sqrt(Math.max(q[0] ** 2 + q[1] ** 2 + q[2] ** 2, r[0] ** 2 + r[1] ** 2 + r[2] ** 2, u[0] ** 2 + u[1] ** 2 + u[2] ** 2));
        const numerator = residual(r, u, q, mu) * (scale <= 2.220446049250313e-16 ? 1 : scale);
        // Rounding: r is on the cone to a few ulps of ‖r‖, and both sides are rounded sums.
        expect(numerator).toBeLessThanOrEqual(Math.sqrt(onConeResidualBound2(u[0], u[1], u[2], d1, d2)) + 1e-14 * scale);
      }), { numRuns: 20000 });
  });

  test('should make the bound vanish at a slide and grow with the normal velocity and the misaligned slip', () => {
    const d1 = 0.6, d2 = -0.8;
    // A slide: u_N = 0 and u_T = −2 d.
    expect(onConeResidualBound2(0, -1.2, 1.6, d1, d2)).toBe(0);
    // u = (0.3, 0.4, 0) against d = (1, 0): ‖u_T‖ = 0.4, u_T + 0.4 d = (0.8, 0), so 0.09 + 0.64.
    expect(onConeResidualBound2(0.3, 0.4, 0, 1, 0)).toBeCloseTo(0.73, 15);
    expect(onConeResidualBound2(NaN, 0, 0, 1, 0)).toBeNaN();
  });
});
