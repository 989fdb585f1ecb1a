import { bsrMul } from '../linalg/bsr-matvec.js';
import type { BsrMulKernel } from '../linalg/bsr-mul-wasm-choice.js';
import type { BlockSparseMatrix } from '../problem/block-sparse-matrix.js';
import { hypot2 } from './hypot2.js';
import { smoothedPolarProjectionWithGradient } from './smoothed-projection.js';

/**
 * The smoothed constraint function of paper 000 §6 (eq 41), U and R independent:
 *
 *     C_ω(U, R) = F_ω(U) + m_ω(R − F_ω(U)),   m_ω = smoothed projection onto K° (eq 30),
 *
 * and its linearisation dC_ω = X dU + Y dR (eq 42) with the 3x3-block diagonal
 *
 *     X = (I − ∂m_ω/∂S) ∂F_ω/∂U   (eq 43),   Y = ∂m_ω/∂S   (eq 44),
 *
 * so that along U = W R + B the gradient is ∇C_ω(R) = X W + Y (eq 49), applied
 * matrix-free by `applyGradC`. Normal first; blocks are 9 row-major values per contact.
 * For ω = 0 this is the unsmoothed C of eq 15, zero exactly at a solution; X and Y are then
 * a generalised derivative, with one-sided choices at the kinks (see the kernels' docs).
 */

/**
 * C_ω of contact a (offsets 3a in U, R, C and 9a in X, Y) for friction coefficient mu.
 * X and Y may be null when only C is wanted. Allocates nothing and keeps no state:
 * S = R − F_ω(U) is formed in C itself, and when Y is null the gradient of m_ω is formed
 * in X and turned into X in place, row by row.
 * With `scale` s ≠ 1 the unknown is R/s against U = (sW)(R/s) + q (a reaction scale): C_ω is
 * taken at (U, R/s) and X is stored as s X, so that X W + Y is the gradient in R/s.
 * s = 1 changes no bit (division and product by 1 are exact).
 */
export function cOmegaContact(
  U: Float64Array, R: Float64Array, a: number, mu: number, omega: number,
  C: Float64Array, X: Float64Array | null, Y: Float64Array | null, scale = 1,
): void {
  const o = 3 * a, b = 9 * a;
  const un = U[o], t1 = U[o + 1], t2 = U[o + 2];
  // F_ω(U), paper 000 eq 39 (see smoothed-f.ts), inlined to share √(‖U_T‖² + ω²).
  const rho = hypot2(t1, t2);
  const n = hypot2(rho, omega);
  const fn = un + (rho > 0 ? mu * rho * (rho / (n + omega)) : 0);
  // U's block is in locals and R's is read entry by entry before C's is written: C may be U or R.
  C[o] = R[o] / scale - fn; C[o + 1] = R[o + 1] / scale - t1; C[o + 2] = R[o + 2] / scale - t2;
  smoothedPolarProjectionWithGradient(C, o, Y ?? X, b, C, o, mu, omega);
  C[o] += fn; C[o + 1] += t1; C[o + 2] += t2;
  if (X === null) return;
  const G = Y ?? X;
  // X = (I − G) ∂F_ω/∂U; ∂F_ω/∂U is the identity plus μ v in the first row (v = U_T/n).
  // Row i of X needs only row i of G, read before it is written: G may be X.
  const k = n > 0 ? mu / n : 0;
  const v1 = k * t1, v2 = k * t2;
  for (let i = 0; i < 3; i++) {
    const r = b + 3 * i;
    const m0 = (i === 0 ? 1 : 0) - G[r];
    const m1 = (i === 1 ? 1 : 0) - G[r + 1];
    const m2 = (i === 2 ? 1 : 0) - G[r + 2];
    X[r] = m0 * scale;
    X[r + 1] = (m1 + v1 * m0) * scale;
    X[r + 2] = (m2 + v2 * m0) * scale;
  }
}

/**
 * C_ω(U, R) for every contact into C (3 per contact), and X, Y (9 per contact, row-major)
 * when they are not null (paper 000 eqs 41-44). mu has one entry per contact; U, R, C have
 * length 3·mu.length, X and Y 9·mu.length. C may be U or R (each contact is read before it is
 * written). `scale`: the reaction scale of `cOmegaContact`. Allocates nothing.
 */
export function computeCOmega(
  U: Float64Array, R: Float64Array, mu: Float64Array, omega: number,
  C: Float64Array, X: Float64Array | null = null, Y: Float64Array | null = null, scale = 1,
): void {
  for (let a = 0; a < mu.length; a++) cOmegaContact(U, R, a, mu[a], omega, C, X, Y, scale);
}

/**
 * out = (X W + Y) x = ∇C_ω(R) x (paper 000 eq 49), matrix-free: one shared BSR mat-vec
 * into tmp, then the block-diagonal X and Y. tmp must alias neither x nor out; out may be x.
 * `kernel`, when given, makes the product (it must be in `use` of this W).
 * @returns out
 */
export function applyGradC(
  W: BlockSparseMatrix, X: Float64Array, Y: Float64Array, x: Float64Array, out: Float64Array, tmp: Float64Array,
  kernel?: BsrMulKernel,
): Float64Array {
  if (kernel) kernel.mul(x, tmp);
  else bsrMul(W, x, tmp);
  for (let a = 0, nc = W.blockRows; a < nc; a++) {
    const o = 3 * a, b = 9 * a;
    const w0 = tmp[o], w1 = tmp[o + 1], w2 = tmp[o + 2];
    const x0 = x[o], x1 = x[o + 1], x2 = x[o + 2];
    out[o] = X[b] * w0 + X[b + 1] * w1 + X[b + 2] * w2 + Y[b] * x0 + Y[b + 1] * x1 + Y[b + 2] * x2;
    out[o + 1] = X[b + 3] * w0 + X[b + 4] * w1 + X[b + 5] * w2 + Y[b + 3] * x0 + Y[b + 4] * x1 + Y[b + 5] * x2;
    out[o + 2] = X[b + 6] * w0 + X[b + 7] * w1 + X[b + 8] * w2 + Y[b + 6] * x0 + Y[b + 7] * x1 + Y[b + 8] * x2;
  }
  return out;
}
