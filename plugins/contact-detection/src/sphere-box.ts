import type { ContactBufferLike } from '@moreau/core/contracts';
import type { WorldBodies } from './world-bodies.js';

/**
 * Sphere s (A) against box b (B), feature 0. In the box's frame the sphere centre is
 * l = Rᵀ(c − c_b).
 * - Outside the box: q = clamp(l, −h, h) is the closest box point, n = R(l − q)/|l − q|,
 *   gap = |l − q| − r, the point halfway between q and the sphere point c − r n.
 * - Inside (or on) the box: the face nearest the centre, axis k with the least h_k − |l_k|,
 *   gives n = ± R e_k and gap = −(h_k − |l_k| + r); the point is halfway between the face
 *   point c + (h_k − |l_k|) n and c − r n. Both cases meet continuously on the surface.
 */
export function sphereBox(w: WorldBodies, s: number, b: number, out: ContactBufferLike): void {
  const c = w.centre, R = w.linear, os = 3 * s, ob = 3 * b, rb = 9 * b;
  const r = w.size[os], hx = w.size[ob], hy = w.size[ob + 1], hz = w.size[ob + 2];
  const dx = c[os] - c[ob], dy = c[os + 1] - c[ob + 1], dz = c[os + 2] - c[ob + 2];
  const lx = R[rb] * dx + R[rb + 3] * dy + R[rb + 6] * dz;
  const ly = R[rb + 1] * dx + R[rb + 4] * dy + R[rb + 7] * dz;
  const lz = R[rb + 2] * dx + R[rb + 5] * dy + R[rb + 8] * dz;
  const ex = lx - clamp(lx, hx), ey = ly - clamp(ly, hy), ez = lz - clamp(lz, hz);
  const dist = Math.sqrt(ex * ex + ey * ey + ez * ez);
  let nx: number, ny: number, nz: number, gap: number, t: number;
  if (dist > 0) {
    gap = dist - r;
    if (gap > w.margin) return;
    nx = (R[rb] * ex + R[rb + 1] * ey + R[rb + 2] * ez) / dist;
    ny = (R[rb + 3] * ex + R[rb + 4] * ey + R[rb + 5] * ez) / dist;
    nz = (R[rb + 6] * ex + R[rb + 7] * ey + R[rb + 8] * ez) / dist;
    // Halfway between q = c − dist·n and c − r n.
    t = -0.5 * (dist + r);
  } else {
    const fx = hx - Math.abs(lx), fy = hy - Math.abs(ly), fz = hz - Math.abs(lz);
    const k = fx <= fy && fx <= fz ? 0 : fy <= fz ? 1 : 2;
    const depth = k === 0 ? fx : k === 1 ? fy : fz;
    const sign = (k === 0 ? lx : k === 1 ? ly : lz) < 0 ? -1 : 1;
    nx = sign * R[rb + k]; ny = sign * R[rb + 3 + k]; nz = sign * R[rb + 6 + k];
    gap = -(depth + r);
    // Halfway between the face point c + depth·n and c − r n.
    t = 0.5 * (depth - r);
  }
  out.push(s, b, 0, c[os] + t * nx, c[os + 1] + t * ny, c[os + 2] + t * nz, nx, ny, nz, gap);
}

function clamp(x: number, h: number): number {
  return x < -h ? -h : x > h ? h : x;
}
