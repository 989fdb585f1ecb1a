/**
 * 3x3 LU factorisation with partial pivoting, for the stick solve W r = −q.
 * Gaussian elimination with partial pivoting is backward stable, so the computed
 * r has ‖W r + q‖ ≈ ε‖W‖‖r‖ however badly W is conditioned; an inverse formed
 * by the adjugate does not have that property.
 *
 * Storage of one factorisation at `lo` in a Float64Array: row-major, L's
 * multipliers below the diagonal, U above it, and 1/U_kk on the diagonal.
 * Row k of the factors is row perm[po + k] of W.
 */

/**
 * Factors a[ao..ao+8] (row-major) into lu[lo..lo+8] and perm[po..po+2].
 * @returns false when a pivot is zero or its reciprocal overflows (W singular for this purpose)
 */
export function lu3(a: Float64Array, ao: number, lu: Float64Array, lo: number, perm: Uint8Array, po: number): boolean {
  let a00 = a[ao], a01 = a[ao + 1], a02 = a[ao + 2];
  let a10 = a[ao + 3], a11 = a[ao + 4], a12 = a[ao + 5];
  let a20 = a[ao + 6], a21 = a[ao + 7], a22 = a[ao + 8];
  let p0 = 0, p1 = 1, p2 = 2, t: number;
  // Column 0: bring the largest |a_i0| to the top.
  if (Math.abs(a10) > Math.abs(a00) && Math.abs(a10) >= Math.abs(a20)) {
    t = a00; a00 = a10; a10 = t; t = a01; a01 = a11; a11 = t; t = a02; a02 = a12; a12 = t;
    p0 = 1; p1 = 0;
  } else if (Math.abs(a20) > Math.abs(a00)) {
    t = a00; a00 = a20; a20 = t; t = a01; a01 = a21; a21 = t; t = a02; a02 = a22; a22 = t;
    p0 = 2; p2 = 0;
  }
  const i0 = 1 / a00;
  if (!(Math.abs(i0) < Infinity)) return false;
  const l10 = a10 * i0, l20 = a20 * i0;
  a11 -= l10 * a01; a12 -= l10 * a02;
  a21 -= l20 * a01; a22 -= l20 * a02;
  // Column 1 of the remaining 2x2.
  let m10 = l10, m20 = l20;
  if (Math.abs(a21) > Math.abs(a11)) {
    t = a11; a11 = a21; a21 = t; t = a12; a12 = a22; a22 = t;
    t = m10; m10 = m20; m20 = t;
    t = p1; p1 = p2; p2 = t;
  }
  const i1 = 1 / a11;
  if (!(Math.abs(i1) < Infinity)) return false;
  const l21 = a21 * i1;
  a22 -= l21 * a12;
  const i2 = 1 / a22;
  if (!(Math.abs(i2) < Infinity)) return false;
  lu[lo] = i0; lu[lo + 1] = a01; lu[lo + 2] = a02;
  lu[lo + 3] = m10; lu[lo + 4] = i1; lu[lo + 5] = a12;
  lu[lo + 6] = m20; lu[lo + 7] = l21; lu[lo + 8] = i2;
  perm[po] = p0; perm[po + 1] = p1; perm[po + 2] = p2;
  return true;
}

/**
 * Solves W x = b with the factors from lu3, writing x into out[oo..oo+2].
 * `b` and `out` may be the same array at the same offset.
 */
export function luSolve3(lu: Float64Array, lo: number, perm: Uint8Array, po: number, b: Float64Array, bo: number, out: Float64Array, oo: number): void {
  const y0 = b[bo + perm[po]];
  const y1 = b[bo + perm[po + 1]] - lu[lo + 3] * y0;
  const y2 = b[bo + perm[po + 2]] - lu[lo + 6] * y0 - lu[lo + 7] * y1;
  const x2 = y2 * lu[lo + 8];
  const x1 = (y1 - lu[lo + 5] * x2) * lu[lo + 4];
  out[oo] = (y0 - lu[lo + 1] * x1 - lu[lo + 2] * x2) * lu[lo];
  out[oo + 1] = x1;
  out[oo + 2] = x2;
}
