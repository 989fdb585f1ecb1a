import { isMoreauError, type DetectorBody, type Vec3 } from '@moreau/core';
import { describe, expect, test } from 'vitest';
import { box, boxPoints, detect, hull, IDENTITY, plane, rotation } from './__fixtures__/bodies.js';
import { ConvexContactDetector } from './contact-detector.js';
import { options } from './index.js';

// manifold: 'one-per-face' (paper 004, Appendix: one contact point at the mass centre of the
// contact surface). The expected centroids are found independently of the detector's clipping
// and fan formula: by sampling the overlap on a fine grid.
const ONE = { manifold: 'one-per-face' as const };

/** A box of half extents h as a hull (the polytope path rather than box-box). */
const hullBox = (position: number[], h: Vec3, linear: readonly number[] = IDENTITY) => hull(position, boxPoints(h), linear);

/** Area centroid (x, y) of {p : inA(p) ∧ inB(p)} in the square [−L, L]², by an n × n midpoint grid. */
function sampledCentroid(inside: (x: number, y: number) => boolean, L: number, n = 600): [number, number] {
  let count = 0, sx = 0, sy = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const x = -L + (2 * L * (i + 0.5)) / n, y = -L + (2 * L * (j + 0.5)) / n;
      if (inside(x, y)) { count++; sx += x; sy += y; }
    }
  }
  return [sx / count, sy / count];
}

describe("manifold: 'one-per-face'", () => {
  test('should give two boxes face to face one point at the overlap centroid, with the normal from B to A and the gap', () => {
    for (const make of [box, hullBox]) {
      // A (index 0) below, B above by a gap of 0.01, shifted by 0.5 along x: overlap x ∈ [−0.5, 1], y ∈ [−1, 1].
      const bodies = [make([0, 0, 0], [1, 1, 1]), make([0.5, 0, 2.01], [1, 1, 1])];
      const [full, one] = [detect(bodies, { margin: 0.05 }), detect(bodies, { margin: 0.05, ...ONE })];
      expect(full).toHaveLength(4);
      expect(one).toHaveLength(1);
      const c = one[0];
      expect([c.bodyA, c.bodyB]).toEqual([0, 1]);
      expect(c.point[0]).toBeCloseTo(0.25, 12);
      expect(c.point[1]).toBeCloseTo(0, 12);
      expect(c.point[2]).toBeCloseTo(1.005, 12);
      expect(c.normal.map((v) => v + 0)).toEqual([0, 0, -1]);
      expect(c.gap).toBeCloseTo(0.01, 12);
    }
  });

  test('should put the point at the area centroid of a five-sided overlap, not at the mean of the kept corners', () => {
    // B turned 0.5 rad about z and hanging over A's +x edge: the overlap has 5 corners.
    const R = rotation([0, 0, 1], 0.5);
    const [cx, cy] = [0.9, 0.2];
    for (const make of [box, hullBox]) {
      const bodies = [make([0, 0, 0], [1, 1, 1]), make([cx, cy, 1.5], [0.5, 0.5, 0.5], R)];
      const [c] = detect(bodies, { margin: 0.01, ...ONE });
      const inB = (x: number, y: number) => {
        const dx = x - cx, dy = y - cy;
        // Rᵀ (p − c) within the half extents.
        return Math.abs(R[0] * dx + R[3] * dy) <= 0.5 && Math.abs(R[1] * dx + R[4] * dy) <= 0.5;
      };
      const [ex, ey] = sampledCentroid((x, y) => Math.abs(x) <= 1 && Math.abs(y) <= 1 && inB(x, y), 1.5);
      expect(Math.abs(c.point[0] - ex)).toBeLessThan(2e-3);
      expect(Math.abs(c.point[1] - ey)).toBeLessThan(2e-3);
      const full = detect(bodies, { margin: 0.01 });
      const mean = [0, 1].map((r) => full.reduce((s, p) => s + p.point[r], 0) / full.length);
      // The test can tell the two apart: the corners' mean is off the centroid.
      expect(Math.hypot(mean[0] - ex, mean[1] - ey)).toBeGreaterThan(1e-2);
    }
  });

  test('should give a tilted face the least gap of the pair, as the full manifold has it', () => {
    const bodies = [box([0, 0, 0], [1, 1, 1]), box([0, 0, 2.02], [1, 1, 1], rotation([0, 1, 0], 0.005))];
    const full = detect(bodies, { margin: 0.05 }), [one] = detect(bodies, { margin: 0.05, ...ONE });
    expect(one.gap).toBeCloseTo(Math.min(...full.map((c) => c.gap)), 12);
  });

  test('should give no contact for faces meeting only along an edge (diagonal neighbours in a grid)', () => {
    for (const make of [box, hullBox]) {
      const bodies = [make([0, 0, 0], [0.05, 0.05, 0.05]), make([0.1, 0.1, 0], [0.05, 0.05, 0.05])];
      expect(detect(bodies, { margin: 5e-4 }).length).toBeGreaterThan(0);
      expect(detect(bodies, { margin: 5e-4, ...ONE })).toHaveLength(0);
    }
  });

  test('should still hold a corner driven into a face or an edge across an edge, but not edges that only touch', () => {
    const corner = rotation([1, -1, 0], Math.acos(1 / Math.sqrt(3)));
    // Its lowest corner lies 0.5 Σ_j |R_zj| below its centre.
    const reach = 0.5 * (Math.abs(corner[6]) + Math.abs(corner[7]) + Math.abs(corner[8]));
    for (const make of [box, hullBox]) {
      // A cube on its corner, 0.01 into the top face of a large box.
      const onCorner = [make([0, 0, 0], [2, 2, 1]), make([0, 0, 1 + reach - 0.01], [0.5, 0.5, 0.5], corner)];
      const [c, ...rest] = detect(onCorner, { margin: 0.001, ...ONE });
      expect(rest).toHaveLength(0);
      expect(c.gap).toBeCloseTo(-0.01, 9);
      // Crossed edges: two boxes turned 45° about x and about y, 0.01 into each other.
      const edges = [make([0, 0, 0], [1, 1, 1], rotation([1, 0, 0], Math.PI / 4)), make([0, 0, 2 * Math.SQRT2 - 0.01], [1, 1, 1], rotation([0, 1, 0], Math.PI / 4))];
      expect(detect(edges, { margin: 0.001, ...ONE })).toHaveLength(1);
      // The same edges 0.0005 apart, within the margin: a touch, no surface; the full manifold reports it.
      const apart = [edges[0], make([0, 0, 2 * Math.SQRT2 + 0.0005], [1, 1, 1], rotation([0, 1, 0], Math.PI / 4))];
      expect(detect(apart, { margin: 0.001 })).toHaveLength(1);
      expect(detect(apart, { margin: 0.001, ...ONE })).toHaveLength(0);
    }
  });

  test('should give a box or hull resting on a plane one point at the centroid of its bottom face', () => {
    // A trapezoidal prism (bottom face x ∈ [−1, 1] at y = −1, x ∈ [−0.5, 0.5] at y = 1): its bottom
    // face's area centroid is off the mean of its corners.
    const top = 0.5, base = 1;
    const pts: Vec3[] = [[-base, -1, -0.5], [base, -1, -0.5], [top, 1, -0.5], [-top, 1, -0.5], [-base, -1, 0.5], [base, -1, 0.5], [top, 1, 0.5], [-top, 1, 0.5]];
    // Trapezoid of parallel sides 2b (at y = −1) and 2t (at y = 1), height 2: centroid y = −1 + (2/3)(b + 2t)/(b + t).
    const ey = -1 + ((2 / 3) * (base + 2 * top)) / (base + top);
    // The prism's own centroid is at y = ey too (a prism), so shift the points to centre it.
    const centred = pts.map(([x, y, z]) => [x, y - ey, z] as Vec3);
    const bodies: DetectorBody[] = [hull([0, 0, 0.5], centred), plane([0, 0, 0], [0, 0, 1])];
    const all = detect(bodies, { margin: 0.01 });
    expect(all).toHaveLength(4);
    const [c] = detect(bodies, { margin: 0.01, ...ONE });
    expect(detect(bodies, { margin: 0.01, ...ONE })).toHaveLength(1);
    expect(c.point[0]).toBeCloseTo(0, 12);
    expect(c.point[1]).toBeCloseTo(0, 12);
    expect(c.normal.map((v) => v + 0)).toEqual([0, 0, 1]);
    const meanY = all.reduce((s, p) => s + p.point[1], 0) / 4;
    expect(Math.abs(meanY)).toBeGreaterThan(1e-2);

    const tilted = [box([0, 0, 1.001], [1, 1, 1], rotation([1, 0, 0], 1e-3)), plane([0, 0, 0], [0, 0, 1])];
    const least = Math.min(...detect(tilted, { margin: 0.01 }).map((p) => p.gap));
    const [t] = detect(tilted, { margin: 0.01, ...ONE });
    expect(t.gap).toBeCloseTo(least, 12);
    expect(Math.hypot(t.point[0], t.point[1])).toBeLessThan(1e-2);
  });

  test('should keep one point for a box standing on an edge on a plane', () => {
    const bodies = [box([0, 0, Math.SQRT2], [1, 1, 1], rotation([1, 0, 0], Math.PI / 4)), plane([0, 0, 0], [0, 0, 1])];
    const [c, ...rest] = detect(bodies, { margin: 0.01, ...ONE });
    expect(rest).toHaveLength(0);
    expect(c.point[0]).toBeCloseTo(0, 9);
    expect(c.point[1]).toBeCloseTo(0, 9);
  });

  test("should be off by default, and refuse an unknown value with E_CONFIG", () => {
    expect(options.parse({}).manifold).toBe('full');
    expect(options.safeParse({ manifold: 'two' }).success).toBe(false);
    let error: unknown;
    // @ts-expect-error: check the runtime guard
    try { new ConvexContactDetector({ broadPhase: 'brute-force', manifold: 'two' }); } catch (e) { error = e; }
    expect(isMoreauError(error, 'E_CONFIG')).toBe(true);
  });
});
