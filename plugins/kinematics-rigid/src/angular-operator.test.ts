import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { BodySpec } from '@moreau/core';
import plugin from './index.js';
import { RigidBodies } from './rigid-bodies.js';
import { rotationOf } from './__fixtures__/rotation.js';

const unit = fc.double({ min: -1, max: 1, noNaN: true });
const vec = fc.tuple(unit, unit, unit);
const quaternion = fc.tuple(unit, unit, unit, unit).filter((v) => Math.hypot(...v) > 0.1);

const body = (rotation: number[], velocity: number[], angularVelocity: number[]): BodySpec => ({
  name: 'box', shape: { type: 'box', halfExtents: [1, 2, 3] }, density: 2, position: [1, 2, 3], rotation,
  velocity: velocity as [number, number, number], angularVelocity: angularVelocity as [number, number, number],
  motion: { kind: 'free' }, material: {},
});

/** E·x for a row-major frame E. */
const inFrame = (E: readonly number[], x: readonly number[]) => [0, 1, 2].map((k) => E[3 * k] * x[0] + E[3 * k + 1] * x[1] + E[3 * k + 2] * x[2]);

describe('angularOperator', () => {
  test('should declare it: supports.rolling', () => {
    expect(plugin.supports?.rolling).toBe(true);
  });

  test('should map u to the world angular velocity seen in the frame, E ω, whatever the rotation', () => {
    // The body is placed with a world ω (stored as Rᵀ ω in u); H_ω u = E R Rᵀ ω. 1e-15: a few
    // roundings of products of entries ≤ 1 (|ω| ≤ √3).
    fc.assert(fc.property(quaternion, quaternion, vec, vec, (qr, qe, v, w) => {
      const k = new RigidBodies({ gyroscopic: 'none' });
      k.addBody(body(rotationOf(qr), v, w));
      const E = rotationOf(qe);
      const H = new Float64Array(18);
      k.angularOperator(0, Float64Array.from(E), 0, H);
      const u = k.velocity(0);
      const Hu = [0, 1, 2].map((r) => H.subarray(6 * r, 6 * r + 6).reduce((s, h, d) => s + h * u[d], 0));
      const want = inFrame(E, w);
      for (let r = 0; r < 3; r++) {
        expect(Math.abs(Hu[r] - want[r])).toBeLessThanOrEqual(1e-15 * 8);
        // The centre's velocity does not turn the body.
        expect([H[6 * r], H[6 * r + 1], H[6 * r + 2]]).toEqual([0, 0, 0]);
      }
    }));
  });

  test('should agree with contactOperator: the velocities of two material points differ by ω × (p − p′)', () => {
    // The two operators of one body describe one rigid velocity field; 1e-14 relative to the
    // largest term (|ω| |p − p′| ≤ √3 · 4).
    fc.assert(fc.property(quaternion, quaternion, vec, vec, vec, vec, (qr, qe, w, d1, d2, v) => {
      const k = new RigidBodies({ gyroscopic: 'none' });
      k.addBody(body(rotationOf(qr), v, w));
      const E = Float64Array.from(rotationOf(qe));
      const p1 = Float64Array.of(1 + 2 * d1[0], 2 + 2 * d1[1], 3 + 2 * d1[2]);
      const p2 = Float64Array.of(1 + 2 * d2[0], 2 + 2 * d2[1], 3 + 2 * d2[2]);
      const H1 = new Float64Array(18), H2 = new Float64Array(18), Hw = new Float64Array(18);
      k.contactOperator(0, p1, 0, E, 0, H1);
      k.contactOperator(0, p2, 0, E, 0, H2);
      k.angularOperator(0, E, 0, Hw);
      const u = k.velocity(0);
      const rows = (H: Float64Array) => [0, 1, 2].map((r) => H.subarray(6 * r, 6 * r + 6).reduce((s, h, j) => s + h * u[j], 0));
      const u1 = rows(H1), u2 = rows(H2), wE = rows(Hw);
      // ω in the world from its frame components: Eᵀ (E ω).
      const ww = [0, 1, 2].map((c) => E[c] * wE[0] + E[3 + c] * wE[1] + E[6 + c] * wE[2]);
      const d = [p1[0] - p2[0], p1[1] - p2[1], p1[2] - p2[2]];
      const cross = [ww[1] * d[2] - ww[2] * d[1], ww[2] * d[0] - ww[0] * d[2], ww[0] * d[1] - ww[1] * d[0]];
      const want = inFrame(Array.from(E), cross);
      for (let r = 0; r < 3; r++) expect(Math.abs(u1[r] - u2[r] - want[r])).toBeLessThanOrEqual(1e-14 * 8);
    }));
  });
});
