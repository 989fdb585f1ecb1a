import type { ContactBufferLike } from '@moreau/core/contracts';
import { convexPair, type ConvexScratch } from './convex-pair.js';
import { coreSupport } from './support.js';
import type { WorldBodies } from './world-bodies.js';

/**
 * An ellipsoid or capsule a (A) against hull h (B), feature 0, through the hull's faces first:
 * for face f (outward unit normal n_f, offset o_f) the body's lowest point along it is its
 * support s_f along −n_f, at height d_f = n_f·s_f − o_f, and d_f is a lower bound of the
 * distance (the separation along n_f). With f the face of largest d_f:
 * - d_f above the margin: nothing to report;
 * - s_f projecting into face f: the projection is the closest hull point (apart), or face f is a
 *   local minimum of the overlap over directions (every tilt lifts a face corner against s_f),
 *   so n = n_f, gap = d_f, the point halfway between s_f and the face;
 * - otherwise the contact is at an edge or vertex: GJK/EPA (convexPair).
 * A particle resting on a face of a drum segment takes the first way out: a support per face
 * instead of a GJK run, which converges slowly against flat faces.
 */
export function smoothHull(w: WorldBodies, a: number, h: number, out: ContactBufferLike, scratch: ConvexScratch): void {
  const poly = w.polytope[h]!, P = w.worldPlane, po = 4 * w.planeStart[h], s = scratch.point, m = w.coreRadius[a];
  // The best face's support is kept as found (not computed again).
  let best = -Infinity, f = 0, bx = 0, by = 0, bz = 0;
  for (let g = 0, q = po; g < poly.faceCount; g++, q += 4) {
    coreSupport(w, a, -P[q], -P[q + 1], -P[q + 2], s, 0);
    const d = P[q] * s[0] + P[q + 1] * s[1] + P[q + 2] * s[2] - m - P[q + 3];
    // Face 0's support stands when no d beats −∞ (NaN), as face 0 is then the one used.
    if (d > best || g === 0) { bx = s[0]; by = s[1]; bz = s[2]; }
    if (d > best) { best = d; f = g; }
  }
  if (best > w.margin) return;
  const q = po + 4 * f, nx = P[q], ny = P[q + 1], nz = P[q + 2];
  const sx = bx - m * nx, sy = by - m * ny, sz = bz - m * nz;
  if (!insideFace(w, h, f, sx - best * nx, sy - best * ny, sz - best * nz, nx, ny, nz)) {
    convexPair(w, a, h, out, scratch);
    return;
  }
  const t = 0.5 * best;
  out.push(a, h, 0, sx - t * nx, sy - t * ny, sz - t * nz, nx, ny, nz, best);
}

/** Whether the point (x, y, z) of face f's plane lies inside the face: on the inner side of every side (side × n points out). */
export function insideFace(w: WorldBodies, h: number, f: number, x: number, y: number, z: number, nx: number, ny: number, nz: number): boolean {
  const poly = w.polytope[h]!, X = w.worldVertex, base = 3 * w.vertexStart[h];
  const start = poly.faceStart[f], n = poly.faceStart[f + 1] - start;
  for (let k = 0; k < n; k++) {
    const i = base + 3 * poly.faceVertex[start + k], j = base + 3 * poly.faceVertex[start + ((k + 1) % n)];
    const ex = X[j] - X[i], ey = X[j + 1] - X[i + 1], ez = X[j + 2] - X[i + 2];
    const mx = ey * nz - ez * ny, my = ez * nx - ex * nz, mz = ex * ny - ey * nx;
    if (mx * (x - X[i]) + my * (y - X[i + 1]) + mz * (z - X[i + 2]) > 0) return false;
  }
  return true;
}
