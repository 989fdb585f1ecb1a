import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { DBL_EPSILON } from '@moreau/core';
import { LocalSolver, SEPARATED, STICKING, SLIDING, FAILED } from './local-solver.js';
import { naturalMapResidual } from './residual.js';

/** Siconos' per-contact error for u = W r + q, written out here independently of the solver. */
function siconosError(W: ArrayLike<number>, q: ArrayLike<number>, mu: number, r: ArrayLike<number>): number {
  const u = [0, 1, 2].map((i) => W[3 * i] * r[0] + W[3 * i + 1] * r[1] + W[3 * i + 2] * r[2] + q[i]);
  const x = [r[0] - (u[0] + mu * Math.hypot(u[1], u[2])), r[1] - u[1], r[2] - u[2]];
  const t = Math.hypot(x[1], x[2]);
  let p: number[];
  if (mu * t <= -x[0]) p = [0, 0, 0];
  else if (t <= mu * x[0]) p = x;
  else {
    const pn = (mu * t + x[0]) / (1 + mu * mu);
    p = [pn, (mu * pn * x[1]) / t, (mu * pn * x[2]) / t];
  }
  const e = Math.hypot(r[0] - p[0], r[1] - p[1], r[2] - p[2]);
  const scale = Math.max(Math.hypot(q[0], q[1], q[2]), Math.hypot(r[0], r[1], r[2]), Math.hypot(u[0], u[1], u[2]));
  return scale <= DBL_EPSILON ? e : e / scale;
}

function inCone(r: ArrayLike<number>, mu: number): boolean {
  return r[0] >= 0 && Math.hypot(r[1], r[2]) <= mu * r[0] * (1 + 1e-14) + 1e-300;
}

const solver = new LocalSolver({ tolerance: 1e-14, maxIterations: 50 });
const zero = new Float64Array(3);

function solve(W: number[], q: number[], mu: number, prev: Float64Array = zero) {
  const outcome = solver.solve(Float64Array.from(W), 0, Float64Array.from(q), 0, mu, prev, 0);
  return { outcome, r: Float64Array.from(solver.r), residual: solver.residual };
}

const I3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];

describe('LocalSolver', () => {
  test('should return r = 0 when q_N >= 0 (separation), whatever the tangential velocity', () => {
    const { outcome, r } = solve([2, 0.3, 0, 0.3, 1, 0, 0, 0, 1], [0, 5, -3], 0.5);
    expect(outcome).toBe(SEPARATED);
    expect([...r]).toEqual([0, 0, 0]);
    expect(siconosError([2, 0.3, 0, 0.3, 1, 0, 0, 0, 1], [0, 5, -3], 0.5, r)).toBe(0);
  });

  test('should stick with u = 0 when −W⁻¹q lies inside the cone', () => {
    const W = [2, 0, 0, 0, 1, 0, 0, 0, 1];
    const { outcome, r } = solve(W, [-2, -0.1, 0.05], 0.5);
    expect(outcome).toBe(STICKING);
    expect(r[0]).toBeCloseTo(1, 15);
    expect(r[1]).toBeCloseTo(0.1, 15);
    expect(r[2]).toBeCloseTo(-0.05, 15);
    expect(siconosError(W, [-2, -0.1, 0.05], 0.5, r)).toBeLessThan(1e-15);
  });

  test('should slide on the cone boundary with the tangential reaction opposing the slip', () => {
    // Sticking would need r = (1, -2.5, 0), far outside the cone for mu = 0.5.
    const W = [2, 0, 0, 0, 1, 0, 0, 0, 1];
    const q = [-2, 2.5, 0];
    const { outcome, r } = solve(W, q, 0.5);
    expect(outcome).toBe(SLIDING);
    // Exact answer: r = (1, -0.5, 0), u = (0, 2, 0).
    expect(r[0]).toBeCloseTo(1, 14);
    expect(r[1]).toBeCloseTo(-0.5, 14);
    expect(Math.abs(r[2])).toBeLessThan(1e-15);
    const uT = [W[4] * r[1] + q[1], W[8] * r[2] + q[2]];
    expect(Math.hypot(r[1], r[2])).toBeCloseTo(0.5 * r[0], 14);
    // slip opposite the tangential force: u_T · r_T = −‖u_T‖ ‖r_T‖
    expect(uT[0] * r[1] + uT[1] * r[2]).toBeCloseTo(-Math.hypot(...uT) * Math.hypot(r[1], r[2]), 12);
    expect(siconosError(W, q, 0.5, r)).toBeLessThan(1e-15);
  });

  test('should solve a coupled slide (W_NT != 0) exactly', () => {
    const W = [3, 0.8, -0.4, 0.8, 2, 0.3, -0.4, 0.3, 1.5];
    const q = [-1, 1.7, -2.2];
    const { outcome, r } = solve(W, q, 0.9);
    expect(outcome).toBe(SLIDING);
    expect(Math.hypot(r[1], r[2])).toBeCloseTo(0.9 * r[0], 13);
    const uN = W[0] * r[0] + W[1] * r[1] + W[2] * r[2] + q[0];
    expect(Math.abs(uN)).toBeLessThan(1e-14);
    expect(siconosError(W, q, 0.9, r)).toBeLessThan(1e-14);
  });

  test('should match the closed form r_N = max(0, −q_N/W_NN) when μ = 0, whatever the coupling', () => {
    const W = [4, 1.5, -0.7, 1.5, 2, 0.2, -0.7, 0.2, 3];
    for (const qn of [-3, -0.25, 0, 0.5]) {
      const { r } = solve(W, [qn, 0.4, -1.1], 0);
      expect(r[0]).toBe(Math.max(0, -qn / 4));
      expect(r[1]).toBe(0);
      expect(r[2]).toBe(0);
      expect(siconosError(W, [qn, 0.4, -1.1], 0, r)).toBeLessThan(1e-15);
    }
  });

  test('should report failure, with a finite r, when no solution exists (W_NN <= 0 and μ = 0)', () => {
    const { outcome, r } = solve([0, 0, 0, 0, 1, 0, 0, 0, 1], [-1, 0, 0], 0);
    expect(outcome).toBe(FAILED);
    expect([...r].every(Number.isFinite)).toBe(true);
  });

  test('should solve random SPD, slightly unsymmetric, contacts to a 1e-14 residual', () => {
    // Values on a grid of 1e-6 in [-1, 1]: denormal inputs are not contacts.
    const num = fc.integer({ min: -1_000_000, max: 1_000_000 }).map((i) => i / 1_000_000);
    fc.assert(
      fc.property(
        fc.array(num, { minLength: 9, maxLength: 9 }), fc.array(num, { minLength: 3, maxLength: 3 }),
        num.map((x) => 2 * Math.abs(x)), num.map((x) => 1e-3 * x), num.map((x) => 5.5 * x - 2.5),
        (L, q, mu, skew, logScale) => {
          // W = L Lᵀ + 0.05 I, scaled, plus a small unsymmetric part.
          const W = new Array<number>(9).fill(0);
          for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) {
            let s = i === j ? 0.05 : 0;
            for (let k = 0; k < 3; k++) s += L[3 * i + k] * L[3 * j + k];
            W[3 * i + j] = Math.pow(10, logScale) * (s + (i < j ? skew : i > j ? -skew : 0));
          }
          const { outcome, r, residual } = solve(W, q, mu);
          expect(outcome).not.toBe(FAILED);
          expect(inCone(r, mu)).toBe(true);
          expect(residual).toBeLessThanOrEqual(1e-14);
          // Recomputed here with other rounding: a little slack over the solver's own 1e-14.
          expect(siconosError(W, q, mu, r)).toBeLessThan(2e-14);
        },
      ),
      { numRuns: 5000 },
    );
  });

  test('should solve badly conditioned contacts (cond(W) up to 1e9) to a 1e-14 residual', () => {
    const num = fc.integer({ min: -1_000_000, max: 1_000_000 }).map((i) => i / 1_000_000);
    fc.assert(
      fc.property(
        fc.array(num, { minLength: 9, maxLength: 9 }), fc.array(num, { minLength: 3, maxLength: 3 }),
        num.map((x) => 1.5 * Math.abs(x)), fc.integer({ min: 3, max: 9 }),
        (L, q, mu, digits) => {
          // Rank-one L Lᵀ from the first column plus a tiny multiple of I: cond(W) ≈ 10^digits.
          const W = new Array<number>(9).fill(0);
          const v = [L[0], L[3], L[6]];
          const vv = v[0] ** 2 + v[1] ** 2 + v[2] ** 2;
          fc.pre(vv > 0.1);
          for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) {
            W[3 * i + j] = v[i] * v[j] + (i === j ? vv * 10 ** -digits : 0);
          }
          const { outcome, r, residual } = solve(W, q, mu);
          expect(outcome).not.toBe(FAILED);
          expect(inCone(r, mu)).toBe(true);
          expect(residual).toBeLessThanOrEqual(1e-14);
          expect(siconosError(W, q, mu, r)).toBeLessThan(2e-14);
        },
      ),
      { numRuns: 3000 },
    );
  });

  test('should slide when W_aa is singular in a tangential direction', () => {
    // No stiffness along T2: u_T2 = q_T2 whatever r, so the contact must slip along T2.
    const W = [1, 0, 0, 0, 1, 0, 0, 0, 0];
    const q = [-1, 0.1, 0.5];
    const { outcome, r } = solve(W, q, 0.5);
    expect(outcome).toBe(SLIDING);
    expect(Math.hypot(r[1], r[2])).toBeCloseTo(0.5 * r[0], 14);
    expect(r[2]).toBeLessThan(0);
    expect(siconosError(W, q, 0.5, r)).toBeLessThan(1e-14);
  });

  test('should keep the solution nearest the previous reaction when several exist', () => {
    // An unsymmetric W (as in several shared problems) with μ = 1 and q = (−1, 1.6, 0): stick
    // fails, and the slide has several solutions. One is exact by hand: r = (5/6, −5/6, 0) gives
    // u = W r + q = (0, 41/60, 0), so u_N = 0, r on the cone and r_T opposite the slip u_T.
    // Another lies near (2.54, 0.08, 2.54). Which one comes back must follow the previous reaction.
    const W = [1, -0.2, -0.6, -0.2, 0.9, -0.5, -1.9, -1.9, 0.7];
    const q = [-1, 1.6, 0];
    const mu = 1;
    const nearA = [1, -1, 0], nearB = [2.5, 0, 2.5];
    const a = solve(W, q, mu, Float64Array.from(nearA));
    const b = solve(W, q, mu, Float64Array.from(nearB));
    expect([a.outcome, b.outcome]).toEqual([SLIDING, SLIDING]);
    expect(siconosError(W, q, mu, a.r)).toBeLessThan(1e-14);
    expect(siconosError(W, q, mu, b.r)).toBeLessThan(1e-14);
    [5 / 6, -5 / 6, 0].forEach((v, i) => expect(a.r[i]).toBeCloseTo(v, 12));
    const d = (x: Float64Array, y: ArrayLike<number>) => Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]);
    expect(d(a.r, b.r)).toBeGreaterThan(1);
    expect(d(a.r, nearA)).toBeLessThan(d(b.r, nearA));
    expect(d(b.r, nearB)).toBeLessThan(d(a.r, nearB));
  });

  test('should handle the identity block with every μ', () => {
    for (const mu of [0.01, 0.3, 1, 5]) {
      const { r } = solve(I3, [-1, 3, 4], mu);
      expect(siconosError(I3, [-1, 3, 4], mu, r)).toBeLessThan(1e-15);
    }
  });
});

describe('the one-contact residual at μ = 0', () => {
  test('should be zero at an exact separated solution (r = 0, u_N > 0, q_T = 0)', () => {
    // u = q = [1, 0, 0], r = 0: x = r − ũ = [−1, 0, 0] lies in the polar half-line, P_K(x) = 0.
    // Without the x_N ≥ 0 guard, ρ = 0 ≤ μ x_N = −0 took the "inside" branch and gave 1.
    expect(naturalMapResidual(0, 0, 0, 1, 0, 0, 1, 0, 0, 0)).toBe(0);
  });
});
