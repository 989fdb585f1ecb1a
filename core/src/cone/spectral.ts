import { hypot2 } from './hypot2.js';

/**
 * Spectral factorisation of a 3-vector with respect to the pair of cones −K_μ and
 * K°_μ (paper 000 eqs 19-22), normal first: for z = [z_N, z_T],
 *
 *     z = λ1 u1 + λ2 u2,
 *     λ1 = (−z_N − μ‖z_T‖) / (1 + μ²),   λ2 = (‖z_T‖ − μ z_N) / (1 + μ²),
 *     u1 = [−1, −μ ẑ_T],                  u2 = [−μ, ẑ_T],
 *
 * with ẑ_T = z_T/‖z_T‖, or the fixed unit vector w = [1, 0] when z_T = 0.
 * u1 ⟂ u2, ‖u1‖² = ‖u2‖² = 1 + μ², and λi = <z, ui>/(1 + μ²).
 * The projection onto the polar cone is then max(0, λ1) u1 + max(0, λ2) u2 (eq 23).
 */

/**
 * Writes the spectral values [λ1, λ2] of z[zo..zo+2] to out[oo], out[oo+1] (paper 000 eq 20).
 * @returns out
 */
export function spectralValues(out: Float64Array, oo: number, z: Float64Array, zo: number, mu: number): Float64Array {
  const zn = z[zo], t1 = z[zo + 1], t2 = z[zo + 2];
  const rho = hypot2(t1, t2);
  const s = 1 / (1 + mu * mu);
  out[oo] = (-zn - mu * rho) * s;
  out[oo + 1] = (rho - mu * zn) * s;
  return out;
}

/**
 * Writes the spectral vectors u1 to u1[o1..o1+2] and u2 to u2[o2..o2+2] of z[zo..zo+2]
 * (paper 000 eqs 21-22, normal first). When z_T = 0 the tangential direction is w = [1, 0].
 * z is read before anything is written, so either output may be z.
 */
export function spectralVectors(
  u1: Float64Array, o1: number, u2: Float64Array, o2: number, z: Float64Array, zo: number, mu: number,
): void {
  const t1 = z[zo + 1], t2 = z[zo + 2];
  let w1 = 1, w2 = 0;
  const m = Math.max(Math.abs(t1), Math.abs(t2));
  if (m > 0) {
    // Scaled first so the direction has unit length even for subnormal z_T.
    w1 = t1 / m; w2 = t2 / m;
    const r = Math.sqrt(w1 * w1 + w2 * w2);
    w1 /= r; w2 /= r;
  }
  u1[o1] = -1; u1[o1 + 1] = -mu * w1; u1[o1 + 2] = -mu * w2;
  u2[o2] = -mu; u2[o2 + 1] = w1; u2[o2 + 2] = w2;
}
