/**
 * √(a² + b²) for the tangential norm ‖x_T‖. The plain formula is exact enough and fast
 * except where a² + b² underflows (‖x_T‖ below ~1e-145, where the direction x_T/‖x_T‖
 * would lose its unit length) or overflows; only then does it fall back on Math.hypot.
 */
export function hypot2(a: number, b: number): number {
  const s = a * a + b * b;
  return s > 1e-290 && s < Infinity ? Math.sqrt(s) : Math.hypot(a, b);
}
