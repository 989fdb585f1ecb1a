import { MoreauError } from '../contracts/errors.js';
import { DBL_EPSILON } from './constants.js';

/**
 * Small dense factorisations for row-major n x n matrices held in a
 * Float64Array: LU with partial pivoting for general systems, Cholesky for
 * symmetric positive definite ones (mass matrices, tests). O(n³); meant for
 * blocks and small systems, not for W.
 */

/** An LU factorisation P A = L U: `lu` holds L (unit diagonal, not stored) below and U on and above the diagonal. */
export interface LuFactors {
  readonly n: number;
  readonly lu: Float64Array;
  /** Row i of P A is row piv[i] of A. */
  readonly piv: Int32Array;
}

function checkSquare(a: ArrayLike<number>, n: number, what: string): void {
  if (!Number.isInteger(n) || n < 0 || a.length !== n * n) {
    throw new MoreauError('E_PROBLEM_SHAPE', `${what}: expected ${n} x ${n} = ${n * n} values, got ${a.length}`);
  }
}

function maxAbs(a: Float64Array): number {
  let m = 0;
  for (let i = 0; i < a.length; i++) {
    const v = Math.abs(a[i]);
    if (!Number.isFinite(v)) return Infinity;
    if (v > m) m = v;
  }
  return m;
}

/**
 * Factors P A = L U with partial pivoting. `a` is copied unless `inPlace`.
 * A pivot below n·eps·max|A| (numerically singular) or a non-finite entry is
 * an E_SOLVER_BREAKDOWN naming the column.
 * @returns the factors
 */
export function luFactor(a: Float64Array, n: number, inPlace = false): LuFactors {
  checkSquare(a, n, 'luFactor');
  const lu = inPlace ? a : Float64Array.from(a);
  const piv = new Int32Array(n);
  for (let i = 0; i < n; i++) piv[i] = i;
  const scale = maxAbs(lu);
  if (!Number.isFinite(scale)) throw new MoreauError('E_NOT_FINITE', 'luFactor: the matrix has a non-finite entry');
  const tiny = Math.max(n * DBL_EPSILON * scale, Number.MIN_VALUE);
  for (let c = 0; c < n; c++) {
    let p = c, best = Math.abs(lu[c * n + c]);
    for (let r = c + 1; r < n; r++) {
      const v = Math.abs(lu[r * n + c]);
      if (v > best) { best = v; p = r; }
    }
    if (best < tiny) throw new MoreauError('E_SOLVER_BREAKDOWN', `luFactor: matrix is singular at column ${c}`, { index: c });
    if (p !== c) {
      for (let t = 0; t < n; t++) {
        const s = lu[c * n + t];
        lu[c * n + t] = lu[p * n + t];
        lu[p * n + t] = s;
      }
      const s = piv[c]; piv[c] = piv[p]; piv[p] = s;
    }
    const d = lu[c * n + c];
    for (let r = c + 1; r < n; r++) {
      const f = (lu[r * n + c] /= d);
      if (f === 0) continue;
      for (let t = c + 1; t < n; t++) lu[r * n + t] -= f * lu[c * n + t];
    }
  }
  return { n, lu, piv };
}

/**
 * Solves A x = b from `luFactor`'s factors. `out` may alias `b`.
 * @returns out
 */
export function luSolve(f: LuFactors, b: Float64Array, out: Float64Array = new Float64Array(f.n)): Float64Array {
  const { n, lu, piv } = f;
  if (b.length !== n || out.length !== n) {
    throw new MoreauError('E_PROBLEM_SHAPE', `luSolve: vectors must have length ${n} (b ${b.length}, out ${out.length})`);
  }
  if (out === b) {
    // permute through a copy, since out would overwrite entries still to be read
    const c = Float64Array.from(b);
    for (let i = 0; i < n; i++) out[i] = c[piv[i]];
  } else {
    for (let i = 0; i < n; i++) out[i] = b[piv[i]];
  }
  for (let i = 1; i < n; i++) {
    let s = out[i];
    for (let t = 0; t < i; t++) s -= lu[i * n + t] * out[t];
    out[i] = s;
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = out[i];
    for (let t = i + 1; t < n; t++) s -= lu[i * n + t] * out[t];
    out[i] = s / lu[i * n + i];
  }
  return out;
}

/**
 * Factors a symmetric positive definite A = L Lᵀ, reading the lower triangle.
 * Returns L row-major with the strict upper triangle zeroed; `a` is copied
 * unless `inPlace`. A non-positive pivot (A not positive definite) is an
 * E_SOLVER_BREAKDOWN naming the row.
 * @returns L
 */
export function choleskyFactor(a: Float64Array, n: number, inPlace = false): Float64Array {
  checkSquare(a, n, 'choleskyFactor');
  const l = inPlace ? a : Float64Array.from(a);
  const scale = maxAbs(l);
  if (!Number.isFinite(scale)) throw new MoreauError('E_NOT_FINITE', 'choleskyFactor: the matrix has a non-finite entry');
  const tiny = n * DBL_EPSILON * scale;
  for (let j = 0; j < n; j++) {
    let d = l[j * n + j];
    for (let t = 0; t < j; t++) d -= l[j * n + t] * l[j * n + t];
    if (!(d > tiny)) {
      throw new MoreauError('E_SOLVER_BREAKDOWN', `choleskyFactor: matrix is not positive definite at row ${j}`, { index: j });
    }
    const ljj = Math.sqrt(d);
    l[j * n + j] = ljj;
    for (let i = j + 1; i < n; i++) {
      let s = l[i * n + j];
      for (let t = 0; t < j; t++) s -= l[i * n + t] * l[j * n + t];
      l[i * n + j] = s / ljj;
    }
    for (let t = j + 1; t < n; t++) l[j * n + t] = 0;
  }
  return l;
}

/**
 * Solves A x = b from the Cholesky factor L of A. `out` may alias `b`.
 * @returns out
 */
export function choleskySolve(l: Float64Array, n: number, b: Float64Array, out: Float64Array = new Float64Array(n)): Float64Array {
  if (l.length !== n * n || b.length !== n || out.length !== n) {
    throw new MoreauError('E_PROBLEM_SHAPE', `choleskySolve: expected L ${n} x ${n} and vectors of length ${n}`);
  }
  for (let i = 0; i < n; i++) {
    let s = b[i];
    for (let t = 0; t < i; t++) s -= l[i * n + t] * out[t];
    out[i] = s / l[i * n + i];
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = out[i];
    for (let t = i + 1; t < n; t++) s -= l[t * n + i] * out[t];
    out[i] = s / l[i * n + i];
  }
  return out;
}

/**
 * Solves the dense system A x = b (LU with partial pivoting) without touching `a` or `b`.
 * @returns x
 */
export function denseSolve(a: Float64Array, n: number, b: Float64Array): Float64Array {
  return luSolve(luFactor(a, n), b);
}

/**
 * out = A x for a row-major n x n matrix.
 * @returns out
 */
export function denseMul(a: Float64Array, n: number, x: Float64Array, out: Float64Array = new Float64Array(n)): Float64Array {
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let t = 0; t < n; t++) s += a[i * n + t] * x[t];
    out[i] = s;
  }
  return out;
}
