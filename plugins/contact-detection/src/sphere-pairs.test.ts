import { describe, expect, test } from 'vitest';
import { apply, detect, maxDiff, plane, rotation, sphere } from './__fixtures__/bodies.js';

// Tolerance 1e-12: each value is a few roundings of O(1) numbers away from the formula.
const TOL = 1e-12;

describe('sphere against sphere', () => {
  test('should report the gap |c_A − c_B| − r_A − r_B with n from B to A and the point halfway between the surfaces', () => {
    const [c] = detect([sphere([0, 0, 0], 1), sphere([3, 4, 0], 2)], { margin: 3 });
    // A = body 0 (lower index), B = body 1; distance 5, gap 2.
    expect(c.bodyA).toBe(0);
    expect(c.bodyB).toBe(1);
    expect(c.feature).toBe(0);
    expect(c.gap).toBeCloseTo(2, 12);
    expect(maxDiff(c.normal, [-0.6, -0.8, 0])).toBeLessThan(TOL);
    // Surface points: on A at c_A − r_A n = (0.6, 0.8, 0); on B at c_B + r_B n = (1.8, 2.4, 0).
    expect(maxDiff(c.point, [1.2, 1.6, 0])).toBeLessThan(TOL);
  });

  test('should report penetration as a negative gap', () => {
    const [c] = detect([sphere([0, 0, 0], 1), sphere([0, 0, 1.5], 1)]);
    expect(c.gap).toBeCloseTo(-0.5, 12);
    expect(maxDiff(c.normal, [0, 0, -1])).toBeLessThan(TOL);
    expect(maxDiff(c.point, [0, 0, 0.75])).toBeLessThan(TOL);
  });

  test('should report within the margin and not beyond it', () => {
    const bodies = [sphere([0, 0, 0], 1), sphere([2.1, 0, 0], 1)];
    expect(detect(bodies)).toHaveLength(0);
    expect(detect(bodies, { margin: 0.05 })).toHaveLength(0);
    expect(detect(bodies, { margin: 0.1 + 1e-12 })).toHaveLength(1);
  });

  test('should give coincident centres a finite, deterministic normal', () => {
    const [c] = detect([sphere([1, 1, 1], 1), sphere([1, 1, 1], 0.5)]);
    expect(c.normal).toEqual([0, 0, 1]);
    expect(c.gap).toBe(-1.5);
    expect(c.point.every(Number.isFinite)).toBe(true);
  });

  test('should never report two bodies that are both not free', () => {
    expect(detect([sphere([0, 0, 0], 1, false), sphere([0, 0, 1], 1, false)])).toHaveLength(0);
    expect(detect([sphere([0, 0, 0], 1, false), sphere([0, 0, 1], 1, true)])).toHaveLength(1);
  });
});

describe('sphere against plane', () => {
  test('should make the plane B with its world normal, gap n·(c − x_p) − r, the point halfway', () => {
    const [c] = detect([plane([0, 0, 1], [0, 0, 1]), sphere([2, 3, 1.4], 0.5)]);
    expect([c.bodyA, c.bodyB]).toEqual([1, 0]);
    expect(c.gap).toBeCloseTo(-0.1, 12);
    expect(maxDiff(c.normal, [0, 0, 1])).toBeLessThan(TOL);
    // Sphere's lowest point z = 0.9, plane z = 1: halfway z = 0.95.
    expect(maxDiff(c.point, [2, 3, 0.95])).toBeLessThan(TOL);
  });

  test('should turn the reference normal by the pose: world normal = linear·n', () => {
    const R = rotation([1, 0, 0], 0.3);
    const n = apply(R, [0, 0, 1]);
    const centre = [0.5, 2 * n[1] + 0.1, 2 * n[2] - 0.2];
    const [c] = detect([sphere(centre, 2.5), plane([0, 0.1, -0.2], [0, 0, 1], R)]);
    // Height of the centre above the plane is 2 (built that way), so gap = 2 − 2.5.
    expect(c.gap).toBeCloseTo(-0.5, 12);
    expect(maxDiff(c.normal, n)).toBeLessThan(TOL);
    expect(maxDiff(c.point, centre.map((v, i) => v - 2.25 * n[i]))).toBeLessThan(TOL);
  });

  test('should take an unnormalised reference normal', () => {
    const [c] = detect([sphere([0, 0, 0.9], 1), plane([0, 0, 0], [0, 0, 7])]);
    expect(c.gap).toBeCloseTo(-0.1, 12);
    expect(c.normal).toEqual([0, 0, 1]);
  });

  test('should respect the margin and never pair two planes', () => {
    // The second plane, x ≤ −5, crosses the first (planes are never paired) and is far from the sphere.
    const bodies = [sphere([0, 0, 1.2], 1), plane([0, 0, 0], [0, 0, 1]), plane([-5, 0, 0], [1, 0, 0])];
    expect(detect(bodies)).toHaveLength(0);
    const near = detect(bodies, { margin: 0.25 });
    expect(near.map((c) => [c.bodyA, c.bodyB])).toEqual([[0, 1]]);
    expect(near[0].gap).toBeCloseTo(0.2, 12);
  });
});
