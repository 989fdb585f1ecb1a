import type { WorldBodies } from './world-bodies.js';

/**
 * Box features in world coordinates. Numbering (the feature ids build on it):
 * - vertex v ∈ 0..7: bit k set for the + side of reference axis k;
 * - edge e ∈ 0..11: e = 4k + m runs along axis k, at the sides of axes k+1 and k+2 (mod 3)
 *   given by bits 0 and 1 of m;
 * - face f ∈ 0..5: f = 2k for the + side of axis k, 2k + 1 for the − side.
 */

/** Writes vertex v of box b into out[o..o+3). */
export function boxVertex(w: WorldBodies, b: number, v: number, out: Float64Array, o: number): void {
  const h = w.size, ob = 3 * b;
  local(w, b, v & 1 ? h[ob] : -h[ob], v & 2 ? h[ob + 1] : -h[ob + 1], v & 4 ? h[ob + 2] : -h[ob + 2], out, o);
}

/** Writes the two ends of edge e of box b into out[o..o+6). */
export function boxEdge(w: WorldBodies, b: number, e: number, out: Float64Array, o: number): void {
  const h = w.size, ob = 3 * b, k = e >> 2, m = e & 3;
  const hu = (m & 1 ? 1 : -1) * h[ob + (k + 1) % 3], hv = (m & 2 ? 1 : -1) * h[ob + (k + 2) % 3], hk = h[ob + k];
  for (let end = 0; end < 2; end++) {
    const a = end ? hk : -hk;
    if (k === 0) local(w, b, a, hu, hv, out, o + 3 * end);
    else if (k === 1) local(w, b, hv, a, hu, out, o + 3 * end);
    else local(w, b, hu, hv, a, out, o + 3 * end);
  }
}

/** The edge of box b along axis k whose side bits are chosen by the signs of su, sv (≥ 0: + side). */
export function edgeIndex(k: number, su: number, sv: number): number {
  return 4 * k + (su >= 0 ? 1 : 0) + (sv >= 0 ? 2 : 0);
}

/**
 * The point of box b closest to x, written into out[o..o+3); returns the squared distance
 * (0 when x is inside).
 */
export function closestPointOnBox(w: WorldBodies, b: number, x: number, y: number, z: number, out: Float64Array, o: number): number {
  const c = w.centre, R = w.linear, h = w.size, ob = 3 * b, rb = 9 * b;
  const dx = x - c[ob], dy = y - c[ob + 1], dz = z - c[ob + 2];
  const lx = clamp(R[rb] * dx + R[rb + 3] * dy + R[rb + 6] * dz, h[ob]);
  const ly = clamp(R[rb + 1] * dx + R[rb + 4] * dy + R[rb + 7] * dz, h[ob + 1]);
  const lz = clamp(R[rb + 2] * dx + R[rb + 5] * dy + R[rb + 8] * dz, h[ob + 2]);
  local(w, b, lx, ly, lz, out, o);
  const ex = x - out[o], ey = y - out[o + 1], ez = z - out[o + 2];
  return ex * ex + ey * ey + ez * ez;
}

/** World image c + R l of the point l of box b's reference frame. */
function local(w: WorldBodies, b: number, lx: number, ly: number, lz: number, out: Float64Array, o: number): void {
  const c = w.centre, R = w.linear, ob = 3 * b, rb = 9 * b;
  out[o] = c[ob] + R[rb] * lx + R[rb + 1] * ly + R[rb + 2] * lz;
  out[o + 1] = c[ob + 1] + R[rb + 3] * lx + R[rb + 4] * ly + R[rb + 5] * lz;
  out[o + 2] = c[ob + 2] + R[rb + 6] * lx + R[rb + 7] * ly + R[rb + 8] * lz;
}

function clamp(x: number, h: number): number {
  return x < -h ? -h : x > h ? h : x;
}
