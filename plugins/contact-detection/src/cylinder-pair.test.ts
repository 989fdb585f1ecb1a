import { describe, expect, test } from 'vitest';
import { apply, box, boxPoints, cylinder, detect, hull, maxDiff, moved, multiply, rotation, sphere, type Contact } from './__fixtures__/bodies.js';
import { cylinderSupport } from './support.js';
import { WorldBodies } from './world-bodies.js';

// Tolerance 1e-12 for what is built from a few roundings; 1e-9 for what passes through GJK/EPA
// (their stopping tolerance is 1e-10 of the bodies' size).
const TOL = 1e-12;
const ITER = 1e-9;

const ids = (found: Contact[]) => found.map((c) => c.feature);

describe('cylinder against a box, hull or cylinder face', () => {
  test('should stand on a box top on up to 4 points of its rim, every one on the face with the face normal', () => {
    const found = detect([box([0, 0, 0], [2, 2, 0.5]), cylinder([0.3, -0.2, 0.79], 0.5, 0.3)]);
    expect(found).toHaveLength(4);
    for (const c of found) {
      expect([c.bodyA, c.bodyB]).toEqual([1, 0]); // the cylinder is A, the box (the flatter) B
      expect(maxDiff(c.normal, [0, 0, 1])).toBeLessThan(TOL);
      expect(c.gap).toBeCloseTo(-0.01, 12);
      // On the rim of the lower end, halfway down into the box's top.
      expect(Math.hypot(c.point[0] - 0.3, c.point[1] + 0.2)).toBeCloseTo(0.5, 12);
      expect(c.point[2]).toBeCloseTo(0.495, 12);
      expect(c.feature).toBeGreaterThan(0);
    }
    // The 4 kept span the end: no three on one side of its centre.
    const angles = found.map((c) => Math.atan2(c.point[1] + 0.2, c.point[0] - 0.3)).sort((p, q) => p - q);
    const widest = Math.max(...angles.map((t, k) => (k + 1 < angles.length ? angles[k + 1] - t : angles[0] + 2 * Math.PI - t)));
    expect(widest).toBeLessThan(Math.PI);
  });

  test('should lie on a box along the line of its lowest points: two contacts at the ends, or at the face\'s edge', () => {
    const R = rotation([1, 0, 0], Math.PI / 2); // axis along world y
    const onTop = detect([box([0, 0, 0], [2, 2, 0.5]), cylinder([0.1, 0.2, 0.99], 0.5, 0.8, R)]);
    expect(onTop).toHaveLength(2);
    const ys = onTop.map((c) => c.point[1]).sort((p, q) => p - q);
    expect(ys[0]).toBeCloseTo(0.2 - 0.8, 12);
    expect(ys[1]).toBeCloseTo(0.2 + 0.8, 12);
    for (const c of onTop) {
      expect(c.gap).toBeCloseTo(-0.01, 12);
      expect(c.point[0]).toBeCloseTo(0.1, 12);
      expect(maxDiff(c.normal, [0, 0, 1])).toBeLessThan(TOL);
    }
    // Overhanging the box's +y side (at y = 1): the line is clipped there.
    const over = detect([box([0, 0, 0], [2, 1, 0.5]), cylinder([0.1, 0.6, 0.99], 0.5, 0.8, R)]);
    expect(over.map((c) => c.point[1]).sort((p, q) => p - q).map((y) => +y.toFixed(12))).toEqual([-0.2, 1]);
  });

  test('should rest a tilted cylinder on a box on its lowest rim point alone, with the exact gap', () => {
    const R = rotation([0, 1, 0], 0.4), a = apply(R, [0, 0, 1]);
    const g = 0.9 - 0.5 - 0.3 * Math.abs(a[2]) - 0.35 * Math.sqrt(1 - a[2] * a[2]);
    // g ≈ −0.0126; the octagon's next points are r sin(0.4)(1 − cos 45°) ≈ 0.04 higher, beyond the margin.
    const found = detect([box([0, 0, 0], [2, 2, 0.5]), cylinder([0, 0, 0.9], 0.35, 0.3, R)], { margin: 0.01 });
    expect(found).toHaveLength(1);
    expect(found[0].gap).toBeCloseTo(g, 9);
    expect(maxDiff(found[0].normal, [0, 0, 1])).toBeLessThan(TOL);
  });

  test('should touch a box edge at one point (feature 0), with the distance to the edge', () => {
    // The box's top +x edge runs along y at (1, ·, 0.5); the cylinder lies along y beside and above it.
    const R = rotation([1, 0, 0], Math.PI / 2), d = 0.02, t = Math.SQRT1_2 * (0.5 + d);
    const found = detect([box([0, 0, 0], [1, 1, 0.5]), cylinder([1 + t, 0, 0.5 + t], 0.5, 0.4, R)], { margin: 0.1 });
    expect(found).toHaveLength(1);
    expect(found[0].feature).toBe(0);
    expect(found[0].gap).toBeCloseTo(d, 9);
    // GJK on a curved body converges in direction to about the square root of its tolerance (1e-10).
    expect(maxDiff(found[0].normal, [Math.SQRT1_2, 0, Math.SQRT1_2])).toBeLessThan(1e-5);
  });

  test('should stand on a hull face as on the box of the same corners', () => {
    const onBox = detect([box([0, 0, 0], [2, 2, 0.5]), cylinder([0.3, -0.2, 0.79], 0.5, 0.3)]);
    const onHull = detect([hull([0, 0, 0], boxPoints([2, 2, 0.5])), cylinder([0.3, -0.2, 0.79], 0.5, 0.3)]);
    expect(onHull).toHaveLength(4);
    const key = (c: Contact) => [c.point[0].toFixed(9), c.point[1].toFixed(9), c.point[2].toFixed(9), c.gap.toFixed(9)].join();
    expect(onHull.map(key).sort()).toEqual(onBox.map(key).sort());
  });

  test('should stand a cylinder on another\'s end, and hold a small box on a cylinder\'s end at the box\'s corners', () => {
    const stacked = detect([cylinder([0, 0, 0], 0.6, 0.3), cylinder([0.05, 0, 0.59], 0.5, 0.3)]);
    expect(stacked).toHaveLength(4);
    for (const c of stacked) {
      expect(c.gap).toBeCloseTo(-0.01, 12);
      // n from B (the second cylinder) to A (the first): down.
      expect(maxDiff(c.normal, [0, 0, -1])).toBeLessThan(TOL);
      expect(Math.hypot(c.point[0], c.point[1])).toBeLessThanOrEqual(0.6);
    }
    const held = detect([cylinder([0, 0, 0], 0.5, 0.3), box([0.05, -0.05, 0.49], [0.2, 0.15, 0.2])]);
    expect(held).toHaveLength(4);
    const corners = held.map((c) => [+(c.point[0] - 0.05).toFixed(12), +(c.point[1] + 0.05).toFixed(12)]).sort((p, q) => p[0] - q[0] || p[1] - q[1]);
    expect(corners).toEqual([[-0.2, -0.15], [-0.2, 0.15], [0.2, -0.15], [0.2, 0.15]]);
    for (const c of held) expect(c.gap).toBeCloseTo(-0.01, 12);
  });

  test('should keep its ids under a small motion, and move its contacts with a rigid motion of the pair', () => {
    const bodies = [box([0, 0, 0], [2, 2, 0.5]), cylinder([0.3, -0.2, 0.79], 0.5, 0.3, rotation([0, 0, 1], 0.3))];
    const before = detect(bodies, { margin: 0.02 });
    const tiny = rotation([0.3, -0.7, 0.2], 1e-3);
    const nudged = detect([bodies[0], moved(bodies[1], tiny, [1e-3, -1e-3, 0])], { margin: 0.02 });
    expect(ids(nudged)).toEqual(ids(before));
    const Q = rotation([1, -2, 0.5], 1.1), t = [3, -1, 2];
    const after = detect(bodies.map((b) => moved(b, Q, t)), { margin: 0.02 });
    expect(ids(after)).toEqual(ids(before));
    before.forEach((c, k) => {
      expect(maxDiff(after[k].point, apply(Q, c.point).map((v, i) => v + t[i]))).toBeLessThan(ITER);
      expect(after[k].gap).toBeCloseTo(c.gap, 9);
    });
  });

  test('should give one point per face pair with one-per-face, at the centre of a flat-standing end', () => {
    const found = detect([box([0, 0, 0], [2, 2, 0.5]), cylinder([0.3, -0.2, 0.79], 0.5, 0.3)], { manifold: 'one-per-face' });
    expect(found).toHaveLength(1);
    expect(found[0].gap).toBeCloseTo(-0.01, 12);
    // The octagon's centroid is the end's centre.
    expect(maxDiff(found[0].point, [0.3, -0.2, 0.495])).toBeLessThan(1e-12);
  });
});

describe('cylinder against cylinder, either order', () => {
  test('should give the same contacts whichever body comes first: the wider end is the reference', () => {
    // A narrow cylinder tilted by 0.2 rests on its rim on a wide one's top, and a level one stands on it.
    for (const top of [cylinder([0.1, 0.05, 0.3 + 0.25 - 0.004], 0.25, 0.3, rotation([1, 1, 0], 1e-4)), cylinder([0.1, 0.05, 0.6], 0.25, 0.3, rotation([1, 1, 0], 0.2))]) {
      const wide = cylinder([0, 0, 0], 0.6, 0.3);
      const ab = detect([wide, top], { margin: 0.02 }), ba = detect([top, wide], { margin: 0.02 });
      expect(ab.length).toBeGreaterThan(0);
      expect(ba).toHaveLength(ab.length);
      const key = (c: Contact, flip: number) => [...c.point, ...c.normal.map((v) => flip * v), c.gap];
      // Normals from body 0 to body 1 in both runs: B → A in the first, A → B in the second.
      const first = ab.map((c) => key(c, 1)).sort((p, q) => p[0] - q[0] || p[1] - q[1]);
      const second = ba.map((c) => key(c, -1)).sort((p, q) => p[0] - q[0] || p[1] - q[1]);
      first.forEach((k, i) => expect(maxDiff(k, second[i])).toBeLessThan(ITER));
    }
  });
});

describe('cylinderSupport', () => {
  test('should stay on the cylinder for directions along its axis or within rounding of it', () => {
    // Along the axis p = d − (a·d) a is rounding of the size of d, with a part along a: normalised
    // as it was, it once put a "rim point" 0.4 r up the side, and EPA reported −0.39 for −0.01.
    const R = multiply(rotation([1, -2, 0.5], 1.1), rotation([0, 0, 1], 0.3)), a = apply(R, [0, 0, 1]);
    const w = new WorldBodies();
    w.update([cylinder([3, -1, 2], 0.5, 0.3, R)], 0);
    const out = new Float64Array(3);
    for (const eps of [0, 1e-17, 1e-15, 1e-13, 1e-11, 1e-6]) {
      for (const sign of [1, -1]) {
        const d = [sign * a[0] + eps, sign * a[1] - eps, sign * a[2] + 0.5 * eps];
        cylinderSupport(w, 0, d[0], d[1], d[2], out, 0);
        const l = apply([R[0], R[3], R[6], R[1], R[4], R[7], R[2], R[5], R[8]], [out[0] - 3, out[1] + 1, out[2] - 2]);
        expect(Math.abs(l[2] - sign * 0.3)).toBeLessThan(TOL); // on the end facing d
        expect(Math.hypot(l[0], l[1])).toBeLessThanOrEqual(0.5 + TOL); // within its disc
      }
    }
  });
});

describe('cylinder against round shapes and another cylinder\'s side: one point', () => {
  test('should give a sphere the exact distance to the cylinder\'s end, side and rim', () => {
    const c = cylinder([0, 0, 0], 0.5, 0.4, multiply(rotation([0, 0, 1], 0.3), IDENTITY_3));
    const cases: [number[], number][] = [
      [[0.1, 0.2, 0.4 + 0.2 + 0.03], 0.03], // above the + end
      [[0.5 + 0.2 + 0.05, 0, 0.1], 0.05], // beside the side
      [[0.5 + 0.3, 0, 0.4 + 0.4], 0.5 - 0.2], // beyond the rim: (0.3, 0.4) from it, less the radius 0.2
    ];
    for (const [centre, gap] of cases) {
      const found = detect([sphere(centre, 0.2), c], { margin: 1 });
      expect(found).toHaveLength(1);
      expect(found[0].gap).toBeCloseTo(gap, 9);
    }
  });

  test('should give two cylinders lying side by side one contact at the distance of their axes less both radii', () => {
    const R = rotation([1, 0, 0], Math.PI / 2);
    const found = detect([cylinder([0, 0, 0], 0.5, 1, R), cylinder([0.3 * 1.1, 0, 0.9 * 1.1], 0.45, 0.8, R)], { margin: 0.5 });
    expect(found).toHaveLength(1);
    expect(found[0].feature).toBe(0);
    expect(found[0].gap).toBeCloseTo(Math.hypot(0.33, 0.99) - 0.95, 9);
  });
});

const IDENTITY_3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];
