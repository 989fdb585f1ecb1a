import { describe, expect, test } from 'vitest';
import { apply, box, detect, maxDiff, rotation, sphere } from './__fixtures__/bodies.js';

// Tolerance 1e-12: a handful of roundings of O(1) numbers.
const TOL = 1e-12;
const R = rotation([1, 2, 3], 0.7);
const centre = [0.3, -1, 2];
const half = [1, 0.5, 0.25] as const;
/** World point of the box-frame point l. */
const world = (l: number[]) => apply(R, l).map((v, i) => v + centre[i]);

/** The one contact of the box (body 0) and a sphere at box-frame point l (body 1). */
function contact(l: number[], radius: number, margin = 1) {
  const found = detect([box(centre, half, R), sphere(world(l), radius)], { margin });
  expect(found).toHaveLength(1);
  return found[0];
}

describe('sphere against box', () => {
  test('should make the sphere A and the box B', () => {
    const c = contact([1.5, 0.1, 0.05], 0.3);
    expect([c.bodyA, c.bodyB, c.feature]).toEqual([1, 0, 0]);
  });

  test('should measure to the closest face point outside a face', () => {
    const c = contact([1.5, 0.1, 0.05], 0.3);
    expect(c.gap).toBeCloseTo(0.2, 12);
    expect(maxDiff(c.normal, apply(R, [1, 0, 0]))).toBeLessThan(TOL);
    // Halfway between the face point x = 1 and the sphere point x = 1.2.
    expect(maxDiff(c.point, world([1.1, 0.1, 0.05]))).toBeLessThan(TOL);
  });

  test('should measure to the closest edge point beside an edge', () => {
    const c = contact([1.3, 0.9, 0], 0.2);
    expect(c.gap).toBeCloseTo(0.3, 12);
    expect(maxDiff(c.normal, apply(R, [0.6, 0.8, 0]))).toBeLessThan(TOL);
    // Closest box point (1, 0.5, 0), sphere point l − 0.2·(0.6, 0.8, 0) = (1.18, 0.74, 0).
    expect(maxDiff(c.point, world([1.09, 0.62, 0]))).toBeLessThan(TOL);
  });

  test('should measure to the corner beyond a corner, penetrating', () => {
    const c = contact([1.2, 0.7, 0.65], 0.5);
    const d = Math.sqrt(0.24);
    expect(c.gap).toBeCloseTo(d - 0.5, 12);
    expect(maxDiff(c.normal, apply(R, [0.2 / d, 0.2 / d, 0.4 / d]))).toBeLessThan(TOL);
  });

  test('should push a centre inside the box out through the nearest face', () => {
    const c = contact([0.85, 0.1, 0.05], 0.1);
    // Nearest face x = 1 at depth 0.15, so gap = −(0.15 + 0.1).
    expect(c.gap).toBeCloseTo(-0.25, 12);
    expect(maxDiff(c.normal, apply(R, [1, 0, 0]))).toBeLessThan(TOL);
    // Halfway between the face point x = 1 and the sphere's deepest point x = 0.75.
    expect(maxDiff(c.point, world([0.875, 0.1, 0.05]))).toBeLessThan(TOL);
    const below = contact([-0.2, 0.3, -0.2], 0.1);
    expect(below.gap).toBeCloseTo(-0.15, 12);
    expect(maxDiff(below.normal, apply(R, [0, 0, -1]))).toBeLessThan(TOL);
  });

  test('should be continuous across the surface', () => {
    // 1e-9 either side of the face x = 1: gaps differ by 2e-9 and normals agree (tolerance 1e-8).
    const out = contact([1 + 1e-9, 0.2, 0.1], 0.3), inside = contact([1 - 1e-9, 0.2, 0.1], 0.3), on = contact([1, 0.2, 0.1], 0.3);
    expect(Math.abs(out.gap - inside.gap)).toBeLessThan(1e-8);
    expect(Math.abs(on.gap + 0.3)).toBeLessThan(1e-12);
    expect(maxDiff(out.normal, inside.normal)).toBeLessThan(1e-8);
    expect(maxDiff(out.point, inside.point)).toBeLessThan(1e-8);
  });

  test('should report nothing beyond the margin', () => {
    expect(detect([box(centre, half, R), sphere(world([1.5, 0, 0]), 0.3)], { margin: 0.19 })).toHaveLength(0);
    expect(detect([box(centre, half, R), sphere(world([1.5, 0, 0]), 0.3)], { margin: 0.21 })).toHaveLength(1);
  });
});
