import type { ContactBufferLike } from '@moreau/core/contracts';
import type { WorldBodies } from './world-bodies.js';

/**
 * Capsule k (A) against plane p (B): one contact per end of its segment, c ∓ h·axis, whose
 * sphere of radius r comes within the margin: gap = n·(end − x_p) − r, the point halfway
 * between the sphere's lowest point and the plane. Feature 0 for the − end, 1 for the +
 * end; a capsule lying on the plane rests on both.
 */
export function capsulePlane(w: WorldBodies, k: number, p: number, out: ContactBufferLike): void {
  const c = w.centre, L = w.linear, ok = 3 * k, r = 9 * k, op = 3 * p;
  const nx = w.size[op], ny = w.size[op + 1], nz = w.size[op + 2];
  const radius = w.size[ok], h = w.size[ok + 1];
  const ax = L[r + 2], ay = L[r + 5], az = L[r + 8];
  const h0 = nx * (c[ok] - c[op]) + ny * (c[ok + 1] - c[op + 1]) + nz * (c[ok + 2] - c[op + 2]) - radius;
  const along = h * (nx * ax + ny * ay + nz * az);
  for (let end = 0; end < 2; end++) {
    const s = end ? h : -h;
    const gap = h0 + (end ? along : -along);
    if (gap > w.margin) continue;
    const t = radius + 0.5 * gap;
    out.push(k, p, end, c[ok] + s * ax - t * nx, c[ok + 1] + s * ay - t * ny, c[ok + 2] + s * az - t * nz, nx, ny, nz, gap);
  }
}
