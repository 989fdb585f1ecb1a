import { BlockSparseMatrix } from '@moreau/core/kernels';

/**
 * The Newton matrix J = A W + B of φ(r, W r + q) (A = ∂φ/∂u, B = ∂φ/∂r, both block
 * diagonal), held with W's block pattern: J_ab = A_a W_ab, plus B_a on the diagonal.
 * Allocated once per W; `assemble` allocates nothing.
 */
export class NewtonMatrix {
  readonly J: BlockSparseMatrix;

  constructor(readonly W: BlockSparseMatrix) {
    this.J = new BlockSparseMatrix(W.blockRows, W.rowPtr, W.colIdx, new Float64Array(W.values.length));
  }

  /**
   * Writes J from the blocks A and B (9 per contact, row-major). With λ > 0 each diagonal
   * entry J_ii also gets λ |J_ii|: a Levenberg–Marquardt-like shift (not in Siconos) that keeps
   * the systems of rank-deficient W solvable and damps steps along their null directions.
   */
  assemble(A: Float64Array, B: Float64Array, lambda: number): BlockSparseMatrix {
    const { W } = this;
    const w = W.values, j = this.J.values;
    for (let a = 0; a < W.blockRows; a++) {
      const ab = 9 * a;
      const a00 = A[ab], a01 = A[ab + 1], a02 = A[ab + 2];
      const a10 = A[ab + 3], a11 = A[ab + 4], a12 = A[ab + 5];
      const a20 = A[ab + 6], a21 = A[ab + 7], a22 = A[ab + 8];
      for (let k = W.rowPtr[a]; k < W.rowPtr[a + 1]; k++) {
        const b = 9 * k;
        for (let c = 0; c < 3; c++) {
          const w0 = w[b + c], w1 = w[b + 3 + c], w2 = w[b + 6 + c];
          j[b + c] = a00 * w0 + a01 * w1 + a02 * w2;
          j[b + 3 + c] = a10 * w0 + a11 * w1 + a12 * w2;
          j[b + 6 + c] = a20 * w0 + a21 * w1 + a22 * w2;
        }
        if (W.colIdx[k] === a) {
          for (let e = 0; e < 9; e++) j[b + e] += B[ab + e];
          if (lambda > 0) for (let t = 0; t < 3; t++) j[b + 4 * t] += lambda * Math.abs(j[b + 4 * t]);
        }
      }
    }
    return this.J;
  }
}
