import type { ContactBufferLike } from '@moreau/core/contracts';
import { rimFrame, rimPoint, SQUARE_COS, SQUARE_SIN } from './cylinder-rim.js';
import type { WorldBodies } from './world-bodies.js';

/**
 * Cylinder k (A) against plane p (B): on each end's rim, four points a quarter turn apart
 * starting from the rim's lowest point (rimFrame: the square is turned with the tilt), each
 * with signed height d = n·(x − x_p) at most the margin: at x − (d/2) n, gap d, feature
 * 4·end + q (end 0 at z = −h, 1 at z = +h; q the quarter turns from the lowest point). So:
 * - standing on an end (axis along n): that rim's four points, a square inscribed in the
 *   disc — the body stands as a box does on its four corners;
 * - lying on its side (axis level): the lowest point of each end, the two ends of the line
 *   of contact;
 * - tilted: the lower rim's lowest point alone, on which it rocks or rolls.
 * The lowest point is one of them, so the least gap is the cylinder's exact height, and the
 * square's first point stays at the edge the cylinder would tip over, whichever way it leans.
 * `frame` is 10 numbers of scratch.
 */
export function cylinderPlane(w: WorldBodies, k: number, p: number, out: Pick<ContactBufferLike, 'push'>, frame: Float64Array, point: Float64Array): void {
  const c = w.centre, op = 3 * p, ok = 3 * k;
  const nx = w.size[op], ny = w.size[op + 1], nz = w.size[op + 2];
  const radius = w.size[ok], h = w.size[ok + 1];
  const h0 = nx * (c[ok] - c[op]) + ny * (c[ok + 1] - c[op + 1]) + nz * (c[ok + 2] - c[op + 2]);
  const along = rimFrame(w, k, nx, ny, nz, frame);
  // The lowest point of the body is at h0 − h|n·a| − r|n − (n·a)a|, at least h0 − h − r.
  if (h0 - h * Math.abs(along) - radius > w.margin) return;
  for (let end = 0; end < 2; end++) {
    const s = end ? h : -h;
    for (let q = 0; q < 4; q++) {
      rimPoint(w, k, frame, s, SQUARE_COS[q], SQUARE_SIN[q], point, 0);
      const d = nx * (point[0] - c[op]) + ny * (point[1] - c[op + 1]) + nz * (point[2] - c[op + 2]);
      if (d > w.margin) continue;
      const t = 0.5 * d;
      out.push(k, p, 4 * end + q, point[0] - t * nx, point[1] - t * ny, point[2] - t * nz, nx, ny, nz, d);
    }
  }
}
