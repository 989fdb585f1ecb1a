import { MoreauError } from '../contracts/errors.js';
import type { BlockSparseMatrix } from '../problem/block-sparse-matrix.js';

/** Dense 3x3 block kernels; a block is 9 row-major values at an offset of a Float64Array. */

/**
 * Inverts the 3x3 block a[ao..ao+8] into out[oo..oo+8] by the adjugate.
 * @returns the determinant (0 when singular, in which case out is left unchanged)
 */
export function invert3(out: Float64Array, oo: number, a: Float64Array, ao: number): number {
  const a00 = a[ao], a01 = a[ao + 1], a02 = a[ao + 2];
  const a10 = a[ao + 3], a11 = a[ao + 4], a12 = a[ao + 5];
  const a20 = a[ao + 6], a21 = a[ao + 7], a22 = a[ao + 8];
  const c00 = a11 * a22 - a12 * a21, c01 = a12 * a20 - a10 * a22, c02 = a10 * a21 - a11 * a20;
  const det = a00 * c00 + a01 * c01 + a02 * c02;
  const scaleRef = Math.max(Math.abs(a00), Math.abs(a11), Math.abs(a22), Number.MIN_VALUE);
  if (det === 0 || !Number.isFinite(det) || Math.abs(det) <= 1e-300 * scaleRef) return 0;
  const id = 1 / det;
  out[oo] = c00 * id;
  out[oo + 1] = (a02 * a21 - a01 * a22) * id;
  out[oo + 2] = (a01 * a12 - a02 * a11) * id;
  out[oo + 3] = c01 * id;
  out[oo + 4] = (a00 * a22 - a02 * a20) * id;
  out[oo + 5] = (a02 * a10 - a00 * a12) * id;
  out[oo + 6] = c02 * id;
  out[oo + 7] = (a01 * a20 - a00 * a21) * id;
  out[oo + 8] = (a00 * a11 - a01 * a10) * id;
  return det;
}

/** out[oo..oo+2] = A x[xo..xo+2] for the block A = a[ao..ao+8]. */
export function mul3(out: Float64Array, oo: number, a: Float64Array, ao: number, x: Float64Array, xo: number): void {
  const x0 = x[xo], x1 = x[xo + 1], x2 = x[xo + 2];
  out[oo] = a[ao] * x0 + a[ao + 1] * x1 + a[ao + 2] * x2;
  out[oo + 1] = a[ao + 3] * x0 + a[ao + 4] * x1 + a[ao + 5] * x2;
  out[oo + 2] = a[ao + 6] * x0 + a[ao + 7] * x1 + a[ao + 8] * x2;
}

/**
 * Copies the diagonal 3x3 blocks of W into a new array, 9 values per block row.
 * @returns the blocks, row-major
 */
export function extractDiagonalBlocks(W: BlockSparseMatrix, out: Float64Array = new Float64Array(9 * W.blockRows)): Float64Array {
  for (let i = 0; i < W.blockRows; i++) {
    const k = W.diagIdx[i];
    for (let t = 0; t < 9; t++) out[9 * i + t] = W.values[9 * k + t];
  }
  return out;
}

/**
 * Inverts every diagonal 3x3 block of W (block-Jacobi). A singular block is an
 * E_SOLVER_BREAKDOWN naming the contact, unless `onSingular` is 'identity', in
 * which case that block's inverse is taken as 1/max|diag| times the identity.
 * @returns the inverses, 9 values per block row
 */
export function invertDiagonalBlocks(
  W: BlockSparseMatrix,
  out: Float64Array = new Float64Array(9 * W.blockRows),
  onSingular: 'throw' | 'identity' = 'identity',
): Float64Array {
  for (let i = 0; i < W.blockRows; i++) {
    const k = W.diagIdx[i];
    if (invert3(out, 9 * i, W.values, 9 * k) === 0) {
      if (onSingular === 'throw') {
        throw new MoreauError('E_SOLVER_BREAKDOWN', `diagonal block of contact ${i} is singular`, { index: i });
      }
      const v = W.values;
      const d = Math.max(Math.abs(v[9 * k]), Math.abs(v[9 * k + 4]), Math.abs(v[9 * k + 8]));
      out.fill(0, 9 * i, 9 * i + 9);
      const s = d > 0 ? 1 / d : 1;
      out[9 * i] = out[9 * i + 4] = out[9 * i + 8] = s;
    }
  }
  return out;
}

/**
 * out_i = B_i x_i for every 3-block i, with B_i = blocks[9i..9i+8] (row-major):
 * applies a block-diagonal matrix such as the block-Jacobi preconditioner that
 * `invertDiagonalBlocks` returns. `out` may alias `x`.
 * @returns out
 */
export function blockDiagonalMul(out: Float64Array, blocks: Float64Array, x: Float64Array): Float64Array {
  const nb = (blocks.length / 9) | 0;
  for (let i = 0, v = 0, o = 0; i < nb; i++, v += 9, o += 3) {
    const x0 = x[o], x1 = x[o + 1], x2 = x[o + 2];
    out[o] = blocks[v] * x0 + blocks[v + 1] * x1 + blocks[v + 2] * x2;
    out[o + 1] = blocks[v + 3] * x0 + blocks[v + 4] * x1 + blocks[v + 5] * x2;
    out[o + 2] = blocks[v + 6] * x0 + blocks[v + 7] * x1 + blocks[v + 8] * x2;
  }
  return out;
}
