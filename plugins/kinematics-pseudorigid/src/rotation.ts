/**
 * Rotation kernels for driven bodies, on 3×3 row-major matrices at an offset (nothing
 * allocated). The rigid plugin has the same kernels; plugins do not import each other.
 */

/**
 * out[o..o+9) = exp([w]×) by Rodrigues' formula I + a [w]× + b [w]×², a = sin θ/θ,
 * b = (1 − cos θ)/θ² taken as ½ (sin(θ/2)/(θ/2))², which keeps small angles exact. @returns out
 */
export function expSkew(wx: number, wy: number, wz: number, out: Float64Array, o: number): Float64Array {
  const theta = Math.hypot(wx, wy, wz);
  const half = 0.5 * theta;
  const a = theta === 0 ? 1 : Math.sin(theta) / theta;
  const s = half === 0 ? 1 : Math.sin(half) / half;
  const b = 0.5 * s * s;
  const xx = wx * wx, yy = wy * wy, zz = wz * wz, xy = wx * wy, xz = wx * wz, yz = wy * wz;
  out[o] = 1 - b * (yy + zz);
  out[o + 1] = -a * wz + b * xy;
  out[o + 2] = a * wy + b * xz;
  out[o + 3] = a * wz + b * xy;
  out[o + 4] = 1 - b * (xx + zz);
  out[o + 5] = -a * wx + b * yz;
  out[o + 6] = -a * wy + b * xz;
  out[o + 7] = a * wx + b * yz;
  out[o + 8] = 1 - b * (xx + yy);
  return out;
}

/** R[ro..ro+9) ← Q[qo..qo+9) · R, in place. */
export function multiplyLeft(r: Float64Array, ro: number, q: Float64Array, qo: number): void {
  for (let col = ro; col < ro + 3; col++) {
    const a = r[col], b = r[col + 3], c = r[col + 6];
    r[col] = q[qo] * a + q[qo + 1] * b + q[qo + 2] * c;
    r[col + 3] = q[qo + 3] * a + q[qo + 4] * b + q[qo + 5] * c;
    r[col + 6] = q[qo + 6] * a + q[qo + 7] * b + q[qo + 8] * c;
  }
}

/**
 * One Newton–Schulz step towards the nearest rotation, R ← R (3I − RᵀR)/2: it squares the
 * orthonormality error, so a driven body's F stays a rotation to rounding over any run.
 */
export function reorthonormalize(r: Float64Array, ro: number): void {
  const r0 = r[ro], r1 = r[ro + 1], r2 = r[ro + 2], r3 = r[ro + 3], r4 = r[ro + 4], r5 = r[ro + 5];
  const r6 = r[ro + 6], r7 = r[ro + 7], r8 = r[ro + 8];
  const s00 = 1.5 - 0.5 * (r0 * r0 + r3 * r3 + r6 * r6);
  const s11 = 1.5 - 0.5 * (r1 * r1 + r4 * r4 + r7 * r7);
  const s22 = 1.5 - 0.5 * (r2 * r2 + r5 * r5 + r8 * r8);
  const s01 = -0.5 * (r0 * r1 + r3 * r4 + r6 * r7);
  const s02 = -0.5 * (r0 * r2 + r3 * r5 + r6 * r8);
  const s12 = -0.5 * (r1 * r2 + r4 * r5 + r7 * r8);
  for (let row = ro; row < ro + 9; row += 3) {
    const a = r[row], b = r[row + 1], c = r[row + 2];
    r[row] = a * s00 + b * s01 + c * s02;
    r[row + 1] = a * s01 + b * s11 + c * s12;
    r[row + 2] = a * s02 + b * s12 + c * s22;
  }
}

/** det M[o..o+9). */
export function determinant3(m: Float64Array, o: number): number {
  return m[o] * (m[o + 4] * m[o + 8] - m[o + 5] * m[o + 7])
    - m[o + 1] * (m[o + 3] * m[o + 8] - m[o + 5] * m[o + 6])
    + m[o + 2] * (m[o + 3] * m[o + 7] - m[o + 4] * m[o + 6]);
}
