/**
 * Largest eigenvalue of the symmetric part ½(A + Aᵀ) of the 3x3 block a[o..o+8],
 * by the closed-form trigonometric solution of the characteristic cubic.
 */
export function symmetricBlockLambdaMax(a: Float64Array, o: number): number {
  const a00 = a[o], a11 = a[o + 4], a22 = a[o + 8];
  const a01 = 0.5 * (a[o + 1] + a[o + 3]);
  const a02 = 0.5 * (a[o + 2] + a[o + 6]);
  const a12 = 0.5 * (a[o + 5] + a[o + 7]);
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
