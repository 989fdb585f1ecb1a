import { describe, expect, test } from 'vitest';
import { boxPoints, capsule, detect, ellipsoid, hull, maxDiff, multiply, plane, rotation } from './__fixtures__/bodies.js';

describe('ellipsoid-plane', () => {
  test('should touch at the support point along −n, for a rotated ellipsoid', () => {
    // Semi-axes (3, 2, 1) turned by θ about y: the lowest point is at depth √(9 sin²θ + cos²θ).
    const th = 0.3, reach = Math.sqrt(9 * Math.sin(th) ** 2 + Math.cos(th) ** 2);
    const [c, ...rest] = detect([ellipsoid([0.5, 0.2, reach - 0.01], [3, 2, 1], rotation([0, 1, 0], th)), plane([0, 0, 0], [0, 0, 1])]);
    expect(rest).toEqual([]);
    expect(c.gap).toBeCloseTo(-0.01, 14);
    expect(c.normal).toEqual([0, 0, 1]);
    expect(c.feature).toBe(0);
    // The lowest point X = −D² Rᵀn / |D Rᵀn| = (9 sinθ, 0, −cosθ)/reach, at R X = (8 sinθ cosθ / reach, 0, −reach) in the world;
    // the point is halfway between it (z = −0.01) and the plane.
    const x = 0.5 + (8 * Math.sin(th) * Math.cos(th)) / reach;
    expect(maxDiff(c.point, [x, 0.2, -0.005])).toBeLessThan(1e-14);
  });

  test('should use the exact support under a general linear map', () => {
    // A unit sphere sheared by F = [[1, 0, 0], [0, 1, 0], [0.5, 0, 2]]: its reach along −z is |Fᵀ e_z| = √(0.25 + 4).
    const F = [1, 0, 0, 0, 1, 0, 0.5, 0, 2], reach = Math.sqrt(4.25);
    const [c] = detect([ellipsoid([0, 0, reach + 0.02], [1, 1, 1], F), plane([0, 0, 0], [0, 0, 1])], { margin: 0.05 });
    expect(c.gap).toBeCloseTo(0.02, 14);
    expect(detect([ellipsoid([0, 0, reach + 0.06], [1, 1, 1], F), plane([0, 0, 0], [0, 0, 1])], { margin: 0.05 })).toEqual([]);
  });
});

describe('capsule-plane', () => {
  test('should rest on both ends when lying on the plane, one per end', () => {
    const lying = rotation([0, 1, 0], Math.PI / 2);
    const cs = detect([capsule([1, 2, 0.49], 0.5, 1, lying), plane([0, 0, 0], [0, 0, 1])]);
    expect(cs.map((c) => c.feature)).toEqual([0, 1]);
    for (const c of cs) expect(c.gap).toBeCloseTo(-0.01, 14);
    // The segment runs along R e_z = +x: feature 0 is the end at x = 0, feature 1 the one at x = 2.
    expect(maxDiff(cs[0].point, [0, 2, -0.005])).toBeLessThan(1e-14);
    expect(maxDiff(cs[1].point, [2, 2, -0.005])).toBeLessThan(1e-14);
  });

  test('should touch with the lower end only when tilted', () => {
    // Tilted by 0.2 rad: the ends' heights differ by 2 h sin 0.2.
    const cs = detect([capsule([0, 0, 0.5 + Math.sin(0.2) - 0.001], 0.5, 1, multiply(rotation([0, 1, 0], 0.2), rotation([0, 1, 0], Math.PI / 2))), plane([0, 0, 0], [0, 0, 1])], { margin: 0.01 });
    expect(cs).toHaveLength(1);
    expect(cs[0].gap).toBeCloseTo(-0.001, 14);
  });
});

describe('hull-plane', () => {
  test('should report the 4 corners of a resting face, by vertex', () => {
    const cs = detect([hull([0, 0, 0.249], boxPoints([0.5, 0.3, 0.25]), rotation([0, 0, 1], 0.7)), plane([0, 0, 0], [0, 0, 1])], { margin: 0.01 });
    expect(cs).toHaveLength(4);
    for (const c of cs) {
      expect(c.gap).toBeCloseTo(-0.001, 14);
      expect(c.normal).toEqual([0, 0, 1]);
      expect(c.point[2]).toBeCloseTo(-0.0005, 14);
    }
    expect(new Set(cs.map((c) => c.feature)).size).toBe(4);
  });

  test('should report only vertices within the margin', () => {
    const tilted = rotation([1, 0, 0], 0.3);
    const cs = detect([hull([0, 0, 0.6], boxPoints([0.5, 0.5, 0.5]), tilted), plane([0, 0, 0], [0, 0, 1])], { margin: 0.05 });
    // The lowest edge's two vertices at 0.6 − 0.5 (cos 0.3 + sin 0.3) − ... : below the margin; the others far above.
    const low = 0.6 - 0.5 * (Math.cos(0.3) + Math.sin(0.3));
    expect(cs).toHaveLength(low <= 0.05 ? 2 : 0);
    for (const c of cs) expect(c.gap).toBeCloseTo(low, 14);
  });
});
