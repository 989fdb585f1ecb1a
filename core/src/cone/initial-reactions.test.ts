import { describe, expect, test } from 'vitest';
import { isMoreauError } from '../contracts/errors.js';
import { solveBudget } from '../run/solve-budget.js';
import { BlockSparseMatrix } from '../problem/block-sparse-matrix.js';
import { FrictionContactProblem } from '../problem/friction-contact-problem.js';
import { checkWarmStart, initialReactions, isTrivialProblem } from './initial-reactions.js';

const W = BlockSparseMatrix.fromDense(6, Array.from({ length: 36 }, (_, k) => (k % 7 === 0 ? 1 : 0)));
const pushed = new FrictionContactProblem(W, Float64Array.of(-1, 0, 0, 0.5, 0, 0), Float64Array.of(0.5, 0.5));
const free = new FrictionContactProblem(W, Float64Array.of(1, 0, 0, 0, 0, 0), Float64Array.of(0.5, 0.5));

function code(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    return isMoreauError(e) ? e.code : 'other';
  }
  return undefined;
}

describe('initialReactions', () => {
  test('should start at zero without a warm start', () => {
    expect([...initialReactions(pushed, undefined)]).toEqual([0, 0, 0, 0, 0, 0]);
  });

  test('should project the warm start onto the cones', () => {
    const r = initialReactions(pushed, Float64Array.of(1, 2, 0, -1, 0, 0));
    expect(r[0]).toBeCloseTo(2 / 1.25, 14); // (1 + 0.5*2)/(1 + 0.25)
    expect([...r.slice(3)]).toEqual([0, 0, 0]);
  });

  test('should return zero for a trivial problem whatever the warm start', () => {
    expect(isTrivialProblem(free)).toBe(true);
    expect(isTrivialProblem(pushed)).toBe(false);
    expect([...initialReactions(free, Float64Array.of(1, 0, 0, 1, 0, 0))]).toEqual([0, 0, 0, 0, 0, 0]);
  });

  test('should refuse a warm start of the wrong length or with NaN', () => {
    expect(code(() => initialReactions(pushed, new Float64Array(5)))).toBe('E_PROBLEM_SHAPE');
    expect(code(() => initialReactions(pushed, Float64Array.of(0, 0, NaN, 0, 0, 0)))).toBe('E_NOT_FINITE');
  });

  test('should write into the array given, over what it held, and return that array', () => {
    const out = Float64Array.of(9, 9, 9, 9, 9, 9);
    expect(initialReactions(pushed, undefined, out)).toBe(out);
    expect([...out]).toEqual([0, 0, 0, 0, 0, 0]);
    out.fill(9);
    expect(initialReactions(free, Float64Array.of(1, 0, 0, 1, 0, 0), out)).toBe(out);
    expect([...out]).toEqual([0, 0, 0, 0, 0, 0]);
    expect(initialReactions(pushed, Float64Array.of(1, 2, 0, -1, 0, 0), out)).toBe(out);
    expect([...out]).toEqual([...initialReactions(pushed, Float64Array.of(1, 2, 0, -1, 0, 0))]);
  });

  test('should project a rolling pair\'s warm start onto its cone Z, not each block onto its own cone', () => {
    // Block 0 a contact (μ = 0.5), block 1 its torque block (ρ = 0.5, σ = 1): the closed form of
    // rolling-cones.test.ts's pair 0 gives t = 4 and both groups at radius 2.
    const rolling = new FrictionContactProblem(W, Float64Array.of(-1, 0, 0, -1, 0, 0), Float64Array.of(0.5, 0),
      'rolling', { force: Int32Array.of(0), torque: Int32Array.of(1), rho: Float64Array.of(0.5), sigma: Float64Array.of(1) });
    const r = initialReactions(rolling, Float64Array.of(1, 3, 4, -4, 3, 0));
    [4, 1.2, 1.6, -1.6, 1.2, 0].forEach((v, i) => expect(r[i]).toBeCloseTo(v, 13));
  });
});

describe('solveBudget', () => {
  test('should accept no warm start, and say what is wrong with a bad one, where, and at which contact', () => {
    expect(() => checkWarmStart(pushed, undefined)).not.toThrow();
    expect(() => checkWarmStart(pushed, new Float64Array(5))).toThrow(expect.objectContaining({
      code: 'E_PROBLEM_SHAPE', where: { place: 'warmStart' },
      message: 'warmStart must be a Float64Array of length 6 (3 per contact), got 5',
    }));
    expect(() => checkWarmStart(pushed, [0, 0, 0, 0, 0, 0] as unknown as Float64Array)).toThrow(expect.objectContaining({ message: expect.stringMatching(/got 6$/) }));
    // From JavaScript, null: a coded error too, not a TypeError.
    expect(() => checkWarmStart(pushed, null as unknown as Float64Array)).toThrow(expect.objectContaining({ code: 'E_PROBLEM_SHAPE', message: expect.stringMatching(/got undefined$/) }));
    expect(() => checkWarmStart(pushed, Float64Array.of(0, 0, 0, 1, Number.POSITIVE_INFINITY, 0))).toThrow(expect.objectContaining({
      code: 'E_NOT_FINITE', where: { place: 'warmStart', index: 4 },
      message: 'warmStart[4] = Infinity (contact 1) is not finite',
    }));
  });

  test('should take the smaller cap and validate the budget', () => {
    expect(solveBudget({ maxIterations: 5 }, 100)).toEqual({ cap: 5, budget: undefined });
    expect(solveBudget({ maxIterations: 500, timeBudgetMs: 10 }, 100)).toEqual({ cap: 100, budget: 10 });
    expect(code(() => solveBudget({ maxIterations: 1.5 }, 10))).toBe('E_CONFIG');
    expect(code(() => solveBudget({ timeBudgetMs: NaN }, 10))).toBe('E_CONFIG');
  });
});
