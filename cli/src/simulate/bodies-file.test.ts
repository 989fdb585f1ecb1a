import { describe, expect, test } from 'vitest';
import type { Pose, Shape, Simulation } from '@moreau/core';
import { planeHalfSizes } from './bodies-file.js';

/** The two things planeHalfSizes reads of a simulation: its bodies' shapes and their poses. */
function bodiesAt(bodies: Array<{ shape: Shape; at: [number, number, number] }>): Simulation {
  return {
    bodies: bodies.map(({ shape }) => ({ shape })),
    pose: (b: number, out: Pose) => {
      out.position.set(bodies[b].at);
      return out;
    },
  } as unknown as Simulation;
}

describe('planeHalfSizes', () => {
  test('should cover every other body by its bounding radius, whatever its shape', () => {
    const floor: Shape = { type: 'plane', normal: [0, 0, 1] };
    // An ellipsoid 3 from the plane's origin with a semi-axis of 0.5: 1.25 × 3.5.
    expect(planeHalfSizes(bodiesAt([{ shape: floor, at: [0, 0, 0] }, { shape: { type: 'ellipsoid', semiAxes: [0.2, 0.5, 0.1] }, at: [3, 0, 0] }]))).toEqual([4.375, 0]);
    // A capsule reaches radius + half length.
    expect(planeHalfSizes(bodiesAt([{ shape: floor, at: [0, 0, 0] }, { shape: { type: 'capsule', radius: 0.5, halfLength: 1 }, at: [0, 2, 0] }]))).toEqual([4.375, 0]);
    // Near bodies: at least 1.
    expect(planeHalfSizes(bodiesAt([{ shape: floor, at: [0, 0, 0] }, { shape: { type: 'sphere', radius: 0.1 }, at: [0, 0, 0.1] }]))).toEqual([1, 0]);
  });
});
