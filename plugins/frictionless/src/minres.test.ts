import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { Rng } from '@moreau/conformance';
import { Minres, type MinresOptions } from './minres.js';

/** y = A x for a dense symmetric A (row-major, n × n). */
const dense = (A: number[], n: number) => (x: Float64Array, y: Float64Array) => {
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let j = 0; j < n; j++) s += A[i * n + j] * x[j];
    y[i] = s;
  }
};

/** A = Q diag(λ) Qᵀ with Q from Gram–Schmidt on random vectors: symmetric with eigenvalues λ. */
function symmetric(lambda: number[], seed: number): number[] {
  const n = lambda.length, rng = new Rng(seed);
  const Q: number[][] = [];
  for (let k = 0; k < n; k++) {
    const v = Array.from({ length: n }, () => rng.uniform(-1, 1));
    for (const q of Q) {
      const d = v.reduce((s, x, i) => s + x * q[i], 0);
      for (let i = 0; i < n; i++) v[i] -= d * q[i];
    }
    const nv = Math.hypot(...v);
    Q.push(v.map((x) => x / nv));
  }
  const A = new Array<number>(n * n).fill(0);
  for (let k = 0; k < n; k++) for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) A[i * n + j] += lambda[k] * Q[k][i] * Q[k][j];
  return A;
}

const residual = (A: number[], x: Float64Array, b: Float64Array): number => {
  const n = b.length, y = new Float64Array(n);
  dense(A, n)(x, y);
  return Math.hypot(...Array.from(b, (v, i) => v - y[i]));
};

const EXACT: MinresOptions = { maxIterations: 100, eta2: 0, deadline: Infinity, target: 0 };

describe('MINRES', () => {
  test('should solve symmetric systems, definite or not, to rounding in at most n iterations', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 1e6 }), fc.boolean(), (n, seed, indefinite) => {
      const rng = new Rng(seed);
      // Eigenvalues in [0.1, 10] (κ ≤ 100), with signs mixed when indefinite.
      const lambda = Array.from({ length: n }, (_, k) => rng.uniform(0.1, 10) * (indefinite && k % 2 ? -1 : 1));
      const A = symmetric(lambda, seed);
      const b = Float64Array.from({ length: n }, () => rng.uniform(-1, 1));
      const x = new Float64Array(n);
      const out = new Minres(n).solve(dense(A, n), b, x, EXACT);
      expect(out.stop).toBe('solved');
      expect(out.iterations).toBeLessThanOrEqual(n);
      // Backward stable to about κ ε ‖b‖: 1e-12 leaves a hundredfold margin at κ = 100.
      expect(residual(A, x, b)).toBeLessThanOrEqual(1e-12 * Math.hypot(...b));
    }), { numRuns: 100 });
  });

  test('should solve a consistent singular system (A only semidefinite, the case for which paper 002 takes MINRES)', () => {
    const A = symmetric([0, 0, 1, 2, 3], 4);
    const xTrue = Float64Array.of(1, -1, 2, 0.5, 1);
    const b = new Float64Array(5);
    dense(A, 5)(xTrue, b); // b in the range of A
    const x = new Float64Array(5);
    const out = new Minres(5).solve(dense(A, 5), b, x, EXACT);
    expect(out.stop).toBe('solved');
    expect(residual(A, x, b)).toBeLessThanOrEqual(1e-13 * Math.hypot(...b));
  });

  test('should stop at the cap, at the target, and when it turns sluggish', () => {
    const n = 30;
    const A = symmetric(Array.from({ length: n }, (_, k) => 1 + k * k), 9); // κ = 842: many iterations
    const b = Float64Array.from({ length: n }, (_, i) => Math.sin(i + 1));
    const x = new Float64Array(n), ws = new Minres(n);
    expect(ws.solve(dense(A, n), b, x, { ...EXACT, maxIterations: 3 })).toMatchObject({ iterations: 3, stop: 'cap' });
    const exact = ws.solve(dense(A, n), b, x, EXACT);
    const half = ws.solve(dense(A, n), b, x, { ...EXACT, target: 1e-3 * Math.hypot(...b) });
    expect(half.stop).toBe('solved');
    expect(half.residual).toBeLessThanOrEqual(1e-3 * Math.hypot(...b));
    expect(half.iterations).toBeLessThan(exact.iterations);
    // η₂ = 0.5: stops at the first iteration whose drop is at most half the best one so far.
    const sluggish = ws.solve(dense(A, n), b, x, { ...EXACT, eta2: 0.5 });
    expect(sluggish.stop).toBe('sluggish');
    expect(sluggish.iterations).toBeLessThan(exact.iterations);
  });

  test('should return x = 0 for b = 0 and reuse its workspace for shorter systems', () => {
    const ws = new Minres(6), x = Float64Array.of(5, 5);
    expect(ws.solve(dense([2, 0, 0, 3], 2), new Float64Array(2), x, EXACT)).toMatchObject({ iterations: 0, stop: 'solved' });
    expect(Array.from(x)).toEqual([0, 0]);
    ws.solve(dense([2, 0, 0, 4], 2), Float64Array.of(2, 8), x, EXACT);
    expect(Math.abs(x[0] - 1) + Math.abs(x[1] - 2)).toBeLessThanOrEqual(4 * Number.EPSILON);
  });
});
