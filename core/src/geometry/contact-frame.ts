import { hypot3 } from '../linalg/hypot3.js';

/**
 * Writes the orthonormal right-handed frame [n; t1; t2] (rows) for the unit normal n
 * into out[o..o+9): t1 is n × e, e the axis along n's smallest component, normalised,
 * and t2 = n × t1, so t1 × t2 = n. Deterministic, and continuous while the smallest
 * component of n stays the same.
 */
export function completeFrame(nx: number, ny: number, nz: number, out: Float64Array, o: number): Float64Array {
  const ax = Math.abs(nx), ay = Math.abs(ny), az = Math.abs(nz);
  let t1x: number, t1y: number, t1z: number;
  if (ax <= ay && ax <= az) { t1x = 0; t1y = nz; t1z = -ny; }       // n × e_x
  else if (ay <= az) { t1x = -nz; t1y = 0; t1z = nx; }               // n × e_y
  else { t1x = ny; t1y = -nx; t1z = 0; }                              // n × e_z
  const s = 1 / hypot3(t1x, t1y, t1z);
  t1x *= s; t1y *= s; t1z *= s;
  out[o] = nx; out[o + 1] = ny; out[o + 2] = nz;
  out[o + 3] = t1x; out[o + 4] = t1y; out[o + 5] = t1z;
  out[o + 6] = ny * t1z - nz * t1y;
  out[o + 7] = nz * t1x - nx * t1z;
  out[o + 8] = nx * t1y - ny * t1x;
  return out;
}
