import type { DetectorBody } from '@moreau/core';
import { dot, norm, sub } from './detector-geometry.js';
import type { SeenContact } from './detector-harness.js';
import { check } from './solver-checks.js';

/** Checks of detector output against its contract, used by several properties. */

/** Tolerance of frame orthonormality and handedness (rounding of a few products of unit vectors). */
export const FRAME_TOL = 1e-12;
/** Tolerance of geometric comparisons, relative to the scene's size (a few dozen roundings of O(10) numbers). */
export const GEOMETRY_TOL = 1e-9;

export const fmt = (x: number): string => (Number.isFinite(x) && x !== 0 && (Math.abs(x) < 1e-3 || Math.abs(x) >= 1e4) ? x.toExponential(3) : String(+x.toPrecision(6)));
export const fmtV = (v: readonly number[]): string => `[${v.map(fmt).join(', ')}]`;

/** Indices in range, A ≠ B, finite point, frame and gap, sorted by (A, B, feature), no repeated id. */
export function checkWellFormed(bodies: readonly DetectorBody[], cs: readonly SeenContact[]): void {
  const n = bodies.length;
  cs.forEach((c, k) => {
    check(Number.isInteger(c.bodyA) && Number.isInteger(c.bodyB) && c.bodyA >= 0 && c.bodyB >= 0 && c.bodyA < n && c.bodyB < n,
      () => `contact ${k} names bodies (${c.bodyA}, ${c.bodyB}), not in 0..${n - 1}`);
    check(c.bodyA !== c.bodyB, () => `contact ${k} is between body ${c.bodyA} and itself`);
    check([...c.point, ...c.frame, c.gap].every(Number.isFinite), () => `contact ${k} has a non-finite value: point ${fmtV(c.point)}, frame ${fmtV(c.frame)}, gap ${c.gap}`);
    if (k > 0) {
      const p = cs[k - 1];
      const order = p.bodyA - c.bodyA || p.bodyB - c.bodyB || p.feature - c.feature;
      check(order < 0, () => `contacts ${k - 1} and ${k} are ${order === 0 ? 'the same id' : 'out of order'}: (${p.bodyA}, ${p.bodyB}, ${p.feature}) then (${c.bodyA}, ${c.bodyB}, ${c.feature})`);
    }
  });
}

/** Rows n, t1, t2 orthonormal and t1 × t2 = n, within FRAME_TOL. */
export function checkFrames(cs: readonly SeenContact[]): void {
  cs.forEach((c, k) => {
    const f = c.frame, rows = [f.slice(0, 3), f.slice(3, 6), f.slice(6, 9)];
    for (let i = 0; i < 3; i++) {
      for (let j = i; j < 3; j++) {
        const d = dot(rows[i], rows[j]) - (i === j ? 1 : 0);
        check(Math.abs(d) <= FRAME_TOL, () => `contact ${k}: rows ${i} and ${j} of the frame ${fmtV(f)} have dot product off by ${fmt(d)}`);
      }
    }
    const t1 = rows[1], t2 = rows[2];
    const x = [t1[1] * t2[2] - t1[2] * t2[1], t1[2] * t2[0] - t1[0] * t2[2], t1[0] * t2[1] - t1[1] * t2[0]];
    check(norm(sub(x, rows[0])) <= FRAME_TOL, () => `contact ${k}: t1 × t2 = ${fmtV(x)} is not the normal ${fmtV(rows[0])} (left-handed or not normal first)`);
  });
}

/** No reported gap above the margin. */
export function checkMargin(cs: readonly SeenContact[], margin: number): void {
  cs.forEach((c, k) => check(c.gap <= margin, () => `contact ${k} between bodies ${c.bodyA} and ${c.bodyB} has gap ${fmt(c.gap)} above the margin ${fmt(margin)}`));
}

/** The contacts between bodies i and j (either order). */
export function between(cs: readonly SeenContact[], i: number, j: number): SeenContact[] {
  return cs.filter((c) => (c.bodyA === i && c.bodyB === j) || (c.bodyA === j && c.bodyB === i));
}

/** The normal of c turned to point from body `from` towards body `to` (the contract's n points from B to A). */
export function normalFromTo(c: SeenContact, from: number, to: number): [number, number, number] {
  if (c.bodyB === from && c.bodyA === to) return c.normal;
  return [-c.normal[0], -c.normal[1], -c.normal[2]];
}

/** The scene's size: the largest |coordinate| of any body position, at least 1. */
export function sceneScale(bodies: readonly DetectorBody[]): number {
  return Math.max(1, ...bodies.map((b) => Math.max(...Array.from(b.pose.position, Math.abs))));
}

/** A detector run on some bodies, its contacts read back. */
export type Detect = (bodies: readonly DetectorBody[]) => SeenContact[];

/** The gaps of contacts as a failure shows them beside the expected one: `0.1` or `0.1, 0.2`. */
export function reportedGaps(cs: readonly SeenContact[]): string {
  return cs.map((k) => fmt(k.gap)).join(', ');
}

/**
 * For a pair of bodies 0 and 1 the detector left out though the suite's gap is within its
 * margin: the gap the detector computes for them, which its margin test hid, asked for by
 * running it again with each body reaching the scene's size further (the contract widens the
 * margin by the reaches). Said after "no contact was reported".
 */
export function gapsWhenReaching(detect: Detect, bodies: readonly DetectorBody[]): string {
  const more = sceneScale(bodies);
  let found: SeenContact[];
  try {
    found = between(detect(bodies.map((b) => ({ ...b, reach: (b.reach ?? 0) + more }))), 0, 1);
  } catch {
    return '';
  }
  return found.length
    ? `; with ${fmt(more)} more reach on each body it reports them, with gap ${reportedGaps(found)}`
    : `; it reports no contact of them even with ${fmt(more)} more reach on each body`;
}
