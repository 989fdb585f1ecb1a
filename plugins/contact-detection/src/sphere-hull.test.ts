import { describe, expect, test } from 'vitest';
import { boxPoints, detect, hull, maxDiff, rotation, sphere } from './__fixtures__/bodies.js';

const cube = (linear?: number[]) => hull([0, 0, 0], boxPoints([1, 1, 1]), linear);

describe('sphere-hull', () => {
  test('should touch a face from above: the projection lies in the face', () => {
    const [c] = detect([sphere([0.2, 0.1, 1.4], 0.5), cube()], { margin: 1 });
    expect(c.gap).toBeCloseTo(-0.1, 14);
    expect(c.normal).toEqual([0, 0, 1]);
    expect(maxDiff(c.point, [0.2, 0.1, 0.95])).toBeLessThan(1e-14);
  });

  test('should touch an edge and a vertex at their closest points', () => {
    const [edge] = detect([sphere([1.3, 0.2, 1.4], 0.5), cube()], { margin: 1 });
    expect(edge.gap).toBeCloseTo(0.5 - 0.5, 12);
    expect(maxDiff(edge.normal, [0.6, 0, 0.8])).toBeLessThan(1e-12);
    const [vertex] = detect([sphere([2, 2, 2], 1), cube()], { margin: 1 });
    expect(vertex.gap).toBeCloseTo(Math.sqrt(3) - 1, 12);
    expect(maxDiff(vertex.normal, [1, 1, 1].map((v) => v / Math.sqrt(3)))).toBeLessThan(1e-12);
  });

  test('should push a centre inside out through the face of least penetration', () => {
    const [c] = detect([sphere([0.1, 0.7, 0.2], 0.5), cube()], { margin: 1 });
    expect(c.gap).toBeCloseTo(-(0.3 + 0.5), 14);
    expect(c.normal).toEqual([0, 1, 0]);
  });

  test('should agree with sphere-box on a turned cube', () => {
    const R = rotation([1, 2, 3], 0.8);
    for (const at of [[0.3, 0.2, 1.6], [1.2, 1.1, 0.9], [0.2, -0.1, 0.3], [-1.4, 0.9, -1.3]]) {
      const [h] = detect([sphere(at, 0.6), cube(R)], { margin: 1 });
      const [b] = detect([sphere(at, 0.6), { ...cube(R), shape: { type: 'box', halfExtents: [1, 1, 1] } }], { margin: 1 });
      expect(Math.abs(h.gap - b.gap)).toBeLessThan(1e-12);
      expect(maxDiff(h.normal, b.normal)).toBeLessThan(1e-9);
      expect(maxDiff(h.point, b.point)).toBeLessThan(1e-9);
    }
  });

  test('should keep the id of a sphere rolling across the inner face of a drum segment', () => {
    // A pipe segment of the drum: inner radius 1, outer 1.05, between angles −π/32 and π/32 at the bottom.
    const points: [number, number, number][] = [];
    for (const r of [1, 1.05]) for (const a of [-Math.PI / 32, Math.PI / 32]) for (const y of [0, 0.5]) points.push([-r * Math.sin(a), y, -r * Math.cos(a)]);
    const mean = [0, 1, 2].map((k) => points.reduce((t, p) => t + p[k] / 8, 0));
    const segment = hull(mean, points.map((p) => p.map((v, k) => v - mean[k]) as [number, number, number]), undefined, false);
    const apothem = Math.cos(Math.PI / 32);
    const ids = new Set<string>();
    for (let x = -0.08; x <= 0.08; x += 0.01) {
      const cs = detect([sphere([x, 0.25, -apothem + 0.08 - 1e-4], 0.08), segment], { margin: 1e-3 });
      expect(cs).toHaveLength(1);
      expect(cs[0].gap).toBeCloseTo(-1e-4, 12);
      ids.add(`${cs[0].bodyA}:${cs[0].bodyB}:${cs[0].feature}`);
    }
    expect([...ids]).toEqual(['0:1:0']);
  });
});
