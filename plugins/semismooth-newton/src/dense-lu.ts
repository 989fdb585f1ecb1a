/**
 * Dense LU with partial pivoting that tolerates rank deficiency, for the
 * direct solve of Ω δR = Π on small problems. A column whose best pivot is
 * numerically zero is left out (its unknown set to zero) instead of failing
 * the factorisation: for a consistent singular system the result is a basic
 * solution. (Partial pivoting does not reveal rank reliably; the solver's
 * regularisation is what keeps Ω away from singular, this only avoids a throw.)
 * In place on a preallocated row-major matrix; nothing is allocated per call.
 */
export class DenseLu {
  readonly lu: Float64Array;
  private readonly piv: Int32Array;
  private readonly dropped: Uint8Array;
  /** Columns left out by the last factorisation (its numerical rank deficiency). */
  deficiency = 0;

  constructor(readonly n: number) {
    this.lu = new Float64Array(n * n);
    this.piv = new Int32Array(n);
    this.dropped = new Uint8Array(n);
  }

  /**
   * Factors P A = L U, A being `lu` as filled by the caller. A pivot at or below
   * `relTol` · max|A| drops its column.
   * @returns false when A has a non-finite entry
   */
  factor(relTol: number): boolean {
    const { n, lu, piv, dropped } = this;
    let scale = 0;
    for (let i = 0; i < lu.length; i++) {
      const v = Math.abs(lu[i]);
      if (!(v < Infinity)) return false;
      if (v > scale) scale = v;
    }
    const tiny = Math.max(relTol * scale, Number.MIN_VALUE);
    this.deficiency = 0;
    // Rows are eliminated in order; `row` is the next pivot row, so dropped columns consume none.
    let row = 0;
    for (let c = 0; c < n; c++) {
      let p = row, best = row < n ? Math.abs(lu[row * n + c]) : 0;
      for (let r = row + 1; r < n; r++) {
        const v = Math.abs(lu[r * n + c]);
        if (v > best) { best = v; p = r; }
      }
      if (!(best > tiny)) {
        dropped[c] = 1;
        piv[c] = -1;
        this.deficiency++;
        continue;
      }
      dropped[c] = 0;
      if (p !== row) {
        for (let t = 0; t < n; t++) {
          const s = lu[row * n + t];
          lu[row * n + t] = lu[p * n + t];
          lu[p * n + t] = s;
        }
      }
      piv[c] = p;
      const d = lu[row * n + c];
      for (let r = row + 1; r < n; r++) {
        const f = (lu[r * n + c] /= d);
        if (f === 0) continue;
        for (let t = c + 1; t < n; t++) lu[r * n + t] -= f * lu[row * n + t];
      }
      row++;
    }
    return true;
  }

  /**
   * Solves A x = b from the factors into x (b is overwritten with its permuted,
   * forward-substituted self). Dropped columns get x = 0: a basic solution.
   */
  solve(b: Float64Array, x: Float64Array): void {
    const { n, lu, piv, dropped } = this;
    // Rows were swapped whole, multipliers included: apply every swap first, then L column by column.
    let row = 0;
    for (let c = 0; c < n; c++) {
      if (dropped[c]) continue;
      const p = piv[c];
      if (p !== row) { const s = b[row]; b[row] = b[p]; b[p] = s; }
      row++;
    }
    row = 0;
    for (let c = 0; c < n; c++) {
      if (dropped[c]) continue;
      const bc = b[row];
      if (bc !== 0) for (let r = row + 1; r < n; r++) b[r] -= lu[r * n + c] * bc;
      row++;
    }
    x.fill(0);
    this.backward(b, x);
  }

  /**
   * Solves Aᵀ x = b from the factors into x (b is left as it is), for a
   * factorisation that dropped no column: with P A = L U, Uᵀ v = b forward,
   * Lᵀ w = v backward, then x = Pᵀ w (the row swaps undone in reverse order).
   */
  solveTranspose(b: Readonly<Float64Array>, x: Float64Array): void {
    const { n, lu, piv } = this;
    for (let c = 0; c < n; c++) {
      let s = b[c];
      for (let r = 0; r < c; r++) s -= lu[r * n + c] * x[r];
      x[c] = s / lu[c * n + c];
    }
    for (let c = n - 1; c >= 0; c--) {
      let s = x[c];
      for (let r = c + 1; r < n; r++) s -= lu[r * n + c] * x[r];
      x[c] = s;
    }
    for (let c = n - 1; c >= 0; c--) {
      const p = piv[c];
      if (p !== c) { const s = x[c]; x[c] = x[p]; x[p] = s; }
    }
  }

  /**
   * Back substitution over the pivot rows, U_K x_K = b − U_D x_D, with x on the
   * dropped columns D as given. Column t of a pivot row is read only for t after
   * that row's pivot column: entries left of it are below the staircase.
   */
  private backward(b: Float64Array | undefined, x: Float64Array): void {
    const { n, lu, dropped } = this;
    let row = n - this.deficiency;
    for (let c = n - 1; c >= 0; c--) {
      if (dropped[c]) continue;
      row--;
      let s = b ? b[row] : 0;
      for (let t = c + 1; t < n; t++) s -= lu[row * n + t] * x[t];
      x[c] = s / lu[row * n + c];
    }
  }
}
