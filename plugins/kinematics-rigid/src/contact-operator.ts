/**
 * The contact operator of a rigid body, U = H u (paper 000 eq 4; the rigid counterpart of
 * paper 004 eqs 19-20): with velocities u = [v (world); ω (body frame)], centre c, rotation R and the
 * material point X = Rᵀ(p − c) now at world point p, the point moves at
 * v + R(ω × X) = v − R[X]× ω, so in the frame E (rows n, t1, t2)
 *
 *   H = E · [ I | −R [X]× ]   (3 × 6, row-major into out[0..18)).
 *
 * Evaluated without forming X: R[X]× = [d]× R with d = p − c = R X, so row k of the
 * rotational block is −e_kᵀ [d]× R = (d × e_k)ᵀ R, e_k the k-th row of E.
 * @returns out
 */
export function rigidContactOperator(
  x: Float64Array, xo: number, r: Float64Array, ro: number,
  point: Float64Array, po: number, frame: Float64Array, fo: number, out: Float64Array,
): Float64Array {
  const dx = point[po] - x[xo], dy = point[po + 1] - x[xo + 1], dz = point[po + 2] - x[xo + 2];
  for (let k = 0; k < 3; k++) {
    const ex = frame[fo + 3 * k], ey = frame[fo + 3 * k + 1], ez = frame[fo + 3 * k + 2];
    // a = d × e_k, then the row aᵀ R.
    const ax = dy * ez - dz * ey, ay = dz * ex - dx * ez, az = dx * ey - dy * ex;
    const o = 6 * k;
    out[o] = ex;
    out[o + 1] = ey;
    out[o + 2] = ez;
    out[o + 3] = ax * r[ro] + ay * r[ro + 3] + az * r[ro + 6];
    out[o + 4] = ax * r[ro + 1] + ay * r[ro + 4] + az * r[ro + 7];
    out[o + 5] = ax * r[ro + 2] + ay * r[ro + 5] + az * r[ro + 8];
  }
  return out;
}
