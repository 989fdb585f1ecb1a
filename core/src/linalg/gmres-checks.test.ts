import { describe, expect, test } from 'vitest';
import { MoreauError } from '../contracts/errors.js';
import { Gmres, type LinearOperator } from './gmres.js';

// What Gmres accepts and refuses, with the codes and messages a caller sees; the edges of
// each range (size 0, restart 1, tolerance 0, no iteration) are accepted.

const identity: LinearOperator = (v, out) => { out.set(v); };

function refusal(fn: () => unknown): MoreauError {
  let thrown: unknown;
  try { fn(); } catch (e) { thrown = e; }
  expect(thrown).toBeInstanceOf(MoreauError);
  return thrown as MoreauError;
}

describe('Gmres checks', () => {
  test('should refuse a size or restart out of range, saying which', () => {
    expect(refusal(() => new Gmres(-1))).toMatchObject({ code: 'E_CONFIG', message: 'Gmres: size must be a non-negative integer, got -1' });
    expect(refusal(() => new Gmres(2.5))).toMatchObject({ code: 'E_CONFIG', message: 'Gmres: size must be a non-negative integer, got 2.5' });
    expect(refusal(() => new Gmres(3, 0))).toMatchObject({ code: 'E_CONFIG', message: 'Gmres: restart must be a positive integer, got 0' });
    expect(refusal(() => new Gmres(3, 1.5))).toMatchObject({ code: 'E_CONFIG', message: 'Gmres: restart must be a positive integer, got 1.5' });
    expect(refusal(() => new Gmres(3).resize(-2))).toMatchObject({ code: 'E_CONFIG', message: 'Gmres: size must be a non-negative integer, got -2' });
    expect(refusal(() => new Gmres(3).resize(0.5))).toMatchObject({ code: 'E_CONFIG' });
  });

  test('should accept size 0 and restart 1', () => {
    const empty = new Gmres(0, 1);
    expect(empty.n).toBe(0);
    expect(empty.solve(identity, new Float64Array(0), new Float64Array(0), { tolerance: 0 }))
      .toEqual({ converged: true, iterations: 0, restarts: 0, matVecs: 0, residualNorm: 0 });
    // GMRES(1) on the identity: one step solves it
    const x = new Float64Array(2);
    expect(new Gmres(2, 1).solve(identity, Float64Array.of(3, 4), x, { tolerance: 1e-14 })).toMatchObject({ converged: true, iterations: 1 });
    expect(x[0]).toBeCloseTo(3, 14);
    expect(x[1]).toBeCloseTo(4, 14);
  });

  test('should refuse options out of range, saying which', () => {
    const gm = new Gmres(3, 2);
    const b = Float64Array.of(1, 0, 0), x = new Float64Array(3);
    expect(refusal(() => gm.solve(identity, new Float64Array(4), x, { tolerance: 1 })))
      .toMatchObject({ code: 'E_PROBLEM_SHAPE', message: 'Gmres: b and x must have length 3 (got 4 and 3)' });
    expect(refusal(() => gm.solve(identity, b, new Float64Array(2), { tolerance: 1 })))
      .toMatchObject({ code: 'E_PROBLEM_SHAPE', message: 'Gmres: b and x must have length 3 (got 3 and 2)' });
    expect(refusal(() => gm.solve(identity, b, b, { tolerance: 1 }))).toMatchObject({ code: 'E_CONFIG', message: 'Gmres: x must not alias b' });
    expect(refusal(() => gm.solve(identity, b, x, { tolerance: Infinity })))
      .toMatchObject({ code: 'E_CONFIG', message: 'Gmres: tolerance must be a finite number >= 0, got Infinity' });
    expect(refusal(() => gm.solve(identity, b, x, { tolerance: 1, maxIterations: -1 })))
      .toMatchObject({ code: 'E_CONFIG', message: 'Gmres: maxIterations must be a non-negative integer, got -1' });
    expect(refusal(() => gm.solve(identity, b, x, { tolerance: 1, preconditioner: new Float64Array(8) })))
      .toMatchObject({ code: 'E_PROBLEM_SHAPE', message: 'Gmres: block-Jacobi preconditioner has 8 values, expected 9 (9 per 3x3 block)' });
    // 9 values fit a 3x3 block, but a size that is not a multiple of 3 has no blocks
    expect(refusal(() => new Gmres(4, 2).solve(identity, new Float64Array(4), new Float64Array(4), { tolerance: 1, preconditioner: new Float64Array(12) })))
      .toMatchObject({ code: 'E_PROBLEM_SHAPE' });
  });

  test('should accept a tolerance of 0 and a cap of 0 iterations', () => {
    const gm = new Gmres(3, 3);
    const x = new Float64Array(3);
    // b = 2 e₁: v₀ = e₁ and y = 2 are exact, so the identity is solved exactly and even tolerance 0 is met
    expect(gm.solve(identity, Float64Array.of(2, 0, 0), x, { tolerance: 0 })).toMatchObject({ converged: true, iterations: 1, residualNorm: 0 });
    const y = new Float64Array(3);
    expect(gm.solve(identity, Float64Array.of(1, 2, 3), y, { tolerance: 0, maxIterations: 0 }))
      .toEqual({ converged: false, iterations: 0, restarts: 0, matVecs: 0, residualNorm: Math.sqrt(14) });
    expect(Array.from(y)).toEqual([0, 0, 0]);
  });

  test('should name a non-finite entry of the initial guess and a non-finite right-hand side', () => {
    const gm = new Gmres(3, 2);
    expect(refusal(() => gm.solve(identity, Float64Array.of(1, 1, 1), Float64Array.of(0, Infinity, 0), { tolerance: 1 })))
      .toMatchObject({ code: 'E_NOT_FINITE', message: 'Gmres: initial guess x[1] = Infinity', where: { index: 1 } });
    expect(refusal(() => gm.solve(identity, Float64Array.of(1, NaN, 1), new Float64Array(3), { tolerance: 1 })))
      .toMatchObject({ code: 'E_NOT_FINITE', message: 'Gmres: right-hand side has a non-finite entry' });
  });

  test('should stop without a step from a warm start that is exact, even at tolerance 0', () => {
    const x = Float64Array.of(1, -2, 3);
    expect(new Gmres(3, 2).solve(identity, Float64Array.of(1, -2, 3), x, { tolerance: 0 }))
      .toEqual({ converged: true, iterations: 0, restarts: 0, matVecs: 1, residualNorm: 0 });
  });

  test('should count a restart only when another cycle follows: 10 steps of GMRES(7) are 7 + 3, one restart', () => {
    // diag(1..50) needs about 50 steps, so the cap of 10 stops it; each cycle ends with one residual check
    const n = 50;
    const A: LinearOperator = (v, out) => { for (let i = 0; i < n; i++) out[i] = (i + 1) * v[i]; };
    const res = new Gmres(n, 7).solve(A, new Float64Array(n).fill(1), new Float64Array(n), { tolerance: 1e-14, maxIterations: 10 });
    expect(res).toMatchObject({ converged: false, iterations: 10, restarts: 1, matVecs: 12 });
  });
});

describe('Gmres preconditioning sides', () => {
  // A = diag(1, 2, 3) and M⁻¹ = A⁻¹: either side solves in one step
  const A: LinearOperator = (v, out) => { for (let i = 0; i < 3; i++) out[i] = (i + 1) * v[i]; };
  const b = Float64Array.of(3, 0, 4);

  test('should precondition the residual itself with side left, the unit basis vector with side right', () => {
    for (const side of ['left', 'right'] as const) {
      const inputs: number[][] = [];
      const M = (r: Float64Array, out: Float64Array) => { inputs.push(Array.from(r)); for (let i = 0; i < 3; i++) out[i] = r[i] / (i + 1); };
      const x = new Float64Array(3);
      expect(new Gmres(3, 3).solve(A, b, x, { tolerance: 1e-12, preconditioner: M, side })).toMatchObject({ converged: true, iterations: 1 });
      for (let i = 0; i < 3; i++) expect(x[i]).toBeCloseTo(b[i] / (i + 1), 14);
      // left: M⁻¹ r₀ = M⁻¹ b starts the cycle; right: M⁻¹ v₀ with v₀ = b / ‖b‖ = b / 5
      const first = inputs[0];
      if (side === 'left') expect(first).toEqual([3, 0, 4]);
      else for (let i = 0; i < 3; i++) expect(first[i]).toBeCloseTo(b[i] / 5, 15);
    }
  });

  test('should refuse a left preconditioner that returns a non-finite value, and stop when it returns 0', () => {
    const nan = (_r: Float64Array, out: Float64Array) => { out.fill(Number.NaN); };
    expect(refusal(() => new Gmres(3, 3).solve(A, b, new Float64Array(3), { tolerance: 1e-12, preconditioner: nan, side: 'left' })))
      .toMatchObject({ code: 'E_NOT_FINITE', message: 'Gmres: preconditioner returned a non-finite value' });
    const zero = (_r: Float64Array, out: Float64Array) => { out.fill(0); };
    const x = new Float64Array(3);
    // M⁻¹ r = 0: the preconditioned system has nothing left to search; x stays the start
    expect(new Gmres(3, 3).solve(A, b, x, { tolerance: 1e-12, preconditioner: zero, side: 'left' }))
      .toEqual({ converged: false, iterations: 0, restarts: 0, matVecs: 0, residualNorm: 5 });
    expect(Array.from(x)).toEqual([0, 0, 0]);
  });

  test('should take the steps of the unpreconditioned solve under M⁻¹ = c I, on either side', () => {
    // c = 2⁻¹⁰ scales every quantity exactly, so the iterates are the same; the left side's
    // inner test must be rescaled by ‖r‖ / ‖M⁻¹ r‖ = 1/c to stop where the plain solve stops.
    const n = 12, c = 2 ** -10;
    const a = new Float64Array(n * n);
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) a[i * n + j] = i === j ? 4 + i : Math.sin(1 + i + 3 * j);
    const op: LinearOperator = (v, out) => {
      for (let i = 0; i < n; i++) { let s = 0; for (let j = 0; j < n; j++) s += a[i * n + j] * v[j]; out[i] = s; }
    };
    const rhs = Float64Array.from({ length: n }, (_, i) => 3 * Math.cos(i));
    const scale = (r: Float64Array, out: Float64Array) => { for (let i = 0; i < n; i++) out[i] = c * r[i]; };
    const blocks = new Float64Array(3 * n);
    for (let k = 0; k < n / 3; k++) for (let t = 0; t < 3; t++) blocks[9 * k + 4 * t] = c;
    const plain = new Gmres(n, n).solve(op, rhs, new Float64Array(n), { tolerance: 1e-9 });
    expect(plain.converged).toBe(true);
    for (const options of [
      { preconditioner: scale, side: 'left' as const }, { preconditioner: scale, side: 'right' as const },
      { preconditioner: blocks, side: 'left' as const }, { preconditioner: blocks },
    ]) {
      const res = new Gmres(n, n).solve(op, rhs, new Float64Array(n), { tolerance: 1e-9, ...options });
      expect(res).toMatchObject({ converged: true, iterations: plain.iterations, restarts: 0 });
    }
  });

  test('should name where a non-finite value came from: the Arnoldi step or the residual check', () => {
    // x₀ = 0: call 1 is the Arnoldi step, call 2 the residual check
    const failingAt = (bad: number): LinearOperator => {
      let calls = 0;
      return (v, out) => { calls++; for (let i = 0; i < v.length; i++) out[i] = calls === bad ? Number.NaN : v[i]; };
    };
    const x = new Float64Array(2);
    expect(refusal(() => new Gmres(2, 2).solve(failingAt(1), Float64Array.of(1, 2), x, { tolerance: 1e-12 })))
      .toMatchObject({ code: 'E_NOT_FINITE', message: 'Gmres: operator or preconditioner returned a non-finite value' });
    const y = new Float64Array(2);
    expect(refusal(() => new Gmres(2, 2).solve(failingAt(2), Float64Array.of(1, 2), y, { tolerance: 1e-12 })))
      .toMatchObject({ code: 'E_NOT_FINITE', message: 'Gmres: operator returned a non-finite value' });
    // the update is undone: x is the start again
    expect(Array.from(y)).toEqual([0, 0]);
  });
});
