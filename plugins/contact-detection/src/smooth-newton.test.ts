import { describe, expect, test } from 'vitest';
import { detect, ellipsoid, multiply, rotation } from './__fixtures__/bodies.js';

/** A seeded uniform in [0, 1). */
function rng(seed: number): () => number {
  let s = seed;
  return () => ((s = (s * 16807) % 2147483647) - 1) / 2147483646;
}

/** Sine of the angle between two unit vectors. */
function sinAngle(a: readonly number[], b: readonly number[]): number {
  return Math.hypot(a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]);
}

describe('Newton polish of two ellipsoids (smooth-newton.ts)', () => {
  // Grain-sized ellipsoids (semi-axes 2 to 5 cm), turned at random, 5 to 10 cm apart: a pair
  // translated by T must keep its normal to what rounding at |T| allows. Compared to the bit,
  // the last Newton steps were halved or refused and GJK's answer (2e-6 off) taken instead.
  test.each([
    [[1, -2, 1], 1e-12],
    [[1000, -700, 400], 1e-9],
  ])('should find the same normal for a pair translated by %j, to %g', (T, bound) => {
    const random = rng(7);
    let pairs = 0, worst = 0;
    for (let k = 0; k < 300; k++) {
      const axes = (): [number, number, number] => [0.02 + 0.03 * random(), 0.02 + 0.03 * random(), 0.02 + 0.03 * random()];
      const turn = () => multiply(rotation([random() - 0.5, random() - 0.5, random() - 0.5], 6 * random()), rotation([random() - 0.5, random() - 0.5, random() - 0.5], 6 * random()));
      const d = [random() - 0.5, random() - 0.5, random() - 0.5], l = Math.hypot(...d), dist = 0.05 + 0.05 * random();
      const ea = axes(), eb = axes(), Ra = turn(), Rb = turn(), offset = d.map((x) => (x / l) * dist);
      const here = detect([ellipsoid([0, 0, 0], ea, Ra), ellipsoid(offset, eb, Rb)], { margin: 0.1 });
      const there = detect([ellipsoid(T, ea, Ra), ellipsoid(offset.map((x, i) => x + T[i]), eb, Rb)], { margin: 0.1 });
      expect(there).toHaveLength(here.length);
      if (here.length === 0 || here[0].gap < 0) continue;
      pairs++;
      worst = Math.max(worst, sinAngle(here[0].normal, there[0].normal));
      expect(there[0].gap).toBeCloseTo(here[0].gap, 9);
    }
    expect(pairs).toBeGreaterThan(100);
    expect(worst).toBeLessThan(bound);
  });
});
