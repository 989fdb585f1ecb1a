import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { projectOntoPolarCone } from './project.js';
import {
  smoothedPolarProjectionGradient, smoothedPolarProjectionWithGradient, smoothedPositivePart,
  smoothedPositivePartSlope, smoothedProjectOntoPolarCone,
} from './smoothed-projection.js';

const g = (x: number): number => 0.5 * (Math.sqrt(x * x + 4) + x);
const gDot = (x: number): number => 0.5 * (1 + x / Math.sqrt(x * x + 4));

const p = new Float64Array(3);
const q = new Float64Array(3);
const G = new Float64Array(9);

/** Central finite-difference Jacobian of the smoothed polar projection, row-major. */
function fdGradient(z: Float64Array, mu: number, omega: number, h: number): Float64Array {
  const J = new Float64Array(9);
  const zp = new Float64Array(3), zm = new Float64Array(3);
  for (let j = 0; j < 3; j++) {
    zp.set(z); zm.set(z);
    zp[j] += h; zm[j] -= h;
    smoothedProjectOntoPolarCone(p, 0, zp, 0, mu, omega);
    smoothedProjectOntoPolarCone(q, 0, zm, 0, mu, omega);
    for (let i = 0; i < 3; i++) J[3 * i + j] = (p[i] - q[i]) / (2 * h);
  }
  return J;
}

/** Cholesky pivots of a symmetric 3x3 matrix (all > 0 iff positive definite). */
function choleskyPivots(a: Float64Array): number[] {
  const l00 = a[0];
  const l10 = a[3] / Math.sqrt(l00), l20 = a[6] / Math.sqrt(l00);
  const l11sq = a[4] - l10 * l10;
  const l21 = (a[7] - l20 * l10) / Math.sqrt(l11sq);
  const l22sq = a[8] - l20 * l20 - l21 * l21;
  return [l00, l11sq, l22sq];
}

const maxAbsDiff = (a: ArrayLike<number>, b: ArrayLike<number>): number => {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i] - b[i]));
  return m;
};

const arbZ = fc.tuple(fc.double({ min: -3, max: 3, noNaN: true }), fc.double({ min: -3, max: 3, noNaN: true }), fc.double({ min: -3, max: 3, noNaN: true }))
  .map(([a, b, c]) => Float64Array.of(a, b, c));
// The tangential smoothing width is μω: μ is kept at 0 or above 1e-3 so that finite differences see it.
const arbMu = fc.oneof(fc.constant(0), fc.double({ min: 1e-3, max: 2, noNaN: true }), fc.double({ min: 2, max: 50, noNaN: true }));

describe('smoothed positive part ω g(λ/ω) (paper 000 eq 25)', () => {
  test('should give the closed-form values and slopes', () => {
    expect(smoothedPositivePart(0, 0.3)).toBeCloseTo(0.3, 15);
    expect(smoothedPositivePart(3, 2)).toBeCloseTo(4, 15);
    expect(smoothedPositivePart(-3, 2)).toBeCloseTo(1, 15);
    expect(smoothedPositivePartSlope(0, 2)).toBe(0.5);
    expect(smoothedPositivePartSlope(3, 2)).toBeCloseTo(0.8, 15);
    expect(smoothedPositivePartSlope(-3, 2)).toBeCloseTo(0.2, 15);
  });

  test('should be max(0, λ) with a step slope for ω = 0', () => {
    expect([smoothedPositivePart(-2, 0), smoothedPositivePart(0, 0), smoothedPositivePart(5, 0)]).toEqual([0, 0, 5]);
    expect([smoothedPositivePartSlope(-2, 0), smoothedPositivePartSlope(0, 0), smoothedPositivePartSlope(5, 0)]).toEqual([0, 0, 1]);
  });

  test('should keep full relative accuracy far on the negative side', () => {
    // ω g(λ/ω) = 2ω²/(√(λ²+4ω²) − λ) ≈ ω²/|λ|; the textbook formula would give 0 here.
    expect(smoothedPositivePart(-1e8, 1) / 1e-8).toBeCloseTo(1, 12);
    expect(smoothedPositivePartSlope(-1e8, 1) / 1e-16).toBeCloseTo(1, 12);
  });

  test('should match g and ġ of paper 000 eqs 25, 34 on random arguments', () => {
    fc.assert(fc.property(fc.double({ min: -50, max: 50, noNaN: true }), fc.double({ min: 0.01, max: 10, noNaN: true }), (l, w) => {
      expect(Math.abs(smoothedPositivePart(l, w) - w * g(l / w))).toBeLessThan(1e-12 * (1 + Math.abs(l)));
      expect(Math.abs(smoothedPositivePartSlope(l, w) - gDot(l / w))).toBeLessThan(1e-12);
    }), { numRuns: 300 });
  });

  test('should be ½(√(λ² + 4ω²) + λ) to the bit for λ ≥ 0 where the squares are safe', () => {
    // Math.hypot is kept for under- and overflow; elsewhere it would change the last bit
    fc.assert(fc.property(fc.double({ min: 0, max: 1e100, noNaN: true }), fc.double({ min: 1e-100, max: 1e100, noNaN: true }), (l, w) => {
      expect(smoothedPositivePart(l, w)).toBe(0.5 * (Math.sqrt(l * l + 4 * w * w) + l));
    }), { numRuns: 200 });
  });
});

describe('smoothed projection onto the polar cone (paper 000 eq 24)', () => {
  test('should equal the exact projection for ω = 0, including z_T = 0 and μ = 0', () => {
    fc.assert(fc.property(arbZ, arbMu, fc.boolean(), (z, mu, axis) => {
      if (axis) z[1] = z[2] = 0;
      smoothedProjectOntoPolarCone(p, 0, z, 0, mu, 0);
      projectOntoPolarCone(q, 0, z, 0, mu);
      expect(maxAbsDiff(p, q)).toBeLessThan(1e-13 * (1 + mu) * 4);
    }), { numRuns: 500 });
  });

  test('should follow the closed form on the normal axis: −(1+μ²) ω g(−z_N/((1+μ²)ω)) e_N', () => {
    const z = Float64Array.of(-2, 0, 0);
    smoothedProjectOntoPolarCone(p, 0, z, 0, 1, 1);
    expect(p[0]).toBeCloseTo(-2 * g(1), 14);
    expect([p[1], p[2]]).toEqual([0, 0]);
  });

  test('should be [−ω g(−z_N/ω), z_T] for μ = 0 (eq 32)', () => {
    const z = Float64Array.of(0.7, -1.5, 2);
    smoothedProjectOntoPolarCone(p, 0, z, 0, 0, 0.5);
    expect(p[0]).toBeCloseTo(-0.5 * g(-0.7 / 0.5), 15);
    expect([p[1], p[2]]).toEqual([-1.5, 2]);
  });

  test('should stay within ω(1 + μ)√(1 + μ²) of the exact projection', () => {
    fc.assert(fc.property(arbZ, arbMu, fc.double({ min: 1e-8, max: 2, noNaN: true }), (z, mu, w) => {
      smoothedProjectOntoPolarCone(p, 0, z, 0, mu, w);
      projectOntoPolarCone(q, 0, z, 0, mu);
      const d = Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
      expect(d).toBeLessThanOrEqual(w * (1 + mu) * Math.sqrt(1 + mu * mu) * (1 + 1e-12) + 1e-13 * (1 + mu) * 4);
    }), { numRuns: 500 });
  });

  test('should work in place (out = z)', () => {
    const z = Float64Array.of(0.3, 1, -2);
    smoothedProjectOntoPolarCone(p, 0, z, 0, 0.4, 0.1);
    smoothedProjectOntoPolarCone(z, 0, z, 0, 0.4, 0.1);
    expect([...z]).toEqual([...p]);
  });

  test('should stay finite for extreme magnitudes', () => {
    for (const z of [Float64Array.of(1e200, 1e200, 0), Float64Array.of(-1e-200, 1e-300, 5e-324), Float64Array.of(0, 1e155, -1e155)]) {
      for (const w of [0, 1e-300, 1, 1e300]) {
        smoothedPolarProjectionWithGradient(p, 0, G, 0, z, 0, 0.7, w);
        for (const v of [...p, ...G]) expect(Number.isFinite(v)).toBe(true);
      }
    }
  });

  test('should give 0 with a finite gradient at z = 0 for ω = 0, μ > 0 and μ = 0', () => {
    for (const mu of [0, 0.5]) {
      smoothedPolarProjectionWithGradient(p, 0, G, 0, new Float64Array(3), 0, mu, 0);
      expect([...p].map(Math.abs)).toEqual([0, 0, 0]);
      for (const v of G) expect(Number.isFinite(v)).toBe(true);
    }
  });
});

describe('gradient of the smoothed polar projection (paper 000 eq 27, Appendix A)', () => {
  test('should be ġ(λ1/ω) I when z_T = 0 and μ > 0', () => {
    const z = Float64Array.of(0.4, 0, 0);
    smoothedPolarProjectionGradient(G, 0, z, 0, 0.5, 0.2);
    const d = gDot(-0.4 / 1.25 / 0.2);
    expect(maxAbsDiff(G, [d, 0, 0, 0, d, 0, 0, 0, d])).toBeLessThan(1e-15);
    expect([G[1], G[2], G[3], G[5], G[6], G[7]]).toEqual([0, 0, 0, 0, 0, 0]);
  });

  test('should be diag(ġ(−z_N/ω), 1, 1) for μ = 0, with or without z_T', () => {
    for (const z of [Float64Array.of(0.4, 0, 0), Float64Array.of(0.4, -1, 0.5)]) {
      smoothedPolarProjectionGradient(G, 0, z, 0, 0, 0.2);
      const d = gDot(-0.4 / 0.2);
      expect(maxAbsDiff(G, [d, 0, 0, 0, 1, 0, 0, 0, 1])).toBeLessThan(1e-15);
    }
  });

  test('should tend continuously to its z_T = 0 value', () => {
    const z = Float64Array.of(-0.3, 1e-9, -2e-9);
    smoothedPolarProjectionGradient(G, 0, z, 0, 0.8, 0.1);
    const d = gDot(0.3 / 1.64 / 0.1);
    expect(maxAbsDiff(G, [d, 0, 0, 0, d, 0, 0, 0, d])).toBeLessThan(1e-7);
  });

  test('should agree with central finite differences (random z, z_T = 0, μ = 0, large μ)', () => {
    // Steps well below the smoothing widths ω and μω. At z_T = 0 the map is C¹ but not C²,
    // so there the difference quotient is only first-order accurate: error ~ h/(μω) = 1e-6.
    const arbMuFd = fc.oneof(fc.constant(0), fc.double({ min: 0.05, max: 50, noNaN: true }));
    fc.assert(fc.property(arbZ, arbMuFd, fc.double({ min: 0.05, max: 3, noNaN: true }), fc.boolean(), (z, mu, w, axis) => {
      if (axis) z[1] = z[2] = 0;
      smoothedPolarProjectionGradient(G, 0, z, 0, mu, w);
      const J = fdGradient(z, mu, w, 1e-6 * (mu > 0 ? Math.min(w, mu * w) : w));
      expect(maxAbsDiff(G, J)).toBeLessThan(1e-5);
    }), { numRuns: 500 });
  });

  test('should be symmetric positive definite with eigenvalues in (0, 1] for ω > 0', () => {
    fc.assert(fc.property(arbZ, arbMu, fc.double({ min: 0.01, max: 3, noNaN: true }), fc.boolean(), (z, mu, w, axis) => {
      if (axis) z[1] = z[2] = 0;
      smoothedPolarProjectionGradient(G, 0, z, 0, mu, w);
      expect(maxAbsDiff(G, [G[0], G[3], G[6], G[1], G[4], G[7], G[2], G[5], G[8]])).toBe(0);
      for (const pivot of choleskyPivots(G)) expect(pivot).toBeGreaterThan(0);
      // I − G is positive semidefinite too: eigenvalues of G are at most 1.
      const IminusG = Float64Array.from(G, (v, k) => (k % 4 === 0 ? 1 + 1e-12 : 0) - v);
      for (const pivot of choleskyPivots(IminusG)) expect(pivot).toBeGreaterThan(0);
    }), { numRuns: 500 });
  });

  test('should return the same value from the combined and the separate kernels', () => {
    const z = Float64Array.of(0.2, -0.7, 0.1);
    const G2 = new Float64Array(9);
    smoothedPolarProjectionWithGradient(p, 0, G, 0, z, 0, 0.6, 0.05);
    smoothedProjectOntoPolarCone(q, 0, z, 0, 0.6, 0.05);
    smoothedPolarProjectionGradient(G2, 0, z, 0, 0.6, 0.05);
    expect([...p]).toEqual([...q]);
    expect([...G]).toEqual([...G2]);
  });
});
