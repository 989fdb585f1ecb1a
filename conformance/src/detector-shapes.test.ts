import type { DetectorBody, Shape } from '@moreau/core';
import { describe, expect, test } from 'vitest';
import { gapLowerBound, sampledGap } from './detector-bounds.js';
import { randomRotation } from './detector-geometry.js';
import { distanceTo, supportValue, worldShape } from './detector-shapes.js';
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

  test('should find the corner-to-corner distance of two boxes from its candidate directions', () => {
    const A = worldShape(body({ type: 'box', halfExtents: [0.5, 0.5, 0.5] }, [0, 0, 0]));
    const B = worldShape(body({ type: 'hull', points: cube(0.5) }, [1.3, 1.3, 1.3]));
    expect(gapLowerBound(A, B).lo).toBeCloseTo(Math.sqrt(3) * 0.3, 10);
  });
});
