import type { DetectorBody, Shape } from '@moreau/core';
import { gapLowerBound, sampledGap, separation } from './detector-bounds.js';
import type { DetectorCase } from './detector-cases.js';
import { between, fmt, fmtV, gapsWhenReaching, GEOMETRY_TOL, normalFromTo, reportedGaps, sceneScale, type Detect } from './detector-checks.js';
import { add, dot, mulMV, norm, planeOf, reach, scale, sub, type V3 } from './detector-geometry.js';
import type { SeenContact } from './detector-harness.js';
import { distanceTo, worldShape } from './detector-shapes.js';
import { check } from './solver-checks.js';
import type { Verdict } from './solver-property.js';

/**
 * Checks of ellipsoid, capsule, cylinder and hull contacts: against a plane in closed form, and
 * in every other pair against the suite's own gap brackets (detector-bounds.ts).
 */

/**
 * Penetration depths are checked to this fraction of the scene's size: iterative depth
 * algorithms (EPA on curved shapes) stop at a tolerance; separations are checked to
 * GEOMETRY_TOL.
 */
export const DEPTH_TOL = 1e-6;
/**
 * Points and normals of pairs found by iterative algorithms (GJK on curved shapes converges
 * in distance to rounding but in direction only to about its square root; EPA stops at a
 * tolerance) are compared across transformed scenes to this fraction of the scene's size.
 */
export const ITERATIVE_TOL = 1e-4;

/** Whether a body's contacts may come from iterative algorithms: an ellipsoid, capsule, cylinder or hull, or any shape under a linear map that is not a rotation. */
export function iterative(b: DetectorBody): boolean {
  const t = b.shape.type, L = b.pose.linear;
  if (t === 'ellipsoid' || t === 'capsule' || t === 'cylinder' || t === 'hull') return true;
  if (t === 'plane') return false;
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      if (Math.abs(L[i] * L[j] + L[3 + i] * L[3 + j] + L[6 + i] * L[6 + j] - (i === j ? 1 : 0)) > 1e-9) return true;
    }
  }
  return false;
}

/** Surface samples per edge of the sampled upper bound (k × k per cube face of an ellipsoid, k per triangle side of a hull). */
const SAMPLES = 13;

const SMOOTH = new Set(['sphere', 'ellipsoid', 'capsule']);

/** The tolerance for a reported gap g: separations to GEOMETRY_TOL, depths to DEPTH_TOL, of the scene's size. */
function gapTol(g: number, size: number): number {
  return (g > 0 ? GEOMETRY_TOL : DEPTH_TOL) * size;
}

/**
 * An ellipsoid, capsule, cylinder or hull (body b) and a plane: reported when its lowest point
 * is within the margin; the least gap is the lowest point's height; every normal is the
 * plane's. An ellipsoid has one contact, halfway between its lowest point and the plane; a
 * capsule one per end whose sphere comes within the margin; a cylinder's contacts lie within
 * half the margin of it and of the plane.
 */
export function checkSolidPlane(c: DetectorCase, cs: SeenContact[], margin: number, detect: Detect): Verdict {
  const b = c.bodies.findIndex((x) => x.shape.type !== 'plane'), pl = 1 - b;
  const { normal: n, point } = planeOf(c.bodies[pl]);
  const body = c.bodies[b], L = body.pose.linear, ctr = [...body.pose.position];
  const lowest = dot(n, sub(ctr, point)) - reach(body.shape, L, scale(n, -1));
  const tol = GEOMETRY_TOL * sceneScale(c.bodies);
  if (Math.abs(lowest - margin) <= tol) return { inconclusive: `lowest point ${fmt(lowest)} is at the margin` };
  const found = between(cs, 0, 1);
  if (lowest > margin) {
    check(found.length === 0, () => `the lowest point is ${fmt(lowest)} above the plane, beyond the margin ${fmt(margin)}, yet ${found.length} contact(s) were reported, with gap ${reportedGaps(found)}`);
    return;
  }
  check(found.length > 0, () => `the lowest point is ${fmt(lowest)} from the plane, within the margin ${fmt(margin)}, yet no contact was reported${gapsWhenReaching(detect, c.bodies)}`);
  const least = Math.min(...found.map((k) => k.gap));
  check(Math.abs(least - lowest) <= tol, () => `least reported gap ${fmt(least)}, but the lowest point is at ${fmt(lowest)}`);
  for (const k of found) {
    const nk = normalFromTo(k, pl, b);
    check(norm(sub(nk, n)) <= tol, () => `normal from the plane to the ${body.shape.type} is ${fmtV(nk)}, the plane's is ${fmtV(n)}`);
  }
  const s = body.shape;
  if (s.type === 'ellipsoid') {
    check(found.length === 1, () => `an ellipsoid touches a plane at one point, yet ${found.length} contacts were reported`);
    const M = Array.from(L, (v, k) => v * s.semiAxes[k % 3]);
    const m = [0, 1, 2].map((k) => M[k] * n[0] + M[3 + k] * n[1] + M[6 + k] * n[2]);
    const low = sub(ctr, scale(mulMV(M, m), 1 / norm(m)));
    const mid = sub(low, scale(n, lowest / 2));
    check(norm(sub(found[0].point, mid)) <= tol, () => `point ${fmtV(found[0].point)}, expected halfway between the lowest point and the plane ${fmtV(mid)}`);
  }
  if (s.type === 'capsule') checkCapsuleEnds(s, body, n, point, found, margin, tol);
  if (s.type === 'cylinder') checkCylinderPoints(body, n, point, found, margin, least, tol);
}

/**
 * A cylinder's contacts with a plane lie between it and the plane: a contact point is a convex
 * combination of points halfway between a point x of the cylinder, at height d ∈ [least gap,
 * margin] above the plane, and the plane (one such point, or the centroid of several with
 * `manifold: 'one-per-face'`). Such a point is |d|/2 from x and at height d/2; heights are
 * linear and the distance to a convex body is convex, so each contact point is at a height in
 * [least/2, margin/2] and within max(margin, −least)/2 of the cylinder.
 */
function checkCylinderPoints(body: DetectorBody, n: V3, point: V3, found: SeenContact[], margin: number, least: number, tol: number): void {
  const shape = worldShape(body), reach = Math.max(margin, -least, 0) / 2;
  for (const k of found) {
    const toBody = distanceTo(shape, k.point), height = dot(n, sub(k.point, point));
    check(toBody <= reach + tol && height <= margin / 2 + tol && height >= least / 2 - tol,
      () => `a cylinder contact at ${fmtV(k.point)} (gap ${fmt(k.gap)}) is ${fmt(toBody)} from the cylinder and ${fmt(height)} above the plane: it should lie within ${fmt(reach)} of the cylinder, at a height between half the least gap ${fmt(least)} and half the margin ${fmt(margin)}`);
  }
}

function checkCapsuleEnds(s: Extract<Shape, { type: 'capsule' }>, body: DetectorBody, n: V3, point: V3, found: SeenContact[], margin: number, tol: number): void | { inconclusive: string } {
  const L = body.pose.linear, axis: V3 = [L[2], L[5], L[8]], ctr = [...body.pose.position];
  const heights = [-1, 1].map((e) => dot(n, sub(add(ctr, scale(axis, e * s.halfLength)), point)) - s.radius);
  const within = heights.filter((h) => h <= margin - tol).length, maybe = heights.filter((h) => Math.abs(h - margin) <= tol).length;
  check(found.length >= within && found.length <= within + maybe,
    () => `a capsule touches a plane with each end whose sphere is within the margin: end heights ${fmtV(heights)}, margin ${fmt(margin)}, yet ${found.length} contact(s) were reported${found.length ? `, with gap ${reportedGaps(found)}` : ''}`);
}

/**
 * Two convex bodies (0 and 1), at least one an ellipsoid, capsule, cylinder or hull (or any under a
 * general linear map), against the suite's brackets lo ≤ g ≤ hi of their signed gap:
 * reported exactly when g is within the margin; the least reported gap within the brackets
 * (hi = 0 when they overlap); and, for a pair with a curved body (one contact), the
 * separation along the reported normal at least the reported gap (a wrong normal separates
 * less) and, when apart, the point halfway: g/2 from each body.
 */
export function checkConvexPair(c: DetectorCase, cs: SeenContact[], margin: number, detect: Detect): Verdict {
  const A = worldShape(c.bodies[0]), B = worldShape(c.bodies[1]);
  const found = between(cs, 0, 1);
  const size = sceneScale(c.bodies), tol = GEOMETRY_TOL * size;
  // Reported normals (turned into directions from body 0 to body 1) are candidates too: at the right one σ is the gap.
  const { lo } = gapLowerBound(A, B, found.map((k) => scale(normalFromTo(k, 1, 0), -1)));
  const { hi: sampled, overlap, resolution } = sampledGap(A, B, SAMPLES);
  const hi = overlap ? 0 : sampled;
  const what = `${c.bodies[0].shape.type}-${c.bodies[1].shape.type}`;
  if (!c.bodies[0].free && !c.bodies[1].free) return;
  if (found.length === 0) {
    check(!(hi <= margin - tol), () => `${what}: the gap is at most ${fmt(hi)} (${overlap ? 'a surface sample of one lies inside the other' : 'sampled surfaces'}), within the margin ${fmt(margin)}, yet no contact was reported${gapsWhenReaching(detect, c.bodies)}`);
    if (lo <= margin - tol) return { inconclusive: `gap in [${fmt(lo)}, ${fmt(hi)}] around the margin ${fmt(margin)}` };
    return;
  }
  const least = Math.min(...found.map((k) => k.gap));
  check(least >= lo - gapTol(least, size), () => `${what}: least reported gap ${fmt(least)} is below ${fmt(lo)}, the separation of the bodies along a direction the suite found (the gap is at least that)`);
  check(least <= hi + tol, () => `${what}: least reported gap ${fmt(least)} is above ${fmt(hi)}, ${overlap ? 'yet the bodies overlap' : `the sampled surfaces' distance (resolution ${fmt(resolution)}), which bounds the gap from above`}`);
  if (!SMOOTH.has(A.type) && !SMOOTH.has(B.type)) return;
  check(found.length === 1, () => `${what}: a pair with a curved body touches at one point, yet ${found.length} contacts were reported`);
  const k = found[0], n = normalFromTo(k, 1, 0);
  const along = separation(A, B, scale(n, -1));
  check(along >= k.gap - gapTol(k.gap, size), () => `${what}: the bodies are ${fmt(along)} apart along the reported normal ${fmtV(n)} (from body 1 to body 0), less than the reported gap ${fmt(k.gap)}: the normal is not the contact's`);
  if (k.gap > 10 * tol) {
    const da = distanceTo(A, k.point), db = distanceTo(B, k.point), tolP = 1e3 * tol;
    check(Math.abs(da - k.gap / 2) <= tolP && Math.abs(db - k.gap / 2) <= tolP,
      () => `${what}: the point ${fmtV(k.point)} is ${fmt(da)} from body 0 and ${fmt(db)} from body 1, not halfway across the gap ${fmt(k.gap)}`);
  }
}
