import { ContactBuffer, type DetectorBody } from '@moreau/core';
import { Rng } from '@moreau/conformance';
import { describe, expect, test } from 'vitest';
import { box, boxPoints, capsule, ellipsoid, hull, multiply, plane, rotation, sphere } from './__fixtures__/bodies.js';
import { ConvexContactDetector } from './contact-detector.js';

/** A random scene: spheres and boxes (some not free) in a cube of side `side`, a floor and a tilted wall. */
function randomScene(rng: Rng, n: number, side: number): DetectorBody[] {
  const bodies: DetectorBody[] = [
    plane([0, 0, 0], [0, 0, 1]), plane([side, 0, 0], [1, 0, 0.2], rotation([0, 0, 1], 0.1)),
    // Bodies much larger than the rest span many grid columns: a slab, a long beam, a boulder.
    box([side / 2, side / 2, side / 3], [side / 2, side / 2, 0.5], rotation([1, 0, 0], 0.05), false),
    box([side / 2, side / 2, side / 2], [side / 2, 0.3, 0.3], rotation([0, 0, 1], 0.7)),
    sphere([side / 3, side / 3, side / 2], side / 6),
  ];
  for (let i = 0; i < n; i++) {
    const at = [rng.uniform(0, side), rng.uniform(0, side), rng.uniform(-0.5, side)];
    const free = rng.next() < 0.8;
    if (rng.next() < 0.5) bodies.push(sphere(at, rng.uniform(0.2, 1), free));
    else bodies.push(box(at, [rng.uniform(0.1, 0.8), rng.uniform(0.1, 0.8), rng.uniform(0.1, 0.8)], rotation([rng.normal(), rng.normal(), rng.normal()], rng.uniform(0, Math.PI)), free));
  }
  return bodies;
}

/** Moves every non-plane body by up to `step` and turns it a little. */
function jiggle(rng: Rng, bodies: DetectorBody[], step: number): void {
  for (const b of bodies) {
    if (b.shape.type === 'plane') continue;
    for (let k = 0; k < 3; k++) b.pose.position[k] += rng.uniform(-step, step);
    const R = rotation([rng.normal(), rng.normal(), rng.normal()], rng.uniform(0, step));
    const L = Array.from(b.pose.linear);
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) b.pose.linear[3 * i + j] = R[3 * i] * L[j] + R[3 * i + 1] * L[3 + j] + R[3 * i + 2] * L[6 + j];
  }
}

/** Every field of every contact, for exact comparison. */
function snapshot(buf: ContactBuffer): number[][] {
  return Array.from({ length: buf.count }, (_, k) => [
    buf.bodyA[k], buf.bodyB[k], buf.feature[k], ...buf.point.subarray(3 * k, 3 * k + 3), ...buf.frame.subarray(9 * k, 9 * k + 9), buf.gap[k],
  ]);
}

/** Ellipsoids (some stretched), capsules and hulls (some stretched) with a few spheres and boxes, over a floor. */
function convexScene(rng: Rng, n: number, side: number): DetectorBody[] {
  const bodies: DetectorBody[] = [plane([0, 0, 0], [0, 0, 1])];
  for (let i = 0; i < n; i++) {
    const at = [rng.uniform(0, side), rng.uniform(0, side), rng.uniform(-0.3, side)];
    const R = rotation([rng.normal(), rng.normal(), rng.normal()], rng.uniform(0, Math.PI));
    const F = rng.next() < 0.5 ? R : multiply(R, [rng.uniform(0.7, 1.4), 0.2, 0, 0, rng.uniform(0.7, 1.4), 0, 0, 0, rng.uniform(0.7, 1.4)]);
    const free = rng.next() < 0.8, u = rng.next();
    if (u < 0.35) bodies.push(ellipsoid(at, [rng.uniform(0.1, 0.5), rng.uniform(0.1, 0.5), rng.uniform(0.1, 0.5)], F, free));
    else if (u < 0.6) bodies.push(capsule(at, rng.uniform(0.05, 0.3), rng.uniform(0.1, 0.5), R, free));
    else if (u < 0.85) bodies.push(hull(at, boxPoints([rng.uniform(0.1, 0.4), rng.uniform(0.1, 0.4), rng.uniform(0.1, 0.4)]).map(([x, y, z]) => [x + rng.uniform(-0.05, 0.05), y, z] as [number, number, number]), F, free));
    else if (u < 0.93) bodies.push(sphere(at, rng.uniform(0.1, 0.4), free));
    else bodies.push(box(at, [rng.uniform(0.1, 0.4), rng.uniform(0.1, 0.4), rng.uniform(0.1, 0.4)], R, free));
  }
  return bodies;
}

describe('sweep and prune', () => {
  test('should find exactly the contacts of brute force among ellipsoids, capsules and hulls', () => {
    const rng = new Rng(777);
    const bodies = convexScene(rng, 250, 5);
    const sap = new ConvexContactDetector({ margin: 0.02, broadPhase: 'sweep-and-prune' });
    const brute = new ConvexContactDetector({ margin: 0.02, broadPhase: 'brute-force' });
    const a = new ContactBuffer(), b = new ContactBuffer();
    for (let step = 0; step < 3; step++) {
      if (step > 0) jiggle(rng, bodies, 0.05);
      sap.detect(bodies, a);
      brute.detect(bodies, b);
      expect(snapshot(a)).toEqual(snapshot(b));
      expect(a.count).toBeGreaterThan(30);
    }
  });

  test('should find exactly the contacts of brute force on random scenes, step after step', () => {
    const rng = new Rng(12345);
    for (const [n, side] of [[300, 12], [200, 6], [400, 25]]) {
      const bodies = randomScene(rng, n, side);
      const sap = new ConvexContactDetector({ margin: 0.05, broadPhase: 'sweep-and-prune' });
      const brute = new ConvexContactDetector({ margin: 0.05, broadPhase: 'brute-force' });
      const a = new ContactBuffer(), b = new ContactBuffer();
      let total = 0;
      for (let step = 0; step < 6; step++) {
        // Steps 0-3 small motions; step 4 a jump (the kept order is far from sorted); step 5 a body fewer.
        if (step > 0 && step < 4) jiggle(rng, bodies, 0.05);
        if (step === 4) jiggle(rng, bodies, side / 2);
        if (step === 5) bodies.splice(5, 1);
        sap.detect(bodies, a);
        brute.detect(bodies, b);
        // Same pairs reach the same routines with the same numbers: bit-identical output.
        expect(snapshot(a)).toEqual(snapshot(b));
        total += a.count;
      }
      // The scenes are dense enough to test something: many contacts of every kind.
      expect(total).toBeGreaterThan(100);
    }
  });

  test('should restore a nearly sorted order with few insertion moves, and sort afresh after a jump', () => {
    const rng = new Rng(7);
    const bodies = randomScene(rng, 2000, 60);
    const detector = new ConvexContactDetector({ margin: 0, broadPhase: 'sweep-and-prune' });
    const buf = new ContactBuffer();
    detector.detect(bodies, buf);
    expect(detector.stats.fullSort).toBe(true);
    jiggle(rng, bodies, 0.01);
    detector.detect(bodies, buf);
    expect(detector.stats.fullSort).toBe(false);
    // Small motions swap few neighbours: far fewer moves than bodies.
    expect(detector.stats.sortMoves).toBeLessThan(bodies.length);
    jiggle(rng, bodies, 30);
    detector.detect(bodies, buf);
    expect(detector.stats.fullSort).toBe(true);
  });

  /** n spheres of radius 0.5 uniform in a cube of side `side`; the detector's work counters after a first and a second call. */
  function sphereCloud(n: number, side: number) {
    const rng = new Rng(99);
    const bodies = Array.from({ length: n }, () => sphere([rng.uniform(0, side), rng.uniform(0, side), rng.uniform(0, side)], 0.5));
    const detector = new ConvexContactDetector({ margin: 0, broadPhase: 'sweep-and-prune' });
    const buf = new ContactBuffer();
    detector.detect(bodies, buf);
    const first = { ...detector.stats };
    jiggle(rng, bodies, 0.01);
    detector.detect(bodies, buf);
    return { first, second: { ...detector.stats } };
  }

  test('should compare few pairs for 10,000 spread-out spheres, far from n²', () => {
    // Mean spacing about 10 diameters: most grid columns hold one body or none. Every pair
    // would be n(n−1)/2 ≈ 5·10⁷ tests; a single sweep without columns about 4.5·10⁵.
    const n = 10_000;
    const { first, second } = sphereCloud(n, 220);
    expect(first.fullSort).toBe(true);
    expect(first.boxTests).toBeLessThan(n);
    expect(first.pairTests).toBeLessThanOrEqual(first.boxTests);
    expect(second.fullSort).toBe(false);
    expect(second.boxTests).toBeLessThan(n);
    expect(second.sortMoves).toBeLessThan(n);
  });

  test('should compare a bounded number of pairs per body in a dense cloud, growing linearly with n', () => {
    // Volume fraction about 0.5 (a loose granular packing): about 3.5 contacts per body, and
    // the columns keep the comparisons per body bounded (a single sweep would compare each
    // body with about n/side ≈ 450 others at n = 10,000).
    const dense = sphereCloud(10_000, 22).second;
    expect(dense.contacts).toBeGreaterThan(10_000);
    expect(dense.boxTests).toBeLessThan(30 * 10_000);
    // The same density with a quarter of the bodies: 4× the bodies cost about 4× the tests
    // (n log n would be 4.7×, n^(5/3) 10×, n² 16×).
    const quarter = sphereCloud(2_500, 22 / Math.cbrt(4)).second;
    expect(dense.boxTests / quarter.boxTests).toBeLessThan(4.6);
  });
});
