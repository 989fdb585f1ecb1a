import type { ContactBufferLike } from '@moreau/core/contracts';
import type { WorldBodies } from './world-bodies.js';

/**
 * Ellipsoid e (A) against plane p (B), feature 0: the ellipsoid's lowest point is its
 * support point along −n, s = c − M Mᵀn / |Mᵀn| for E = {c + M y : |y| ≤ 1} (exact for any
 * linear map), gap = n·(s − x_p), the point halfway between s and the plane.
 */
export function ellipsoidPlane(w: WorldBodies, e: number, p: number, out: ContactBufferLike): void {
  const c = w.centre, M = w.axes, oe = 3 * e, r = 9 * e, op = 3 * p;
  const nx = w.size[op], ny = w.size[op + 1], nz = w.size[op + 2];
  const u0 = M[r] * nx + M[r + 3] * ny + M[r + 6] * nz;
  const u1 = M[r + 1] * nx + M[r + 4] * ny + M[r + 7] * nz;
  const u2 = M[r + 2] * nx + M[r + 5] * ny + M[r + 8] * nz;
  const len = Math.sqrt(u0 * u0 + u1 * u1 + u2 * u2);
  // The centre's height less the ellipsoid's reach |Mᵀn| along n.
  const gap = nx * (c[oe] - c[op]) + ny * (c[oe + 1] - c[op + 1]) + nz * (c[oe + 2] - c[op + 2]) - len;
  if (gap > w.margin) return;
  const sx = c[oe] - (M[r] * u0 + M[r + 1] * u1 + M[r + 2] * u2) / len;
  const sy = c[oe + 1] - (M[r + 3] * u0 + M[r + 4] * u1 + M[r + 5] * u2) / len;
  const sz = c[oe + 2] - (M[r + 6] * u0 + M[r + 7] * u1 + M[r + 8] * u2) / len;
  const t = 0.5 * gap;
  out.push(e, p, 0, sx - t * nx, sy - t * ny, sz - t * nz, nx, ny, nz, gap);
}
