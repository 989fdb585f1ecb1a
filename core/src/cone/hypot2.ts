/**
 * √(a² + b²) for the tangential norm ‖x_T‖. The plain formula is exact enough and fast
 * except where a² + b² underflows (‖x_T‖ below ~1e-145, where the direction x_T/‖x_T‖
 * would lose its unit length) or overflows; only then does it fall back on Math.hypot.
 */
export function hypot2(a: number, b: number): number {
  const s = a * a + b * b;
  return s > 1e-290 && s < Infinity ? Math.sqrt(s) : Math.hypot(a, b);
}

/**
 * True when a sum of squares can be trusted as it is: finite, and not so small that its
 * terms fell into subnormals or to zero (the threshold of hypot2). Zero is not safe: it
 * may be the underflow of tiny nonzero entries.
 */
export function isSafeSumOfSquares(s: number): boolean {
  return s > 1e-290 && s < Infinity;
}

/**
 * ‖x‖₂ given `sumSq` = Σ x_i² already accumulated by the caller's own loop: √sumSq when
 * that sum is safe, else the norm recomputed scaled by max|x_i| (LAPACK dnrm2's idea), so
 * entries of 1e200 or 1e-300 give their true norm instead of Infinity or 0. NaN stays NaN.
 */
export function sqrtSumOfSquares(sumSq: number, x: ArrayLike<number>): number {
  if (isSafeSumOfSquares(sumSq)) return Math.sqrt(sumSq);
  if (sumSq !== sumSq) return NaN;
  let m = 0;
  for (let i = 0; i < x.length; i++) {
    const a = Math.abs(x[i]);
    if (a > m) m = a;
  }
  if (m === 0 || m === Infinity) return m;
  let s = 0;
  for (let i = 0; i < x.length; i++) {
    const t = x[i] / m;
    s += t * t;
  }
  return m * Math.sqrt(s);
}

/** ‖x‖₂ without overflow or underflow: the plain sum of squares when safe, else scaled. */
export function norm2Scaled(x: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < x.length; i++) s += x[i] * x[i];
  return sqrtSumOfSquares(s, x);
}
