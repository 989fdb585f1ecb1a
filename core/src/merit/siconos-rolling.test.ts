import { describe, expect, test } from 'vitest';
import { BlockSparseMatrix } from '../problem/block-sparse-matrix.js';
import { FrictionContactProblem } from '../problem/friction-contact-problem.js';
import { rollingNaturalMap } from '../cone/rolling-de-saxce.js';
import { rollingCase, stickingCase } from '../../test/rolling-problems.js';
import { SiconosMerit, siconosErrorAt } from './siconos.js';

const merit = new SiconosMerit();

/**
 * The closed-form solutions of test/rolling-problems.ts are exact up to the rounding of their
 * decimal entries (0.1 · 0.6 and the like, one ulp): 1e-15 of the problem's scale is that
 * rounding with room, and far below the 1e-3 errors of the perturbed answers.
 */
const EXACT = 1e-15;

describe('siconos merit on rolling pairs', () => {
  test('should be zero at the sticking solution and at rolling and spinning on their thresholds', () => {
    for (const c of [stickingCase(), rollingCase()]) {
      expect(merit.evaluate(c.problem, c.r)).toBeLessThanOrEqual(EXACT);
    }
  });

  test('should be positive when a torque sticks below its threshold while it should roll, or rolls while it should stick', () => {
    const rolling = rollingCase();
    const held = Float64Array.from(rolling.r);
    held[0] = -0.15; held[1] = -0.2; // the stick torque, outside ρ γ_n = 0.1: not in Z
    expect(merit.evaluate(rolling.problem, held)).toBeGreaterThan(1e-2);
    const sticking = stickingCase();
    const spun = Float64Array.from(sticking.r);
    spun[2] = -0.05; // τ_n on its threshold, where it should stick at −0.025
    expect(merit.evaluate(sticking.problem, spun)).toBeGreaterThan(1e-3);
    const weak = Float64Array.from(rolling.r);
    weak[1] *= 0.9; // inside Z, but no longer opposite the rolling velocity
    expect(merit.evaluate(rolling.problem, weak)).toBeGreaterThan(1e-3);
  });

  test('should measure a pair by the natural map on Z: the hand-computed error of r = 0', () => {
    // r = 0, u = q, so the scale is ‖q‖. The pair (rows 2, then 0) gives the natural map of its
    // six entries, r − P_Z(r − ũ) with ũ_n = q_n + μ‖q_t‖ + ρ‖q_r‖ + σ|q_s|; the ordinary
    // contact (row 1, q = (−2, 0, 0)) gives e = (−2, 0, 0), as in K_μ.
    const { problem } = rollingCase();
    const r = new Float64Array(9), u = problem.q;
    const z = new Float64Array(6);
    const six = Float64Array.of(u[6], u[7], u[8], u[0], u[1], u[2]);
    rollingNaturalMap(z, 0, new Float64Array(6), 0, six, 0, 0.5, 0.1, 0.05);
    const e2 = z.reduce((s, v) => s + v * v, 0) + 4;
    const q2 = u.reduce((s, v) => s + v * v, 0);
    expect(merit.evaluate(problem, r)).toBeCloseTo(Math.sqrt(e2 / q2), 15);
    // The pair's e is not the K_μ one of its two block rows: with ρ = σ = 0 (K_μ × {0}) it differs.
    expect(merit.evaluate(problem.frictionless(), r)).not.toBeCloseTo(merit.evaluate(problem, r), 3);
  });

  test('should take the given u in siconosErrorAt, as for problems without pairs', () => {
    const c = rollingCase();
    const e = new Float64Array(9), x = new Float64Array(3);
    expect(siconosErrorAt(c.problem, c.r, c.u, e, x)).toBeLessThanOrEqual(EXACT);
    const off = Float64Array.from(c.u);
    off[2] = -off[2]; // spinning the other way: τ_n no longer opposes w_n
    expect(siconosErrorAt(c.problem, c.r, off, e, x)).toBeGreaterThan(1e-3);
  });

  test('should report a non-finite r as infinitely bad', () => {
    const c = rollingCase();
    const r = Float64Array.from(c.r);
    r[1] = NaN;
    expect(merit.evaluate(c.problem, r)).toBe(Infinity);
  });

  test('should equal the K_μ measure on a pair with ρ = σ = 0 and no torques, plus a zero torque block', () => {
    // Z with ρ = σ = 0 is K_μ × {0}: at torques 0 with free angular velocities 0, the pair's
    // six entries of e are the K_μ ones and three zeros.
    const W = BlockSparseMatrix.fromDense(6, [2, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1]);
    const q = Float64Array.of(-2, 2.5, 0.3, 0, 0, 0);
    const zeros = { force: Int32Array.of(0), torque: Int32Array.of(1), rho: Float64Array.of(0), sigma: Float64Array.of(0) };
    const paired = new FrictionContactProblem(W, q, Float64Array.of(0.5, 0), 'paired', zeros);
    const plain = new FrictionContactProblem(W, q, Float64Array.of(0.5, 0), 'plain');
    for (const r of [new Float64Array(6), Float64Array.of(1, -0.4, -0.1, 0, 0, 0), Float64Array.of(0.7, 0.1, 0, 0, 0, 0)]) {
      expect(merit.evaluate(paired, r)).toBeCloseTo(merit.evaluate(plain, r), 15);
    }
  });
});
