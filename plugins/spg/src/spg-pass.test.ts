import { describe, expect, test } from 'vitest';
import { direction, spectralStep } from './spg-pass.js';

const PRM = { gamma: 1e-4, sigmaMin: 0.1, sigmaMax: 0.9, alphaMin: 1e-30, alphaMax: 1e30 };

describe('P-SPG-FB directions (paper 002 lines 4-7)', () => {
  // x on the boundary of K_1 (‖x_T‖ = μ x_N), P = diag(1, 100, 100): the tangential entries much stiffer
  const mu = Float64Array.of(1);
  const x = Float64Array.of(1, 1, 0);
  const pinv = Float64Array.of(1, 0.01, 0.01);
  const d = new Float64Array(3);

  test('should find the preconditioned direction can climb where the plain one descends (why line 7 exists)', () => {
    const g = Float64Array.of(1, -3, 0);
    // x − P⁻¹g = (0, 1.03, 0) projects to (0.515, 0.515, 0): d = (−0.485, −0.485, 0), ⟨d, g⟩ = −0.485 + 1.455 = 0.97
    expect(direction(x, g, pinv, 1, mu, d)).toBeCloseTo(0.97, 12);
    expect(Array.from(d).map((v) => +v.toFixed(12))).toEqual([-0.485, -0.485, 0]);
    // x − g = (0, 4, 0) projects to (2, 2, 0): d = (1, 1, 0), ⟨d, g⟩ = 1 − 3 = −2
    expect(direction(x, g, null, 1, mu, d)).toBeCloseTo(-2, 12);
  });

  test('should give a plain direction with ⟨d, g⟩ ≤ −‖d‖² / α (the projection\'s obtuse angle)', () => {
    for (const g of [[1, -3, 0], [0.5, -1, 0.2], [-1, 3, 2], [2, -1, -1]]) {
      for (const alpha of [0.1, 1, 10]) {
        const slope = direction(x, Float64Array.from(g), null, alpha, mu, d);
        const dd = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
        expect(slope).toBeLessThanOrEqual(-dd / alpha + 1e-14);
      }
    }
  });
});

describe('P-SPG-FB spectral step (paper 002 lines 19-23)', () => {
  const P = { p: Float64Array.of(2, 4), inverse: Float64Array.of(0.5, 0.25), max: 4 };
  const d = Float64Array.of(1, 1);
  const wd = Float64Array.of(3, 1); // W d for W = [[2, 1], [0, 1]]: ⟨d, W d⟩ = 4

  test('should alternate ⟨s, P s⟩/⟨s, y⟩ (odd j) and ⟨s, y⟩/⟨y, P⁻¹ y⟩ (even j)', () => {
    expect(spectralStep(d, wd, 4, P, 1, PRM)).toBe(6 / 4); // ⟨d, P d⟩ = 2 + 4
    expect(spectralStep(d, wd, 4, P, 2, PRM)).toBe(4 / 4.75); // ⟨W d, P⁻¹ W d⟩ = 4.5 + 0.25
  });

  test('should take α_max without curvature and clamp to [α_min, α_max]', () => {
    expect(spectralStep(d, wd, 0, P, 1, PRM)).toBe(1e30);
    expect(spectralStep(d, wd, -1, P, 2, PRM)).toBe(1e30);
    expect(spectralStep(d, wd, 4, P, 1, { ...PRM, alphaMax: 1 })).toBe(1);
    expect(spectralStep(d, wd, 4, P, 2, { ...PRM, alphaMin: 2 })).toBe(2);
  });
});
