import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { convexHull, solidMass } from '@moreau/core/kernels';
import { capsuleMassProperties, cylinderMassProperties, hullMassProperties, massProperties } from './mass-properties.js';

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

  test('should give an ellipsoid m = 4/3 π abc ρ and J = m/5 (b² + c², a² + c², a² + b²), a sphere when a = b = c', () => {
    const p = massProperties({ type: 'ellipsoid', semiAxes: [1, 2, 3] }, 2)!;
    close(p.mass, 16 * Math.PI); // 4/3 π 6 · 2
    const m = 16 * Math.PI;
    [13, 10, 5].forEach((s, k) => close(p.inertia[k], (m / 5) * s));
    const ball = massProperties({ type: 'sphere', radius: 0.7 }, 3)!;
    const round = massProperties({ type: 'ellipsoid', semiAxes: [0.7, 0.7, 0.7] }, 3)!;
    close(round.mass, ball.mass);
    round.inertia.forEach((j, k) => expect(Math.abs(j - ball.inertia[k])).toBeLessThanOrEqual(1e-15 * j));
  });

  test('should give a capsule the mass and inertia of its slices (Gauss–Legendre, exact on each piece)', () => {
    // Slices normal to z: a disc of radius s(z) has mass πs²ρ dz, J_z = ½ s² dm and
    // J_x = (¼ s² + z²) dm. s² is r² on the cylinder and r² − (|z| − h)² on a cap: polynomials
    // of degree ≤ 4 piece by piece, which 3-point Gauss–Legendre integrates exactly.
    const nodes = [-Math.sqrt(0.6), 0, Math.sqrt(0.6)], weights = [5 / 9, 8 / 9, 5 / 9];
    const integrate = (f: (z: number) => number, lo: number, hi: number) =>
      nodes.reduce((sum, x, k) => sum + weights[k] * f(0.5 * (lo + hi) + 0.5 * (hi - lo) * x), 0) * 0.5 * (hi - lo);
    fc.assert(fc.property(fc.double({ min: 0.01, max: 3, noNaN: true }), fc.double({ min: 0, max: 5, noNaN: true }), fc.double({ min: 1, max: 1e4, noNaN: true }), (r, h, rho) => {
      const s2 = (z: number) => (Math.abs(z) <= h ? r * r : r * r - (Math.abs(z) - h) ** 2);
      const pieces: [number, number][] = [[-h - r, -h], [-h, h], [h, h + r]];
      const sum = (f: (z: number) => number) => pieces.reduce((t, [lo, hi]) => t + integrate(f, lo, hi), 0);
      const mass = sum((z) => Math.PI * rho * s2(z));
      const jz = sum((z) => 0.5 * Math.PI * rho * s2(z) ** 2);
      const jx = sum((z) => Math.PI * rho * s2(z) * (0.25 * s2(z) + z * z));
      const p = capsuleMassProperties(r, h, rho);
      expect(Math.abs(p.mass - mass)).toBeLessThanOrEqual(1e-13 * mass);
      expect(Math.abs(p.inertia[0] - jx)).toBeLessThanOrEqual(1e-13 * jx);
      expect(p.inertia[1]).toBe(p.inertia[0]);
      expect(Math.abs(p.inertia[2] - jz)).toBeLessThanOrEqual(1e-13 * jz);
      expect(massProperties({ type: 'capsule', radius: r, halfLength: h }, rho)).toEqual(p);
    }));
  });

  test('should give a capsule of half length 0 the ball it is', () => {
    const ball = massProperties({ type: 'sphere', radius: 0.3 }, 7)!;
    const p = capsuleMassProperties(0.3, 0, 7);
    close(p.mass, ball.mass);
    p.inertia.forEach((j, k) => close(j, ball.inertia[k]));
  });

  test('should give a cylinder of length H = 2h: m = ρ π r² H, J_axis = m r²/2, J_perp = m (3r² + H²)/12', () => {
    // r = 0.5, H = 2, ρ = 1000: m = 500π, J_z = m/8, J_x = J_y = m (0.75 + 4)/12.
    const p = massProperties({ type: 'cylinder', radius: 0.5, halfLength: 1 }, 1000)!;
    close(p.mass, 1570.7963267948965);
    close(p.inertia[0], 621.7735460229799);
    close(p.inertia[1], 621.7735460229799);
    close(p.inertia[2], 196.34954084936206);
    fc.assert(fc.property(fc.double({ min: 0.01, max: 3, noNaN: true }), fc.double({ min: 0.01, max: 5, noNaN: true }), fc.double({ min: 1, max: 1e4, noNaN: true }), (r, h, rho) => {
      const H = 2 * h, m = rho * Math.PI * r * r * H;
      const c = cylinderMassProperties(r, h, rho);
      expect(Math.abs(c.mass - m)).toBeLessThanOrEqual(4 * RTOL * m);
      expect(Math.abs(c.inertia[2] - (m * r * r) / 2)).toBeLessThanOrEqual(4 * RTOL * c.inertia[2]);
      const perp = (m * (3 * r * r + H * H)) / 12;
      expect(Math.abs(c.inertia[0] - perp)).toBeLessThanOrEqual(8 * RTOL * perp);
      expect(c.inertia[1]).toBe(c.inertia[0]);
      expect(massProperties({ type: 'cylinder', radius: r, halfLength: h }, rho)).toEqual(c);
    }));
  });

  test('should give a cylinder the limit of the inscribed N-gon prisms measured by core\'s solidMass (the hull route)', () => {
    // The prism on the regular N-gon inscribed in the circle lies inside the cylinder, so its mass
    // and its moments about the centre's axes fall short of the cylinder's, by the fraction
    // 1 − sin θ/θ ≈ θ²/6 (mass) and ≈ θ²/3 (J_z: the polygon's polar moment (N r⁴/12) sin θ (2 + cos θ))
    // with θ = 2π/N; J_x mixes the two. So each deficit lies in [0, θ²/3], and tightens as 1/N².
    fc.assert(fc.property(fc.double({ min: 0.05, max: 3, noNaN: true }), fc.double({ min: 0.05, max: 3, noNaN: true }), fc.constantFrom(48, 96, 256), (r, h, N) => {
      const pts: number[] = [];
      for (let j = 0; j < N; j++) {
        const phi = (2 * Math.PI * j) / N;
        pts.push(r * Math.cos(phi), r * Math.sin(phi), h, r * Math.cos(phi), r * Math.sin(phi), -h);
      }
      const prism = solidMass(convexHull(pts));
      const c = cylinderMassProperties(r, h, 1), theta = (2 * Math.PI) / N, bound = (theta * theta) / 3;
      const deficits = [1 - prism.volume / c.mass, ...[0, 4, 8].map((k, i) => 1 - prism.inertia[k] / c.inertia[i])];
      for (const d of deficits) {
        expect(d).toBeGreaterThan(-1e-12);
        expect(d).toBeLessThanOrEqual(bound);
      }
      // The mass deficit is θ²/6 to leading order: the closed form is the limit, not merely above it.
      expect(deficits[0] / ((theta * theta) / 6)).toBeCloseTo(1, 2);
    }), { numRuns: 8 });
  });

  test('should give the hull of a box\'s corners the box\'s mass and moments, centred and principal', () => {
    const size = fc.double({ min: 0.05, max: 5, noNaN: true });
    fc.assert(fc.property(size, size, size, fc.double({ min: 1, max: 1e4, noNaN: true }), (a, b, c, rho) => {
      const corners = [-a, a].flatMap((x) => [-b, b].flatMap((y) => [-c, c].map((z) => [x, y, z] as [number, number, number])));
      const hull = hullMassProperties(corners, rho);
      const box = massProperties({ type: 'box', halfExtents: [a, b, c] }, rho)!;
      expect(Math.abs(hull.mass - box.mass)).toBeLessThanOrEqual(1e-13 * box.mass);
      hull.inertia.forEach((j, k) => expect(Math.abs(j - box.inertia[k])).toBeLessThanOrEqual(1e-13 * box.inertia[k]));
      expect(Math.hypot(...hull.centroid)).toBeLessThanOrEqual(1e-14 * Math.max(a, b, c));
      expect(hull.offDiagonal).toBeLessThanOrEqual(1e-13 * Math.max(...box.inertia));
      expect(massProperties({ type: 'hull', points: corners }, rho)).toEqual({ mass: hull.mass, inertia: hull.inertia });
    }));
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
