import { describe, expect, test } from 'vitest';
import { isMoreauError } from '../contracts/errors.js';
import { BlockSparseMatrix } from './block-sparse-matrix.js';
import { FrictionContactProblem, MAX_FRICTION } from './friction-contact-problem.js';

function failure(f: () => unknown): { code?: string; index?: number } {
  try {
    f();
  } catch (e) {
    if (isMoreauError(e)) return { code: e.code, index: e.where?.index };
    throw e;
  }
  throw new Error('expected a MoreauError');
}

const I9 = [1, 0, 0, 0, 1, 0, 0, 0, 1];
const W2 = BlockSparseMatrix.fromBlocks(2, [
  { row: 0, col: 0, values: I9 },
  { row: 1, col: 1, values: I9 },
  { row: 0, col: 1, values: [0.5, 0, 0, 0, 0, 0, 0, 0, 0] },
]);

describe('BlockSparseMatrix', () => {
  test('should refuse a block row without its diagonal block, naming the row', () => {
    const f = failure(() => new BlockSparseMatrix(2, Int32Array.of(0, 1, 2), Int32Array.of(0, 0), new Float64Array(18)));
    expect(f).toEqual({ code: 'E_PROBLEM_SHAPE', index: 1 });
  });

  test('should refuse a column index out of range', () => {
    const f = failure(() => new BlockSparseMatrix(1, Int32Array.of(0, 2), Int32Array.of(0, 3), new Float64Array(18)));
    expect(f).toEqual({ code: 'E_PROBLEM_SHAPE', index: 0 });
  });

  test('should refuse unsorted columns within a row', () => {
    const f = failure(() => new BlockSparseMatrix(2, Int32Array.of(0, 2, 3), Int32Array.of(1, 0, 1), new Float64Array(27)));
    expect(f.code).toBe('E_PROBLEM_SHAPE');
  });

  test('should refuse a values array of the wrong length', () => {
    expect(failure(() => new BlockSparseMatrix(1, Int32Array.of(0, 1), Int32Array.of(0), new Float64Array(8))).code).toBe('E_PROBLEM_SHAPE');
  });

  test('should refuse a non-finite value, naming the block', () => {
    const v = new Float64Array(18);
    v[12] = NaN;
    expect(failure(() => new BlockSparseMatrix(2, Int32Array.of(0, 1, 2), Int32Array.of(0, 1), v))).toEqual({ code: 'E_NOT_FINITE', index: 1 });
  });

  test('should add missing diagonal blocks and sum duplicates in fromBlocks', () => {
    const W = BlockSparseMatrix.fromBlocks(2, [
      { row: 0, col: 1, values: [1, 0, 0, 0, 0, 0, 0, 0, 0] },
      { row: 0, col: 1, values: [2, 0, 0, 0, 0, 0, 0, 0, 0] },
    ]);
    expect(W.blockCount).toBe(3);
    expect(W.get(0, 3)).toBe(3);
    expect(W.diagIdx[1]).toBe(2);
  });

  test('should round-trip through dense storage', () => {
    const dense = W2.toDense();
    expect(BlockSparseMatrix.fromDense(6, dense).toDense()).toEqual(dense);
    expect(dense[0 * 6 + 3]).toBe(0.5);
  });
});

describe('FrictionContactProblem', () => {
  test('should accept a consistent problem', () => {
    const p = new FrictionContactProblem(W2, new Float64Array(6), Float64Array.of(0.3, 0));
    expect(p.contacts).toBe(2);
    expect(p.size).toBe(6);
  });

  test('should refuse q of the wrong length', () => {
    expect(failure(() => new FrictionContactProblem(W2, new Float64Array(5), new Float64Array(2))).code).toBe('E_PROBLEM_SHAPE');
  });

  test('should refuse mu of the wrong length', () => {
    expect(failure(() => new FrictionContactProblem(W2, new Float64Array(6), new Float64Array(3))).code).toBe('E_PROBLEM_SHAPE');
  });

  test('should refuse a non-finite q entry, naming its index', () => {
    const q = new Float64Array(6);
    q[4] = Infinity;
    expect(failure(() => new FrictionContactProblem(W2, q, new Float64Array(2)))).toEqual({ code: 'E_NOT_FINITE', index: 4 });
  });

  test('should refuse a negative mu, naming the contact', () => {
    expect(failure(() => new FrictionContactProblem(W2, new Float64Array(6), Float64Array.of(0.1, -0.2)))).toEqual({ code: 'E_INVALID_MU', index: 1 });
  });

  test(`should refuse a mu above MAX_FRICTION (${MAX_FRICTION}), naming the contact and the bound, and accept it at the bound`, () => {
    expect(failure(() => new FrictionContactProblem(W2, new Float64Array(6), Float64Array.of(0.1, 1e300)))).toEqual({ code: 'E_INVALID_MU', index: 1 });
    expect(() => new FrictionContactProblem(W2, new Float64Array(6), Float64Array.of(0.1, 1e300))).toThrow(/^mu\[1\] = 1e\+300 is above 1000000, the largest/);
    expect(new FrictionContactProblem(W2, new Float64Array(6), Float64Array.of(MAX_FRICTION, 0)).mu[0]).toBe(1e6);
  });

  test('should refuse a NaN mu', () => {
    expect(failure(() => new FrictionContactProblem(W2, new Float64Array(6), Float64Array.of(NaN, 0)))).toEqual({ code: 'E_NOT_FINITE', index: 0 });
  });

  test('should give a frictionless copy sharing W and q', () => {
    const p = new FrictionContactProblem(W2, new Float64Array(6), Float64Array.of(0.3, 0.5));
    const f = p.frictionless();
    expect([...f.mu]).toEqual([0, 0]);
    expect(f.W).toBe(p.W);
  });
});
