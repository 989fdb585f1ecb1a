import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { NewtonMerit } from '@moreau/core';
import { constraints, merit, meritAlong } from './constraints.js';
import { initialRho } from './penalty.js';
import { denseProblem, velocity } from './__fixtures__/finite-differences.js';

const W = [2.0, 0.3, -0.2, 0.3, 1.5, 0.1, -0.2, 0.1, 1.2, /* contact 2 */ 0, 0, 0, 0, 0, 0, 0, 0, 0];

function twoContacts(mu: [number, number]) {
  const Wd = new Array(36).fill(0);
  const blocks = [[2.0, 0.3, -0.2, 0.3, 1.5, 0.1, -0.2, 0.1, 1.2], [1.0, 0.1, 0, 0.1, 0.8, 0.05, 0, 0.05, 0.9]];
  const coupling = [0.2, 0, 0.1, 0, 0.1, 0, 0.05, 0, 0.1];
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) {
    Wd[i * 6 + j] = blocks[0][3 * i + j];
    Wd[(i + 3) * 6 + j + 3] = blocks[1][3 * i + j];
    Wd[i * 6 + j + 3] = coupling[3 * i + j];
    Wd[(i + 3) * 6 + j] = coupling[3 * j + i];
  }
  return denseProblem(Wd, [-1, 0.4, 0.2, 0.3, -0.5, 0.1], mu);
}

describe('constraints and merit (paper 004 eqs 42-46, 63)', () => {
  test('should write C_N = R_N − max(0, d_N) and C_T = max(μ d_N, ‖d_T‖) R_T − μ max(0, d_N) d_T, normal first', () => {
    const p = denseProblem(W.slice(0, 9), [0, 0, 0], [0.5]);
    const r = Float64Array.of(1, 0.3, -0.4), u = Float64Array.of(0.2, 0.5, 0.1), rho = Float64Array.of(0.5);
    const c = constraints(p, r, u, rho, new Float64Array(3));
    const dn = 1 - 0.1, d1 = 0.3 - 0.25, d2 = -0.4 - 0.05;
    const m = Math.max(0.5 * dn, Math.hypot(d1, d2));
    expect(c[0]).toBeCloseTo(1 - dn, 15);
    expect(c[1]).toBeCloseTo(m * 0.3 - 0.5 * dn * d1, 15);
    expect(c[2]).toBeCloseTo(m * -0.4 - 0.5 * dn * d2, 15);
  });

  test('should vanish exactly at a solution: sticking, sliding and separated contacts', () => {
    const p = denseProblem(W.slice(0, 9), [0, 0, 0], [0.5]);
    const rho = Float64Array.of(0.7);
    const cases = [
      { r: [1, 0.2, -0.1], u: [0, 0, 0] }, // stick: U = 0, R inside the cone
      { r: [1, 0.3, -0.4], u: [0, -0.6, 0.8] }, // slip: ‖R_T‖ = μ R_N, U_T = −λ R_T, U_N = 0
      { r: [0, 0, 0], u: [0.3, 1, 2] }, // separated: R = 0, U_N >= 0
    ];
    for (const { r, u } of cases) {
      const c = constraints(p, Float64Array.from(r), Float64Array.from(u), rho, new Float64Array(3));
      for (const v of c) expect(Math.abs(v)).toBeLessThan(1e-15);
    }
  });

  test('should equal core\'s newton merit at the initial ρ_α = 1/λmax(W_αα)', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -2, max: 2, noNaN: true }), { minLength: 6, maxLength: 6 }), fc.double({ min: 0, max: 1.5, noNaN: true }), (rv, mu) => {
        const p = twoContacts([mu, 0.5]);
        const r = Float64Array.from(rv);
        const rho = initialRho(p.W, new Float64Array(2));
        const ours = merit(p, r, velocity(p, r), rho);
        const core = new NewtonMerit().evaluate(p, r);
        expect(Math.abs(ours - core)).toBeLessThanOrEqual(1e-12 * Math.max(1, core));
      }),
      { numRuns: 100 },
    );
  });

  test('should evaluate the line-search trial point R + α δR, U = V + α W δR without forming it', () => {
    const p = twoContacts([0.3, 0.6]);
    const rho = Float64Array.of(0.4, 0.9);
    const r = Float64Array.of(0.5, 0.1, -0.2, 0.3, 0.05, 0.4), dr = Float64Array.of(-0.1, 0.3, 0.2, 0.5, -0.4, 0.1);
    const v = velocity(p, r), wdr = velocity(p, dr);
    for (let i = 0; i < 6; i++) wdr[i] -= p.q[i];
    for (const alpha of [0, 0.25, 1]) {
      const trial = Float64Array.from(r, (x, i) => x + alpha * dr[i]);
      const expected = merit(p, trial, velocity(p, trial), rho);
      expect(meritAlong(p, r, dr, v, wdr, alpha, rho)).toBeCloseTo(expected, 13);
    }
  });

  test('should report an overflowing trial point as Infinity, not NaN', () => {
    const p = twoContacts([0.3, 0.6]);
    const rho = Float64Array.of(1, 1);
    const r = Float64Array.of(1e308, 1e308, 1e308, 0, 0, 0);
    const m = merit(p, r, Float64Array.of(-1e308, 1e308, -1e308, 0, 0, 0), rho);
    expect(m).toBe(Infinity);
  });
});
