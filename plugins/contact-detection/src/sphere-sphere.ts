import type { ContactBufferLike } from '@moreau/core/contracts';
import type { WorldBodies } from './world-bodies.js';

/**
 * Sphere a (A) against sphere b (B): n = (c_A − c_B)/|c_A − c_B|, gap = |c_A − c_B| − r_A − r_B,
 * the point halfway between the surface points c_B + r_B n and c_A − r_A n. Coincident
 * centres have no direction; they get n = e_z so the output stays finite and deterministic.
 * Feature 0: two spheres touch at one point.
 */
export function sphereSphere(w: WorldBodies, a: number, b: number, out: ContactBufferLike): void {
  const c = w.centre, oa = 3 * a, ob = 3 * b;
  const ra = w.size[oa], rb = w.size[ob];
  let nx = c[oa] - c[ob], ny = c[oa + 1] - c[ob + 1], nz = c[oa + 2] - c[ob + 2];
  // √(sum of squares), not Math.hypot, which V8 runs several times slower; sizes are far from overflow.
  const d = Math.sqrt(nx * nx + ny * ny + nz * nz);
  const gap = d - ra - rb;
  if (gap > w.margin) return;
  if (d > 0) { nx /= d; ny /= d; nz /= d; } else { nx = 0; ny = 0; nz = 1; }
  // Midpoint of c_B + r_B n and c_A − r_A n.
  const t = 0.5 * (rb - ra);
  out.push(a, b, 0,
    0.5 * (c[oa] + c[ob]) + t * nx, 0.5 * (c[oa + 1] + c[ob + 1]) + t * ny, 0.5 * (c[oa + 2] + c[ob + 2]) + t * nz,
    nx, ny, nz, gap);
}
