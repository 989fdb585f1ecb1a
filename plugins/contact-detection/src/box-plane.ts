import type { ContactBufferLike } from '@moreau/core/contracts';
import type { WorldBodies } from './world-bodies.js';

/**
 * Box b (A) against plane p (B): one contact per box vertex v with signed height
 * d = n·(v − x_p) at most the margin, at v − (d/2) n (halfway between the vertex and the
 * plane), gap d, feature = the vertex index (bit k set for the + side of reference axis k).
 * A box resting on a face gives its 4 face vertices.
 */
export function boxPlane(w: WorldBodies, b: number, p: number, out: Pick<ContactBufferLike, 'push'>): void {
  const c = w.centre, R = w.linear, ob = 3 * b, rb = 9 * b, op = 3 * p;
  const nx = w.size[op], ny = w.size[op + 1], nz = w.size[op + 2];
  const hx = w.size[ob], hy = w.size[ob + 1], hz = w.size[ob + 2];
  // n·(R e_k) h_k: how far the box reaches along n per axis.
  const ex = (nx * R[rb] + ny * R[rb + 3] + nz * R[rb + 6]) * hx;
  const ey = (nx * R[rb + 1] + ny * R[rb + 4] + nz * R[rb + 7]) * hy;
  const ez = (nx * R[rb + 2] + ny * R[rb + 5] + nz * R[rb + 8]) * hz;
  const h0 = nx * (c[ob] - c[op]) + ny * (c[ob + 1] - c[op + 1]) + nz * (c[ob + 2] - c[op + 2]);
  if (h0 - Math.abs(ex) - Math.abs(ey) - Math.abs(ez) > w.margin) return;
  for (let v = 0; v < 8; v++) {
    const sx = v & 1 ? 1 : -1, sy = v & 2 ? 1 : -1, sz = v & 4 ? 1 : -1;
    const d = h0 + sx * ex + sy * ey + sz * ez;
    if (d > w.margin) continue;
    const lx = sx * hx, ly = sy * hy, lz = sz * hz;
    const t = 0.5 * d;
    out.push(b, p, v,
      c[ob] + R[rb] * lx + R[rb + 1] * ly + R[rb + 2] * lz - t * nx,
      c[ob + 1] + R[rb + 3] * lx + R[rb + 4] * ly + R[rb + 5] * lz - t * ny,
      c[ob + 2] + R[rb + 6] * lx + R[rb + 7] * ly + R[rb + 8] * lz - t * nz,
      nx, ny, nz, d);
  }
}
