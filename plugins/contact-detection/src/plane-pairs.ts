import type { PairList } from './pair-list.js';
import { PLANE, type WorldBodies } from './world-bodies.js';

/**
 * Planes are infinite, so they stay out of the sweep: each is tested against the bounding
 * box of every other non-plane body that is free or faces a free plane. A box whose lowest
 * point along the normal is within its padding (half the margin) may touch; the rest cannot.
 * Returns the number of bounding-box tests made.
 */
export function collectPlanePairs(w: WorldBodies, pairs: PairList): number {
  const { lo, hi, size, centre, free, kind } = w;
  let tests = 0;
  for (let q = 0; q < w.planeCount; q++) {
    const p = w.planes[q], op = 3 * p;
    const nx = size[op], ny = size[op + 1], nz = size[op + 2];
    const off = nx * centre[op] + ny * centre[op + 1] + nz * centre[op + 2];
    for (let i = 0; i < w.count; i++) {
      if (kind[i] === PLANE || (!free[i] && !free[p])) continue;
      tests++;
      const o = 3 * i;
      // The box corner furthest against n, from the box's centre and half sizes.
      const cx = 0.5 * (lo[o] + hi[o]), cy = 0.5 * (lo[o + 1] + hi[o + 1]), cz = 0.5 * (lo[o + 2] + hi[o + 2]);
      const ex = 0.5 * (hi[o] - lo[o]), ey = 0.5 * (hi[o + 1] - lo[o + 1]), ez = 0.5 * (hi[o + 2] - lo[o + 2]);
      const lowest = nx * cx + ny * cy + nz * cz - off - Math.abs(nx) * ex - Math.abs(ny) * ey - Math.abs(nz) * ez;
      if (lowest <= w.pad[i]) pairs.push(i, p);
    }
  }
  return tests;
}
