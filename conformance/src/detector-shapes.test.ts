import type { DetectorBody, Shape } from '@moreau/core';
import { describe, expect, test } from 'vitest';
import { gapLowerBound, sampledGap } from './detector-bounds.js';
import { randomRotation } from './detector-geometry.js';
import { distanceTo, supportValue, surfaceSamples, worldShape } from './detector-shapes.js';
import { Rng } from './rng.js';

const I = [1, 0, 0, 0, 1, 0, 0, 0, 1];
const body = (shape: Shape, position: number[], linear: number[] = I): DetectorBody =>
  ({ shape, pose: { position: Float64Array.from(position), linear: Float64Array.from(linear) }, free: true });
const cube = (h: number) => Array.from({ length: 8 }, (_, v) => [v & 1 ? h : -h, v & 2 ? h : -h, v & 4 ? h : -h] as [number, number, number]);

describe('the suite\'s reference geometry', () => {
  test('should measure points against an ellipsoid exactly, turned or stretched', () => {
    const R = randomRotation(new Rng(1));
    const e = worldShape(body({ type: 'ellipsoid', semiAxes: [3, 2, 1] }, [1, 2, 3], R));
    // Along a principal axis the distance is plain: 5 − 3 from the end of the long axis.
    expect(distanceTo(e, [1 + 5 * R[0], 2 + 5 * R[3], 3 + 5 * R[6]])).toBeCloseTo(2, 12);
    expect(distanceTo(e, [1, 2, 3])).toBe(0);
    // A sphere stretched 2× along x is the ellipsoid (2, 1, 1).
    const s = worldShape(body({ type: 'sphere', radius: 1 }, [0, 0, 0], [2, 0, 0, 0, 1, 0, 0, 0, 1]));
    expect(distanceTo(s, [0, 3, 0])).toBeCloseTo(2, 12);
    expect(distanceTo(s, [4, 0, 0])).toBeCloseTo(2, 12);
    expect(supportValue(s, [1, 0, 0])).toBeCloseTo(2, 15);
  });

  test('should measure a cube given as a hull as the box it is', () => {
    const R = randomRotation(new Rng(2)), rng = new Rng(3);
    const h = worldShape(body({ type: 'hull', points: cube(0.5) }, [0.3, 0, 0], R)), b = worldShape(body({ type: 'box', halfExtents: [0.5, 0.5, 0.5] }, [0.3, 0, 0], R));
    for (let k = 0; k < 50; k++) {
      const p = [rng.uniform(-2, 2), rng.uniform(-2, 2), rng.uniform(-2, 2)];
      expect(distanceTo(h, p)).toBeCloseTo(distanceTo(b, p), 12);
    }
  });

  test('should bracket the gap of two spheres, apart and overlapping', () => {
    for (const d of [2.5, 1.7]) {
      const A = worldShape(body({ type: 'sphere', radius: 1 }, [0, 0, 0])), B = worldShape(body({ type: 'sphere', radius: 0.5 }, [d * 0.6, 0, d * 0.8]));
      const { lo } = gapLowerBound(A, B), { hi, overlap, resolution } = sampledGap(A, B, 15);
      expect(lo).toBeCloseTo(d - 1.5, 10);
      if (d > 1.5) {
        expect(overlap).toBe(false);
        expect(hi).toBeGreaterThanOrEqual(d - 1.5 - 1e-12);
        expect(hi).toBeLessThanOrEqual(d - 1.5 + resolution);
      } else {
        expect(overlap).toBe(true);
      }
    }
  });

  test('should measure points against a turned cylinder exactly: beyond the side, beyond an end, beyond the rim, inside', () => {
    const R = randomRotation(new Rng(4)), c = [1, -2, 0.5];
    const at = (l: number[]) => [0, 1, 2].map((i) => c[i] + R[3 * i] * l[0] + R[3 * i + 1] * l[1] + R[3 * i + 2] * l[2]);
    const s = worldShape(body({ type: 'cylinder', radius: 0.5, halfLength: 1 }, c, R));
    expect(distanceTo(s, at([0.2, 0.3, 0.9]))).toBe(0); // inside: 0.36 from the axis, within the length
    expect(distanceTo(s, at([0.6, 0.8, 0.7]))).toBeCloseTo(0.5, 12); // 1 from the axis, within the length
    expect(distanceTo(s, at([0.1, -0.2, -1.4]))).toBeCloseTo(0.4, 12); // below the − end, over the disc
    expect(distanceTo(s, at([0.9, 0, 1.3]))).toBeCloseTo(0.5, 12); // past the rim: (0.4, 0.3) from it
    // The support along the axis is the end disc's, across it the side's, obliquely both.
    expect(supportValue(s, [R[2], R[5], R[8]]) - (c[0] * R[2] + c[1] * R[5] + c[2] * R[8])).toBeCloseTo(1, 12);
    expect(supportValue(s, [R[0], R[3], R[6]]) - (c[0] * R[0] + c[1] * R[3] + c[2] * R[6])).toBeCloseTo(0.5, 12);
    const u = [0.6 * R[0] + 0.8 * R[2], 0.6 * R[3] + 0.8 * R[5], 0.6 * R[6] + 0.8 * R[8]];
    expect(supportValue(s, u) - (c[0] * u[0] + c[1] * u[1] + c[2] * u[2])).toBeCloseTo(0.6 * 0.5 + 0.8 * 1, 12);
  });

  test('should bracket the gap of a cylinder standing on a box, and sample a cylinder within its stated resolution', () => {
    // A cylinder of radius 0.5 standing 0.2 above a box top at z = 0.5: the gap is 0.2, along the ends' normal.
    const A = worldShape(body({ type: 'cylinder', radius: 0.5, halfLength: 0.3 }, [0.1, 0, 1])), B = worldShape(body({ type: 'box', halfExtents: [1, 1, 0.5] }, [0, 0, 0]));
    expect(gapLowerBound(A, B).lo).toBeCloseTo(0.2, 10);
    const { hi, overlap, resolution } = sampledGap(A, B, 13);
    expect(overlap).toBe(false);
    expect(hi).toBeCloseTo(0.2, 10); // the lower end's samples lie on the plane z = 0.7
    // Every surface point lies within the resolution of a sample: random side, end and rim points.
    const { points } = surfaceSamples(A, 13), rng = new Rng(5);
    for (let k = 0; k < 200; k++) {
      const t = rng.uniform(0, 2 * Math.PI), z = rng.uniform(-0.3, 0.3), q = Math.sqrt(rng.next()) * 0.5, side = rng.next() < 0.5;
      const p = side ? [0.1 + 0.5 * Math.cos(t), 0.5 * Math.sin(t), 1 + z] : [0.1 + q * Math.cos(t), q * Math.sin(t), rng.next() < 0.5 ? 0.7 : 1.3];
      expect(Math.min(...points.map((x) => Math.hypot(x[0] - p[0], x[1] - p[1], x[2] - p[2])))).toBeLessThanOrEqual(resolution);
    }
  });

  test('should find the corner-to-corner distance of two boxes from its candidate directions', () => {
    const A = worldShape(body({ type: 'box', halfExtents: [0.5, 0.5, 0.5] }, [0, 0, 0]));
    const B = worldShape(body({ type: 'hull', points: cube(0.5) }, [1.3, 1.3, 1.3]));
    expect(gapLowerBound(A, B).lo).toBeCloseTo(Math.sqrt(3) * 0.3, 10);
  });
});
