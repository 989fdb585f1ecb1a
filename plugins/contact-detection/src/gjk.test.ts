import { gapLowerBound, Rng, sampledGap, supportValue, worldShape } from '@moreau/conformance';
import type { DetectorBody, Shape, ShapeType, Vec3 } from '@moreau/core';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { detect, multiply, rotation } from './__fixtures__/bodies.js';

/** Every pair whose gap comes from GJK (or EPA) on support functions, or from the polytope routine. */
const PAIRS: [ShapeType, ShapeType][] = [
  ['sphere', 'ellipsoid'], ['sphere', 'capsule'], ['sphere', 'hull'], ['capsule', 'capsule'], ['capsule', 'ellipsoid'],
  ['capsule', 'box'], ['capsule', 'hull'], ['ellipsoid', 'ellipsoid'], ['ellipsoid', 'box'], ['ellipsoid', 'hull'],
  ['box', 'hull'], ['hull', 'hull'],
];

function randomShape(type: ShapeType, rng: Rng): Shape {
  const size = () => rng.uniform(0.2, 1);
  switch (type) {
    case 'sphere': return { type, radius: size() };
    case 'box': return { type, halfExtents: [size(), size(), size()] };
    case 'ellipsoid': return { type, semiAxes: [size(), size(), size()] };
    case 'capsule': return { type, radius: rng.uniform(0.15, 0.6), halfLength: size() };
    default: {
      const points: Vec3[] = Array.from({ length: rng.int(5, 10) }, () => {
        const d = [rng.normal(), rng.normal(), rng.normal()], r = rng.uniform(0.3, 1) / Math.hypot(...d);
        return [d[0] * r, d[1] * r, d[2] * r] as Vec3;
      });
      return { type: 'hull', points };
    }
  }
}

/** A turn, stretched too (det > 0) half the time for the shapes that may deform: ellipsoids and hulls. */
function randomLinear(type: ShapeType, rng: Rng): number[] {
  const R = rotation([rng.normal(), rng.normal(), rng.normal()], rng.uniform(0, Math.PI));
  if ((type !== 'ellipsoid' && type !== 'hull') || rng.next() < 0.5) return R;
  return multiply(R, [rng.uniform(0.6, 1.5), rng.uniform(-0.3, 0.3), 0, 0, rng.uniform(0.6, 1.5), 0, 0, 0, rng.uniform(0.6, 1.5)]);
}

const at = (shape: Shape, position: readonly number[], linear: readonly number[]): DetectorBody =>
  ({ shape, pose: { position: Float64Array.from(position), linear: Float64Array.from(linear) }, free: true });

/**
 * Two bodies whose support planes along a random direction u are `gap` apart: apart by at
 * least `gap` when it is positive; overlapping when it is negative.
 */
function pair(types: [ShapeType, ShapeType], seed: number, gap: number): DetectorBody[] {
  const rng = new Rng(seed);
  const sa = randomShape(types[0], rng), sb = randomShape(types[1], rng), La = randomLinear(types[0], rng), Lb = randomLinear(types[1], rng);
  const d = [rng.normal(), rng.normal(), rng.normal()], u = d.map((v) => v / Math.hypot(...d));
  const reach = supportValue(worldShape(at(sa, [0, 0, 0], La)), u) + supportValue(worldShape(at(sb, [0, 0, 0], Lb)), u.map((v) => -v));
  return [at(sa, [0, 0, 0], La), at(sb, u.map((v) => v * (reach + gap)), Lb)];
}

describe('GJK (and the polytope routine) against sampled surfaces', () => {
  for (const types of PAIRS) {
    test(`should match the brute-force distance of ${types.join('-')} pairs, apart and slightly overlapping`, () => {
      fc.assert(fc.property(fc.integer({ min: 0, max: 0x7fffffff }), fc.double({ min: -0.03, max: 0.15, noNaN: true }), (seed, gap) => {
        const bodies = pair(types, seed, gap);
        const found = detect(bodies, { margin: 1 });
        const A = worldShape(bodies[0]), B = worldShape(bodies[1]);
        const { hi, overlap, resolution } = sampledGap(A, B, 13);
        const { lo } = gapLowerBound(A, B);
        expect(found.length).toBeGreaterThan(0);
        const least = Math.min(...found.map((c) => c.gap));
        if (overlap) {
          // A sample of one inside the other: the gap is negative, and no deeper than every direction allows.
          expect(least).toBeLessThanOrEqual(1e-12);
          expect(least).toBeGreaterThanOrEqual(lo - 1e-6);
        } else {
          // Between the sampled distance less its resolution and the sampled distance (an upper bound).
          expect(least).toBeLessThanOrEqual(hi + 1e-9);
          expect(least).toBeGreaterThanOrEqual(hi - resolution - 1e-9);
          expect(least).toBeGreaterThanOrEqual(lo - 1e-9);
        }
      }), { numRuns: 8 });
    });
  }
});
