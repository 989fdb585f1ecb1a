import { SparseLu, SparseLuPattern, type BlockSparseMatrix } from '@moreau/core/kernels';

/** A pivot at or below this times max|W + ρI| counts as zero (its column left out: a basic solution). */
const DROP_TOLERANCE = 1e-14;

/**
 * W + ρI is positive definite for a positive semidefinite W and ρ > 0, so its diagonal is a
 * safe pivot unless the (slight) asymmetry of a real W makes a smaller candidate necessary:
 * keeping the diagonal while it is at least a tenth of the column's largest candidate keeps the
 * fill to what the fill-reducing order planned.
 */
const PIVOT_THRESHOLD = 0.1;

/**
 * The linear system of ADMM's r-update, (W + ρI) r = b, factored by core's sparse LU (a
 * fill-reducing order computed once per pattern of W), again only when ρ changes.
 */
export class ShiftedSystem {
  private readonly values: Float64Array;
  private readonly lu: SparseLu;
  private rho = NaN;
  /** Factorisations made (one per value of ρ used). */
  factorizations = 0;

  constructor(readonly W: BlockSparseMatrix) {
    this.values = new Float64Array(W.values.length);
    this.lu = new SparseLu(new SparseLuPattern(W.rowPtr, W.colIdx));
  }

  /** Whether this system's pattern is W's. */
  fits(W: BlockSparseMatrix): boolean {
    return this.lu.pattern.fits(W);
  }

  /**
   * Factors W + ρI for the W of the construction, unless it already holds that ρ.
   * @returns false when W + ρI has a non-finite entry
   */
  factor(W: BlockSparseMatrix, rho: number): boolean {
    if (rho === this.rho) return true;
    const v = this.values;
    v.set(W.values);
    for (let a = 0; a < W.blockRows; a++) {
      const d = 9 * W.diagIdx[a];
      v[d] += rho;
      v[d + 4] += rho;
      v[d + 8] += rho;
    }
    this.rho = NaN;
    if (!this.lu.factor(v, DROP_TOLERANCE, PIVOT_THRESHOLD)) return false;
    this.rho = rho;
    this.factorizations++;
    return true;
  }

  /** Forgets the factored ρ (a new solve refactors even for the same ρ: W may have changed in place). */
  reset(): void {
    this.rho = NaN;
  }

  /** x = (W + ρI)⁻¹ b. */
  solve(b: Float64Array, x: Float64Array): void {
    this.lu.solve(b, x);
  }
}
