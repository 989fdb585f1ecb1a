import { Rng } from '@moreau/conformance';
import type { DetectorBody, Vec3 } from '@moreau/core';
import { describe, expect, test } from 'vitest';
import { box, boxPoints, detect, hull, maxDiff, multiply, rotation } from './__fixtures__/bodies.js';
import { hullPolytope } from './polytope.js';
import { polytopeSupport } from './support.js';

const S = Math.SQRT1_2;

describe('hull-hull', () => {
  test('should rest a face on a face at the 4 corners of the smaller one', () => {
    const cs = detect([hull([0.3, -0.2, 0.99], boxPoints([0.5, 0.4, 0.5]), rotation([0, 0, 1], 0.3)), hull([0, 0, 0], boxPoints([2, 2, 0.5]))], { margin: 1e-3 });
    expect(cs).toHaveLength(4);
    for (const c of cs) {
      expect(c.gap).toBeCloseTo(-0.01, 14);
      expect(maxDiff(c.normal, [0, 0, 1])).toBeLessThan(1e-15);
      expect(c.point[2]).toBeCloseTo(0.495, 14);
    }
    expect(new Set(cs.map((c) => c.feature)).size).toBe(4);
  });

  test('should touch crossing edges at one point halfway between them', () => {
    // Two unit cubes turned 45° about y and about x: their top and bottom edges cross at right angles.
    const cs = detect([hull([0.05, -0.1, 2 * S - 0.01], boxPoints([0.5, 0.5, 0.5]), rotation([1, 0, 0], Math.PI / 4)), hull([0, 0, 0], boxPoints([0.5, 0.5, 0.5]), rotation([0, 1, 0], Math.PI / 4))], { margin: 1e-3 });
    expect(cs).toHaveLength(1);
    expect(cs[0].gap).toBeCloseTo(-0.01, 14);
    expect(maxDiff(cs[0].normal, [0, 0, 1])).toBeLessThan(1e-14);
    // The lower top edge runs along y at x = 0, the upper bottom edge along x at y = −0.1.
    expect(maxDiff(cs[0].point, [0, -0.1, S - 0.005])).toBeLessThan(1e-14);
  });

  test('should give the exact distance of corners facing each other', () => {
    // Corner (0.5, 0.5, 0.5) of a cube at the origin against the corner of one turned and shifted along (1, 1, 1).
    const d = 0.3, u = [1, 1, 1].map((v) => v / Math.sqrt(3));
    const turned = multiply(rotation([1, 1, 1], Math.PI / 3), rotation([0, 0, 1], Math.PI / 2));
    const at = u.map((v) => v * (2 * Math.sqrt(0.75) + d));
    const cs = detect([hull(at, boxPoints([0.5, 0.5, 0.5]), turned), hull([0, 0, 0], boxPoints([0.5, 0.5, 0.5]))], { margin: 0.5 });
    expect(Math.min(...cs.map((c) => c.gap))).toBeCloseTo(d, 12);
  });
});

describe('box-hull', () => {
  test.each([1e-10, 1e-9])('should keep a corner touch %s from touching, where GJK\'s lower bound falls below zero', (h) => {
    // A box against a turned cube hull, corner to corner (no face points), moved along the pair's
    // normal from 0.037 apart to h: GJK's closest point is then about h from the origin and its
    // direction carries the vertices' rounding, so its lower bound was negative and the pair dropped.
    const B = hull([5, -3, 7], boxPoints([0.5, 0.5, 0.5]), rotation([1, 2, 3], 2.2));
    const u = [2, 1, -1].map((v) => v / Math.sqrt(6)), centre = [5, -3, 7].map((v, k) => v + 1.6 * u[k]);
    const apart = detect([box(centre, [0.5, 0.5, 0.5], rotation([3, -1, 2], 1.1)), B], { margin: 3 });
    const first = apart.reduce((m, c) => (c.gap < m.gap ? c : m));
    expect(first.gap).toBeCloseTo(0.0375, 4);
    const A = box(centre.map((v, k) => v + (h - first.gap) * first.normal[k]), [0.5, 0.5, 0.5], rotation([3, -1, 2], 1.1));
    const cs = detect([A, B], { margin: 0.01 });
    expect(cs).toHaveLength(1);
    expect(Math.abs(cs[0].gap - h)).toBeLessThan(1e-14);
    expect(maxDiff(cs[0].normal, first.normal)).toBeLessThan(1e-5);
  });

  test('should agree with box-box on random pairs: least gap and its normal', () => {
    const rng = new Rng(11);
    let touching = 0;
    for (let trial = 0; trial < 200; trial++) {
      const h: Vec3 = [rng.uniform(0.2, 1), rng.uniform(0.2, 1), rng.uniform(0.2, 1)], g: Vec3 = [rng.uniform(0.2, 1), rng.uniform(0.2, 1), rng.uniform(0.2, 1)];
      const R = rotation([rng.normal(), rng.normal(), rng.normal()], rng.uniform(0, 3)), Q = rotation([rng.normal(), rng.normal(), rng.normal()], rng.uniform(0, 3));
      const at = [rng.uniform(-1.5, 1.5), rng.uniform(-1.5, 1.5), rng.uniform(-1.5, 1.5)];
      const asBoxes = detect([box(at, h, R), box([0, 0, 0], g, Q)], { margin: 0.2 });
      const asHull = detect([box(at, h, R), hull([0, 0, 0], boxPoints(g), Q)], { margin: 0.2 });
      expect(asHull.length > 0).toBe(asBoxes.length > 0);
      if (!asBoxes.length) continue;
      touching++;
      const least = (cs: typeof asBoxes) => cs.reduce((p, c) => (c.gap < p.gap ? c : p));
      const a = least(asBoxes), b = least(asHull);
      expect(Math.abs(a.gap - b.gap)).toBeLessThan(1e-9);
      if (a.gap > -0.05) expect(maxDiff(a.normal, b.normal)).toBeLessThan(1e-6);
    }
    expect(touching).toBeGreaterThan(50);
  });
});

describe('hill climbing', () => {
  test('should find the same support vertex as a scan on a 62-point end wall', () => {
    const points: Vec3[] = [];
    for (const y of [-0.025, 0.025]) for (let k = 0; k <= 30; k++) points.push([1.05 * Math.cos(0.2 * k), y, 1.05 * Math.sin(0.2 * k)]);
    const poly = hullPolytope({ points }, 'test');
    expect(poly.climb).toBe(true);
    const rng = new Rng(5);
    for (let t = 0; t < 500; t++) {
      const d = [rng.normal(), rng.normal(), rng.normal()];
      const v = polytopeSupport(poly, poly.vertices, 0, d[0], d[1], d[2], rng.int(-1, poly.vertexCount - 1));
      let best = -Infinity;
      for (let u = 0; u < poly.vertexCount; u++) best = Math.max(best, d[0] * poly.vertices[3 * u] + d[1] * poly.vertices[3 * u + 1] + d[2] * poly.vertices[3 * u + 2]);
      expect(d[0] * poly.vertices[3 * v] + d[1] * poly.vertices[3 * v + 1] + d[2] * poly.vertices[3 * v + 2]).toBe(best);
    }
  });
});

describe('stable ids', () => {
  const scenes: Record<string, () => DetectorBody[]> = {
    'hull resting on a hull': () => [hull([0.3, -0.2, 0.99], boxPoints([0.5, 0.4, 0.5]), rotation([0, 0, 1], 0.3)), hull([0, 0, 0], boxPoints([2, 2, 0.5]))],
    'box resting on a hull': () => [box([0.3, -0.2, 0.99], [0.5, 0.4, 0.5], rotation([0, 0, 1], 0.3)), hull([0, 0, 0], boxPoints([2, 2, 0.5]))],
    'crossing hull edges': () => [hull([0.05, -0.1, 2 * S - 0.01], boxPoints([0.5, 0.5, 0.5]), rotation([1, 0, 0], Math.PI / 4)), hull([0, 0, 0], boxPoints([0.5, 0.5, 0.5]), rotation([0, 1, 0], Math.PI / 4))],
  };
  for (const [name, scene] of Object.entries(scenes)) {
    test(`should keep the ids of a ${name} under small motions`, () => {
      const ids = (bodies: DetectorBody[]) => detect(bodies, { margin: 1e-3 }).map((c) => `${c.bodyA}:${c.bodyB}:${c.feature}`).sort();
      const reference = ids(scene());
      expect(reference.length).toBeGreaterThan(0);
      const rng = new Rng(name.length);
      for (let trial = 0; trial < 20; trial++) {
        const bodies = scene();
        for (const b of bodies) {
          for (let k = 0; k < 3; k++) b.pose.position[k] += rng.uniform(-5e-4, 5e-4);
          b.pose.linear.set(multiply(rotation([rng.normal(), rng.normal(), rng.normal()], rng.uniform(0, 1e-3)), Array.from(b.pose.linear)));
        }
        expect(ids(bodies)).toEqual(reference);
      }
    });
  }
});
