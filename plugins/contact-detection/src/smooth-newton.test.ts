import { describe, expect, test } from 'vitest';
import { apply, detect, ellipsoid, multiply, rotation, sphere } from './__fixtures__/bodies.js';
import { polishSeparation } from './smooth-newton.js';
import { ellipsoidSupport } from './support.js';
import { SPHERE, WorldBodies } from './world-bodies.js';

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
  ])('should find the same normal for a pair translated by %j, to %s', (T, bound) => {
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

/**
 * The point of the ellipsoid {c + R diag(e) y : |y| ≤ 1} nearest to p (outside it), by the secular
 * equation in the ellipsoid's frame: x_i = e_i² q_i / (e_i² + t) with t > 0 the root of
 * Σ (e_i q_i / (e_i² + t))² = 1, found by bisection to the last bit.
 */
function nearestOnEllipsoid(c: readonly number[], R: readonly number[], e: readonly number[], p: readonly number[]): number[] {
  const d = [p[0] - c[0], p[1] - c[1], p[2] - c[2]];
  const q = [0, 1, 2].map((i) => R[i] * d[0] + R[3 + i] * d[1] + R[6 + i] * d[2]);
  const g = (t: number) => q.reduce((s, qi, i) => s + ((e[i] * qi) / (e[i] * e[i] + t)) ** 2, 0) - 1;
  let lo = 0, hi = 1;
  while (g(hi) > 0) hi *= 2;
  for (let k = 0; k < 200 && lo < hi; k++) {
    const mid = 0.5 * (lo + hi);
    if (mid === lo || mid === hi) break;
    if (g(mid) > 0) lo = mid; else hi = mid;
  }
  const x = q.map((qi, i) => (e[i] * e[i] * qi) / (e[i] * e[i] + lo));
  return [0, 1, 2].map((j) => c[j] + R[3 * j] * x[0] + R[3 * j + 1] * x[1] + R[3 * j + 2] * x[2]);
}

describe('polishSeparation on a sphere and an ellipsoid', () => {
  // A sphere's core is its centre p, an ellipsoid's is E ⊖ m·ball with E = core ⊕ m·ball, so the
  // cores are dist(p, E) + m apart along the normal of E at the point of E nearest to p.
  const semi = [1, 0.3, 0.5];
  const cases = (T: readonly number[]) => {
    const random = rng(11);
    return Array.from({ length: 60 }, () => {
      const R = multiply(rotation([random() - 0.5, random() - 0.5, random() - 0.5], 6 * random()), rotation([0.3, -1, 0.2], 6 * random()));
      const v = [random() - 0.5, random() - 0.5, random() - 0.5], l = Math.hypot(...v), D = 1.2 + 3 * random();
      return { R, p: v.map((x, i) => T[i] + (x / l) * D), c: [...T] };
    });
  };

  test.each([
    [[0, 0, 0], 1e-12, 1e-14],
    [[1000, -700, 400], 1e-9, 1e-11],
  ])('should give the distance and normal of the nearest point, started on the line of centres or 40° off it (offset %j)', (T, angleBound, distanceBound) => {
    const random = rng(5);
    for (const { R, p, c } of cases(T)) {
      const w = new WorldBodies();
      w.update([sphere(p, 0.1), ellipsoid(c, semi as [number, number, number], R)], 0);
      expect(w.kind[0]).toBe(SPHERE);
      const x = nearestOnEllipsoid(c, R, semi, p);
      const gap = Math.hypot(p[0] - x[0], p[1] - x[1], p[2] - x[2]), n = [0, 1, 2].map((i) => (p[i] - x[i]) / gap);
      const line = [0, 1, 2].map((i) => p[i] - c[i]), ll = Math.hypot(...line);
      // A start a turn of 40° away from the line of centres, about an axis across it.
      const across = [line[1] - line[2], line[2] - line[0], line[0] - line[1]].map((v) => v + 0.1 * (random() - 0.5));
      const turned = apply(rotation(across as [number, number, number], (40 * Math.PI) / 180), line);
      for (const start of [line.map((v) => v / ll), turned.map((v) => v / ll)]) {
        const out = new Float64Array(9), H = new Float64Array(9), kept = new Float64Array(8);
        const d = polishSeparation(w, 0, 1, start[0], start[1], start[2], out, H, kept);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(Math.abs(d - (gap + w.coreRadius[1]))).toBeLessThan(distanceBound);
        expect(sinAngle([out[0], out[1], out[2]], n)).toBeLessThan(angleBound);
        // The cores' closest points: the sphere's centre, and the ellipsoid's nearest point moved in by m.
        expect(Math.hypot(out[3] - p[0], out[4] - p[1], out[5] - p[2])).toBeLessThan(1e-12 * (1 + Math.hypot(...T)));
        const inner = [0, 1, 2].map((i) => x[i] - w.coreRadius[1] * n[i]);
        expect(Math.hypot(out[6] - inner[0], out[7] - inner[1], out[8] - inner[2])).toBeLessThan(angleBound * 10);
      }
    }
  });

  test('should refuse cores that are not apart along the start (the caller keeps GJK)', () => {
    const w = new WorldBodies();
    w.update([sphere([0, 0, 3], 0.1), ellipsoid([0, 0, 0], [1, 0.3, 0.5])], 0);
    const out = new Float64Array(9), H = new Float64Array(9), kept = new Float64Array(8);
    // n from B (ellipsoid) towards A (sphere) is +z; −z separates nothing.
    expect(polishSeparation(w, 0, 1, 0, 0, -1, out, H, kept)).toBe(-1);
    expect(polishSeparation(w, 0, 1, 0, 0, 1, out, H, kept)).toBeCloseTo(3 - 0.5 + w.coreRadius[1], 14);
  });
});

describe('an ellipsoid\'s support and what it keeps for the Hessian (support.ts)', () => {
  test('should keep 1/|Mᵀd| and M Mᵀd, and at a zero direction give the centre and keep nothing usable', () => {
    const w = new WorldBodies();
    const R = rotation([1, 2, 3], 0.4);
    w.update([sphere([9, 9, 9], 0.1), ellipsoid([0.5, -0.25, 2], [0.3, 0.2, 0.1], R)], 0);
    const out = new Float64Array(6), kept = new Float64Array(6).fill(7);
    const d = [0.2, -0.5, 0.7], M = Array.from(w.axes.subarray(9, 18));
    ellipsoidSupport(w, 1, d[0], d[1], d[2], out, 3, kept, 2);
    const q = [0, 1, 2].map((k) => M[k] * d[0] + M[3 + k] * d[1] + M[6 + k] * d[2]);
    const v = [0, 1, 2].map((j) => M[3 * j] * q[0] + M[3 * j + 1] * q[1] + M[3 * j + 2] * q[2]);
    expect(Array.from(kept)).toEqual([7, 7, 1 / Math.hypot(...q), ...v].map((x, k) => (k < 2 ? x : expect.closeTo(x, 15))));
    // The support is the centre plus M Mᵀd / |Mᵀd|, less the core's radius along d̂.
    const m = w.coreRadius[1] / Math.hypot(...d);
    expect(Array.from(out.subarray(3))).toEqual([0.5, -0.25, 2].map((c, j) => expect.closeTo(c + v[j] / Math.hypot(...q) - m * d[j], 14)));
    ellipsoidSupport(w, 1, 0, 0, 0, out, 0, kept, 2);
    expect(Array.from(out.subarray(0, 3))).toEqual([0.5, -0.25, 2]);
    expect(Array.from(kept)).toEqual([7, 7, NaN, NaN, NaN, NaN]);
  });
});
