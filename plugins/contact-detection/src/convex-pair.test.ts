import { ContactBuffer, type DetectorBody } from '@moreau/core';
import { describe, expect, test, vi } from 'vitest';
import { box, capsule, contactsOf, cylinder, ellipsoid, maxDiff, rotation, sphere } from './__fixtures__/bodies.js';
import { convexPair, ConvexScratch, penetration } from './convex-pair.js';
import { WorldBodies } from './world-bodies.js';

type Route = typeof convexPair;

/**
 * Runs the pair routine (convexPair unless given) on bodies a and b of `bodies` within `margin`,
 * started from `previous` when given, and counts the GJK and EPA runs it made: which path a
 * pair takes is what the routine's early outs are for.
 */
function pairOf(bodies: DetectorBody[], a: number, b: number, margin: number, previous?: ContactBuffer, route: Route = convexPair) {
  const w = new WorldBodies();
  w.update(bodies, margin);
  const s = new ConvexScratch();
  s.startFrom(previous);
  const gjk = vi.spyOn(s.gjk, 'run'), epa = vi.spyOn(s.epa, 'run');
  const out = new ContactBuffer();
  route(w, a, b, out, s);
  return { contacts: contactsOf(out), out, gjk: gjk.mock.calls.length, epa: epa.mock.calls.length };
}

/** The point of an ellipsoid body {c + L diag(e) y : |y| ≤ 1} furthest along u: c + M Mᵀu / |Mᵀu|, M = L diag(e). */
function support(body: DetectorBody, u: readonly number[]): number[] {
  if (body.shape.type !== 'ellipsoid') throw new Error('support: an ellipsoid only');
  const L = body.pose.linear, e = body.shape.semiAxes;
  const Mt = [0, 1, 2].map((k) => e[k] * (L[k] * u[0] + L[3 + k] * u[1] + L[6 + k] * u[2]));
  const len = Math.hypot(...Mt);
  return [0, 1, 2].map((j) => body.pose.position[j] + (L[3 * j] * e[0] * Mt[0] + L[3 * j + 1] * e[1] * Mt[1] + L[3 * j + 2] * e[2] * Mt[2]) / len);
}

const dot = (a: readonly number[], b: readonly number[]) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/**
 * How far a reported contact between ellipsoids A and B is from the distance's optimum: with
 * p_A = s_A(−n), p_B = s_B(n) the points of each nearest the other along n, the separation
 * σ = n·(p_A − p_B) is the gap exactly when p_A − p_B is parallel to n (the closest points).
 */
function optimality(A: DetectorBody, B: DetectorBody, c: { normal: number[]; point: number[]; gap: number }) {
  const n = c.normal, pA = support(A, n.map((v) => -v)), pB = support(B, n);
  const d = [0, 1, 2].map((k) => pA[k] - pB[k]), sigma = dot(n, d);
  return {
    gapError: Math.abs(c.gap - sigma),
    offNormal: Math.hypot(...d.map((v, k) => v - sigma * n[k])),
    pointError: maxDiff(c.point, [0, 1, 2].map((k) => 0.5 * (pA[k] + pB[k]))),
  };
}

// Away from the origin, with different coordinates on each axis, behind two bodies that take no
// part: a pair routine that mixed up a body's index or an axis would look at the wrong centres.
const P = [5, -3, 7];
const bystanders = [sphere([0, -30, 0], 0.1), sphere([20, 0, 40], 0.1)];
const at = (offset: readonly number[]) => P.map((v, k) => v + offset[k]);

// Two needles crossed one over the other: along their line of centres their extents overlap, so
// Newton cannot start there and GJK gives the direction. About 0.063 apart.
const needleA = ellipsoid(at([0, 0, 0]), [1, 0.05, 0.05]);
const needleB = ellipsoid(at([0.5, 0.5, 0.15]), [0.05, 1, 0.05]);

describe('convex pair (GJK, EPA and the Newton polish)', () => {
  test.each([
    ['overlapping', 0.7211],
    ['apart within the margin', 0.82],
  ])('should settle a sphere and a round ellipsoid %s by Newton alone, on the line of centres', (_, distance) => {
    const u = [0.24, 0.32, 0.6].map((v) => v / Math.sqrt(0.52));
    const bodies = [...bystanders, sphere(P, 0.3), ellipsoid(at(u.map((v) => distance * v)), [0.5, 0.5, 0.5])];
    const { contacts, gjk, epa } = pairOf(bodies, 2, 3, 0.05);
    expect(contacts).toHaveLength(1);
    const [c] = contacts;
    expect(c.gap).toBeCloseTo(distance - 0.8, 13);
    expect(maxDiff(c.normal, u.map((v) => -v))).toBeLessThan(1e-13);
    // Halfway between the sphere's surface point towards B and B's towards A.
    expect(maxDiff(c.point, at(u.map((v) => v * 0.5 * (0.3 + distance - 0.5))))).toBeLessThan(1e-13);
    expect([gjk, epa]).toEqual([0, 0]);
  });

  test('should drop pairs beyond the margin without running GJK', () => {
    // Bounding spheres apart (a box's reaches √3 from its centre), though the boxes around the
    // bodies overlap: dropped on the centres' distance.
    const corner = pairOf([...bystanders, ellipsoid(at([1.35, 1.3, 1.25]), [0.5, 0.4, 0.3]), box(P, [1, 1, 1])], 2, 3, 0.01);
    expect(corner.contacts).toEqual([]);
    expect(corner.gjk).toBe(0);
    // Two flat ellipsoids stacked 0.1 apart, bounding spheres overlapping: dropped on their
    // separation along the line of centres (margin 0.05).
    const flat = pairOf([...bystanders, ellipsoid(P, [1, 1, 0.1]), ellipsoid(at([0, 0, 0.3]), [1, 1, 0.1])], 2, 3, 0.05);
    expect(flat.contacts).toEqual([]);
    expect(flat.gjk).toBe(0);
  });

  test('should polish GJK\'s rough direction to the closest points where Newton cannot start', () => {
    const { contacts, gjk, epa } = pairOf([needleA, needleB], 0, 1, 0.1);
    expect(contacts).toHaveLength(1);
    expect(contacts[0].gap).toBeGreaterThan(0.06);
    expect([gjk, epa]).toEqual([1, 0]);
    const o = optimality(needleA, needleB, contacts[0]);
    expect(o.gapError).toBeLessThan(1e-14);
    expect(o.offNormal).toBeLessThan(1e-12);
    expect(o.pointError).toBeLessThan(1e-12);
  });

  test('should start Newton from the pair\'s normal of the last step, and GJK not at all', () => {
    const first = pairOf([needleA, needleB], 0, 1, 0.1);
    const again = pairOf([needleA, needleB], 0, 1, 0.1, first.out);
    expect([again.gjk, again.epa]).toEqual([0, 0]);
    expect(again.contacts).toHaveLength(1);
    expect(Math.abs(again.contacts[0].gap - first.contacts[0].gap)).toBeLessThan(1e-15);
    expect(maxDiff(again.contacts[0].normal, first.contacts[0].normal)).toBeLessThan(1e-12);
  });

  test.each([
    ['a sphere and a turned ellipsoid (Newton)', sphere(P, 0.2), ellipsoid(at([0.3, 0.35, 0.25]), [0.5, 0.3, 0.2], rotation([1, 2, 3], 0.8)), 0],
    ['crossed needles (GJK, then Newton)', needleA, needleB, 1],
  ])('should cut sharply at the margin: %s', (_, A, B, gjkRuns) => {
    const [{ gap }] = pairOf([A, B], 0, 1, 1).contacts;
    expect(gap).toBeGreaterThan(0);
    expect(pairOf([A, B], 0, 1, gap * (1 + 1e-9)).contacts).toHaveLength(1);
    const beyond = pairOf([A, B], 0, 1, gap * (1 - 1e-9));
    expect(beyond.contacts).toEqual([]);
    expect(beyond.gjk).toBe(gjkRuns);
  });

  test('should give a flat face\'s normal exactly to an ellipsoid or a capsule above it (GJK on a box)', () => {
    const E = ellipsoid(at([0.3, -0.2, 1.32]), [0.5, 0.4, 0.3]);
    const onEllipsoid = pairOf([...bystanders, E, box(P, [1, 1, 1])], 2, 3, 0.05);
    expect(onEllipsoid.contacts).toHaveLength(1);
    const [e] = onEllipsoid.contacts;
    expect(e.gap).toBeCloseTo(0.02, 14);
    expect(maxDiff(e.normal, [0, 0, 1])).toBeLessThan(1e-15);
    // GJK's closest point on a curved shape: good to a few 1e-12 here.
    expect(maxDiff(e.point, at([0.3, -0.2, 1.01]))).toBeLessThan(1e-10);
    // A capsule lying along x, 0.03 above the face: its core is a segment, not smooth.
    const onCapsule = pairOf([...bystanders, capsule(at([0.2, 0.1, 1.23]), 0.2, 0.5, rotation([0, 1, 0], Math.PI / 2)), box(P, [1, 1, 1])], 2, 3, 0.05);
    expect(onCapsule.contacts).toHaveLength(1);
    expect(onCapsule.contacts[0].gap).toBeCloseTo(0.03, 14);
    expect(maxDiff(onCapsule.contacts[0].normal, [0, 0, 1])).toBeLessThan(1e-15);
  });

  test('should take a deep overlap, and cores a hair apart, through EPA on the whole shapes', () => {
    // A round ellipsoid (radius 0.5, core radius 0.45) into a box's top face, 0.6 deep.
    const deep = pairOf([...bystanders, ellipsoid(at([0.3, -0.2, 0.9]), [0.5, 0.5, 0.5]), box(P, [1, 1, 1])], 2, 3, 0.01);
    expect(deep.contacts).toHaveLength(1);
    expect(deep.contacts[0].gap).toBeCloseTo(-0.6, 12);
    expect(maxDiff(deep.contacts[0].normal, [0, 0, 1])).toBeLessThan(1e-12);
    expect(deep.epa).toBe(1);
    // Its core (a ball of 0.05) 1e-10 above the face: too close for the cores' witness points
    // to give a direction, so the depth of the whole shapes is taken, 0.45.
    const hair = pairOf([...bystanders, ellipsoid(at([0.3, -0.2, 1.05 + 1e-10]), [0.5, 0.5, 0.5]), box(P, [1, 1, 1])], 2, 3, 0.01);
    expect(hair.contacts).toHaveLength(1);
    expect(hair.contacts[0].gap).toBeCloseTo(-0.45, 9);
    expect(maxDiff(hair.contacts[0].normal, [0, 0, 1])).toBeLessThan(1e-9);
    expect(hair.epa).toBe(1);
  });

  test.each([0, 1e-11, 1e-9, 1e-8, 1e-7])('should keep a cylinder lying %s above a box\'s face in contact', (h) => {
    // Its curved side on the face, along y. GJK's lower bound errs by its direction's error
    // times the face's width, and for gaps under about 1e-8 fell below zero: the pair went to
    // `penetration`, found the whole shapes apart, and was dropped. The gap reported is good to
    // about 1e-8 of the bodies' size, the normal to a few 1e-6; the point lies on the line of contact
    // (where along the cylinder's length is GJK's choice).
    const lying = rotation([1, 0, 0], Math.PI / 2);
    const on = (x: number, gap: number) => [...bystanders, cylinder(at([x, 0.1, 1.2 + gap]), 0.2, 0.5, lying), box(P, [1, 1, 1])];
    for (const x of [0, 0.13, 0.37]) {
      const { contacts, epa } = pairOf(on(x, h), 2, 3, 0.01);
      expect(contacts).toHaveLength(1);
      const [c] = contacts;
      expect(Math.abs(c.gap - h)).toBeLessThan(1e-8);
      expect(maxDiff(c.normal, [0, 0, 1])).toBeLessThan(1e-5);
      expect(Math.abs(c.point[0] - P[0] - x)).toBeLessThan(1e-4);
      expect(Math.abs(c.point[1] - P[1] - 0.1)).toBeLessThanOrEqual(0.5);
      expect(Math.abs(c.point[2] - P[2] - 1 - h / 2)).toBeLessThan(1e-8);
      expect(epa).toBe(0);
    }
  });

  test('should still cut at the margin a cylinder too close to a face for GJK\'s lower bound', () => {
    const lying = rotation([1, 0, 0], Math.PI / 2);
    for (const x of [0, 0.13, 0.37]) {
      const bodies = [...bystanders, cylinder(at([x, 0.1, 1.2 + 1e-8]), 0.2, 0.5, lying), box(P, [1, 1, 1])];
      expect(pairOf(bodies, 2, 3, 1e-9).contacts).toEqual([]);
    }
  });
});
