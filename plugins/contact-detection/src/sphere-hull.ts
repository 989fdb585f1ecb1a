import type { ContactBufferLike } from '@moreau/core/contracts';
import { convexPair, type ConvexScratch } from './convex-pair.js';
import { insideFace } from './smooth-hull.js';
import type { WorldBodies } from './world-bodies.js';

/**
 * Sphere s (A) against hull h (B), feature 0 (one contact: it keeps its id as the sphere
 * rolls from face to face). With d_f = n_f·c − offset_f the centre's height over face f's
 * plane and f the face of largest d_f:
 * - d_f ≤ 0, the centre inside: f is the face of least penetration, n = n_f,
 *   gap = d_f − r;
 * - d_f > 0 and the centre's projection c − d_f n_f inside face f: that projection is the
 *   closest hull point (the hull lies below the plane), so again n = n_f, gap = d_f − r;
 * - otherwise the closest point is on an edge or vertex: GJK of the centre against the hull.
 * The distance is at least d_f, so a sphere with d_f − r above the margin is dropped at once.
 * The point is halfway between the face point c − d_f n and the sphere's c − r n.
 */
export function sphereHull(w: WorldBodies, s: number, h: number, out: ContactBufferLike, scratch: ConvexScratch): void {
  const c = w.centre, os = 3 * s, r = w.size[os], cx = c[os], cy = c[os + 1], cz = c[os + 2];
  const poly = w.polytope[h]!, P = w.worldPlane, po = 4 * w.planeStart[h];
  let best = -Infinity, f = 0;
  for (let g = 0, q = po; g < poly.faceCount; g++, q += 4) {
    const d = P[q] * cx + P[q + 1] * cy + P[q + 2] * cz - P[q + 3];
    if (d > best) { best = d; f = g; }
  }
  if (best - r > w.margin) return;
  const q = po + 4 * f, nx = P[q], ny = P[q + 1], nz = P[q + 2];
  if (best > 0 && !insideFace(w, h, f, cx - best * nx, cy - best * ny, cz - best * nz, nx, ny, nz)) {
    convexPair(w, s, h, out, scratch);
    return;
  }
  const t = -0.5 * (best + r);
  out.push(s, h, 0, cx + t * nx, cy + t * ny, cz + t * nz, nx, ny, nz, best - r);
}
