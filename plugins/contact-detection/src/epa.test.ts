import { describe, expect, test } from 'vitest';
import { box, boxPoints, detect, ellipsoid, hull, maxDiff, rotation } from './__fixtures__/bodies.js';

/**
 * Penetrations beyond the cores' radii (0.9 × the least radius of curvature) go to EPA on the
 * whole shapes. (Nearly concentric curved shapes, whose depth hardly depends on the direction,
 * are EPA's weak case: it then stops at its vertex budget with an approximate direction.)
 */
describe('EPA', () => {
  test('should push an ellipsoid out of a deformed hull through its nearest face', () => {
    // A unit cube stretched 2× along z (faces at z = ±2), the ellipsoid's bottom 0.25 below its top face.
    const [c] = detect([ellipsoid([0.1, -0.2, 2.05], [0.6, 0.4, 0.3], rotation([0, 0, 1], 0.4)), hull([0, 0, 0], boxPoints([1, 1, 1]), [1, 0, 0, 0, 1, 0, 0, 0, 2])]);
    expect(c.gap).toBeCloseTo(-0.25, 9);
    expect(maxDiff(c.normal, [0, 0, 1])).toBeLessThan(1e-6);
  });

  test('should push an ellipsoid out of a box face along the face normal', () => {
    // Semi-axes (1, 0.5, 0.3): core radius 0.9 × 0.09 = 0.081, penetration 0.2.
    const [c] = detect([ellipsoid([0.1, 0.2, 1.1], [1, 0.5, 0.3]), box([0, 0, 0], [2, 2, 1])]);
    expect(c.gap).toBeCloseTo(-0.2, 9);
    expect(maxDiff(c.normal, [0, 0, 1])).toBeLessThan(1e-6);
    expect(maxDiff(c.point, [0.1, 0.2, 0.9])).toBeLessThan(1e-4);
  });

  test('should find the least way out of two overlapping ellipsoids', () => {
    // Semi-axes (1, 0.5, 0.3), one unit apart along x. Along the unit u = (sin t, 0, cos t) the
    // overlap is 2 √(sin² t + 0.09 cos² t) − sin t; its least value over t is the depth.
    const overlap = (t: number) => 2 * Math.sqrt(Math.sin(t) ** 2 + 0.09 * Math.cos(t) ** 2) - Math.sin(t);
    let lo = 0, hi = Math.PI / 2;
    for (let k = 0; k < 200; k++) {
      const m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3;
      if (overlap(m1) < overlap(m2)) hi = m2; else lo = m1;
    }
    const depth = overlap(lo);
    const [c] = detect([ellipsoid([1, 0, 0], [1, 0.5, 0.3]), ellipsoid([0, 0, 0], [1, 0.5, 0.3])]);
    expect(c.gap).toBeCloseTo(-depth, 8);
    expect(Math.abs(Math.abs(c.normal[0]) - Math.sin(lo))).toBeLessThan(1e-3);
  });
});
