import type { ContactBufferLike } from '@moreau/core/contracts';
import type { WorldBodies } from './world-bodies.js';

/**
 * Sphere s (A) against plane p (B): n is the plane's world normal, gap = n·(c − x_p) − r,
 * the point halfway between the sphere's lowest point c − r n and its projection on the
 * plane, i.e. c − (r + gap/2) n. Feature 0.
 */
export function spherePlane(w: WorldBodies, s: number, p: number, out: ContactBufferLike): void {
  const c = w.centre, os = 3 * s, op = 3 * p, n = w.size;
  const nx = n[op], ny = n[op + 1], nz = n[op + 2];
  const r = w.size[os];
  const gap = nx * (c[os] - c[op]) + ny * (c[os + 1] - c[op + 1]) + nz * (c[os + 2] - c[op + 2]) - r;
  if (gap > w.margin) return;
  const t = r + 0.5 * gap;
  out.push(s, p, 0, c[os] - t * nx, c[os + 1] - t * ny, c[os + 2] - t * nz, nx, ny, nz, gap);
}
