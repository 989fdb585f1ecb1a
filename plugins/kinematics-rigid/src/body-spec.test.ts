import { describe, expect, test } from 'vitest';
import { isMoreauError, toPrincipalFrame, type BodySpec, type ErrorCode, type Vec3 } from '@moreau/core';
import { readBodySpec } from './body-spec.js';
import { massProperties } from './mass-properties.js';

const I3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];
const spec = (shape: BodySpec['shape'], over: Partial<BodySpec> = {}): BodySpec => ({
  name: 'b', shape, density: 2, position: [1, 2, 3], rotation: I3, velocity: [0, 0, 0], angularVelocity: [0, 0, 0],
  motion: { kind: 'free' }, material: {}, ...over,
});
/** A box's corners, off-centre and turned about z: neither centred nor principal. */
const skewed: Vec3[] = [-0.3, 0.3].flatMap((x) => [-0.1, 0.1].flatMap((y) => [-0.2, 0.2].map((z): Vec3 =>
  [0.5 + 0.8 * x - 0.6 * y, -0.2 + 0.6 * x + 0.8 * y, 0.1 + z])));

function codeOf(fn: () => unknown): ErrorCode | string {
  try { fn(); } catch (e) { return isMoreauError(e) ? e.code : `not a MoreauError: ${String(e)}`; }
  return 'no error';
}

describe('readBodySpec: ellipsoid, capsule, cylinder, hull', () => {
  test.each([
    ['an ellipsoid with a zero semi-axis', { type: 'ellipsoid', semiAxes: [1, 0, 1] }],
    ['an ellipsoid with two semi-axes', { type: 'ellipsoid', semiAxes: [1, 1] }],
    ['a capsule of radius 0', { type: 'capsule', radius: 0, halfLength: 1 }],
    ['a capsule of negative half length', { type: 'capsule', radius: 1, halfLength: -0.1 }],
    ['a capsule of infinite half length', { type: 'capsule', radius: 1, halfLength: Infinity }],
    ['a cylinder of half length 0 (a disc, without volume)', { type: 'cylinder', radius: 1, halfLength: 0 }],
    ['a cylinder of negative radius', { type: 'cylinder', radius: -1, halfLength: 1 }],
    ['a hull of 3 points', { type: 'hull', points: [[0, 0, 0], [1, 0, 0], [0, 1, 0]] }],
    ['a hull with a NaN', { type: 'hull', points: [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, Number.NaN]] }],
    ['a flat hull', { type: 'hull', points: [[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0]] }],
    ['a free hull off its principal frame', { type: 'hull', points: skewed }],
  ] as [string, BodySpec['shape']][])('should refuse %s with E_CONFIG naming the body', (_, shape) => {
    expect(codeOf(() => readBodySpec(spec(shape)))).toBe('E_CONFIG');
    try { readBodySpec(spec(shape, { name: 'lifter-1' })); } catch (e) {
      expect((e as Error).message).toContain('lifter-1');
    }
  });

  test('should refuse a body whose mass or inertia overflows, saying so (it failed later as "a velocity that is not finite")', () => {
    for (const shape of [{ type: 'box', halfExtents: [1e154, 1e154, 1e154] }, { type: 'sphere', radius: 1e70 }] as BodySpec['shape'][]) {
      expect(() => readBodySpec(spec(shape, { name: 'huge' }))).toThrow(/"huge".*its mass \(.*\) or inertia .* overflows: density 2/);
    }
    // Large but representable: inertia 2/5 m r² of a sphere of radius 1e60 is ~1e301
    expect(readBodySpec(spec({ type: 'sphere', radius: 1e60 })).inertia.every(Number.isFinite)).toBe(true);
  });

  test('should take the same hull once toPrincipalFrame has moved it, with the hull\'s own mass', () => {
    const placed = toPrincipalFrame(spec({ type: 'hull', points: skewed }));
    const b = readBodySpec(placed);
    // The box is 0.6 × 0.2 × 0.4, density 2: m = 0.096, moments m/3 (b² + c², ...) in some order.
    expect(Math.abs(b.mass - 0.096)).toBeLessThanOrEqual(1e-15);
    const want = [0.05, 0.13, 0.1].map((s) => (0.096 / 3) * s).sort();
    [...b.inertia].sort().forEach((j, k) => expect(Math.abs(j - want[k])).toBeLessThanOrEqual(1e-15));
  });

  test('should take a hull off its principal frame when it is static or driven (it has no mass to get wrong)', () => {
    expect(readBodySpec(spec({ type: 'hull', points: skewed }, { motion: { kind: 'static' } })).mass).toBe(0);
    const driven = spec({ type: 'hull', points: skewed }, { motion: { kind: 'driven', velocity: [0, 0, 0], angularVelocity: [0, 1, 0], pivot: [0, 0.25, 0], from: 0 } });
    expect(readBodySpec(driven).pivotOffset).toEqual([1, 1.75, 3]);
  });

  test('should take ellipsoids, capsules and cylinders with their closed-form mass', () => {
    const e = readBodySpec(spec({ type: 'ellipsoid', semiAxes: [0.3, 0.2, 0.1] }));
    expect(e.mass).toBe(massProperties({ type: 'ellipsoid', semiAxes: [0.3, 0.2, 0.1] }, 2)!.mass);
    const c = readBodySpec(spec({ type: 'capsule', radius: 0.1, halfLength: 0 }));
    expect(c.inertia).toEqual(massProperties({ type: 'capsule', radius: 0.1, halfLength: 0 }, 2)!.inertia);
    // A cylinder r = 0.1, length 0.4, density 2: m = 2π · 0.01 · 0.4, J_z = m r²/2 about its axis (body z).
    const y = readBodySpec(spec({ type: 'cylinder', radius: 0.1, halfLength: 0.2 }));
    expect(Math.abs(y.mass - 2 * Math.PI * 0.01 * 0.4)).toBeLessThanOrEqual(1e-16);
    expect(Math.abs(y.inertia[2] - (y.mass * 0.01) / 2)).toBeLessThanOrEqual(1e-18);
    expect(y.inertia[0]).toBe(y.inertia[1]);
  });
});
