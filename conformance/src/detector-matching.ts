import { fmt, fmtV, GEOMETRY_TOL } from './detector-checks.js';
import { DEPTH_TOL, ITERATIVE_TOL } from './detector-convex-checks.js';
import { norm, randomDirection, sub } from './detector-geometry.js';
import type { Rng } from './rng.js';
import { check } from './solver-checks.js';

/** A rotation by `angle` about a random axis (Rodrigues), row-major. */
export function smallRotation(rng: Rng, angle: number): number[] {
  const [x, y, z] = randomDirection(rng), c = Math.cos(angle), s = Math.sin(angle), t = 1 - c;
  return [
    t * x * x + c, t * x * y - s * z, t * x * z + s * y,
    t * x * y + s * z, t * y * y + c, t * y * z - s * x,
    t * x * z - s * y, t * y * z + s * x, t * z * z + c,
  ];
}

export interface Keyed {
  pair: string;
  point: readonly number[];
  normal: readonly number[];
  gap: number;
  /** Compared within the tolerances of iterative algorithms (see `iterative`). */
  loose?: boolean;
}

/**
 * Matches two contact lists one to one (same pair, point, normal and gap within
 * GEOMETRY_TOL × size, or for pairs of iterative algorithms gaps within DEPTH_TOL and points
 * and normals within ITERATIVE_TOL); a contact whose gap is within the tolerance of the
 * margin may be missing from the other list.
 */
export function matchContacts(xs: Keyed[], ys: Keyed[], size: number, margin: number, xName: string, yName: string): void {
  const tol = GEOMETRY_TOL * size;
  const gapTol = (x: Keyed) => (x.loose ? DEPTH_TOL * size : tol), dirTol = (x: Keyed) => (x.loose ? ITERATIVE_TOL * size : tol);
  const used = new Array<boolean>(ys.length).fill(false);
  const same = (x: Keyed, y: Keyed) => x.pair === y.pair && Math.abs(x.gap - y.gap) <= gapTol(x) && norm(sub(x.point, y.point)) <= dirTol(x) && norm(sub(x.normal, y.normal)) <= dirTol(x);
  const borderline = (x: Keyed) => Math.abs(x.gap - margin) <= gapTol(x);
  for (const x of xs) {
    const k = ys.findIndex((y, i) => !used[i] && same(x, y));
    if (k >= 0) { used[k] = true; continue; }
    check(borderline(x), () => {
      const near = ys.filter((y) => y.pair === x.pair).map((y) => `gap ${fmt(y.gap)} at ${fmtV(y.point)} n ${fmtV(y.normal)}`);
      return `a contact of bodies ${x.pair} from ${xName} (gap ${fmt(x.gap)} at ${fmtV(x.point)}, n ${fmtV(x.normal)}) has no match from ${yName}; there: ${near.join('; ') || 'none'}`;
    });
  }
  ys.forEach((y, i) => {
    check(used[i] || borderline(y), () => `a contact of bodies ${y.pair} from ${yName} (gap ${fmt(y.gap)} at ${fmtV(y.point)}, n ${fmtV(y.normal)}) has no match from ${xName} (${xs.length} contacts there, ${ys.length} here)`);
  });
}
