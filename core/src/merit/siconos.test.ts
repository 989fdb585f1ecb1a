import { describe, expect, test } from 'vitest';
import { BlockSparseMatrix } from '../problem/block-sparse-matrix.js';
import { FrictionContactProblem } from '../problem/friction-contact-problem.js';
import { bsrMul } from '../linalg/bsr-matvec.js';
import siconosPlugin, { SiconosMerit, siconosErrorAt } from './siconos.js';

const W = BlockSparseMatrix.fromDense(3, [2, 0, 0, 0, 1, 0, 0, 0, 1]);
const merit = new SiconosMerit();

describe('siconos merit', () => {
  test('should be zero at a sticking solution', () => {
    // r = (1, 0.1, 0) with u = W r + q = 0 when q = -(2, 0.1, 0); |r_T| = 0.1 <= 0.5 * 1
    const p = new FrictionContactProblem(W, Float64Array.of(-2, -0.1, 0), Float64Array.of(0.5));
    expect(merit.evaluate(p, Float64Array.of(1, 0.1, 0))).toBeLessThan(1e-16);
  });

  test('should be zero at a separating solution r = 0 and positive for a wrong r', () => {
    const p = new FrictionContactProblem(W, Float64Array.of(1, 0.3, 0), Float64Array.of(0.5));
    expect(merit.evaluate(p, new Float64Array(3))).toBe(0);
    expect(merit.evaluate(p, Float64Array.of(1, 0, 0))).toBeGreaterThan(0.1);
  });

  test('should be zero at a sliding solution', () => {
    // mu = 0.5, r = (1, -0.5, 0) on the boundary; u = (0, 2, 0) slides opposite r_T.
    // q = u - W r = (0 - 2, 2 + 0.5, 0)
    const p = new FrictionContactProblem(W, Float64Array.of(-2, 2.5, 0), Float64Array.of(0.5));
    expect(merit.evaluate(p, Float64Array.of(1, -0.5, 0))).toBeLessThan(1e-16);
  });

  test('should normalise by max(|q|, |r|, |u|) as Siconos does', () => {
    const p = new FrictionContactProblem(W, Float64Array.of(-1, 0, 0), Float64Array.of(0));
    // r = 0: u = q, x = r - ũ = (1, 0, 0) -> projection (1,0,0), e = (-1,0,0); |e| = 1, max norm = 1
    expect(merit.evaluate(p, new Float64Array(3))).toBeCloseTo(1, 15);
    const p3 = new FrictionContactProblem(W, Float64Array.of(-3, 0, 0), Float64Array.of(0));
    expect(merit.evaluate(p3, new Float64Array(3))).toBeCloseTo(1, 15);
  });

  test('should give the hand-computed error of two coupled contacts with a full W and r ≠ 0, normalised by ‖u‖', () => {
    // W r = (3, 1, 0, 5, 0, 0), q = (−3, 2, 4, −1, 0, 0) ⇒ u = (0, 3, 4, 4, 0, 0).
    // Contact 1 (μ = 0.5): ũ = (2.5, 3, 4), x = r − ũ = (−1.5, −3, −4) → boundary ray:
    //   p_N = (−1.5 + 0.5·5)/1.25 = 0.8, p_T = (−0.24, −0.32); e = (0.2, 0.24, 0.32), ‖e‖² = 0.2.
    //   (Without the μ‖u_T‖ term, x = (1, −3, −4) and ‖e‖² = 5.2.)
    // Contact 2 (μ = 0.3): x = (1 − 4, 0, 0) is in the polar cone, e = r = (1, 0, 0).
    // ‖q‖² = 30, ‖r‖² = 2, ‖u‖² = 41 (the largest): error = √(1.2 / 41).
    const A = [
      2, 1, 0, 1, 0, 0,
      1, 2, 0, 0, 0, 0,
      0, 0, 1, 0, 0, 0,
      1, 0, 0, 4, 0, 0,
      0, 0, 0, 0, 1, 0,
      0, 0, 0, 0, 0, 1,
    ];
    const p = new FrictionContactProblem(BlockSparseMatrix.fromDense(6, A), Float64Array.of(-3, 2, 4, -1, 0, 0), Float64Array.of(0.5, 0.3));
    expect(merit.evaluate(p, Float64Array.of(1, 0, 0, 1, 0, 0))).toBeCloseTo(Math.sqrt(1.2 / 41), 15);
  });

  test('should report Infinity, not NaN, for a non-finite r', () => {
    const p = new FrictionContactProblem(W, Float64Array.of(-1, 0, 0), Float64Array.of(0.2));
    expect(merit.evaluate(p, Float64Array.of(NaN, 0, 0))).toBe(Infinity);
  });

  test('should report Infinity, not 0, when W r overflowed to an infinite u (the scale would be ∞)', () => {
    // W_NN = 1e300 and r_N = 1e300: u_N = 1e300 · 1e300 − 1 overflows to +∞.
    const big = BlockSparseMatrix.fromDense(3, Float64Array.of(1e300, 0, 0, 0, 1, 0, 0, 0, 1));
    const p = new FrictionContactProblem(big, Float64Array.of(-1, 0, 0), Float64Array.of(0.2));
    const r = Float64Array.of(1e300, 0, 0);
    const u = Float64Array.of(Infinity, 0, 0);
    expect(siconosErrorAt(p, r, u, new Float64Array(3), new Float64Array(3))).toBe(Infinity);
    expect(merit.evaluate(p, r)).toBe(Infinity);
  });

  test('should give the error of r = 0 at |q| = 1e200 and 1e-300, not 0, Infinity or NaN', () => {
    // q = s (−1, 2, 0), μ = 0.5, r = 0: ũ = (0, 2s, 0), P_K(−ũ) = s (0.8, −0.4, 0),
    // e = s (−0.8, 0.4, 0), ‖e‖ = s √0.8, scale ‖q‖ = s √5: error 0.4 at every scale above DBL_EPSILON.
    const at = (s: number) => merit.evaluate(new FrictionContactProblem(W, Float64Array.of(-s, 2 * s, 0), Float64Array.of(0.5)), new Float64Array(3));
    // 1e-14 relative: a handful of roundings in the projection and the scaled norms
    expect(at(1)).toBeCloseTo(0.4, 14);
    expect(at(1e200)).toBeCloseTo(0.4, 14);
    // below DBL_EPSILON Siconos reports the absolute ‖e‖ = s √0.8
    expect(at(1e-300) / 1e-300).toBeCloseTo(Math.sqrt(0.8), 14);
  });

  test('should give the same error when r is huge too (scale 1e200 on r, q and u together)', () => {
    const p = new FrictionContactProblem(W, Float64Array.of(-2e200, -0.1e200, 0), Float64Array.of(0.5));
    // r at the sticking solution scaled by 1e200 is exact up to rounding; a wrong r has the scale-1 error
    expect(merit.evaluate(p, Float64Array.of(1e200, 0.1e200, 0))).toBeLessThan(1e-15);
    const p1 = new FrictionContactProblem(W, Float64Array.of(-2, -0.1, 0), Float64Array.of(0.5));
    expect(merit.evaluate(p, Float64Array.of(0.5e200, 0, 0))).toBeCloseTo(merit.evaluate(p1, Float64Array.of(0.5, 0, 0)), 14);
  });
  test('should give, from a given u = W r + q, exactly the value the merit computes', () => {
    // Three coupled contacts, r in and out of the cones: every branch of the projection.
    const W3 = BlockSparseMatrix.fromDense(9, [
      3, 0.2, 0, 0.5, 0, 0.1, 0, 0, 0,
      0.2, 2, 0, 0, 0.3, 0, 0, 0, 0,
      0, 0, 2, 0.1, 0, 0.4, 0, 0, 0,
      0.5, 0, 0.1, 4, 0, 0, 0.2, 0.1, 0,
      0, 0.3, 0, 0, 3, 0.5, 0, 0, 0,
      0.1, 0, 0.4, 0, 0.5, 3, 0, 0, 0.3,
      0, 0, 0, 0.2, 0, 0, 2, 0, 0,
      0, 0, 0, 0.1, 0, 0, 0, 1, 0,
      0, 0, 0, 0, 0, 0.3, 0, 0, 1,
    ]);
    const p = new FrictionContactProblem(W3, Float64Array.of(-1, 0.4, -0.2, 0.5, -0.3, 0.1, -2, 1, 1), Float64Array.of(0.3, 0.6, 0));
    for (const r of [new Float64Array(9), Float64Array.of(0.4, 0.1, 0, 0, 0, 0, 1, 0, 0), Float64Array.of(1, 2, 3, -1, 0.5, 0, 0.3, 0.1, 0)]) {
      const u = bsrMul(W3, r, new Float64Array(9));
      for (let i = 0; i < 9; i++) u[i] += p.q[i];
      expect(siconosErrorAt(p, r, u, new Float64Array(9), new Float64Array(3))).toBe(merit.evaluate(p, r));
    }
    // and it does read u: a different u gives a different value
    const r = Float64Array.of(0.4, 0.1, 0, 0, 0, 0, 1, 0, 0);
    expect(siconosErrorAt(p, r, new Float64Array(9), new Float64Array(9), new Float64Array(3))).not.toBe(merit.evaluate(p, r));
  });
});

/**
 * The Siconos error written out from formats/FORMATS.md §4 on a dense W, with its own projection
 * (DESIGN §4): inside K → x, inside the polar → 0, else ((x_N + μρ)/(1+μ²)) [1, μ x_T/ρ].
 */
function siconosByHand(Wd: number[], q: number[], mu: number[], r: number[]): number {
  const [en, scale] = errorAndScale(Wd, q, mu, r);
  return en / scale;
}

/** ‖e‖ and max(‖q‖, ‖r‖, ‖u‖) of `siconosByHand`. */
function errorAndScale(Wd: number[], q: number[], mu: number[], r: number[]): [number, number] {
  const n = q.length;
  const u = q.map((qi, i) => qi + r.reduce((s, rj, j) => s + Wd[i * n + j] * rj, 0));
  const norm = (v: number[]) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));
  const e: number[] = [];
  for (let a = 0; a < mu.length; a++) {
    const [uN, u1, u2] = u.slice(3 * a, 3 * a + 3), [rN, r1, r2] = r.slice(3 * a, 3 * a + 3), m = mu[a];
    const x = [rN - uN - m * Math.hypot(u1, u2), r1 - u1, r2 - u2];
    const rho = Math.hypot(x[1], x[2]);
    let p: number[];
    if (rho <= m * x[0] && x[0] >= 0) p = x;
    else if (m * rho <= -x[0]) p = [0, 0, 0];
    else {
      const pN = (x[0] + m * rho) / (1 + m * m);
      p = [pN, (m * pN * x[1]) / rho, (m * pN * x[2]) / rho];
    }
    e.push(rN - p[0], r1 - p[1], r2 - p[2]);
  }
  return [norm(e), Math.max(norm(q), norm(r), norm(u))];
}

describe('siconos merit against the definition written out', () => {
  // Three contacts, a full unsymmetric W, every tangential component in play.
  const Wd = [
    3, 0.2, 0.1, 0.5, 0, 0.1, 0, 0.3, 0,
    0.2, 2, 0.3, 0, 0.3, 0, 0, 0, 0.2,
    0.1, -0.3, 2, 0.1, 0, 0.4, 0, 0, 0,
    0.5, 0, 0.1, 4, 0.2, 0, 0.2, 0.1, 0,
    0, 0.3, 0, -0.2, 3, 0.5, 0, 0, 0,
    0.1, 0, 0.4, 0, 0.5, 3, 0, 0, 0.3,
    0, 0, 0, 0.2, 0, 0, 2, 0.1, 0.2,
    0.3, 0, 0, 0.1, 0, 0, -0.1, 1, 0,
    0, 0.2, 0, 0, 0, 0.3, 0.2, 0, 1,
  ];
  const W3 = BlockSparseMatrix.fromDense(9, Wd);
  const mu = [0.3, 0.6, 0.9];

  test('should match it whichever of ‖q‖, ‖r‖, ‖u‖ is the largest', () => {
    const cases = [
      { q: [-1, 0.4, -0.7, 0.5, -0.3, 0.6, -2, 1, 1], r: [0.4, 0.1, -0.2, 0.3, 0, 0.1, 1, 0.2, -0.3] },
      // ‖q‖ largest, q_T2 large
      { q: [-1, 2, -9, 0.5, -3, 6, -2, 1, 8], r: [0.4, 0.1, -0.2, 0.3, 0, 0.1, 0.2, 0.05, -0.1] },
      // ‖r‖ largest, r_T2 large, u small
      { q: [-12, 0.4, 3, -5, -0.3, -10, -6, 1, -4], r: [4, 1, -2, 1.5, 1, 3, 3, 0.5, 3.5] },
    ];
    for (const { q, r } of cases) {
      const p = new FrictionContactProblem(W3, Float64Array.from(q), Float64Array.from(mu));
      const expected = siconosByHand(Wd, q, mu, r);
      expect(expected).toBeGreaterThan(1e-3);
      expect(Math.abs(merit.evaluate(p, Float64Array.from(r)) - expected)).toBeLessThanOrEqual(1e-14 * expected);
    }
  });

  test('should match it at 1e200 and 1e-300, where the plain sums of squares overflow or underflow', () => {
    const q = [-1, 0.4, -0.7, 0.5, -0.3, 0.6, -2, 1, 1], r = [0.4, 0.1, -0.2, 0.3, 0, 0.1, 1, 0.2, -0.3];
    const [en, scale] = errorAndScale(Wd, q, mu, r);
    const at = (s: number) => merit.evaluate(new FrictionContactProblem(W3, Float64Array.from(q, (v) => v * s), Float64Array.from(mu)), Float64Array.from(r, (v) => v * s));
    expect(Math.abs(at(1e200) - en / scale)).toBeLessThanOrEqual(1e-13 * (en / scale));
    // below DBL_EPSILON the error is the absolute ‖e‖, which scales with (q, r)
    expect(Math.abs(at(1e-300) / 1e-300 - en)).toBeLessThanOrEqual(1e-13 * en);
  });

  test('should be the merit plugin named siconos', () => {
    expect(merit.name).toBe('siconos');
    expect(siconosPlugin.name).toBe('siconos');
    expect(siconosPlugin.summary.length).toBeGreaterThan(0);
    expect(siconosPlugin.create({}, undefined as never)).toBeInstanceOf(SiconosMerit);
  });

  test('should report the absolute ‖e‖ when max(‖q‖, ‖r‖, ‖u‖) is exactly DBL_EPSILON (≤, not <)', () => {
    // q = (−ε, 0, 0), r = 0: u = q, x = r − ũ = (ε, 0, 0) lies in K, e = (−ε, 0, 0); ‖e‖ = ε = 2⁻⁵²
    const eps = 2 ** -52;
    const p = new FrictionContactProblem(W, Float64Array.of(-eps, 0, 0), Float64Array.of(0.5));
    expect(merit.evaluate(p, new Float64Array(3))).toBe(eps);
  });
});
