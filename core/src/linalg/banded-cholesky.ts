/**
 * Cholesky factorisation A = L Lᵀ of a symmetric positive definite band matrix
 * of half-bandwidth b (A_ij = 0 when |i − j| > b), in O(n b²) work and n(b+1)
 * numbers: L has the band of A (no fill outside it).
 *
 * Storage, row-major lower band: entry (i, j), i − b ≤ j ≤ i, sits at
 * `i * (b + 1) + (j − i + b)`; positions with j < 0 are unused zeros.
 */
export interface BandedCholesky {
  n: number;
  b: number;
  /** L in the lower-band layout above. */
  l: Float64Array;
}

/**
 * Factorises in place: `a` holds A's lower band on entry and L on return.
 * @returns the factor, or null when A is not positive definite to working precision
 */
export function bandedCholeskyFactor(a: Float64Array, n: number, b: number): BandedCholesky | null {
  const w = b + 1;
  for (let i = 0; i < n; i++) {
    const ri = i * w - i + b; // ri + j = index of (i, j)
    for (let j = Math.max(0, i - b); j <= i; j++) {
      const rj = j * w - j + b;
      let s = a[ri + j];
      for (let k = Math.max(0, i - b); k < j; k++) s -= a[ri + k] * a[rj + k];
      if (j === i) {
        if (!(s > 0)) return null;
        a[ri + i] = Math.sqrt(s);
      } else {
        a[ri + j] = s / a[rj + j];
      }
    }
  }
  return { n, b, l: a };
}

/** Solves L Lᵀ x = x in place (forward then backward substitution in the band). */
export function bandedCholeskySolve(f: BandedCholesky, x: Float64Array): void {
  const { n, b, l } = f;
  const w = b + 1;
  for (let i = 0; i < n; i++) {
    const ri = i * w - i + b;
    let s = x[i];
    for (let k = Math.max(0, i - b); k < i; k++) s -= l[ri + k] * x[k];
    x[i] = s / l[ri + i];
  }
  for (let i = n - 1; i >= 0; i--) {
    const ri = i * w - i + b;
    x[i] /= l[ri + i];
    const xi = x[i];
    // Lᵀ x = y by columns of L: row i of L touches x[k] for k in [i − b, i).
    for (let k = Math.max(0, i - b); k < i; k++) x[k] -= l[ri + k] * xi;
  }
}
