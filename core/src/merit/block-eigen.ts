/**
 * Largest eigenvalue of the symmetric part ½(A + Aᵀ) of the 3x3 block a[o..o+8],
 * by the closed-form trigonometric solution of the characteristic cubic.
 */
export function symmetricBlockLambdaMax(a: Float64Array, o: number): number {
  // The cubic's coefficients are squares and cubes of the entries: scale a block with
  // entries beyond 1e±100 to max|a| = 1 first (λ is homogeneous of degree 1).
  let m = 0;
  for (let k = 0; k < 9; k++) m = Math.max(m, Math.abs(a[o + k]));
  // A subnormal m has no finite reciprocal: scale by 2^54 first (exact), then by 1/(2^54 m).
  const pre = m > 0 && m < 1e-300 ? 2 ** 54 : 1;
  const mp = m * pre;
  const f = mp > 1e100 || (mp < 1e-100 && mp > 0) ? 1 / mp : 1;
  return lambdaMax(a, o, pre, f) / f / pre;
}

function lambdaMax(a: Float64Array, o: number, pre: number, f: number): number {
  const e = (k: number): number => f * (pre * a[o + k]);
  const a00 = e(0), a11 = e(4), a22 = e(8);
  const a01 = 0.5 * (e(1) + e(3));
  const a02 = 0.5 * (e(2) + e(6));
  const a12 = 0.5 * (e(5) + e(7));
  const p1 = a01 * a01 + a02 * a02 + a12 * a12;
  if (p1 === 0) return Math.max(a00, a11, a22);
  const q = (a00 + a11 + a22) / 3;
  const b00 = a00 - q, b11 = a11 - q, b22 = a22 - q;
  const p2 = b00 * b00 + b11 * b11 + b22 * b22 + 2 * p1;
  const p = Math.sqrt(p2 / 6);
  // det(B / p) / 2, clamped to [-1, 1] against rounding
  const det = b00 * (b11 * b22 - a12 * a12) - a01 * (a01 * b22 - a12 * a02) + a02 * (a01 * a12 - b11 * a02);
  const r = Math.min(1, Math.max(-1, det / (2 * p * p * p)));
  const phi = Math.acos(r) / 3;
  return q + 2 * p * Math.cos(phi);
}
