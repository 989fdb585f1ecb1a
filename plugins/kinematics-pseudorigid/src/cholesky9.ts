/**
 * Cholesky factorisation and solve of the 9×9 deformation block of A = M + c K at an offset
 * (row-major, nothing allocated), so each body's factor lives in one shared array.
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

/** out[oo..oo+9) = A⁻¹ b[bo..bo+9) from the factor at l[lo..); `out` may alias `b`. @returns out */
export function choleskySolve9(l: Float64Array, lo: number, b: Float64Array, bo: number, out: Float64Array, oo: number): Float64Array {
  for (let i = 0; i < N9; i++) {
    let s = b[bo + i];
    for (let t = 0; t < i; t++) s -= l[lo + 9 * i + t] * out[oo + t];
    out[oo + i] = s / l[lo + 10 * i];
  }
  for (let i = N9 - 1; i >= 0; i--) {
    let s = out[oo + i];
    for (let t = i + 1; t < N9; t++) s -= l[lo + 9 * t + i] * out[oo + t];
    out[oo + i] = s / l[lo + 10 * i];
  }
  return out;
}
