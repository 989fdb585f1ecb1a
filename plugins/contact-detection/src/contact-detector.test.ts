import { ContactBuffer, isMoreauError, type DetectorBody } from '@moreau/core';
import { Rng } from '@moreau/conformance';
import { describe, expect, test } from 'vitest';
import { box, boxPoints, capsule, contactsOf, detect, ellipsoid, hull, IDENTITY, multiply, plane, rotation, sphere } from './__fixtures__/bodies.js';
import { ConvexContactDetector } from './contact-detector.js';
import plugin, { options } from './index.js';

/** The error `detect` throws on `bodies`. */
function failure(bodies: DetectorBody[]): unknown {
  try {
    detect(bodies);
  } catch (e) {
    return e;
  }
  return undefined;
}

describe('input checks', () => {
  test('should refuse a capsule whose pose is not a rotation, and any mirroring or flattening pose, naming the body', () => {
    const scaled = IDENTITY.map((v) => v * 1.01);
    const e = failure([sphere([5, 5, 5], 1), capsule([0, 0, 0], 0.5, 1, scaled)]);
    expect(isMoreauError(e, 'E_UNSUPPORTED')).toBe(true);
    expect((e as { where: { index: number } }).where.index).toBe(1);
    const mirror = [-1, 0, 0, 0, 1, 0, 0, 0, 1];
    for (const bad of [box([0, 0, 0], [1, 1, 1], mirror), ellipsoid([0, 0, 0], [1, 1, 1], mirror), hull([0, 0, 0], boxPoints([1, 1, 1]), [1, 0, 0, 0, 1, 0, 0, 0, 0]), sphere([0, 0, 0], 1)]) {
      if (bad.shape.type === 'sphere') bad.pose.linear.set(mirror);
      expect(isMoreauError(failure([bad]), 'E_UNSUPPORTED')).toBe(true);
    }
  });

  test('should take a deformed sphere as an ellipsoid and a deformed box as a hull', () => {
    // Stretched 2× along x: the sphere reaches x = ±2, the box x = ±2 too.
    const stretch = [2, 0, 0, 0, 1, 0, 0, 0, 1];
    for (const body of [sphere([0, 0, 0], 1), box([0, 0, 0], [1, 1, 1])]) {
      body.pose.linear.set(stretch);
      const [c] = detect([body, plane([1.99, 0, 0], [-1, 0, 0])], { margin: 0.1 });
      expect(c.gap).toBeCloseTo(-0.01, 12);
      expect(c.normal).toEqual([-1, 0, 0]);
    }
  });

  test('should refuse hull points that span no solid, with the config error of convexHull', () => {
    const flat = hull([0, 0, 0], [[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0]]);
    expect(isMoreauError(failure([flat]), 'E_CONFIG')).toBe(true);
    expect(isMoreauError(failure([hull([0, 0, 0], [[0, 0, 0], [1, 0, 0], [0, 1, 0]])]), 'E_CONFIG')).toBe(true);
  });

  test('should accept a rotation rounded to 1e-12', () => {
    const R = rotation([1, 2, 3], 0.4).map((v) => v + 1e-12);
    expect(detect([box([0, 0, 0], [1, 1, 1], R), sphere([0, 0, 1.5], 1)])).toHaveLength(1);
  });

  test('should refuse non-finite poses, bad sizes and unknown shapes', () => {
    const nan = sphere([0, NaN, 0], 1);
    expect(isMoreauError(failure([nan]), 'E_NOT_FINITE')).toBe(true);
    expect(isMoreauError(failure([sphere([0, 0, 0], 0)]), 'E_UNSUPPORTED')).toBe(true);
    expect(isMoreauError(failure([box([0, 0, 0], [1, -1, 1])]), 'E_UNSUPPORTED')).toBe(true);
    expect(isMoreauError(failure([plane([0, 0, 0], [0, 0, 0])]), 'E_UNSUPPORTED')).toBe(true);
    // @ts-expect-error: check the runtime guard
    const cone: DetectorBody = { shape: { type: 'cone', radius: 1 }, pose: sphere([0, 0, 0], 1).pose, free: true };
    expect(isMoreauError(failure([cone]), 'E_UNSUPPORTED')).toBe(true);
  });

  test('should refuse a negative margin, in the schema and in the constructor', () => {
    expect(options.safeParse({ margin: -0.1 }).success).toBe(false);
    expect(() => new ConvexContactDetector({ margin: -1, broadPhase: 'brute-force' })).toThrow(expect.objectContaining({ code: 'E_CONFIG' }));
  });
});

describe('the plugin', () => {
  test('should default to a margin of 1 % of the smallest free body and the sweep and prune', () => {
    expect(options.parse({})).toEqual({ relativeMargin: 0.01, manifold: 'full', broadPhase: 'sweep-and-prune' });
    expect(plugin.kind).toBe('detector');
    const detector = plugin.create(options.parse({}), undefined as never);
    expect(detector.name).toBe('contact-detection');
    // Smallest free body: the box's half extent 0.05 (the static sphere does not count).
    const bodies: DetectorBody[] = [
      { shape: { type: 'sphere', radius: 0.5 }, pose: { position: new Float64Array(3), linear: Float64Array.of(1, 0, 0, 0, 1, 0, 0, 0, 1) }, free: true },
      { shape: { type: 'box', halfExtents: [0.2, 0.05, 0.3] }, pose: { position: Float64Array.of(2, 0, 0), linear: Float64Array.of(1, 0, 0, 0, 1, 0, 0, 0, 1) }, free: true },
      { shape: { type: 'sphere', radius: 0.01 }, pose: { position: Float64Array.of(5, 0, 0), linear: Float64Array.of(1, 0, 0, 0, 1, 0, 0, 0, 1) }, free: false },
    ];
    expect(detector.margin!(bodies)).toBeCloseTo(5e-4, 15);
    // A sphere 4e-4 above a plane is reported (within 5e-4), one 6e-4 above is not.
    const onPlane = (z: number): DetectorBody[] => [
      { shape: { type: 'plane', normal: [0, 0, 1] }, pose: { position: new Float64Array(3), linear: Float64Array.of(1, 0, 0, 0, 1, 0, 0, 0, 1) }, free: false },
      { shape: { type: 'sphere', radius: 0.05 }, pose: { position: Float64Array.of(0, 0, 0.05 + z), linear: Float64Array.of(1, 0, 0, 0, 1, 0, 0, 0, 1) }, free: true },
    ];
    const found = (z: number) => { const out = new ContactBuffer(); plugin.create(options.parse({}), undefined as never).detect(onPlane(z), out); return out.count; };
    expect(found(4e-4)).toBe(1);
    expect(found(6e-4)).toBe(0);
    // An explicit margin wins.
    expect(plugin.create(options.parse({ margin: 0 }), undefined as never).margin!(bodies)).toBe(0);
  });
});

describe('the default margin', () => {
  test('should take the smallest free body: an ellipsoid semi-axis, a capsule radius, half a hull width', () => {
    const detector = plugin.create(options.parse({}), undefined as never);
    const margin = (bodies: DetectorBody[]) => new ConvexContactDetector({ relativeMargin: 0.01, broadPhase: 'brute-force' }).margin(bodies);
    expect(margin([ellipsoid([0, 0, 0], [0.09, 0.05, 0.1]), sphere([3, 0, 0], 0.08)])).toBeCloseTo(5e-4, 15);
    expect(margin([capsule([0, 0, 0], 0.02, 1), sphere([3, 0, 0], 0.08)])).toBeCloseTo(2e-4, 15);
    // A drum segment: 0.05 thick, so half its width is 0.025 (a static one does not count).
    const segment = hull([0, 0, 0], boxPoints([0.1, 0.25, 0.025]), IDENTITY);
    expect(margin([segment, sphere([3, 0, 0], 0.08)])).toBeCloseTo(2.5e-4, 15);
    expect(margin([{ ...segment, free: false }, sphere([3, 0, 0], 0.08)])).toBeCloseTo(8e-4, 15);
    expect(detector.margin!([ellipsoid([0, 0, 0], [0.09, 0.05, 0.1])])).toBeCloseTo(5e-4, 15);
  });
});

describe('output', () => {
  test('should report nothing for no bodies, one body, or planes alone', () => {
    expect(detect([])).toEqual([]);
    expect(detect([sphere([0, 0, 0], 1)])).toEqual([]);
    expect(detect([plane([0, 0, 0], [0, 0, 1]), plane([0, 0, 0], [1, 0, 0])])).toEqual([]);
    // The same detector through all of them, its kept order resized each time.
    const detector = new ConvexContactDetector({ margin: 0, broadPhase: 'sweep-and-prune' });
    const buf = new ContactBuffer();
    for (const bodies of [[sphere([0, 0, 0], 1), sphere([0, 0, 1], 1)], [], [plane([0, 0, 0], [0, 0, 1])], [sphere([0, 0, 0.5], 1), plane([0, 0, 0], [0, 0, 1])]]) {
      detector.detect(bodies, buf);
      expect(buf.count).toBe(bodies.length === 2 ? 1 : 0);
    }
  });

  test('should clear the buffer, and sort by (bodyA, bodyB, feature) with unique ids', () => {
    const buf = new ContactBuffer();
    buf.push(9, 9, 9, 0, 0, 0, 0, 0, 1, 0);
    const bodies = [box([0, 0, 0], [3, 3, 0.5]), box([1, 1, 0.98], [0.5, 0.5, 0.5]), sphere([-1, -1, 1.4], 0.5), plane([0, 0, -0.49], [0, 0, 1]), sphere([-1, -0.2, 1.4], 0.4)];
    new ConvexContactDetector({ margin: 0, broadPhase: 'sweep-and-prune' }).detect(bodies, buf);
    const found = contactsOf(buf);
    expect(found.length).toBeGreaterThan(8);
    const keys = found.map((c) => [c.bodyA, c.bodyB, c.feature]);
    const sorted = [...keys].sort((p, q) => p[0] - q[0] || p[1] - q[1] || p[2] - q[2]);
    expect(keys).toEqual(sorted);
    expect(new Set(keys.map((k) => k.join())).size).toBe(keys.length);
  });

  test('should write the contacts already in (bodyA, bodyB) order, so the sort has only features to order', () => {
    // A buffer that records, when asked to sort, whether its contacts were in body-pair order.
    class Watched extends ContactBuffer {
      pairOrdered: boolean[] = [];
      override sort(): void {
        let ordered = true;
        for (let a = 1; a < this.count; a++) if ((this.bodyA[a] - this.bodyA[a - 1] || this.bodyB[a] - this.bodyB[a - 1]) < 0) ordered = false;
        this.pairOrdered.push(ordered);
        super.sort();
      }
    }
    const rng = new Rng(8);
    // Planes first and last, boxes and spheres between: a plane is B of every pair it is in, so
    // its pairs sort by the other body, not by the lower index.
    const bodies: DetectorBody[] = [plane([0, 0, 0], [0, 0, 1])];
    for (let i = 0; i < 300; i++) {
      const at = [rng.uniform(0, 4), rng.uniform(0, 4), rng.uniform(0, 3)];
      bodies.push(rng.next() < 0.5 ? sphere(at, rng.uniform(0.2, 0.5)) : box(at, [0.3, 0.4, 0.5], rotation([rng.normal(), rng.normal(), 1], rng.uniform(0, 3))));
    }
    bodies.push(plane([4, 0, 0], [-1, 0, 0]));
    const buf = new Watched();
    for (const broadPhase of ['sweep-and-prune', 'brute-force'] as const) {
      new ConvexContactDetector({ margin: 0.01, broadPhase }).detect(bodies, buf);
      expect(buf.count).toBeGreaterThan(100);
      expect(contactsOf(buf).filter((c) => bodies[c.bodyB].shape.type === 'plane').length).toBeGreaterThan(10);
    }
    expect(buf.pairOrdered).toEqual([true, true]);
  });

  test('should give bit-identical output for the same input, whatever the detector saw before', () => {
    const rng = new Rng(3);
    const bodies = Array.from({ length: 200 }, () => (rng.next() < 0.5
      ? sphere([rng.uniform(0, 5), rng.uniform(0, 5), rng.uniform(0, 5)], rng.uniform(0.2, 0.6))
      : box([rng.uniform(0, 5), rng.uniform(0, 5), rng.uniform(0, 5)], [0.3, 0.4, 0.5], rotation([rng.normal(), rng.normal(), 1], rng.uniform(0, 3)))));
    const used = new ConvexContactDetector({ margin: 0.01, broadPhase: 'sweep-and-prune' });
    used.detect(bodies.slice().reverse(), new ContactBuffer());
    const a = new ContactBuffer(), b = new ContactBuffer();
    used.detect(bodies, a);
    new ConvexContactDetector({ margin: 0.01, broadPhase: 'sweep-and-prune' }).detect(bodies, b);
    expect(a.count).toBeGreaterThan(20);
    expect(contactsOf(a)).toEqual(contactsOf(b));
  });
});

describe('stable ids', () => {
  const R = (axis: [number, number, number], angle: number) => rotation(axis, angle);
  const S = Math.SQRT1_2;
  const scenes: Record<string, () => DetectorBody[]> = {
    'box resting on a box': () => [box([0, 0, 0], [2, 2, 0.5]), box([0.3, -0.2, 0.99], [0.5, 0.4, 0.5], R([0, 0, 1], 0.3))],
    'box offset on a box of its size': () => [box([0, 0, 0], [0.5, 0.5, 0.5]), box([0.4, 0.3, 0.99], [0.5, 0.5, 0.5])],
    'box tilted on a box': () => [box([0, 0, 0], [2, 2, 0.5]), box([0, 0, 0.5 + 0.5 * Math.sin(0.2) + 0.5 * Math.cos(0.2) - 0.01], [0.5, 0.5, 0.5], R([0, 1, 0], 0.2))],
    'crossing edges': () => [box([0, 0, 0], [0.5, 0.5, 0.5], R([0, 1, 0], Math.PI / 4)), box([0.05, -0.1, 2 * S - 0.01], [0.5, 0.5, 0.5], R([1, 0, 0], Math.PI / 4))],
    'box on a plane': () => [plane([0, 0, 0], [0, 0, 1]), box([1, 2, 0.24], [0.5, 0.3, 0.25], R([0, 0, 1], 1))],
    'sphere on a box and a plane': () => [box([0, 0, -0.01], [1, 1, 0.5]), sphere([0.2, 0.1, 0.94], 0.5), plane([0, 0, -0.5], [0, 0, 1]), sphere([3, 0, 0.49], 1)],
  };

  for (const [name, scene] of Object.entries(scenes)) {
    test(`should keep the (bodyA, bodyB, feature) set of a ${name} under small motions`, () => {
      const ids = (bodies: DetectorBody[]) => detect(bodies, { margin: 1e-3 }).map((c) => `${c.bodyA}:${c.bodyB}:${c.feature}`).sort();
      const reference = ids(scene());
      expect(reference.length).toBeGreaterThan(0);
      const rng = new Rng(name.length);
      for (let trial = 0; trial < 20; trial++) {
        const bodies = scene();
        for (const b of bodies) {
          if (b.shape.type === 'plane') continue;
          // 1e-3 moves and 1e-3 rad turns: a step of a slow motion, kept within the margin.
          for (let k = 0; k < 3; k++) b.pose.position[k] += rng.uniform(-5e-4, 5e-4);
          b.pose.linear.set(multiply(rotation([rng.normal(), rng.normal(), rng.normal()], rng.uniform(0, 1e-3)), Array.from(b.pose.linear)));
        }
        expect(ids(bodies)).toEqual(reference);
      }
    });
  }
});
