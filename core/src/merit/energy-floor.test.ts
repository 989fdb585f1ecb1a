import { describe, expect, test } from 'vitest';
import { BlockSparseMatrix } from '../problem/block-sparse-matrix.js';
import { FrictionContactProblem } from '../problem/friction-contact-problem.js';
import { DBL_EPSILON } from '../linalg/constants.js';
import energyPlugin, { EnergyMerit } from './energy.js';

// Two contacts sharing a body: SPD diagonal blocks about the size of the pseudo-rigid drum's (≈ 14)
// and a coupling block, so the weights W_aa⁻¹ are not plain scalings.
const Wd = new Float64Array(36);
const block = [14, 1.5, -0.5, 1.5, 12, 0.7, -0.5, 0.7, 16];
const coupling = [3, 0.2, 0.1, -0.4, 2, 0.3, 0.5, -0.1, 1];
for (let i = 0; i < 3; i++) {
  for (let j = 0; j < 3; j++) {
    Wd[6 * i + j] = Wd[6 * (i + 3) + j + 3] = block[3 * i + j];
    Wd[6 * i + j + 3] = Wd[6 * (j + 3) + i] = coupling[3 * i + j];
  }
}
const W = BlockSparseMatrix.fromDense(6, Wd);
const mu = Float64Array.of(0.3, 0.3);
const plugged = energyPlugin.create(energyPlugin.options.parse({}), {} as never);
const bare = new EnergyMerit();

/** The shape of a free velocity at q's size: approaching in the normal, sliding a little. */
const qAt = (s: number) => Float64Array.of(-0.5 * s, 0.2 * s, -0.1 * s, -0.25 * s, -0.3 * s, 0.05 * s);

describe('energy merit: a free energy at rounding level (Solfec divides by 1 when it is 0)', () => {
  test('should hold the registered plugin to the DBL_EPSILON floor, and reject a negative one', () => {
    // just above DBL_EPSILON the ratio, at it the absolute numerator (one contact, W = I, μ = 0)
    const I = BlockSparseMatrix.fromDense(3, [1, 0, 0, 0, 1, 0, 0, 0, 1]);
    const r = Float64Array.of(0, 0.5 * Math.sqrt(DBL_EPSILON), 0);
    const above = new FrictionContactProblem(I, Float64Array.of(Math.sqrt(2 * DBL_EPSILON), 0, 0), Float64Array.of(0));
    const at = new FrictionContactProblem(I, Float64Array.of(Math.sqrt(DBL_EPSILON), 0, 0), Float64Array.of(0));
    expect(plugged.evaluate(above, r)).toBe(bare.evaluate(above, r));
    expect(plugged.evaluate(at, r)).not.toBe(bare.evaluate(at, r));
    expect(energyPlugin.create({}, {} as never).evaluate(at, r)).toBe(plugged.evaluate(at, r));
    expect(() => energyPlugin.options.parse({ floor: -1 })).toThrow();
  });

  test('should report r = 0 converged when q is rounding (bodies in contact moving together)', () => {
    // |q| ≈ 1e-14: Σ<W_aa⁻¹ q_a, q_a> ≈ 1e-29, far below DBL_EPSILON.
    const p = new FrictionContactProblem(W, qAt(1e-14), mu);
    const r0 = new Float64Array(6);
    // As a ratio, r = 0 is as far from solving the problem as at any scale (degree 0 in q, r) ...
    expect(bare.evaluate(p, r0)).toBeCloseTo(new EnergyMerit().evaluate(new FrictionContactProblem(W, qAt(1), mu), r0), 12);
    expect(bare.evaluate(p, r0)).toBeGreaterThan(1e-3);
    // ... but as the energy it is, it is rounding: the absolute numerator, < 1e-8 by far.
    const g = plugged.evaluate(p, r0);
    expect(g).toBeLessThan(1e-20);
    expect(g).toBeGreaterThan(0);
    // and it is exactly that numerator: the ratio times the free energy
    const den = freeEnergy(p.q);
    expect(Math.abs(g - bare.evaluate(p, r0) * den)).toBeLessThanOrEqual(1e-12 * g);
  });

  test('should leave the ratio unchanged, bit for bit, above the floor', () => {
    for (const s of [1e-6, 1e-3, 1, 1e3, 1e200]) {
      const p = new FrictionContactProblem(W, qAt(s), mu);
      expect(freeEnergy(p.q)).toBeGreaterThan(DBL_EPSILON);
      for (const r of [[0, 0, 0, 0, 0, 0], [0.03, 0.001, -0.002, 0.01, 0.004, 0]]) {
        const rs = Float64Array.from(r, (v) => v * s);
        expect(plugged.evaluate(p, rs)).toBe(bare.evaluate(p, rs));
      }
    }
  });

  test('should judge the floor on the true free energy where the sums are redone scaled', () => {
    // |q| = 1e-150: the plain sums (≈ 1e-300) are outside the safe range and are redone on q/m.
    const s = 1e-150;
    const p = new FrictionContactProblem(W, qAt(s), mu);
    const r0 = new Float64Array(6);
    const ratio = bare.evaluate(p, r0);
    expect(ratio).toBeGreaterThan(1e-3);
    const g = plugged.evaluate(p, r0);
    expect(g).toBeGreaterThan(0);
    expect(Math.abs(g / (s * s) - ratio * freeEnergy(qAt(1)))).toBeLessThanOrEqual(1e-12 * ratio * freeEnergy(qAt(1)));
    // a floor above a free energy of order 1 makes even q ≈ 1 absolute, a floor below keeps the ratio
    const pOne = new FrictionContactProblem(W, qAt(1), mu);
    const n = numerator(pOne);
    expect(Math.abs(new EnergyMerit(1e3).evaluate(pOne, r0) - n)).toBeLessThanOrEqual(1e-12 * n);
    expect(new EnergyMerit(1e-3).evaluate(pOne, r0)).toBe(bare.evaluate(pOne, r0));
  });

  test('should stay zero at r = 0 when q = 0 and never be NaN', () => {
    const p = new FrictionContactProblem(W, new Float64Array(6), mu);
    expect(plugged.evaluate(p, new Float64Array(6))).toBe(0);
    expect(plugged.evaluate(p, Float64Array.of(NaN, 0, 0, 0, 0, 0))).toBe(Infinity);
  });
});

describe('energy merit: the weights W_aa⁻¹ kept between evaluations', () => {
  test('should give a fresh instance\'s value, bit for bit, after W\'s blocks change in place or W is replaced', () => {
    const kept = new EnergyMerit();
    const p = new FrictionContactProblem(W, qAt(1), mu);
    const r = Float64Array.of(0.03, 0.001, -0.002, 0.01, 0.004, 0);
    expect(kept.evaluate(p, r)).toBe(new EnergyMerit().evaluate(p, r));
    // the engine reuses its buffers: change one diagonal entry of contact 1 in place
    const values = W.values, at = 9 * W.diagIdx[1] + 4;
    const saved = values[at];
    try {
      for (const v of [24, -3, 0, saved * (1 + Number.EPSILON)]) {
        values[at] = v;
        expect(kept.evaluate(p, r)).toBe(new EnergyMerit().evaluate(p, r));
      }
    } finally {
      values[at] = saved;
    }
    expect(kept.evaluate(p, r)).toBe(new EnergyMerit().evaluate(p, r));
    // another W of the same size, and one of another size
    const W2 = BlockSparseMatrix.fromDense(6, Wd.map((x, i) => (i % 7 === 0 ? 2 * x : x)));
    const p2 = new FrictionContactProblem(W2, qAt(1), mu);
    expect(kept.evaluate(p2, r)).toBe(new EnergyMerit().evaluate(p2, r));
    const p3 = new FrictionContactProblem(BlockSparseMatrix.fromDense(3, block), qAt(1).subarray(0, 3), mu.subarray(0, 1));
    expect(kept.evaluate(p3, r.subarray(0, 3))).toBe(new EnergyMerit().evaluate(p3, r.subarray(0, 3)));
  });
});

/** Σ_a <W_aa⁻¹ q_a, q_a> by a dense solve per block (Cramer's rule on the 3x3 block). */
function freeEnergy(q: Float64Array): number {
  let e = 0;
  for (let a = 0; a < 2; a++) {
    const x = [q[3 * a], q[3 * a + 1], q[3 * a + 2]];
    const y = solve3(block, x);
    e += y[0] * x[0] + y[1] * x[1] + y[2] * x[2];
  }
  return e;
}

/** The numerator at r = 0, as the merit with a floor above the free energy returns it. */
function numerator(p: FrictionContactProblem): number {
  return new EnergyMerit().evaluate(p, new Float64Array(6)) * freeEnergy(p.q);
}

function solve3(m: number[], b: number[]): number[] {
  const det = (a: number[]) => a[0] * (a[4] * a[8] - a[5] * a[7]) - a[1] * (a[3] * a[8] - a[5] * a[6]) + a[2] * (a[3] * a[7] - a[4] * a[6]);
  const d = det(m);
  return [0, 1, 2].map((k) => {
    const mk = m.slice();
    for (let i = 0; i < 3; i++) mk[3 * i + k] = b[i];
    return det(mk) / d;
  });
}
