import type { WorldBodies } from './world-bodies.js';

/**
 * Below this |n − (n·a) a| the end discs face n squarely and every rim point is as low as any
 * other: the rim's frame is then the body's own x and y axes (a height error below 1e-12 r).
 */
const SQUARE = 1e-12;

/**
 * The frame of cylinder i's rim seen against the unit direction n (a plane's or a face's
 * outward normal, pointing towards the cylinder), into f[0..10):
 * - f[0..3) the axis a; f[3..6) û, the unit direction across the axis most along n
 *   (û ∝ n − (n·a) a); f[6..9) v̂ = a × û, across the axis and level with n (n·v̂ = 0);
 * - f[9] the lower end: −h or +h, the end whose disc centre c + f[9]·a is further against n
 *   (−h on a tie, a cylinder lying level).
 * The rim point of that end at angle φ from its lowest point is c + f[9] a − r (cos φ û + sin φ v̂),
 * at height f[9](n·a) − r |n − (n·a) a| cos φ above the plane through c: the lowest at φ = 0.
 * @returns n·a
 */
export function rimFrame(w: WorldBodies, i: number, nx: number, ny: number, nz: number, f: Float64Array): number {
  const L = w.linear, r = 9 * i, h = w.size[3 * i + 1];
  const ax = L[r + 2], ay = L[r + 5], az = L[r + 8];
  const along = nx * ax + ny * ay + nz * az;
  let ux = nx - along * ax, uy = ny - along * ay, uz = nz - along * az;
  // Once more (as cylinderSupport does): for n nearly along a, u's rounding has a part along a.
  const again = ux * ax + uy * ay + uz * az;
  ux -= again * ax; uy -= again * ay; uz -= again * az;
  const lu = Math.sqrt(ux * ux + uy * uy + uz * uz);
  if (lu > SQUARE) {
    ux /= lu; uy /= lu; uz /= lu;
  } else {
    ux = L[r]; uy = L[r + 3]; uz = L[r + 6];
  }
  f[0] = ax; f[1] = ay; f[2] = az;
  f[3] = ux; f[4] = uy; f[5] = uz;
  f[6] = ay * uz - az * uy; f[7] = az * ux - ax * uz; f[8] = ax * uy - ay * ux;
  f[9] = along >= 0 ? -h : h;
  return along;
}

/** out[o..o+3) = c + s a − r (cos φ û + sin φ v̂): the rim point of end s at angle φ (given by its cosine and sine) from the lowest. */
export function rimPoint(w: WorldBodies, i: number, f: Readonly<Float64Array>, s: number, cos: number, sin: number, out: Float64Array, o: number): void {
  const c = w.centre, ci = 3 * i, radius = w.size[ci];
  const p = radius * cos, q = radius * sin;
  out[o] = c[ci] + s * f[0] - p * f[3] - q * f[6];
  out[o + 1] = c[ci + 1] + s * f[1] - p * f[4] - q * f[7];
  out[o + 2] = c[ci + 2] + s * f[2] - p * f[5] - q * f[8];
}

/** cos and sin of kπ/2 and of kπ/4: the rim's square (against a plane) and octagon (against a face), from the lowest point. */
export const SQUARE_COS = [1, 0, -1, 0];
export const SQUARE_SIN = [0, 1, 0, -1];
const H = Math.SQRT1_2;
export const OCTAGON_COS = [1, H, 0, -H, -1, -H, 0, H];
export const OCTAGON_SIN = [0, H, 1, H, 0, -H, -1, -H];
