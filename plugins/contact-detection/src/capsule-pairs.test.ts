import { describe, expect, test } from 'vitest';
import { capsule, detect, maxDiff, rotation, sphere } from './__fixtures__/bodies.js';

const ALONG_X = rotation([0, 1, 0], Math.PI / 2);

describe('sphere-capsule', () => {
  test('should measure from the segment: beside it and beyond its end', () => {
    // Beside: the sphere over the middle of a capsule along x.
    const [side] = detect([sphere([0.3, 0, 1.2], 0.5), capsule([0, 0, 0], 0.5, 1, ALONG_X)], { margin: 1 });
    expect(side.gap).toBeCloseTo(0.2, 14);
    expect(maxDiff(side.normal, [0, 0, 1])).toBeLessThan(1e-15);
    expect(maxDiff(side.point, [0.3, 0, 0.6])).toBeLessThan(1e-14);
    // Beyond the + end (x = 1): from the end point.
    const [end] = detect([sphere([2, 0, 1], 0.5), capsule([0, 0, 0], 0.5, 1, ALONG_X)], { margin: 1 });
    expect(end.gap).toBeCloseTo(Math.SQRT2 - 1, 14);
    expect(maxDiff(end.normal, [Math.SQRT1_2, 0, Math.SQRT1_2])).toBeLessThan(1e-15);
  });

  test('should push a centre on the segment out across the axis by the sum of the radii', () => {
    for (const x of [0.2, 0.2 + 1e-13]) {
      const [c] = detect([sphere([x, 1e-300, 0], 0.3), capsule([0, 0, 0], 0.5, 1, ALONG_X)]);
      expect(c.gap).toBeCloseTo(-0.8, 14);
      expect(Math.abs(c.normal[0])).toBeLessThan(1e-15);
      expect(Math.hypot(...c.normal)).toBeCloseTo(1, 15);
    }
  });
});

describe('capsule-capsule', () => {
  test('should touch crossing capsules at the segments\' closest points', () => {
    const [c] = detect([capsule([0.2, 0.3, 0.95], 0.5, 1, ALONG_X), capsule([0, 0, 0], 0.4, 1, rotation([1, 0, 0], Math.PI / 2))], { margin: 0.1 });
    expect(c.gap).toBeCloseTo(0.05, 14);
    expect(maxDiff(c.normal, [0, 0, 1])).toBeLessThan(1e-15);
    // Halfway between z = 0.4 and z = 0.45, above the crossing (0, 0.3).
    expect(maxDiff(c.point, [0, 0.3, 0.425])).toBeLessThan(1e-14);
  });

  test('should touch parallel capsules side by side at the middle of their overlap', () => {
    const [c] = detect([capsule([0.5, 0, 0.99], 0.5, 1, ALONG_X), capsule([0, 0, 0], 0.5, 1, ALONG_X)]);
    expect(c.gap).toBeCloseTo(-0.01, 14);
    expect(maxDiff(c.point, [0.25, 0, 0.495])).toBeLessThan(1e-14);
    // The same whichever is A.
    const [d] = detect([capsule([0, 0, 0], 0.5, 1, ALONG_X), capsule([0.5, 0, 0.99], 0.5, 1, ALONG_X)]);
    expect(maxDiff(d.point, c.point)).toBeLessThan(1e-15);
  });

  test('should push crossing segments apart across both axes by the sum of the radii', () => {
    const [c] = detect([capsule([0, 0.2, 0.99], 0.5, 1), capsule([0, 0.2, 0], 0.4, 1, ALONG_X)]);
    // Moving A along ±y by 0.9 separates them; along z it needs 0.91.
    expect(c.gap).toBeCloseTo(-0.9, 14);
    expect(Math.abs(c.normal[1])).toBe(1);
    // Collinear overlapping segments: out sideways.
    const [d] = detect([capsule([0.5, 0, 0], 0.5, 1, ALONG_X), capsule([0, 0, 0], 0.5, 1, ALONG_X)]);
    expect(d.gap).toBeCloseTo(-1, 14);
    expect(Math.abs(d.normal[0])).toBeLessThan(1e-15);
  });
});
