import { BlockSparseMatrix, denseSolve, FrictionContactProblem } from '@moreau/core';
import { constraints } from '../constraints.js';

/** A small problem from a dense row-major W (n = 3 · contacts), q and μ. */
export function denseProblem(W: number[], q: number[], mu: number[]): FrictionContactProblem {
  return new FrictionContactProblem(BlockSparseMatrix.fromDense(q.length, W), Float64Array.from(q), Float64Array.from(mu));
}

/** Central-difference Jacobian (row-major n x n) of f at x. */
export function jacobian(f: (x: Float64Array) => Float64Array, x: Float64Array, h = 1e-6): Float64Array {
  const n = x.length;
  const J = new Float64Array(n * n);
  const xp = Float64Array.from(x), xm = Float64Array.from(x);
  for (let j = 0; j < n; j++) {
    const step = h * Math.max(1, Math.abs(x[j]));
    xp[j] = x[j] + step;
    xm[j] = x[j] - step;
    const fp = f(xp), fm = f(xm);
    for (let i = 0; i < n; i++) J[i * n + j] = (fp[i] - fm[i]) / (2 * step);
    xp[j] = xm[j] = x[j];
  }
  return J;
}

/**
 * The Newton step of C(R, U) = 0 linearised at (R, U) under the velocity update
 * δU = W δR + T (paper 004 eqs 66-67), with both partial Jacobians of C by
 * finite differences: (J_R + J_U W) δR = −C − J_U T.
 * `c` defaults to the constraint operator of eqs 42-46.
 */
export function finiteDifferenceStep(
  p: FrictionContactProblem, r: Float64Array, u: Float64Array, rho: Float64Array,
  c: (r: Float64Array, u: Float64Array) => Float64Array = (rr, uu) => constraints(p, rr, uu, rho, new Float64Array(p.size)),
): { step: Float64Array; jr: Float64Array; ju: Float64Array; value: Float64Array } {
  const n = p.size;
  const W = p.W.toDense();
  const jr = jacobian((x) => c(x, u), r);
  const ju = jacobian((x) => c(r, x), u);
  const value = c(r, u);
  const t = residual(p, r, u);
  const A = new Float64Array(n * n), b = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let jt = 0;
    for (let k = 0; k < n; k++) jt += ju[i * n + k] * t[k];
    b[i] = -value[i] - jt;
    for (let j = 0; j < n; j++) {
      let s = jr[i * n + j];
      for (let k = 0; k < n; k++) s += ju[i * n + k] * W[k * n + j];
      A[i * n + j] = s;
    }
  }
  return { step: denseSolve(A, n, b), jr, ju, value };
}

/** T = W R + q − U (eq 67). */
export function residual(p: FrictionContactProblem, r: Float64Array, u: Float64Array): Float64Array {
  const n = p.size, W = p.W.toDense();
  const t = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = p.q[i] - u[i];
    for (let j = 0; j < n; j++) s += W[i * n + j] * r[j];
    t[i] = s;
  }
  return t;
}

/** W R + q. */
export function velocity(p: FrictionContactProblem, r: Float64Array): Float64Array {
  const t = residual(p, r, new Float64Array(p.size));
  return t;
}

/** Max-norm distance of two vectors relative to the larger of their max-norms (and 1e-300). */
export function relativeDistance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let d = 0, s = 1e-300;
  for (let i = 0; i < a.length; i++) {
    d = Math.max(d, Math.abs(a[i] - b[i]));
    s = Math.max(s, Math.abs(a[i]), Math.abs(b[i]));
  }
  return d / s;
}
