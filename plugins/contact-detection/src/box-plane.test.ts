import { describe, expect, test } from 'vitest';
import { apply, box, detect, maxDiff, plane, rotation } from './__fixtures__/bodies.js';

// Tolerance 1e-12: a handful of roundings of O(1) numbers.
const TOL = 1e-12;

describe('box against plane', () => {
  test('should report the 4 bottom corners of a resting box, feature = vertex index', () => {
    const found = detect([plane([0, 0, 0], [0, 0, 1]), box([2, 1, 0.24], [1, 0.5, 0.25])]);
    expect(found.map((c) => [c.bodyA, c.bodyB, c.feature])).toEqual([[1, 0, 0], [1, 0, 1], [1, 0, 2], [1, 0, 3]]);
    for (const c of found) {
      expect(c.gap).toBeCloseTo(-0.01, 12);
      expect(c.normal).toEqual([0, 0, 1]);
      // Vertex v has x sign from bit 0 and y sign from bit 1; the point is halfway to the plane.
      const v = c.feature;
      expect(maxDiff(c.point, [2 + (v & 1 ? 1 : -1), 1 + (v & 2 ? 0.5 : -0.5), -0.005])).toBeLessThan(TOL);
    }
  });

  test('should report only the vertices below the margin of a tilted box', () => {
    // Tilted about y by +0.1: world z = −sin(0.1)·x + cos(0.1)·z, so the vertices at x = +1, z = −0.25 are lowest.
    const R = rotation([0, 1, 0], 0.1);
    const lowest = 0.25 * Math.cos(0.1) + Math.sin(0.1);
    const found = detect([box([0, 0, lowest - 0.02], [1, 0.5, 0.25], R), plane([0, 0, 0], [0, 0, 1])]);
    expect(found.map((c) => c.feature)).toEqual([1, 3]);
    for (const c of found) expect(c.gap).toBeCloseTo(-0.02, 12);
  });

  test('should give the analytic lowest vertex of a rotated box on a rotated plane', () => {
    const Rb = rotation([1, 1, 0], 0.9), Rp = rotation([0, 1, 1], -0.4);
    const n = apply(Rp, [0, 0, 1]), h = [0.3, 0.6, 0.9];
    const centre = [0.5, -0.2, 0.8], origin = [0.1, 0.2, -0.3];
    // Height of the centre minus the box's reach along n: Σ h_k |n · R e_k|.
    const reach = [0, 1, 2].reduce((s, k) => s + h[k] * Math.abs(n[0] * Rb[k] + n[1] * Rb[3 + k] + n[2] * Rb[6 + k]), 0);
    const expected = n.reduce((s, v, i) => s + v * (centre[i] - origin[i]), 0) - reach;
    const found = detect([box(centre, [0.3, 0.6, 0.9], Rb), plane(origin, [0, 0, 1], Rp)], { margin: 2 });
    expect(Math.min(...found.map((c) => c.gap))).toBeCloseTo(expected, 12);
    for (const c of found) expect(maxDiff(c.normal, n)).toBeLessThan(TOL);
  });

  test('should report a hovering box only within the margin', () => {
    const bodies = [box([0, 0, 0.27], [1, 0.5, 0.25]), plane([0, 0, 0], [0, 0, 1])];
    expect(detect(bodies)).toHaveLength(0);
    const near = detect(bodies, { margin: 0.05 });
    expect(near).toHaveLength(4);
    for (const c of near) expect(c.gap).toBeCloseTo(0.02, 12);
  });

  test('should skip a box that is not free against a static plane', () => {
    expect(detect([box([0, 0, 0], [1, 1, 1], undefined, false), plane([0, 0, 0], [0, 0, 1])])).toHaveLength(0);
  });
});
