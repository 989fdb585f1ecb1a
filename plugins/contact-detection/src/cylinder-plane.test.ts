import { describe, expect, test } from 'vitest';
import { apply, cylinder, detect, maxDiff, multiply, plane, rotation } from './__fixtures__/bodies.js';

// Tolerance 1e-12: a handful of roundings of O(1) numbers.
const TOL = 1e-12;

/** The lowest point's height of a cylinder (radius r, half length h, axis a) whose centre is h0 above a plane of normal n: h0 − h|n·a| − r|n − (n·a)a|. */
const lowest = (h0: number, r: number, h: number, along: number) => h0 - h * Math.abs(along) - r * Math.sqrt(Math.max(0, 1 - along * along));

describe('cylinder against plane', () => {
  test('should stand on its − end on four rim points a quarter turn apart, halfway to the plane, features 0..3', () => {
    const found = detect([plane([0, 0, 0], [0, 0, 1]), cylinder([2, 1, 0.29], 0.5, 0.3)]);
    expect(found.map((c) => [c.bodyA, c.bodyB, c.feature])).toEqual([[1, 0, 0], [1, 0, 1], [1, 0, 2], [1, 0, 3]]);
    // Square on the end: its axis is along n, so the square starts on the body's x axis (at −x, c − r x̂).
    const corners = [[1.5, 1], [2, 0.5], [2.5, 1], [2, 1.5]];
    for (const c of found) {
      expect(c.gap).toBeCloseTo(-0.01, 12);
      expect(c.normal).toEqual([0, 0, 1]);
      expect(maxDiff(c.point, [...corners[c.feature], -0.005])).toBeLessThan(TOL);
    }
  });

  test('should stand on its + end with features 4..7 when turned upside down', () => {
    const found = detect([cylinder([0, 0, 0.29], 0.5, 0.3, rotation([1, 0, 0], Math.PI)), plane([0, 0, 0], [0, 0, 1])]);
    expect(found.map((c) => c.feature)).toEqual([4, 5, 6, 7]);
    for (const c of found) expect(c.gap).toBeCloseTo(-0.01, 12);
  });

  test('should lie on its side on the line between its ends\' lowest points: two contacts, one per end', () => {
    // Axis along world y (a turn of π/2 about x): body z = −h is at y = +h... the ends are at y = c_y ∓ h.
    const R = rotation([1, 0, 0], Math.PI / 2), axis = apply(R, [0, 0, 1]);
    const found = detect([cylinder([0.3, -0.2, 0.48], 0.5, 0.8, R), plane([0, 0, 0], [0, 0, 1])]);
    expect(found.map((c) => c.feature)).toEqual([0, 4]);
    for (const c of found) {
      expect(c.gap).toBeCloseTo(-0.02, 12);
      const s = c.feature === 0 ? -0.8 : 0.8;
      expect(maxDiff(c.point, [0.3 + s * axis[0], -0.2 + s * axis[1], -0.01])).toBeLessThan(TOL);
    }
  });

  test('should rest a tilted cylinder on its lower rim\'s lowest point alone, at the analytic height', () => {
    // Tilted by 0.3 about y: the − end is lower on the +x side; its lowest point is c − h a − r û.
    const R = rotation([0, 1, 0], 0.3), a = apply(R, [0, 0, 1]), c = [0, 0, 0.42];
    const g = lowest(0.42, 0.4, 0.3, a[2]);
    expect(g).toBeGreaterThan(0.01); // 0.015: apart, within the margin
    const found = detect([cylinder(c, 0.4, 0.3, R), plane([0, 0, 0], [0, 0, 1])], { margin: 0.05 });
    expect(found.map((k) => k.feature)).toEqual([0]);
    expect(found[0].gap).toBeCloseTo(g, 12);
    // û: the part of n across the axis, normalised.
    const u = [0 - a[2] * a[0], 0 - a[2] * a[1], 1 - a[2] * a[2]], lu = Math.hypot(...u);
    const low = [0, 1, 2].map((k) => c[k] - 0.3 * a[k] - (0.4 * u[k]) / lu);
    expect(maxDiff(found[0].point, [low[0], low[1], low[2] - g / 2])).toBeLessThan(TOL);
  });

  test('should keep the square on a slightly tilted end with each corner\'s own height, the lowest first', () => {
    // Tilted by θ = 2e-3: the corners are r sin θ apart in height around the lowest; all within a margin of 0.01.
    const theta = 2e-3, R = rotation([1, 1, 0], theta), r = 0.5, h = 0.3;
    const found = detect([cylinder([0, 0, 0.3], r, h, R), plane([0, 0, 0], [0, 0, 1])], { margin: 0.01 });
    expect(found.map((k) => k.feature)).toEqual([0, 1, 2, 3]);
    const g = lowest(0.3, r, h, Math.cos(theta));
    const rise = r * Math.sin(theta);
    [g, g + rise, g + 2 * rise, g + rise].forEach((want, q) => expect(found[q].gap).toBeCloseTo(want, 12));
  });

  test('should give the analytic least gap of a turned cylinder on a turned plane, every normal the plane\'s', () => {
    for (const [axis, angle] of [[[1, 2, 3], 0.7], [[-1, 0.5, 0.2], 2.1], [[0, 1, -1], 1.4]] as const) {
      const Rc = rotation([...axis], angle), Rp = rotation([0.3, -1, 0.2], 0.5);
      const n = apply(Rp, [0, 0, 1]), a = apply(Rc, [0, 0, 1]), c = [0.4, -0.1, 0.9], o = [0.1, 0.2, -0.3];
      const h0 = n.reduce((s, v, i) => s + v * (c[i] - o[i]), 0);
      const found = detect([cylinder(c, 0.35, 0.6, Rc), plane(o, [0, 0, 1], Rp)], { margin: 2 });
      const along = n[0] * a[0] + n[1] * a[1] + n[2] * a[2];
      expect(Math.min(...found.map((k) => k.gap))).toBeCloseTo(lowest(h0, 0.35, 0.6, along), 12);
      for (const k of found) expect(maxDiff(k.normal, n)).toBeLessThan(TOL);
    }
  });

  test('should keep its contact ids under a small motion: standing, lying', () => {
    const tiny = rotation([0.3, -0.7, 0.2], 1e-3);
    for (const R of [rotation([0, 0, 1], 0.4), rotation([1, 0, 0], Math.PI / 2)]) {
      const base = cylinder([0, 0, R[8] > 0.5 ? 0.3 : 0.5], 0.5, 0.3, R);
      const ids = detect([base, plane([0, 0, 0], [0, 0, 1])], { margin: 0.01 }).map((k) => k.feature);
      const nudged = cylinder([1e-3, -1e-3, (R[8] > 0.5 ? 0.3 : 0.5) + 1e-4], 0.5, 0.3, multiply(tiny, R));
      expect(detect([nudged, plane([0, 0, 0], [0, 0, 1])], { margin: 0.01 }).map((k) => k.feature)).toEqual(ids);
      expect(ids.length).toBe(R[8] > 0.5 ? 4 : 2);
    }
  });

  test('should report a hovering cylinder only within the margin, and nothing for one that is not free', () => {
    const bodies = [cylinder([0, 0, 0.32], 0.5, 0.3), plane([0, 0, 0], [0, 0, 1])];
    expect(detect(bodies)).toHaveLength(0);
    const near = detect(bodies, { margin: 0.05 });
    expect(near).toHaveLength(4);
    for (const k of near) expect(k.gap).toBeCloseTo(0.02, 12);
    expect(detect([cylinder([0, 0, 0.3], 0.5, 0.3, undefined, false), plane([0, 0, 0], [0, 0, 1])])).toHaveLength(0);
  });

  test('should give one point at the end\'s centre with one-per-face', () => {
    const found = detect([cylinder([1, 2, 0.29], 0.5, 0.3), plane([0, 0, 0], [0, 0, 1])], { manifold: 'one-per-face' });
    expect(found).toHaveLength(1);
    expect(found[0].gap).toBeCloseTo(-0.01, 12);
    expect(maxDiff(found[0].point, [1, 2, -0.005])).toBeLessThan(TOL);
  });
});
