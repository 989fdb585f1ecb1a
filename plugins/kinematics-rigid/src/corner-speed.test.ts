import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { boxCornerSpeed, CornerSpeedScratch, type BodySpec } from '@moreau/core';
import { RigidBodies } from './rigid-bodies.js';
import { rotationOf } from './__fixtures__/rotation.js';

const unit = fc.double({ min: -1, max: 1, noNaN: true });
const quaternion = fc.tuple(unit, unit, unit, unit).filter((v) => Math.hypot(...v) > 0.1);
/** A velocity entry: exact zeros often (a body at rest about an axis), else any size and sign. */
const entry = fc.oneof(fc.constant(0), fc.constant(-0), fc.integer({ min: -4e8, max: 4e8 }).map((n) => n * 1.2345678e-7));
const velocity = fc.array(entry, { minLength: 6, maxLength: 6 });

const spec = (position: number[], rotation: number[]): BodySpec => ({
  name: 'b', shape: { type: 'box', halfExtents: [1, 2, 3] }, density: 2, position: position as [number, number, number], rotation,
  velocity: [0, 0, 0], angularVelocity: [0, 0, 0], motion: { kind: 'free' }, material: {},
});

describe('boxCornerSpeed', () => {
  test("should give core's corner speed from the contact operator to the bit, under u alone and under u and v", () => {
    const scratch = new CornerSpeedScratch(6);
    fc.assert(fc.property(
      quaternion, fc.array(fc.integer({ min: -1e9, max: 1e9 }).map((n) => n * 1.1e-6), { minLength: 3, maxLength: 3 }), velocity, velocity,
      fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 5e6 }).map((n) => n * 1.3e-6)), { minLength: 3, maxLength: 3 }),
      (q, x, u, v, h) => {
        const k = new RigidBodies({ gyroscopic: 'none' });
        // Body 1 is the one asked: its state sits at offsets other than 0.
        k.addBody(spec([0, 0, 0], rotationOf([1, 0, 0, 0])));
        k.addBody(spec(x, rotationOf(q)));
        k.velocity(1).set(u);
        const pose = k.pose(1, { position: new Float64Array(3), linear: new Float64Array(9) });
        const half = Float64Array.of(9, 9, 9, ...h);
        const w = Float64Array.of(7, 7, 7, 7, ...v);
        // With v first: a later call without it must not see what the first left in the model's buffers.
        for (const [given, at] of [[w, 4], [undefined, 0]] as const) {
          const own = k.boxCornerSpeed(1, half, 3, given, at);
          const core = boxCornerSpeed(k, 1, pose, half, 3, scratch, given, at);
          expect(Object.is(own, core)).toBe(true);
        }
      },
    ), { numRuns: 2000 });
  });

  test('should be the fastest corner: a box spinning about its centre, and a plane (no extent) its centre speed', () => {
    const k = new RigidBodies({ gyroscopic: 'none' });
    k.addBody(spec([5, -2, 1], rotationOf([1, 0, 0, 0])));
    // ω = 2 about the body's z: corners at distance √(1 + 4) from the axis move at 2√5; v adds (0, 0, 3) along the axis.
    k.velocity(0).set([0, 0, 3, 0, 0, 2]);
    expect(k.boxCornerSpeed(0, Float64Array.of(1, 2, 3), 0)).toBeCloseTo(Math.hypot(2 * Math.sqrt(5), 3), 14);
    expect(k.boxCornerSpeed(0, Float64Array.of(0, 0, 0), 0)).toBe(3);
    // The faster of u and v.
    expect(k.boxCornerSpeed(0, Float64Array.of(0, 0, 0), 0, Float64Array.of(0, 4, 0, 0, 0, 0), 0)).toBe(4);
  });
});
