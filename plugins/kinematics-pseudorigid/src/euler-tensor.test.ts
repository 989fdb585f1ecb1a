import { arbRotation, arbUniform } from '@moreau/conformance';
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { eulerProperties } from './euler-tensor.js';

const corners = (a: number, b: number, c: number): [number, number, number][] =>
  [-1, 1].flatMap((x) => [-1, 1].flatMap((y) => [-1, 1].map((z): [number, number, number] => [x * a, y * b, z * c])));

describe('Euler tensor E₀ = ∫ ρ X Xᵀ dV (paper 004 eq 4)', () => {
  test('should be m r²/5 I for a sphere and m/5 diag(a², b², c²) for an ellipsoid', () => {
    const s = eulerProperties({ type: 'sphere', radius: 2 }, 3)!;
    expect(s.mass).toBeCloseTo((4 / 3) * Math.PI * 8 * 3, 10);
    expect(Array.from(s.euler)).toEqual([s.mass * 0.8, 0, 0, 0, s.mass * 0.8, 0, 0, 0, s.mass * 0.8]);
    const e = eulerProperties({ type: 'ellipsoid', semiAxes: [1, 2, 3] }, 1)!;
    expect(e.euler[8] / e.mass).toBeCloseTo(9 / 5, 14);
  });

  test.prop([arbUniform(0.01, 3), arbUniform(0.01, 3), arbUniform(0.01, 3), arbRotation()], { numRuns: 200 })(
    'a box and its hull agree, and a turned hull has E₀ turned: Q E₀ Qᵀ', (a, b, c, Q) => {
      const box = eulerProperties({ type: 'box', halfExtents: [a, b, c] }, 700)!;
      const hull = eulerProperties({ type: 'hull', points: corners(a, b, c) }, 700)!;
      const turned = eulerProperties({ type: 'hull', points: corners(a, b, c).map((p) => [0, 1, 2].map((i) => Q[3 * i] * p[0] + Q[3 * i + 1] * p[1] + Q[3 * i + 2] * p[2]) as [number, number, number]) }, 700)!;
      const big = Math.max(...box.euler);
      expect(Math.abs(hull.mass / box.mass - 1)).toBeLessThan(1e-12);
      for (let k = 0; k < 9; k++) expect(Math.abs(hull.euler[k] - box.euler[k])).toBeLessThanOrEqual(1e-12 * big);
      for (let i = 0; i < 3; i++) {
        for (let j = 0; j < 3; j++) {
          let want = 0;
          for (let k = 0; k < 3; k++) want += Q[3 * i + k] * box.euler[4 * k] * Q[3 * j + k];
          expect(Math.abs(turned.euler[3 * i + j] - want)).toBeLessThanOrEqual(1e-11 * big);
        }
      }
    });

  test('should have no mass for planes, capsules and cylinders (they are never free here)', () => {
    expect(eulerProperties({ type: 'plane', normal: [0, 0, 1] }, 1)).toBeUndefined();
    expect(eulerProperties({ type: 'capsule', radius: 1, halfLength: 1 }, 1)).toBeUndefined();
    expect(eulerProperties({ type: 'cylinder', radius: 1, halfLength: 1 }, 1)).toBeUndefined();
  });
});
