import type { DetectorCase } from './detector-cases.js';
import { between, fmt, fmtV, sceneScale, type Detect } from './detector-checks.js';
import { DEPTH_TOL } from './detector-convex-checks.js';
import { add, scale } from './detector-geometry.js';
import { check } from './solver-checks.js';
import type { Verdict } from './solver-property.js';

/** How far from touching the pair is moved, as fractions of the scene's size. */
export const NEAR_TOUCH_GAPS = [0, 1e-12, 1e-10, 1e-9, 1e-8, 1e-7, 1e-6] as const;
/** The reach each body is given once moved, as a fraction of the scene's size: a margin of at least twice this, whatever the detector's own. */
const NEAR_REACH = 1e-5;

/**
 * Bodies 0 and 1 moved along their normal to `level` × the scene's size from touching are still
 * reported, at that gap. The pair is detected first with reaches of the scene's size (reported
 * wherever the generator put it); its least-gap contact gives the gap g and the normal n (from B
 * to A), and body A is moved by (h − g) n. Two convex bodies so moved are h apart: the closest
 * points of separated bodies stay the closest, and so do the deepest points of a penetration once
 * it is undone. Then, with reaches of NEAR_REACH × size, the pair must be reported and its least
 * gap be h to DEPTH_TOL × size: near touching, distances lose digits (a direction taken from a
 * point 1e-10 from the origin carries the coordinates' rounding, an edge axis of nearly parallel
 * edges the rounding of their cross product), and a detector that trusted GJK's lower bound there
 * dropped such pairs.
 */
export function checkNearTouch(c: DetectorCase & { level: number }, detect: Detect): Verdict {
  const size = sceneScale(c.bodies), h = c.level * size, reach = NEAR_REACH * size;
  const first = between(detect(c.bodies.map((b) => ({ ...b, reach: size }))), 0, 1);
  if (first.length === 0) return { inconclusive: 'the pair is not reported with reaches of the scene\'s size' };
  const k = first.reduce((m, x) => (x.gap < m.gap ? x : m));
  const shift = scale(k.normal, h - k.gap);
  const moved = c.bodies.map((b, i) => ({
    ...b, reach, pose: i === k.bodyA ? { position: Float64Array.from(add(b.pose.position, shift)), linear: b.pose.linear } : b.pose,
  }));
  const near = between(detect(moved), 0, 1);
  const how = () => `bodies 0 and 1, body ${k.bodyA} moved by ${fmtV(shift)} along their normal ${fmtV(k.normal)} from gap ${fmt(k.gap)} to ${fmt(h)} (reaches ${fmt(reach)})`;
  check(near.length > 0, () => `${how()}: not reported`);
  const least = Math.min(...near.map((x) => x.gap));
  const tol = DEPTH_TOL * size;
  check(Math.abs(least - h) <= tol, () => `${how()}: least gap ${fmt(least)}, not within ${fmt(tol)} of ${fmt(h)}`);
}
