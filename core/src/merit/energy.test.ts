import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { BlockSparseMatrix } from '../problem/block-sparse-matrix.js';
import { FrictionContactProblem } from '../problem/friction-contact-problem.js';
import energyPlugin, { EnergyMerit } from './energy.js';

// A coupled symmetric positive definite diagonal block, so W⁻¹ is not just a scaling.
const Wd = [2, 0.3, -0.1, 0.3, 1.5, 0.2, -0.1, 0.2, 1];
const W = BlockSparseMatrix.fromDense(3, Wd);
const merit = new EnergyMerit();

/** q = u − W r for a chosen solution pair (r, u). */
function problemWithSolution(r: number[], u: number[], mu: number): FrictionContactProblem {
  const q = new Float64Array(3);
  for (let i = 0; i < 3; i++) q[i] = u[i] - (Wd[3 * i] * r[0] + Wd[3 * i + 1] * r[1] + Wd[3 * i + 2] * r[2]);
  return new FrictionContactProblem(W, q, Float64Array.of(mu));
}

describe('energy merit (paper 000 eq 40)', () => {
  const cases = [
    { name: 'separation', r: [0, 0, 0], u: [0.7, -0.2, 0.4], mu: 0.5 },
    { name: 'stick', r: [1, 0.2, -0.3], u: [0, 0, 0], mu: 0.5 },
    // r = 2 [1, μ t], u = [0, −γ t], t = (0.6, −0.8), γ = 0.3
    { name: 'slip', r: [2, 0.6, -0.8], u: [0, -0.18, 0.24], mu: 0.5 },
    { name: 'frictionless contact', r: [1.5, 0, 0], u: [0, 0.3, 0.1], mu: 0 },
  ];
  for (const c of cases) {
    test(`should be zero at a known ${c.name} solution and positive at other reactions`, () => {
      const p = problemWithSolution(c.r, c.u, c.mu);
      expect(merit.evaluate(p, Float64Array.from(c.r))).toBeLessThan(1e-28);
      for (const wrong of [[0, 0, 0], [1, 0, 0], [c.r[0] * 1.1, c.r[1], c.r[2]], [3, 0.1, 0.1]]) {
        if (wrong.every((v, i) => v === c.r[i])) continue;
        expect(merit.evaluate(p, Float64Array.from(wrong))).toBeGreaterThan(1e-6);
      }
    });
  }

  test('should be 1 at r = 0 for a frictionless approaching contact, and 0 at its solution', () => {
    const Wdiag = BlockSparseMatrix.fromDense(3, [2, 0, 0, 0, 1, 0, 0, 0, 1]);
    const p = new FrictionContactProblem(Wdiag, Float64Array.of(-1, 0, 0), Float64Array.of(0));
    // C(0) = F(q) + proj_K°(−q) = [−1, 0, 0]: ½·1 / ½·1
    expect(merit.evaluate(p, new Float64Array(3))).toBeCloseTo(1, 15);
    expect(merit.evaluate(p, Float64Array.of(0.5, 0, 0))).toBe(0);
  });

  test('should use a u passed in and agree with recomputing it', () => {
    const p = problemWithSolution([1, 0.2, -0.3], [0, 0, 0], 0.5);
    const r = Float64Array.of(0.3, 0.4, 0.1);
    const u = new Float64Array(3);
    for (let i = 0; i < 3; i++) u[i] = p.q[i] + Wd[3 * i] * r[0] + Wd[3 * i + 1] * r[1] + Wd[3 * i + 2] * r[2];
    expect(merit.evaluate(p, r, u)).toBeCloseTo(merit.evaluate(p, r), 14);
    expect(merit.evaluate(p, r, new Float64Array(3))).not.toBe(merit.evaluate(p, r));
  });

  test('should be invariant when r and q are scaled together (it is an energy ratio)', () => {
    const arb = fc.double({ min: -2, max: 2, noNaN: true });
    fc.assert(fc.property(fc.tuple(arb, arb, arb), fc.tuple(arb, arb, arb), fc.double({ min: 1e-3, max: 1e3, noNaN: true }), (q, r, s) => {
      fc.pre(Math.hypot(...q) > 1e-3);
      const p1 = new FrictionContactProblem(W, Float64Array.from(q), Float64Array.of(0.4));
      const p2 = new FrictionContactProblem(W, Float64Array.from(q, (v) => v * s), Float64Array.of(0.4));
      const g1 = merit.evaluate(p1, Float64Array.from(r));
      const g2 = merit.evaluate(p2, Float64Array.from(r, (v) => v * s));
      expect(g1).toBeGreaterThanOrEqual(0);
      expect(Math.abs(g1 - g2)).toBeLessThanOrEqual(1e-9 * (1 + g1));
    }), { numRuns: 200 });
  });

  test('should return the unnormalised numerator when q = 0, never NaN', () => {
    const p = new FrictionContactProblem(W, new Float64Array(3), Float64Array.of(0.3));
    expect(merit.evaluate(p, new Float64Array(3))).toBe(0);
    const g = merit.evaluate(p, Float64Array.of(1, 0, 0));
    expect(Number.isFinite(g) && g > 0).toBe(true);
  });

  test('should weigh a singular or indefinite diagonal block by (1/max|diag|) I', () => {
    const nc = 2;
    // Contact 0 has a zero block (nothing moves it), contact 1 an indefinite one.
    const dense = new Float64Array(36);
    dense[3 * 6 + 3] = 1; dense[4 * 6 + 4] = -2; dense[5 * 6 + 5] = 1;
    const Wbad = BlockSparseMatrix.fromDense(3 * nc, dense);
    const p = new FrictionContactProblem(Wbad, Float64Array.of(-1, 0, 0, -1, 0, 0), Float64Array.of(0, 0));
    const g = merit.evaluate(p, Float64Array.of(0, 0, 0, 0, 0, 0));
    // C_a(0) = [−1, 0, 0] for both; weights 1 (zero block) and 1/2 (max|diag| = 2): (1 + 0.5) / (1 + 0.5)
    expect(g).toBeCloseTo(1, 15);
    expect(merit.evaluate(p, Float64Array.of(0, 0.5, 0, 0, 0, 0))).toBeGreaterThan(0);
  });

  test('should report Infinity, not NaN, for a non-finite r', () => {
    const p = problemWithSolution([1, 0, 0], [0, 0, 0], 0.2);
    expect(merit.evaluate(p, Float64Array.of(NaN, 0, 0))).toBe(Infinity);
  });

  test('should cache workspaces by size and handle a change of size', () => {
    const m = new EnergyMerit();
    const small = problemWithSolution([1, 0.2, -0.3], [0, 0, 0], 0.5);
    const big = new FrictionContactProblem(
      BlockSparseMatrix.fromDense(6, [...Array(36)].map((_, k) => (k % 7 === 0 ? 1 : 0))),
      Float64Array.of(-1, 0, 0, 1, 0, 0), Float64Array.of(0.5, 0.5),
    );
    const a = m.evaluate(small, Float64Array.of(0.5, 0, 0));
    expect(m.evaluate(big, Float64Array.of(1, 0, 0, 0, 0, 0))).toBe(0);
    expect(m.evaluate(small, Float64Array.of(0.5, 0, 0))).toBe(a);
  });

  test('should be a merit plugin named energy', () => {
    expect(energyPlugin.kind).toBe('merit');
    expect(energyPlugin.name).toBe('energy');
    expect(energyPlugin.create({}, {} as never)).toBeInstanceOf(EnergyMerit);
  });

  test('should be the same ratio at |q| = 1e200 and 1e-300 as at |q| = 1, not NaN or 0', () => {
    // g is homogeneous of degree 0 in (q, r); the sums overflow (1e400) or underflow (1e-600) unscaled.
    // 1e-13 relative: the scaled sums round differently from the plain ones
    const at = (s: number, r: number[]) => merit.evaluate(new FrictionContactProblem(W, Float64Array.of(-s, 2 * s, 0.5 * s), Float64Array.of(0.5)), Float64Array.from(r, (v) => v * s));
    for (const r of [[0, 0, 0], [0.3, 0.1, -0.05]]) {
      const g1 = at(1, r);
      expect(g1).toBeGreaterThan(0.01);
      expect(Math.abs(at(1e200, r) - g1)).toBeLessThanOrEqual(1e-13 * g1);
      expect(Math.abs(at(1e-300, r) - g1)).toBeLessThanOrEqual(1e-13 * g1);
    }
  });
});
