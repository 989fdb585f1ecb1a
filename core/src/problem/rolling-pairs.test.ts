import { describe, expect, test } from 'vitest';
import { isMoreauError } from '../contracts/errors.js';
import { BlockSparseMatrix } from './block-sparse-matrix.js';
import { FrictionContactProblem } from './friction-contact-problem.js';
import { gatherPair, MAX_RESISTANCE, scatterPair, type RollingPairsInput } from './rolling-pairs.js';

function failure(f: () => unknown): { code?: string; index?: number; message?: string } {
  try {
    f();
  } catch (e) {
    if (isMoreauError(e)) return { code: e.code, index: e.where?.index, message: e.message };
    throw e;
  }
  throw new Error('expected a MoreauError');
}

const W3 = BlockSparseMatrix.fromDense(9, Array.from({ length: 81 }, (_, k) => (k % 10 === 0 ? 1 : 0)));
const q9 = () => new Float64Array(9);
/** Block rows 0 (force) and 2 (torque) pair up; row 1 is an ordinary contact. */
const pairs = (over: Partial<Record<keyof RollingPairsInput, unknown>> = {}): RollingPairsInput => ({
  force: Int32Array.of(0), torque: Int32Array.of(2), rho: Float64Array.of(0.01), sigma: Float64Array.of(0.002),
  ...over,
} as RollingPairsInput);
const make = (rolling: RollingPairsInput | undefined, mu = Float64Array.of(0.5, 0.3, 0)) => new FrictionContactProblem(W3, q9(), mu, 'p', rolling);

describe('FrictionContactProblem with rolling pairs', () => {
  test('should record the pairs, the role of every block row, and keep the sizes of W', () => {
    const p = make(pairs());
    expect(p.contacts).toBe(3);
    expect(p.size).toBe(9);
    expect(p.rolling!.count).toBe(1);
    expect(Array.from(p.rolling!.pairOf)).toEqual([0, -1, 0]);
    expect(Array.from(p.rolling!.isTorque)).toEqual([0, 0, 1]);
    expect(p.rolling!.rho[0]).toBe(0.01);
  });

  test('should be exactly today\'s object without pairs: no rolling property at all, with none or zero pairs', () => {
    const before = new FrictionContactProblem(W3, q9(), Float64Array.of(0.5, 0.3, 0), 'p');
    const empty = make({ force: new Int32Array(0), torque: new Int32Array(0), rho: new Float64Array(0), sigma: new Float64Array(0) });
    for (const p of [before, empty, make(undefined)]) {
      expect('rolling' in p).toBe(false);
      expect(Object.keys(p)).toEqual(['contacts', 'W', 'q', 'mu', 'name']);
    }
  });

  test('should refuse arrays of different lengths or types', () => {
    expect(failure(() => make(pairs({ torque: Int32Array.of(2, 1) }))).code).toBe('E_PROBLEM_SHAPE');
    expect(failure(() => make(pairs({ rho: [0.01] }))).code).toBe('E_PROBLEM_SHAPE');
    expect(failure(() => make(pairs({ force: [0] }))).code).toBe('E_PROBLEM_SHAPE');
    // @ts-expect-error: check the runtime guard
    expect(failure(() => make(null)).code).toBe('E_PROBLEM_SHAPE');
  });

  test('should refuse a block row out of range or used twice, naming the pair', () => {
    expect(failure(() => make(pairs({ torque: Int32Array.of(3) })))).toMatchObject({ code: 'E_PROBLEM_SHAPE', index: 0 });
    expect(failure(() => make(pairs({ torque: Int32Array.of(0) })))).toMatchObject({ code: 'E_PROBLEM_SHAPE', index: 0 });
    const two = { force: Int32Array.of(0, 1), torque: Int32Array.of(2, 2), rho: Float64Array.of(0, 0), sigma: Float64Array.of(0, 0) };
    const f = failure(() => make(two));
    expect(f).toMatchObject({ code: 'E_PROBLEM_SHAPE', index: 1 });
    expect(f.message).toMatch(/block row 2 is already the torque block of pair 0/);
  });

  test('should refuse a negative, non-finite or too large ρ or σ, naming the pair', () => {
    expect(failure(() => make(pairs({ rho: Float64Array.of(-0.1) })))).toMatchObject({ code: 'E_INVALID_MU', index: 0 });
    expect(failure(() => make(pairs({ sigma: Float64Array.of(NaN) })))).toMatchObject({ code: 'E_NOT_FINITE', index: 0 });
    const big = failure(() => make(pairs({ sigma: Float64Array.of(2 * MAX_RESISTANCE) })));
    expect(big).toMatchObject({ code: 'E_INVALID_MU', index: 0 });
    expect(big.message).toMatch(/above 1000000, the largest resistance accepted/);
    expect(make(pairs({ rho: Float64Array.of(MAX_RESISTANCE), sigma: Float64Array.of(0) })).rolling!.rho[0]).toBe(1e6);
  });

  test('should refuse a torque block with μ ≠ 0, naming its block row', () => {
    const f = failure(() => make(pairs(), Float64Array.of(0.5, 0.3, 0.2)));
    expect(f).toMatchObject({ code: 'E_INVALID_MU', index: 2 });
    expect(f.message).toMatch(/torque block of rolling pair 0: its μ is unused and must be 0/);
  });

  test('should give a frictionless copy with the same pairs and ρ = σ = 0', () => {
    const f = make(pairs()).frictionless();
    expect([...f.mu]).toEqual([0, 0, 0]);
    expect(Array.from(f.rolling!.torque)).toEqual([2]);
    expect([f.rolling!.rho[0], f.rolling!.sigma[0]]).toEqual([0, 0]);
  });
});

describe('gatherPair and scatterPair', () => {
  test('should read a pair as its force block then its torque block, and write it back there', () => {
    const p = make(pairs());
    const x = Float64Array.from({ length: 9 }, (_, i) => i);
    expect(Array.from(gatherPair(new Float64Array(7), 1, x, p.rolling!, 0))).toEqual([0, 0, 1, 2, 6, 7, 8]);
    const y = scatterPair(new Float64Array(9), p.rolling!, 0, Float64Array.of(9, 1, 2, 3, 4, 5, 6), 1);
    expect(Array.from(y)).toEqual([1, 2, 3, 0, 0, 0, 4, 5, 6]);
  });
});
