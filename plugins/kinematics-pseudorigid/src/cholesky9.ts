/**
 * Cholesky factorisation and inverse of the 9×9 deformation block of A = M + c K at an offset
 * (row-major, nothing allocated), so each body's inverse lives in one shared array.
 */

/** Order of the deformation block (the nine entries of Ḟ). */
export const N9 = 9;

/**
 * Factors the symmetric a[ao..ao+81) = L Lᵀ into l[lo..lo+81) (lower triangle; the strict
 * upper triangle is zeroed). Returns the first row whose pivot is not positive and finite,
 * or −1 when A is positive definite.
 */
export function cholesky9(a: Float64Array, ao: number, l: Float64Array, lo: number): number {
  for (let j = 0; j < N9; j++) {
    let d = a[ao + 10 * j];
    for (let t = 0; t < j; t++) d -= l[lo + 9 * j + t] * l[lo + 9 * j + t];
    if (!(d > 0) || !Number.isFinite(d)) return j;
    const ljj = Math.sqrt(d);
    l[lo + 10 * j] = ljj;
    for (let i = j + 1; i < N9; i++) {
      let s = a[ao + 9 * i + j];
      for (let t = 0; t < j; t++) s -= l[lo + 9 * i + t] * l[lo + 9 * j + t];
      l[lo + 9 * i + j] = s / ljj;
      l[lo + 9 * j + i] = 0;
    }
  }
  return -1;
}

/**
 * out[oo..oo+81) = A⁻¹ = L⁻ᵀ L⁻¹ from the factor at l[lo..) (`cholesky9`), with `scratch` (81
 * numbers) for L⁻¹. Only the upper triangle is computed and mirrored, so A⁻¹ is symmetric to
 * the bit. @returns out
 */
export function choleskyInverse9(l: Float64Array, lo: number, out: Float64Array, oo: number, scratch: Float64Array): Float64Array {
  // L⁻¹ by forward substitution, column by column: row i of column j for i ≥ j.
  const R = scratch;
  for (let j = 0; j < N9; j++) {
    for (let i = 0; i < j; i++) R[9 * i + j] = 0;
    R[10 * j] = 1 / l[lo + 10 * j];
    for (let i = j + 1; i < N9; i++) {
      let s = 0;
      for (let t = j; t < i; t++) s -= l[lo + 9 * i + t] * R[9 * t + j];
      R[9 * i + j] = s / l[lo + 10 * i];
    }
  }
  // (L⁻ᵀ L⁻¹)_ij = Σ_k≥max(i, j) R_ki R_kj.
  for (let i = 0; i < N9; i++) {
    for (let j = i; j < N9; j++) {
      let s = 0;
      for (let k = j; k < N9; k++) s += R[9 * k + i] * R[9 * k + j];
      out[oo + 9 * i + j] = s;
      out[oo + 9 * j + i] = s;
    }
  }
  return out;
}

/** out[oo..oo+9) = A⁻¹ b[bo..bo+9) from the inverse at v[vo..vo+81) (`choleskyInverse9`); `out` may alias `b`. @returns out */
export function inverseApply9(v: Float64Array, vo: number, b: Float64Array, bo: number, out: Float64Array, oo: number): Float64Array {
  const b0 = b[bo], b1 = b[bo + 1], b2 = b[bo + 2], b3 = b[bo + 3], b4 = b[bo + 4];
  const b5 = b[bo + 5], b6 = b[bo + 6], b7 = b[bo + 7], b8 = b[bo + 8];
  for (let i = 0, r = vo; i < N9; i++, r += 9) {
    out[oo + i] = v[r] * b0 + v[r + 1] * b1 + v[r + 2] * b2 + v[r + 3] * b3 + v[r + 4] * b4
      + v[r + 5] * b5 + v[r + 6] * b6 + v[r + 7] * b7 + v[r + 8] * b8;
  }
  return out;
}
