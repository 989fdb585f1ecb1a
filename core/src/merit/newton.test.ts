import { describe, expect, test } from 'vitest';
import { BlockSparseMatrix } from '../problem/block-sparse-matrix.js';
import { FrictionContactProblem } from '../problem/friction-contact-problem.js';
import { NewtonMerit } from './newton.js';
import { symmetricBlockLambdaMax } from './block-eigen.js';

const W = BlockSparseMatrix.fromDense(3, [2, 0, 0, 0, 1, 0, 0, 0, 1]);

describe('newton merit (paper 004 eq 63)', () => {
  test('should vanish at stick, slip and separation solutions', () => {
    const m = new NewtonMerit();
    const stick = new FrictionContactProblem(W, Float64Array.of(-2, -0.1, 0), Float64Array.of(0.5));
    expect(m.evaluate(stick, Float64Array.of(1, 0.1, 0))).toBeLessThan(1e-30);
    const slip = new FrictionContactProblem(W, Float64Array.of(-2, 2.5, 0), Float64Array.of(0.5));
    expect(m.evaluate(slip, Float64Array.of(1, -0.5, 0))).toBeLessThan(1e-30);
    const sep = new FrictionContactProblem(W, Float64Array.of(1, 0.3, 0), Float64Array.of(0.5));
    expect(m.evaluate(sep, new Float64Array(3))).toBe(0);
  });

  test('should be positive away from a solution and use the given u when passed', () => {
    const m = new NewtonMerit();
    const p = new FrictionContactProblem(W, Float64Array.of(-2, -0.1, 0), Float64Array.of(0.5));
    const r = Float64Array.of(0.5, 0, 0);
    const value = m.evaluate(p, r);
    expect(value).toBeGreaterThan(0);
    expect(m.evaluate(p, r, Float64Array.of(-1, -0.1, 0))).toBe(value);
  });
});

describe('symmetricBlockLambdaMax', () => {
  test('should match the largest eigenvalue of known blocks', () => {
    expect(symmetricBlockLambdaMax(Float64Array.of(2, 0, 0, 0, 1, 0, 0, 0, 3), 0)).toBe(3);
    // [[2,1,0],[1,2,0],[0,0,1]] has eigenvalues 3, 1, 1
    expect(symmetricBlockLambdaMax(Float64Array.of(2, 1, 0, 1, 2, 0, 0, 0, 1), 0)).toBeCloseTo(3, 14);
    // unsymmetric: symmetric part of [[1,2,0],[0,1,0],[0,0,0]] is [[1,1,0],[1,1,0],[0,0,0]] -> 2
    expect(symmetricBlockLambdaMax(Float64Array.of(1, 2, 0, 0, 1, 0, 0, 0, 0), 0)).toBeCloseTo(2, 14);
  });

  test('should scale with the block from 1e-300 to 1e300 instead of overflowing the cubic', () => {
    // λmax is homogeneous of degree 1; the cubic's coefficients hold cubes of the entries
    for (const s of [1e-300, 1e200, 1e300]) {
      const b = Float64Array.of(2, 1, 0, 1, 2, 0, 0, 0, 1).map((v) => v * s);
      expect(symmetricBlockLambdaMax(b, 0) / s).toBeCloseTo(3, 13);
    }
  });
});
