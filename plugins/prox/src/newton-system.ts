import { SparseLu, SparseLuPattern, type BlockSparseMatrix } from '@moreau/core/kernels';

/** A pivot at or below this times max|J| counts as zero: its column is left out (a basic solution). */
const DROP_TOLERANCE = 1e-12;

/**
 * The Newton system of the Alart–Curnier function on the regularised problem
 * u_α = (W + αI) r + q_α: J d = −F with J = A (W + αI) + B, A = ∂F/∂u and B = ∂F/∂r block
 * diagonal (alart-curnier.ts). J has W's block pattern, so one sparse LU pattern (a
 * fill-reducing order computed once per pattern of W) serves every system of a solve.
 */
export class NewtonSystem {
  readonly values: Float64Array;
  private readonly lu: SparseLu;
  /** Columns left out by the last factorisation (0 for a nonsingular J). */
  deficiency = 0;

  /**
   * @param pivotThreshold the LU keeps a column's diagonal when it is at least this share of the
   *   column's largest candidate. 1 (the option's default) is partial pivoting: J is unsymmetric
   *   (its slip rows) and, with a small α, nearly singular on the rank-deficient W of real
   *   problems, and the semismooth-newton plugin measured that threshold best on its systems.
   *   Below 1 the fill stays near the fill-reducing order's plan, which matters on large piles.
   */
  constructor(readonly W: BlockSparseMatrix, private readonly pivotThreshold: number) {
    this.values = new Float64Array(W.values.length);
    this.lu = new SparseLu(new SparseLuPattern(W.rowPtr, W.colIdx));
  }

  /** Whether this system's pattern is W's (the same index arrays). */
  fits(W: BlockSparseMatrix): boolean {
    return this.lu.pattern.fits(W);
  }

  /**
   * Forms J = A (W + αI) + B for the W of the construction and factors it.
   * @returns false when J has a non-finite entry
   */
  factor(W: BlockSparseMatrix, alpha: number, A: Float64Array, B: Float64Array): boolean {
    const J = this.values, Wv = W.values, { rowPtr, colIdx } = W;
    for (let a = 0; a < W.blockRows; a++) {
      const s = 9 * a;
      for (let k = rowPtr[a]; k < rowPtr[a + 1]; k++) {
        const v = 9 * k;
        for (let i = 0; i < 3; i++) {
          const a0 = A[s + 3 * i], a1 = A[s + 3 * i + 1], a2 = A[s + 3 * i + 2];
          for (let j = 0; j < 3; j++) J[v + 3 * i + j] = a0 * Wv[v + j] + a1 * Wv[v + 3 + j] + a2 * Wv[v + 6 + j];
        }
        if (colIdx[k] === a) for (let t = 0; t < 9; t++) J[v + t] += alpha * A[s + t] + B[s + t];
      }
    }
    if (!this.lu.factor(J, DROP_TOLERANCE, this.pivotThreshold)) return false;
    this.deficiency = this.lu.deficiency;
    return true;
  }

  /** x = J⁻¹ b from the last factorisation (left-out columns give x = 0 there). */
  solve(b: Float64Array, x: Float64Array): void {
    this.lu.solve(b, x);
  }
}

/**
 * out = J d = A (W d + α d) + B d, given wd = W d: the slope of ½‖F‖² along d is F · J d.
 * @returns out
 */
export function applyJacobian(A: Float64Array, B: Float64Array, alpha: number, d: Float64Array, wd: Float64Array, out: Float64Array): Float64Array {
  for (let o = 0; o < d.length; o += 3) {
    const s = 3 * o;
    const y0 = wd[o] + alpha * d[o], y1 = wd[o + 1] + alpha * d[o + 1], y2 = wd[o + 2] + alpha * d[o + 2];
    const d0 = d[o], d1 = d[o + 1], d2 = d[o + 2];
    for (let i = 0; i < 3; i++) {
      const t = s + 3 * i;
      out[o + i] = A[t] * y0 + A[t + 1] * y1 + A[t + 2] * y2 + B[t] * d0 + B[t + 1] * d1 + B[t + 2] * d2;
    }
  }
  return out;
}
