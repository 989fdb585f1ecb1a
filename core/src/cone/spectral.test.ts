import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { projectOntoPolarCone } from './project.js';
import { spectralValues, spectralVectors } from './spectral.js';

const lam = new Float64Array(2);
const u1 = new Float64Array(3);
const u2 = new Float64Array(3);

const arbZ = fc.tuple(fc.double({ min: -10, max: 10, noNaN: true }), fc.double({ min: -10, max: 10, noNaN: true }), fc.double({ min: -10, max: 10, noNaN: true }));
const arbMu = fc.oneof(fc.constant(0), fc.double({ min: 0, max: 5, noNaN: true }));

describe('spectral factorisation (paper 000 eqs 19-22)', () => {
  test('should give the closed-form values and vectors of z = [0, 3, 4], mu = 0.5', () => {
    const z = Float64Array.of(0, 3, 4);
    spectralValues(lam, 0, z, 0, 0.5);
    spectralVectors(u1, 0, u2, 0, z, 0, 0.5);
    // ‖z_T‖ = 5, 1 + μ² = 1.25: λ1 = −2.5/1.25, λ2 = 5/1.25
    expect(lam[0]).toBeCloseTo(-2, 15);
    expect(lam[1]).toBeCloseTo(4, 15);
    expect([...u1]).toEqual([-1, -0.5 * 0.6, -0.5 * 0.8]);
    expect([...u2]).toEqual([-0.5, 0.6, 0.8]);
  });

  test('should use w = [1, 0] as the tangential direction when z_T = 0', () => {
    const z = Float64Array.of(2, 0, 0);
    spectralValues(lam, 0, z, 0, 1);
    spectralVectors(u1, 0, u2, 0, z, 0, 1);
    expect([...lam]).toEqual([-1, -1]);
    expect([...u1]).toEqual([-1, -1, -0]);
    expect([...u2]).toEqual([-1, 1, 0]);
  });

  test('should reconstruct z = λ1 u1 + λ2 u2 with u1 ⟂ u2 and ‖ui‖² = 1 + μ²', () => {
    fc.assert(fc.property(arbZ, arbMu, fc.boolean(), ([n, a, b], mu, axis) => {
      const z = Float64Array.of(n, axis ? 0 : a, axis ? 0 : b);
      spectralValues(lam, 0, z, 0, mu);
      spectralVectors(u1, 0, u2, 0, z, 0, mu);
      const scale = 1 + Math.hypot(n, a, b) * (1 + mu);
      for (let i = 0; i < 3; i++) expect(Math.abs(lam[0] * u1[i] + lam[1] * u2[i] - z[i])).toBeLessThan(1e-13 * scale);
      expect(Math.abs(u1[0] * u2[0] + u1[1] * u2[1] + u1[2] * u2[2])).toBeLessThan(1e-14 * (1 + mu));
      expect(u1[0] ** 2 + u1[1] ** 2 + u1[2] ** 2).toBeCloseTo(1 + mu * mu, 12);
      expect(u2[0] ** 2 + u2[1] ** 2 + u2[2] ** 2).toBeCloseTo(1 + mu * mu, 12);
    }), { numRuns: 300 });
  });

  test('should give the polar projection as max(0, λ1) u1 + max(0, λ2) u2 (eq 23)', () => {
    const p = new Float64Array(3);
    fc.assert(fc.property(arbZ, arbMu, ([n, a, b], mu) => {
      const z = Float64Array.of(n, a, b);
      spectralValues(lam, 0, z, 0, mu);
      spectralVectors(u1, 0, u2, 0, z, 0, mu);
      projectOntoPolarCone(p, 0, z, 0, mu);
      const l1 = Math.max(0, lam[0]), l2 = Math.max(0, lam[1]);
      const scale = 1 + Math.hypot(n, a, b) * (1 + mu);
      for (let i = 0; i < 3; i++) expect(Math.abs(l1 * u1[i] + l2 * u2[i] - p[i])).toBeLessThan(1e-13 * scale);
    }), { numRuns: 300 });
  });
});
