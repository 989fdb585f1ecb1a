import type { BlockSparseMatrix } from '../problem/block-sparse-matrix.js';

/**
 * y = W x for a 3x3-block BSR matrix. `y` must not alias `x`.
 * The one mat-vec kernel every solver shares (DESIGN §6).
 * @returns y
 */
export function bsrMul(W: BlockSparseMatrix, x: Float64Array, y: Float64Array): Float64Array {
  const { rowPtr, colIdx, values, blockRows } = W;
  for (let i = 0; i < blockRows; i++) {
    let y0 = 0, y1 = 0, y2 = 0;
    for (let k = rowPtr[i], end = rowPtr[i + 1]; k < end; k++) {
      const j = 3 * colIdx[k], v = 9 * k;
      const x0 = x[j], x1 = x[j + 1], x2 = x[j + 2];
      y0 += values[v] * x0 + values[v + 1] * x1 + values[v + 2] * x2;
      y1 += values[v + 3] * x0 + values[v + 4] * x1 + values[v + 5] * x2;
      y2 += values[v + 6] * x0 + values[v + 7] * x1 + values[v + 8] * x2;
    }
    const o = 3 * i;
    y[o] = y0; y[o + 1] = y1; y[o + 2] = y2;
  }
  return y;
}

/**
 * y += a W x. `y` must not alias `x`.
 * @returns y
 */
export function bsrMulAdd(W: BlockSparseMatrix, a: number, x: Float64Array, y: Float64Array): Float64Array {
  const { rowPtr, colIdx, values, blockRows } = W;
  for (let i = 0; i < blockRows; i++) {
    let y0 = 0, y1 = 0, y2 = 0;
    for (let k = rowPtr[i], end = rowPtr[i + 1]; k < end; k++) {
      const j = 3 * colIdx[k], v = 9 * k;
      const x0 = x[j], x1 = x[j + 1], x2 = x[j + 2];
      y0 += values[v] * x0 + values[v + 1] * x1 + values[v + 2] * x2;
      y1 += values[v + 3] * x0 + values[v + 4] * x1 + values[v + 5] * x2;
      y2 += values[v + 6] * x0 + values[v + 7] * x1 + values[v + 8] * x2;
    }
    const o = 3 * i;
    y[o] += a * y0; y[o + 1] += a * y1; y[o + 2] += a * y2;
  }
  return y;
}

/**
 * Row block i of W times x, written into out[0..2]: (W x)_i. Used by
 * contact-by-contact sweeps (Gauss-Seidel) that need one row at a time.
 * @returns out
 */
export function bsrRowMul(W: BlockSparseMatrix, i: number, x: Float64Array, out: Float64Array): Float64Array {
  const { rowPtr, colIdx, values } = W;
  let y0 = 0, y1 = 0, y2 = 0;
  for (let k = rowPtr[i], end = rowPtr[i + 1]; k < end; k++) {
    const j = 3 * colIdx[k], v = 9 * k;
    const x0 = x[j], x1 = x[j + 1], x2 = x[j + 2];
    y0 += values[v] * x0 + values[v + 1] * x1 + values[v + 2] * x2;
    y1 += values[v + 3] * x0 + values[v + 4] * x1 + values[v + 5] * x2;
    y2 += values[v + 6] * x0 + values[v + 7] * x1 + values[v + 8] * x2;
  }
  out[0] = y0; out[1] = y1; out[2] = y2;
  return out;
}
