import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { BlockSparseMatrix } from '../problem/block-sparse-matrix.js';
import { FrictionContactProblem } from '../problem/friction-contact-problem.js';
import { projectOntoPolarCone } from '../cone/project.js';
import { denseSolve } from '../linalg/dense.js';
import energyPlugin, { EnergyMerit, MERIT_ABOVE } from './energy.js';

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

/**
 * Paper 000 eq 40 written out densely: C_a = F(u_a) + proj_K°(r_a − F(u_a)) with u = W r + q, each
 * term weighed by the inverse of W's diagonal block, or by (1/max|diag|) I where that block's
 * symmetric part is not positive definite (`weightedByIdentity`, decided by the caller).
 */
function energyByHand(Wd: number[], q: number[], mu: number[], r: number[], weightedByIdentity: boolean[]): number {
  const n = q.length;
  let num = 0, den = 0;
  for (let a = 0; a < mu.length; a++) {
    const u = [0, 1, 2].map((i) => q[3 * a + i] + r.reduce((s, rj, j) => s + Wd[(3 * a + i) * n + j] * rj, 0));
    const F = Float64Array.of(u[0] + mu[a] * Math.hypot(u[1], u[2]), u[1], u[2]);
    const S = Float64Array.from([0, 1, 2], (i) => r[3 * a + i] - F[i]);
    const P = new Float64Array(3);
    projectOntoPolarCone(P, 0, S, 0, mu[a]);
    const C = Float64Array.from([0, 1, 2], (i) => F[i] + P[i]);
    const qa = Float64Array.from([0, 1, 2], (i) => q[3 * a + i]);
    const block = Float64Array.from([0, 1, 2, 3, 4, 5, 6, 7, 8], (k) => Wd[(3 * a + Math.floor(k / 3)) * n + 3 * a + (k % 3)]);
    const weigh = (x: Float64Array): number => {
      if (weightedByIdentity[a]) return (x[0] ** 2 + x[1] ** 2 + x[2] ** 2) / Math.max(Math.abs(block[0]), Math.abs(block[4]), Math.abs(block[8]));
      const y = denseSolve(block, 3, x);
      return y[0] * x[0] + y[1] * x[1] + y[2] * x[2];
    };
    num += weigh(C);
    den += weigh(qa);
  }
  return den > 0 ? num / den : num;
}

describe('energy merit on coupled contacts, against eq 40 written out', () => {
  // Four contacts coupled off the diagonal. Diagonal blocks: three unsymmetric ones whose
  // symmetric part is the identity (a skew pair in (0,1), (0,2), (1,2)), so W_aa⁻¹ weighs
  // positively; and one invertible block with positive leading minors but det of the
  // symmetric part < 0 (indefinite), weighed by (1/max|diag|) I = I / 2.
  const blocks = [
    [1, 2, 0, -2, 1, 0, 0, 0, 1],
    [1, 0, 2, 0, 1, 0, -2, 0, 1],
    [1, 0, 0, 0, 1, 2, 0, -2, 1],
    [2, 0, 1.8, 0, 3, 1.8, 1.8, 1.8, 2],
    // s00 < 0: not positive definite, weighed by I / 2
    [-1, 0, 0, 0, 2, 0, 0, 0, 1],
    // symmetric part positive semidefinite and singular (leading minors 1, 1, det 0), the block
    // itself invertible: weighed by (1/max|diag|) I, not by its inverse
    [1, 0, 2, 0, 1, 0, 0, 0, 1],
    // negative definite in the leading 2x2 and det > 0: indefinite, weighed by I
    [-1, 0, 0, 0, -1, 0, 0, 0, 1],
    // second leading minor < 0 with det > 0: indefinite, weighed by I / 4
    [1, 0.6, 0, 0.6, 0.25, 0, 0, 0, -4],
    // positive definite with a small det (2 · 0.028), and indefinite with det −0.512
    [1, 0.9, 0.9 * Math.SQRT2, 0.9, 1, 0.9 * Math.SQRT2, 0.9 * Math.SQRT2, 0.9 * Math.SQRT2, 2],
    [1, -0.6, -0.6, -0.6, 1, -0.6, -0.6, -0.6, 1],
  ];
  const n = 30;
  const Wd = new Array(n * n).fill(0);
  blocks.forEach((b, a) => b.forEach((v, k) => { Wd[(3 * a + Math.floor(k / 3)) * n + 3 * a + (k % 3)] = v; }));
  for (const [i, j, v] of [[0, 3, 0.3], [4, 7, -0.2], [8, 9, 0.25], [2, 11, 0.1], [10, 13, 0.2], [12, 17, -0.1], [16, 20, 0.15], [21, 28, -0.1], [5, 25, 0.05]] as const) {
    Wd[i * n + j] = v; Wd[j * n + i] = v;
  }
  const W4 = BlockSparseMatrix.fromDense(n, Wd);
  const mu = [0.5, 0.3, 0.8, 0.4, 0.6, 0.2, 0.5, 0.7, 0.3, 0.4];
  const identityWeighted = [false, false, false, true, true, true, true, true, false, true];
  const q0 = [-1, 0.4, 0.2, 0.5, -0.3, 0.1, -2, 1, 1, -0.5, 0.2, -0.6, -0.3, 0.3, 0.1, -1, -0.2, 0.4,
    -0.7, 0.2, 0.3, 0.6, -0.4, 0.2, -1.2, 0.5, -0.3, -0.4, 0.3, 0.6];
  const rs = [
    new Array(30).fill(0),
    [0.4, 0.1, 0, 0, 0, 0, 1, 0.5, -0.3, 0.2, 0.05, 0.05, 0.5, 0.1, 0.1, 0.3, 0, 0.1, 0.3, 0.1, -0.1, 0, 0, 0, 0.5, 0.1, 0.2, 0.2, -0.1, 0],
    [1, 2, 3, -1, 0.5, 0, 0.3, 0.1, 0, 0.7, -0.2, 0.1, 0.2, -0.4, 0.3, 2, 1, -1, 0.4, 0.5, 0.6, 1, 0.2, -0.2, 0.3, 0.3, 0.3, 1, 1, 1],
  ];

  test('should match the written-out value at reactions in, on and outside the cones', () => {
    const p = new FrictionContactProblem(W4, Float64Array.from(q0), Float64Array.from(mu));
    for (const r of rs) {
      const expected = energyByHand(Wd, q0, mu, r, identityWeighted);
      expect(expected).toBeGreaterThan(1e-3);
      expect(Math.abs(merit.evaluate(p, Float64Array.from(r)) - expected)).toBeLessThanOrEqual(1e-13 * expected);
    }
  });

  test('should return the unnormalised numerator, exactly, when q = 0', () => {
    const q = new Array(30).fill(0);
    const p = new FrictionContactProblem(W4, new Float64Array(30), Float64Array.from(mu));
    const r = rs[1];
    const expected = energyByHand(Wd, q, mu, r, identityWeighted);
    expect(expected).toBeGreaterThan(1e-3);
    expect(Math.abs(merit.evaluate(p, Float64Array.from(r)) - expected)).toBeLessThanOrEqual(1e-13 * expected);
    // and where the plain sum (~1e-300) is below the safe range, so it is redone scaled and
    // scaled back: still the numerator (its value is a normal double; at 1e-160 it would not be)
    const s = 1e-150;
    const v = merit.evaluate(p, Float64Array.from(r, (x) => x * s));
    expect(Math.abs(v / (s * s) - expected)).toBeLessThanOrEqual(1e-13 * expected);
  });

  test('should recompute u when the u passed in has the wrong length', () => {
    const p = new FrictionContactProblem(W4, Float64Array.from(q0), Float64Array.from(mu));
    const r = Float64Array.from(rs[1]);
    expect(merit.evaluate(p, r, new Float64Array(3))).toBe(merit.evaluate(p, r));
  });

  test('should keep full relative accuracy when ‖C‖² underflows but the ratio does not', () => {
    // W = I, μ = 0, q = (1e-10, 0, 0), r = (0, 1e-160, 0): C = (0, 1e-160, 0) exactly, so
    // g = 1e-320 / 1e-20 = 1e-300, a normal double; the plain ‖C‖² would be a subnormal 1e-320.
    const p = new FrictionContactProblem(BlockSparseMatrix.fromDense(3, [1, 0, 0, 0, 1, 0, 0, 0, 1]), Float64Array.of(1e-10, 0, 0), Float64Array.of(0));
    expect(merit.evaluate(p, Float64Array.of(0, 1e-160, 0)) / 1e-300).toBeCloseTo(1, 13);
  });

  test('should give what a fresh merit gives when q or W changes between calls of one instance', () => {
    // The instance keeps W_aa⁻¹ between calls: a changed W (or q) must not reuse what it kept.
    const kept = new EnergyMerit();
    const block = [2, 0.3, -0.1, 0.3, 1.5, 0.2, -0.1, 0.2, 1];
    const W1 = BlockSparseMatrix.fromDense(3, block);
    const W2 = BlockSparseMatrix.fromDense(3, block.map((v, i) => (i % 4 === 0 ? 2 * v : v)));
    const q1 = Float64Array.of(-1, 0.2, 0.1), q2 = Float64Array.of(-0.5, 0.4, -0.3);
    const mu = Float64Array.of(0.5);
    const problems = [
      new FrictionContactProblem(W1, q1, mu), new FrictionContactProblem(W1, q2, mu),
      new FrictionContactProblem(W2, q2, mu), new FrictionContactProblem(W1, q1, mu),
    ];
    const rs = [Float64Array.of(0.4, 0.1, 0.3), Float64Array.of(1, 0.2, -0.3)];
    for (const pr of problems) for (const r of rs) expect(kept.evaluate(pr, r)).toBe(new EnergyMerit().evaluate(pr, r));
    // q changed in place, same problem object
    const inPlace = new FrictionContactProblem(W1, Float64Array.from(q1), mu);
    const before = kept.evaluate(inPlace, rs[1]);
    inPlace.q[0] -= 1;
    const after = kept.evaluate(inPlace, rs[1]);
    expect(after).toBe(new EnergyMerit().evaluate(inPlace, rs[1]));
    expect(after).not.toBe(before);
  });

  test('should give what a fresh merit gives over problems whose contact count rises and falls, blocks shared or not', () => {
    // One instance keeps its buffers at the largest size seen and its weights where the blocks
    // are unchanged: a step of a simulation has another count, often the same first blocks.
    const pool = [
      [2, 0.3, -0.1, 0.3, 1.5, 0.2, -0.1, 0.2, 1], [1, 0, 0, 0, 1, 0, 0, 0, 1],
      [0, 0, 0, 0, 0, 0, 0, 0, 0], [1, 2, 0, 2, 1, 0, 0, 0, 1], [3, -0.5, 0, -0.5, 2, 0.1, 0, 0.1, 0.5],
    ];
    const problemOf = (picks: number[], q: number[]): FrictionContactProblem => {
      const n = 3 * picks.length, Wd = new Array(n * n).fill(0);
      picks.forEach((p, a) => pool[p].forEach((v, k) => { Wd[(3 * a + Math.floor(k / 3)) * n + 3 * a + (k % 3)] = v; }));
      return new FrictionContactProblem(BlockSparseMatrix.fromDense(n, Wd), Float64Array.from(q.slice(0, n)), new Float64Array(picks.length).fill(0.4));
    };
    const kept = new EnergyMerit();
    fc.assert(fc.property(
      fc.array(fc.integer({ min: 0, max: pool.length - 1 }), { minLength: 1, maxLength: 8 }),
      fc.array(fc.double({ min: -2, max: 2, noNaN: true }), { minLength: 24, maxLength: 24 }),
      fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 24, maxLength: 24 }),
      (picks, q, r) => {
        const problem = problemOf(picks, q), rr = Float64Array.from(r.slice(0, problem.size));
        expect(Object.is(kept.evaluate(problem, rr), new EnergyMerit().evaluate(problem, rr))).toBe(true);
      },
    ), { seed: 20261201, numRuns: 300 });
    // A block that differs from the one weighed before in a single entry, each entry in turn,
    // at the same place: the weights kept must not be taken for it.
    const base = pool[0], q = [-1, 0.4, -0.3, 0.5, -0.2, 0.1], r = Float64Array.of(0.3, 0.2, -0.1, 0.1, 0.05, 0.02);
    const twoBlocks = (first: number[]): FrictionContactProblem => {
      const Wd = new Array(36).fill(0);
      [first, base].forEach((blk, a) => blk.forEach((v, k) => { Wd[(3 * a + Math.floor(k / 3)) * 6 + 3 * a + (k % 3)] = v; }));
      return new FrictionContactProblem(BlockSparseMatrix.fromDense(6, Wd), Float64Array.from(q), Float64Array.of(0.4, 0.4));
    };
    for (let k = 0; k < 9; k++) {
      const other = base.map((v, i) => (i === k ? v + 0.25 : v));
      for (const blk of [base, other]) expect(Object.is(kept.evaluate(twoBlocks(blk), r), new EnergyMerit().evaluate(twoBlocks(blk), r))).toBe(true);
    }
  });

  test('should name itself energy', () => {
    expect(merit.name).toBe('energy');
    expect(energyPlugin.summary.length).toBeGreaterThan(0);
  });
});

describe('energy merit, answered early above a bound (evaluateUnlessAbove)', () => {
  // The four coupled contacts' problem above, with written-out values to bound against.
  const blocks = [[2, 0.3, 0, 0.3, 1, 0, 0, 0, 1], [1, 0, 0, 0, 3, 0.5, 0, 0.5, 1], [4, 0, 0, 0, 1, 0, 0, 0, 2], [1, 0, 0, 0, 1, 0, 0, 0, 1]];
  const n = 12;
  const Wd = new Array(n * n).fill(0);
  blocks.forEach((b, a) => b.forEach((v, k) => { Wd[(3 * a + Math.floor(k / 3)) * n + 3 * a + (k % 3)] = v; }));
  Wd[0 * n + 4] = Wd[4 * n + 0] = 0.2;
  Wd[6 * n + 9] = Wd[9 * n + 6] = -0.3;
  const W = BlockSparseMatrix.fromDense(n, Wd);
  const mu = Float64Array.of(0.5, 0.3, 0.8, 0.4);
  const q = Float64Array.of(-1, 0.4, 0.2, 0.5, -0.3, 0.1, -2, 1, 1, -0.5, 0.2, -0.6);
  const r = Float64Array.of(0.4, 0.1, 0, 0, 0.2, 0, 1, 0.5, -0.3, 0.2, 0.05, 0.05);

  test('should give evaluate\'s value to the bit, or MERIT_ABOVE only when that value is above the bound', () => {
    for (const floor of [0, 2.220446049250313e-16, 1e6]) {
      for (const qScale of [1e-3, 1, 1e3]) {
        const m = new EnergyMerit(floor);
        const p = new FrictionContactProblem(W, q.map((x) => qScale * x), mu);
        const rr = r.map((x) => qScale * x);
        const value = new EnergyMerit(floor).evaluate(p, rr);
        expect(value).toBeGreaterThan(0);
        let above = 0;
        for (const f of [0, 1e-6, 0.1, 0.5, 0.999, 1, 1.001, 2, 1e3, Infinity]) {
          const v = m.evaluateUnlessAbove(p, rr, undefined, f * value);
          if (v === MERIT_ABOVE) { above++; expect(value).toBeGreaterThan(f * value); } else expect(v).toBe(value);
        }
        // A bound of 0 is exceeded by the first nonzero term; bounds at or above the value never are.
        expect(m.evaluateUnlessAbove(p, rr, undefined, 0)).toBe(MERIT_ABOVE);
        expect(above).toBeGreaterThan(0);
        expect(above).toBeLessThanOrEqual(5);
      }
    }
  });

  test('should stop at the first contact whose partial sum passes the bound', () => {
    // A bound far below contact 0's term is passed at contact 0, before the NaN at contact 3
    // (which makes the whole merit Infinity) is read.
    const p = new FrictionContactProblem(W, q, mu);
    const rNaN = new Float64Array(n);
    rNaN[9] = NaN;
    expect(new EnergyMerit().evaluate(p, rNaN)).toBe(Infinity);
    expect(new EnergyMerit().evaluateUnlessAbove(p, rNaN, undefined, 1e-9)).toBe(MERIT_ABOVE);
  });
});
