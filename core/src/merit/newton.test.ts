import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { BlockSparseMatrix } from '../problem/block-sparse-matrix.js';
import { FrictionContactProblem } from '../problem/friction-contact-problem.js';
import newtonPlugin, { NewtonMerit } from './newton.js';
import { symmetricEigen3 } from '../linalg/symmetric-eigen3.js';
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

  test('should keep a subnormal block finite (1/max|a| overflows there)', () => {
    // entries of 1e-310 and 2e-310: eigenvalues (3, 1, 1) · 1e-310, and 2e-310 for a diagonal block
    const b = Float64Array.of(2, 1, 0, 1, 2, 0, 0, 0, 1).map((v) => v * 1e-310);
    expect(symmetricBlockLambdaMax(b, 0) / 1e-310).toBeCloseTo(3, 5);
    expect(symmetricBlockLambdaMax(Float64Array.of(2e-310, 0, 0, 0, 1e-310, 0, 0, 0, 1e-310), 0)).toBe(2e-310);
    // a skew block has a zero symmetric part's largest eigenvalue
    expect(symmetricBlockLambdaMax(Float64Array.of(0, 1e-310, 0, -1e-310, 0, 0, 0, 0, 0), 0)).toBe(0);
  });
});

test('should evaluate C at the u passed in, not at W r + q, when the two differ', () => {
  // r = [1, 0.1, 0] sticks exactly (W r + q = 0), so the merit of r alone is 0.
  // With u = [1, 0.3, 0] and ρ = 1: d_N = 0, d_T = [-0.2, 0], max(μ d_N, ‖d_T‖) = 0.2,
  // C_T = [0.2 · 0.1, 0], C_N = 1 − max(0, 0) = 1, so ½ CᵀC = ½ (1 + 0.0004) = 0.5002.
  const m = new NewtonMerit(1);
  const p = new FrictionContactProblem(W, Float64Array.of(-2, -0.1, 0), Float64Array.of(0.5));
  const r = Float64Array.of(1, 0.1, 0);
  const u = Float64Array.of(1, 0.3, 0);
  expect(m.evaluate(p, r)).toBe(0);
  expect(m.evaluate(p, r, u)).toBeCloseTo(0.5002, 15);
  expect(Array.from(u)).toEqual([1, 0.3, 0]);
  expect(m.evaluate(p, r)).toBe(0);
});

describe('newton merit, by hand on coupled cases', () => {
  // Two contacts, W = diag(2, 1, 1, 4, 1, 1): ρ = 1/λmax(W_αα) = 0.5 and 0.25, μ = 0.5.
  // Contact 1: u = (1, 0.7, 0.2), d = (0.5, −0.15, 0.2): μ d_N = ‖d_T‖ = 0.25, max(0, d_N) = 0.5,
  //   C_T = 0.25 (0.2, 0.3) − 0.5·0.5 (−0.15, 0.2) = (0.0875, 0.025), C_N = 1 − 0.5 = 0.5.
  // Contact 2: u = (1.8, 0, 0.7), d = (−0.25, 0, 0.225): max(μ d_N, ‖d_T‖) = 0.225, max(0, d_N) = 0,
  //   C_T = 0.225 (0, 0.4) = (0, 0.09), C_N = 0.2.
  // ½ CᵀC = ½ (0.0875² + 0.025² + 0.25 + 0.09² + 0.04) = 0.153190625.
  const W2 = BlockSparseMatrix.fromDense(6, [
    2, 0, 0, 0, 0, 0,
    0, 1, 0, 0, 0, 0,
    0, 0, 1, 0, 0, 0,
    0, 0, 0, 4, 0, 0,
    0, 0, 0, 0, 1, 0,
    0, 0, 0, 0, 0, 1,
  ]);
  const p2 = new FrictionContactProblem(W2, Float64Array.of(-1, 0.5, -0.1, 1, 0, 0.3), Float64Array.of(0.5, 0.5));
  const r2 = Float64Array.of(1, 0.2, 0.3, 0.2, 0, 0.4);

  test('should give ½ CᵀC of paper 004 eqs 43-46 with ρ_α = 1/λmax(W_αα) per contact', () => {
    expect(new NewtonMerit().evaluate(p2, r2)).toBeCloseTo(0.153190625, 15);
  });

  test('should recompute ρ for a new problem, also of another size', () => {
    const m = new NewtonMerit();
    const one = new FrictionContactProblem(BlockSparseMatrix.fromDense(3, [8, 0, 0, 0, 1, 0, 0, 0, 1]), Float64Array.of(-1, 0.5, 0), Float64Array.of(0.5));
    m.evaluate(one, Float64Array.of(1, 0.2, 0));
    expect(m.evaluate(p2, r2)).toBeCloseTo(0.153190625, 15);
  });

  test('should take ρ = 1 for a zero diagonal block (a contact nothing moves)', () => {
    // u = q = (−1, 0, 0), d = (1.5, 0, 0) with ρ = 1: C = (0, 0, 0.5 − 1.5), ½ CᵀC = 0.5
    const zero = new FrictionContactProblem(BlockSparseMatrix.fromDense(3, new Array(9).fill(0)), Float64Array.of(-1, 0, 0), Float64Array.of(0));
    expect(new NewtonMerit().evaluate(zero, Float64Array.of(0.5, 0, 0))).toBe(0.5);
  });

  test('should report Infinity, not NaN, for a non-finite r', () => {
    expect(new NewtonMerit().evaluate(p2, Float64Array.of(NaN, 0, 0, 0, 0, 0))).toBe(Infinity);
  });
});

describe('newton merit plugin', () => {
  test('should be named newton and pass its rho option to the merit', () => {
    expect(new NewtonMerit().name).toBe('newton');
    expect(newtonPlugin.name).toBe('newton');
    expect(newtonPlugin.summary.length).toBeGreaterThan(0);
    expect(newtonPlugin.options.shape.rho.description?.length).toBeGreaterThan(0);
    // ρ = 1 on the one-contact case above gives 0.5002; the default ρ = 1/λmax = 0.5 does not
    const m = newtonPlugin.create(newtonPlugin.options.parse({ rho: 1 }), undefined as never);
    const p = new FrictionContactProblem(W, Float64Array.of(-2, -0.1, 0), Float64Array.of(0.5));
    expect(m.evaluate(p, Float64Array.of(1, 0.1, 0), Float64Array.of(1, 0.3, 0))).toBeCloseTo(0.5002, 15);
    expect(newtonPlugin.create(newtonPlugin.options.parse({}), undefined as never)).toBeInstanceOf(NewtonMerit);
  });
});

describe('symmetricBlockLambdaMax against Jacobi eigenvalues', () => {
  test('should be 0 for a zero block and c for c I (no 0/0 in the cubic)', () => {
    expect(symmetricBlockLambdaMax(new Float64Array(9), 0)).toBe(0);
    expect(symmetricBlockLambdaMax(Float64Array.of(2, 0, 0, 0, 2, 0, 0, 0, 2), 0)).toBe(2);
  });

  test('should match the largest eigenvalue of the symmetric part of random unsymmetric blocks', () => {
    const arb = fc.array(fc.double({ min: -3, max: 3, noNaN: true }), { minLength: 9, maxLength: 9 });
    fc.assert(fc.property(arb, fc.nat(8), (a, at) => {
      const block = new Float64Array(18).fill(Number.NaN);
      block.set(a, at); // read at an offset
      const sym = [0, 1, 2, 3, 4, 5, 6, 7, 8].map((k) => 0.5 * (a[k] + a[3 * (k % 3) + Math.floor(k / 3)]));
      const expected = Math.max(...symmetricEigen3(sym).values);
      // The trigonometric solution loses half the digits near a double eigenvalue (acos at ±1):
      // √ε ≈ 1.5e-8 relative. It only sets the scale ρ, so 1e-7 is the contract.
      const scale = Math.max(1, ...a.map(Math.abs));
      expect(Math.abs(symmetricBlockLambdaMax(block, at) - expected)).toBeLessThanOrEqual(1e-7 * scale);
    }), { numRuns: 300 });
  });
});
