import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { massProperties } from './mass-properties.js';

// Closed forms evaluated by hand; the tolerance 1e-15 relative is a couple of roundings.
const RTOL = 1e-15;
const close = (got: number, want: number) => expect(Math.abs(got - want)).toBeLessThanOrEqual(RTOL * Math.abs(want));

describe('massProperties', () => {
  test('should give a sphere m = 4/3 π r³ ρ and J = 2/5 m r²', () => {
    const p = massProperties({ type: 'sphere', radius: 0.5 }, 1000)!;
    close(p.mass, 523.5987755982989); // 4/3 π 0.125 · 1000
    for (const j of p.inertia) close(j, 52.35987755982989); // 0.4 · m · 0.25
  });

  test('should give a box m = 8abc ρ and J = m/3 (b² + c², a² + c², a² + b²)', () => {
    const p = massProperties({ type: 'box', halfExtents: [1, 2, 3] }, 2)!;
    expect(p.mass).toBe(96);
    expect(p.inertia).toEqual([416, 320, 160]);
  });

  test('should give a plane no mass', () => {
    expect(massProperties({ type: 'plane', normal: [0, 0, 1] }, 1000)).toBeUndefined();
  });

  test('should agree with the sphere integral J = ∫ (2/3) s² dm = 8π/15 ρ r⁵', () => {
    fc.assert(fc.property(fc.double({ min: 0.01, max: 10, noNaN: true }), fc.double({ min: 1, max: 1e4, noNaN: true }), (r, rho) => {
      const p = massProperties({ type: 'sphere', radius: r }, rho)!;
      const want = ((8 * Math.PI) / 15) * rho * r ** 5;
      expect(Math.abs(p.inertia[0] - want)).toBeLessThanOrEqual(1e-14 * want);
    }));
  });

  test('should agree with two half boxes side by side (parallel axis theorem)', () => {
    // Cutting the box across x gives two boxes (a/2, b, c) centred at ±a/2: their masses and
    // inertias about the common centre add up to the whole box's. 1e-14: a few roundings.
    const size = fc.double({ min: 0.05, max: 5, noNaN: true });
    fc.assert(fc.property(size, size, size, fc.double({ min: 1, max: 1e4, noNaN: true }), (a, b, c, rho) => {
      const whole = massProperties({ type: 'box', halfExtents: [a, b, c] }, rho)!;
      const half = massProperties({ type: 'box', halfExtents: [a / 2, b, c] }, rho)!;
      const shift = half.mass * (a / 2) ** 2;
      const sum = [2 * half.inertia[0], 2 * (half.inertia[1] + shift), 2 * (half.inertia[2] + shift)];
      expect(Math.abs(2 * half.mass - whole.mass)).toBeLessThanOrEqual(1e-14 * whole.mass);
      for (let k = 0; k < 3; k++) expect(Math.abs(sum[k] - whole.inertia[k])).toBeLessThanOrEqual(1e-14 * whole.inertia[k]);
    }));
  });
});
