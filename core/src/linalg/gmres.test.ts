import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isMoreauError } from '../contracts/errors.js';
import { BlockSparseMatrix } from '../problem/block-sparse-matrix.js';
import { invertDiagonalBlocks } from './block3.js';
import { bsrMul } from './bsr-matvec.js';
import { denseMul, denseSolve } from './dense.js';
import { Gmres, type LinearOperator } from './gmres.js';
import { allFinite, distance, norm2 } from './vector.js';
import { makeRandom, randomBsr, randomVector } from './__fixtures__/random.js';

/** The operator of a dense matrix, counting its applications. */
function denseOperator(a: Float64Array, n: number): LinearOperator & { calls: number } {
  const op = ((x: Float64Array, out: Float64Array) => { op.calls++; denseMul(a, n, x, out); }) as LinearOperator & { calls: number };
  op.calls = 0;
  return op;
}

function trueResidual(a: Float64Array, n: number, b: Float64Array, x: Float64Array): number {
  return distance(denseMul(a, n, x), b);
}

function randomSpd(n: number, rand: () => number): Float64Array {
  const g = randomVector(n * n, rand);
  const s = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) {
    let t = i === j ? 0.5 : 0;
    for (let k = 0; k < n; k++) t += g[i * n + k] * g[j * n + k];
    s[i * n + j] = t;
  }
  return s;
}

function codeOf(fn: () => unknown): string | undefined {
  try { fn(); } catch (e) { return isMoreauError(e) ? e.code : 'not a MoreauError'; }
  return undefined;
}

describe('GMRES', () => {
  test('should solve SPD systems to the absolute tolerance, matching a dense solve, within n steps when m ≥ n', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 24 }), fc.integer({ min: 1, max: 2 ** 30 }), (n, seed) => {
      const rand = makeRandom(seed);
      const a = randomSpd(n, rand);
      const b = randomVector(n, rand);
      const x = new Float64Array(n);
      const op = denseOperator(a, n);
      const res = new Gmres(n, n).solve(op, b, x, { tolerance: 1e-10 });
      expect(res.converged).toBe(true);
      expect(res.restarts).toBe(0);
      expect(res.iterations).toBeLessThanOrEqual(n);
      expect(res.matVecs).toBe(op.calls);
      expect(res.residualNorm).toBeLessThanOrEqual(1e-10);
      expect(Math.abs(res.residualNorm - trueResidual(a, n, b, x))).toBeLessThan(1e-14);
      const ref = denseSolve(a, n, b);
      // ‖x − x*‖ ≤ ‖A⁻¹‖ ‖r‖, and λ_min(A) ≥ 0.5
      expect(distance(x, ref)).toBeLessThanOrEqual(2 * 1e-10 + 1e-12);
    }), { numRuns: 100 });
  });

  test('should solve unsymmetric block-sparse systems (right and left preconditioned, and without)', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 2 ** 30 }), fc.constantFrom('none', 'right', 'left'), (nb, seed, mode) => {
      const rand = makeRandom(seed);
      const W = randomBsr(nb, 0.5, rand, 4);
      const n = W.size;
      const b = randomVector(n, rand);
      const x = randomVector(n, rand); // warm start from garbage
      const P = invertDiagonalBlocks(W);
      const res = new Gmres(n, 8).solve((v, out) => bsrMul(W, v, out), b, x, {
        tolerance: 1e-9,
        maxIterations: 2000,
        preconditioner: mode === 'none' ? undefined : P,
        side: mode === 'left' ? 'left' : 'right',
      });
      expect(res.converged).toBe(true);
      const dense = W.toDense();
      const r = trueResidual(dense, n, b, x);
      expect(r).toBeLessThanOrEqual(1e-9);
      expect(Math.abs(res.residualNorm - r)).toBeLessThan(1e-13);
      const ref = denseSolve(dense, n, b);
      expect(distance(x, ref)).toBeLessThan(1e-6);
    }), { numRuns: 150 });
  });

  test('should restart every m steps and still converge, counting restarts', () => {
    const rand = makeRandom(42);
    const W = randomBsr(20, 0.3, rand, 6);
    const n = W.size;
    const b = randomVector(n, rand);
    const apply: LinearOperator = (v, out) => { bsrMul(W, v, out); };
    const full = new Gmres(n, n).solve(apply, b, new Float64Array(n), { tolerance: 1e-10 });
    const x = new Float64Array(n);
    const res = new Gmres(n, 5).solve(apply, b, x, { tolerance: 1e-10, maxIterations: 5000 });
    expect(full.restarts).toBe(0);
    expect(res.converged).toBe(true);
    expect(res.restarts).toBeGreaterThan(0);
    // every cycle but the last runs the full m = 5 steps
    expect(res.restarts).toBeGreaterThanOrEqual(Math.ceil(res.iterations / 5) - 1);
    expect(trueResidual(W.toDense(), n, b, x)).toBeLessThanOrEqual(1e-10);
    // restarting discards the Krylov space: never fewer steps than full GMRES
    expect(res.iterations).toBeGreaterThanOrEqual(full.iterations);
    // one residual check per cycle, none for the zero initial guess
    expect(res.matVecs).toBe(res.iterations + res.restarts + 1);
  });

  test('should stop without converging when restarted GMRES stagnates, instead of cycling to the cap', () => {
    // a rotation by 90°: GMRES(1) from x = 0 gets no decrease at all (b ⟂ A b)
    const a = Float64Array.of(0, 1, -1, 0);
    const x = new Float64Array(2);
    const res = new Gmres(2, 1).solve(denseOperator(a, 2), Float64Array.of(1, 0), x, { tolerance: 1e-8, maxIterations: 1000 });
    expect(res.converged).toBe(false);
    expect(res.iterations).toBe(1);
    expect(res.residualNorm).toBe(1);
    expect([...x]).toEqual([0, 0]);
    // GMRES(2) solves it
    const ok = new Gmres(2, 2).solve(denseOperator(a, 2), Float64Array.of(1, 0), x, { tolerance: 1e-12 });
    expect(ok.converged).toBe(true);
  });

  test('should treat the tolerance as absolute on ‖b − A x‖', () => {
    const rand = makeRandom(7);
    const n = 30;
    const a = randomSpd(n, rand);
    const b = randomVector(n, rand);
    const big = b.map((v) => v * 1e6);
    for (const tol of [1e-1, 1e-4, 1e-8]) {
      for (const rhs of [b, big]) {
        const x = new Float64Array(n);
        const res = new Gmres(n, 10).solve(denseOperator(a, n), rhs, x, { tolerance: tol, maxIterations: 10_000 });
        expect(res.converged).toBe(true);
        expect(trueResidual(a, n, rhs, x)).toBeLessThanOrEqual(tol);
      }
    }
    // a tolerance above ‖b‖ is met by x = 0 without a step
    const x = new Float64Array(n);
    const res = new Gmres(n, 10).solve(denseOperator(a, n), b, x, { tolerance: 1.01 * norm2(b) });
    expect(res).toEqual({ converged: true, iterations: 0, restarts: 0, matVecs: 0, residualNorm: norm2(b) });
  });

  test('should be helped by the block-Jacobi preconditioner on a badly scaled system', () => {
    const rand = makeRandom(2024);
    const nb = 40;
    const A = randomBsr(nb, 0.1, rand, 6);
    // scale block row i by 10^(-3 .. 3): same solution set, terrible conditioning
    const values = Float64Array.from(A.values);
    for (let i = 0; i < nb; i++) {
      const s = 10 ** (-3 + (6 * i) / (nb - 1));
      for (let k = A.rowPtr[i]; k < A.rowPtr[i + 1]; k++) for (let t = 0; t < 9; t++) values[9 * k + t] *= s;
    }
    const W = new BlockSparseMatrix(nb, A.rowPtr, A.colIdx, values);
    const b = randomVector(W.size, rand);
    const apply: LinearOperator = (v, out) => { bsrMul(W, v, out); };
    const gm = new Gmres(W.size, 20);
    const opts = { tolerance: 1e-8, maxIterations: 600 };
    const plain = gm.solve(apply, b, new Float64Array(W.size), opts);
    const P = invertDiagonalBlocks(W);
    const right = gm.solve(apply, b, new Float64Array(W.size), { ...opts, preconditioner: P });
    const left = gm.solve(apply, b, new Float64Array(W.size), { ...opts, preconditioner: P, side: 'left' });
    expect(right.converged).toBe(true);
    expect(left.converged).toBe(true);
    expect(right.iterations * 5).toBeLessThan(plain.iterations);
    expect(left.iterations * 5).toBeLessThan(plain.iterations);
  });

  test('should accept a function preconditioner', () => {
    const a = Float64Array.of(100, 1, 0, 0, 1, 0.5, 0, 0, 0, 0, 3, 1, 0, 0, 0, 2);
    const diag = Float64Array.of(100, 0.5, 3, 2);
    const x = new Float64Array(4);
    let calls = 0;
    const res = new Gmres(4, 4).solve(denseOperator(a, 4), Float64Array.of(1, 2, 3, 4), x, {
      tolerance: 1e-12,
      preconditioner: (r, out) => { calls++; for (let i = 0; i < 4; i++) out[i] = r[i] / diag[i]; },
    });
    expect(res.converged).toBe(true);
    expect(calls).toBeGreaterThan(0);
    expect(trueResidual(a, 4, Float64Array.of(1, 2, 3, 4), x)).toBeLessThanOrEqual(1e-12);
  });

  test('should return x = 0 after no step for a zero right-hand side', () => {
    const x = Float64Array.of(3, -1, 2);
    const op = denseOperator(Float64Array.of(1, 0, 0, 0, 2, 0, 0, 0, 3), 3);
    const res = new Gmres(3, 2).solve(op, new Float64Array(3), x, { tolerance: 0 });
    expect(res).toEqual({ converged: true, iterations: 0, restarts: 0, matVecs: 0, residualNorm: 0 });
    expect([...x]).toEqual([0, 0, 0]);
    expect(op.calls).toBe(0);
  });

  test('should stop on a happy breakdown: A = 2I is solved in one step', () => {
    const n = 6;
    const x = new Float64Array(n);
    const b = Float64Array.of(1, 2, 3, 4, 5, 6);
    const res = new Gmres(n, 4).solve((v, out) => { for (let i = 0; i < n; i++) out[i] = 2 * v[i]; }, b, x, { tolerance: 1e-14 });
    expect(res.iterations).toBe(1);
    expect(res.converged).toBe(true);
    expect(distance(x, Float64Array.of(0.5, 1, 1.5, 2, 2.5, 3))).toBeLessThan(1e-15);
  });

  test('should stop when GMRES(5) stagnates on an indefinite system, keeping its best x', () => {
    const rand = makeRandom(42);
    const W = randomBsr(20, 0.3, rand, 3);
    const n = W.size;
    const b = randomVector(n, rand);
    const x = new Float64Array(n);
    const res = new Gmres(n, 5).solve((v, out) => { bsrMul(W, v, out); }, b, x, { tolerance: 1e-10, maxIterations: 5000 });
    expect(res.converged).toBe(false);
    expect(res.iterations).toBeLessThan(200);
    expect(res.residualNorm).toBeLessThan(0.1 * norm2(b));
    expect(res.residualNorm).toBeCloseTo(trueResidual(W.toDense(), n, b, x), 12);
  });

  test('should give up without NaN on a singular inconsistent system', () => {
    // A = diag(1, 0): b = [1, 1] has no solution; the best is x = [1, anything]
    const a = Float64Array.of(1, 0, 0, 0);
    const x = new Float64Array(2);
    const res = new Gmres(2, 2).solve(denseOperator(a, 2), Float64Array.of(1, 1), x, { tolerance: 1e-10, maxIterations: 100 });
    expect(res.converged).toBe(false);
    expect(allFinite(x)).toBe(true);
    expect(res.residualNorm).toBeCloseTo(1, 12);
    expect(res.iterations).toBeLessThan(100);
  });

  test('should stop at the iteration cap with the true residual reported', () => {
    const rand = makeRandom(99);
    const n = 50;
    const a = randomSpd(n, rand);
    const b = randomVector(n, rand);
    const x = new Float64Array(n);
    const res = new Gmres(n, 7).solve(denseOperator(a, n), b, x, { tolerance: 1e-14, maxIterations: 10 });
    expect(res.converged).toBe(false);
    expect(res.iterations).toBe(10);
    expect(res.residualNorm).toBeCloseTo(trueResidual(a, n, b, x), 12);
    expect(res.residualNorm).toBeLessThan(norm2(b));
  });

  test('should need no step from an exact warm start, and reuse its workspace across calls', () => {
    const a = Float64Array.of(4, 1, 0, 1, 3, 1, 0, 1, 2);
    const gm = new Gmres(3, 3);
    const x = new Float64Array(3);
    gm.solve(denseOperator(a, 3), Float64Array.of(1, 2, 3), x, { tolerance: 1e-13 });
    const again = gm.solve(denseOperator(a, 3), Float64Array.of(1, 2, 3), x, { tolerance: 1e-13 });
    expect(again.iterations).toBe(0);
    expect(again.matVecs).toBe(1);
    const y = new Float64Array(3);
    const other = gm.solve(denseOperator(a, 3), Float64Array.of(-1, 0, 5), y, { tolerance: 1e-13 });
    expect(other.converged).toBe(true);
    expect(trueResidual(a, 3, Float64Array.of(-1, 0, 5), y)).toBeLessThanOrEqual(1e-13);
  });

  test('should give the bits of a fresh solver after resize, growing or shrinking', () => {
    const solveWith = (gm: Gmres, seed: number, nb: number): { x: Float64Array; iterations: number } => {
      const rand = makeRandom(seed);
      const W = randomBsr(nb, 0.5, rand, 4);
      const x = new Float64Array(W.size);
      const res = gm.solve((v, out) => bsrMul(W, v, out), randomVector(W.size, rand), x, {
        tolerance: 1e-10, maxIterations: 40, preconditioner: invertDiagonalBlocks(W),
      });
      return { x, iterations: res.iterations };
    };
    const reused = new Gmres(30, 5);
    solveWith(reused, 1, 10); // leaves its workspace full of another system's numbers
    for (const [seed, nb] of [[2, 4], [3, 12], [4, 7]]) {
      reused.resize(3 * nb);
      expect(reused.n).toBe(3 * nb);
      const again = solveWith(reused, seed, nb);
      const fresh = solveWith(new Gmres(3 * nb, 5), seed, nb);
      expect(again.iterations).toBe(fresh.iterations);
      expect(Array.from(again.x)).toEqual(Array.from(fresh.x));
    }
    expect(codeOf(() => reused.resize(-1))).toBe('E_CONFIG');
    expect(codeOf(() => reused.resize(2.5))).toBe('E_CONFIG');
  });

  test('should throw E_NOT_FINITE when the operator returns NaN, leaving x finite', () => {
    const x = Float64Array.of(1, 1);
    let calls = 0;
    const code = codeOf(() => new Gmres(2, 2).solve((v, out) => { calls++; out[0] = v[0]; out[1] = calls > 1 ? Number.NaN : v[1]; },
      Float64Array.of(1, 2), x, { tolerance: 1e-10 }));
    expect(code).toBe('E_NOT_FINITE');
    expect(allFinite(x)).toBe(true);
    expect(codeOf(() => new Gmres(2, 2).solve(() => {}, Float64Array.of(1, Number.NaN), new Float64Array(2), { tolerance: 1 }))).toBe('E_NOT_FINITE');
  });

  test('should reject bad sizes and options with codes', () => {
    const op: LinearOperator = (v, out) => { out.set(v); };
    expect(codeOf(() => new Gmres(3, 0))).toBe('E_CONFIG');
    expect(codeOf(() => new Gmres(-1))).toBe('E_CONFIG');
    const gm = new Gmres(3, 2);
    expect(codeOf(() => gm.solve(op, new Float64Array(4), new Float64Array(3), { tolerance: 1 }))).toBe('E_PROBLEM_SHAPE');
    expect(codeOf(() => gm.solve(op, new Float64Array(3), new Float64Array(3), { tolerance: -1 }))).toBe('E_CONFIG');
    expect(codeOf(() => gm.solve(op, new Float64Array(3), new Float64Array(3), { tolerance: Number.NaN }))).toBe('E_CONFIG');
    expect(codeOf(() => gm.solve(op, new Float64Array(3), new Float64Array(3), { tolerance: 1, maxIterations: 1.5 }))).toBe('E_CONFIG');
    expect(codeOf(() => gm.solve(op, new Float64Array(3), new Float64Array(3), { tolerance: 1, preconditioner: new Float64Array(8) }))).toBe('E_PROBLEM_SHAPE');
  });
});
