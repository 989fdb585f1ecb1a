import type { ContactBufferLike } from '@moreau/core/contracts';
import type { WorldBodies } from './world-bodies.js';

/**
 * Hull h (A) against plane p (B): one contact per world vertex v with signed height
 * d = n·(x_v − x_p) at most the margin, at x_v − (d/2) n, gap d, feature = the vertex index.
 * A hull resting on a face gives that face's corners.
 */
export function hullPlane(w: WorldBodies, h: number, p: number, out: Pick<ContactBufferLike, 'push'>): void {
  const c = w.centre, op = 3 * p, x = w.worldVertex, base = 3 * w.vertexStart[h];
  const nx = w.size[op], ny = w.size[op + 1], nz = w.size[op + 2];
  const off = nx * c[op] + ny * c[op + 1] + nz * c[op + 2];
  const count = w.polytope[h]!.vertexCount;
  for (let v = 0, q = base; v < count; v++, q += 3) {
    const d = nx * x[q] + ny * x[q + 1] + nz * x[q + 2] - off;
    if (d > w.margin) continue;
    const t = 0.5 * d;
    out.push(h, p, v, x[q] - t * nx, x[q + 1] - t * ny, x[q + 2] - t * nz, nx, ny, nz, d);
  }
}
