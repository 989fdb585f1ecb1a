import type { BlockSparseMatrix } from '../problem/block-sparse-matrix.js';

// Loop shape of the kernels below, measured with `npm run bench`: one running
// block index k and value offset v across all rows, every index expression
// written `(a + b) | 0` so V8 emits plain 32-bit adds without overflow checks,
// and the typed arrays held in locals. This is about 10 % faster than the
// textbook nested loop; the rest of the gap to C is the per-element bounds
// and map checks V8 keeps in the inner loop.

/**
 * y = W x for a 3x3-block BSR matrix. `y` must not alias `x`.
 * The one mat-vec kernel every solver shares (DESIGN §6).
 * @returns y
 */
export function bsrMul(W: BlockSparseMatrix, x: Float64Array, y: Float64Array): Float64Array {
  bsrMulRows(W.rowPtr, W.colIdx, W.values, x, y, 0, W.blockRows);
  return y;
}

/**
 * y[3 r0 .. 3 r1) = block rows r0 .. r1-1 of W x, on W's raw arrays. The
 * WebAssembly kernel (wasm/bsr-mul.wat) groups its sums exactly like this loop:
 * change one, change both (bsr-mul-wasm.test.ts compares their bits).
 */
export function bsrMulRows(
  rowPtr: Int32Array, colIdx: Int32Array, values: Float64Array, x: Float64Array, y: Float64Array, r0: number, r1: number,
): void {
  let k = rowPtr[r0] | 0, v = (k * 9) | 0, o = (r0 * 3) | 0;
  for (let i = (r0 + 1) | 0; i <= r1; i = (i + 1) | 0) {
    let y0 = 0, y1 = 0, y2 = 0;
    const end = rowPtr[i] | 0;
    for (; k < end; k = (k + 1) | 0, v = (v + 9) | 0) {
      const j = (colIdx[k] * 3) | 0;
      const x0 = x[j], x1 = x[(j + 1) | 0], x2 = x[(j + 2) | 0];
      y0 += values[v] * x0 + values[(v + 1) | 0] * x1 + values[(v + 2) | 0] * x2;
      y1 += values[(v + 3) | 0] * x0 + values[(v + 4) | 0] * x1 + values[(v + 5) | 0] * x2;
      y2 += values[(v + 6) | 0] * x0 + values[(v + 7) | 0] * x1 + values[(v + 8) | 0] * x2;
    }
    y[o] = y0; y[(o + 1) | 0] = y1; y[(o + 2) | 0] = y2;
    o = (o + 3) | 0;
  }
}

/**
 * y += a W x. `y` must not alias `x`.
 * @returns y
 */
export function bsrMulAdd(W: BlockSparseMatrix, a: number, x: Float64Array, y: Float64Array): Float64Array {
  const rowPtr = W.rowPtr, colIdx = W.colIdx, values = W.values;
  const blockRows = W.blockRows | 0;
  let k = 0, v = 0, o = 0;
  for (let i = 1; i <= blockRows; i = (i + 1) | 0) {
    let y0 = 0, y1 = 0, y2 = 0;
    const end = rowPtr[i] | 0;
    for (; k < end; k = (k + 1) | 0, v = (v + 9) | 0) {
      const j = (colIdx[k] * 3) | 0;
      const x0 = x[j], x1 = x[(j + 1) | 0], x2 = x[(j + 2) | 0];
      y0 += values[v] * x0 + values[(v + 1) | 0] * x1 + values[(v + 2) | 0] * x2;
      y1 += values[(v + 3) | 0] * x0 + values[(v + 4) | 0] * x1 + values[(v + 5) | 0] * x2;
      y2 += values[(v + 6) | 0] * x0 + values[(v + 7) | 0] * x1 + values[(v + 8) | 0] * x2;
    }
    y[o] += a * y0; y[(o + 1) | 0] += a * y1; y[(o + 2) | 0] += a * y2;
    o = (o + 3) | 0;
  }
  return y;
}

/**
 * Row block i of W times x, written into out[0..2]: (W x)_i. Used by
 * contact-by-contact sweeps (Gauss-Seidel) that need one row at a time.
 * @returns out
 */
export function bsrRowMul(W: BlockSparseMatrix, i: number, x: Float64Array, out: Float64Array): Float64Array {
  const colIdx = W.colIdx, values = W.values;
  let y0 = 0, y1 = 0, y2 = 0;
  let k = W.rowPtr[i] | 0, v = (k * 9) | 0;
  const end = W.rowPtr[i + 1] | 0;
  for (; k < end; k = (k + 1) | 0, v = (v + 9) | 0) {
    const j = (colIdx[k] * 3) | 0;
    const x0 = x[j], x1 = x[(j + 1) | 0], x2 = x[(j + 2) | 0];
    y0 += values[v] * x0 + values[(v + 1) | 0] * x1 + values[(v + 2) | 0] * x2;
    y1 += values[(v + 3) | 0] * x0 + values[(v + 4) | 0] * x1 + values[(v + 5) | 0] * x2;
    y2 += values[(v + 6) | 0] * x0 + values[(v + 7) | 0] * x1 + values[(v + 8) | 0] * x2;
  }
  out[0] = y0; out[1] = y1; out[2] = y2;
  return out;
}

/**
 * y = Wᵀ x (scatter form: every block adds its transpose times x_i into
 * y_j). `y` must not alias `x`. Used for the symmetric part ½(W + Wᵀ) of an
 * unsymmetric W.
 * @returns y
 */
export function bsrMulTranspose(W: BlockSparseMatrix, x: Float64Array, y: Float64Array): Float64Array {
  const rowPtr = W.rowPtr, colIdx = W.colIdx, values = W.values;
  const blockRows = W.blockRows | 0;
  y.fill(0, 0, 3 * blockRows);
  let k = 0, v = 0, o = 0;
  for (let i = 1; i <= blockRows; i = (i + 1) | 0) {
    const x0 = x[o], x1 = x[(o + 1) | 0], x2 = x[(o + 2) | 0];
    const end = rowPtr[i] | 0;
    for (; k < end; k = (k + 1) | 0, v = (v + 9) | 0) {
      const j = (colIdx[k] * 3) | 0;
      y[j] += values[v] * x0 + values[(v + 3) | 0] * x1 + values[(v + 6) | 0] * x2;
      y[(j + 1) | 0] += values[(v + 1) | 0] * x0 + values[(v + 4) | 0] * x1 + values[(v + 7) | 0] * x2;
      y[(j + 2) | 0] += values[(v + 2) | 0] * x0 + values[(v + 5) | 0] * x1 + values[(v + 8) | 0] * x2;
    }
    o = (o + 3) | 0;
  }
  return y;
}

/**
 * y = ½ (W + Wᵀ) x in one pass over the blocks (each block adds ½ B x_j to
 * y_i and ½ Bᵀ x_i to y_j). `y` must not alias `x`.
 * @returns y
 */
export function bsrMulSymmetricPart(W: BlockSparseMatrix, x: Float64Array, y: Float64Array): Float64Array {
  const rowPtr = W.rowPtr, colIdx = W.colIdx, values = W.values;
  const blockRows = W.blockRows | 0;
  y.fill(0, 0, 3 * blockRows);
  let k = 0, v = 0, o = 0;
  for (let i = 1; i <= blockRows; i = (i + 1) | 0) {
    const xi0 = 0.5 * x[o], xi1 = 0.5 * x[(o + 1) | 0], xi2 = 0.5 * x[(o + 2) | 0];
    let y0 = 0, y1 = 0, y2 = 0;
    const end = rowPtr[i] | 0;
    for (; k < end; k = (k + 1) | 0, v = (v + 9) | 0) {
      const j = (colIdx[k] * 3) | 0;
      const a0 = values[v], a1 = values[(v + 1) | 0], a2 = values[(v + 2) | 0];
      const a3 = values[(v + 3) | 0], a4 = values[(v + 4) | 0], a5 = values[(v + 5) | 0];
      const a6 = values[(v + 6) | 0], a7 = values[(v + 7) | 0], a8 = values[(v + 8) | 0];
      const x0 = x[j], x1 = x[(j + 1) | 0], x2 = x[(j + 2) | 0];
      y0 += a0 * x0 + a1 * x1 + a2 * x2;
      y1 += a3 * x0 + a4 * x1 + a5 * x2;
      y2 += a6 * x0 + a7 * x1 + a8 * x2;
      y[j] += a0 * xi0 + a3 * xi1 + a6 * xi2;
      y[(j + 1) | 0] += a1 * xi0 + a4 * xi1 + a7 * xi2;
      y[(j + 2) | 0] += a2 * xi0 + a5 * xi1 + a8 * xi2;
    }
    y[o] += 0.5 * y0; y[(o + 1) | 0] += 0.5 * y1; y[(o + 2) | 0] += 0.5 * y2;
    o = (o + 3) | 0;
  }
  return y;
}
