import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { smoothedF, smoothedFGradient } from './smoothed-f.js';

const f = new Float64Array(3);
const fp = new Float64Array(3);
const fm = new Float64Array(3);
const D = new Float64Array(9);

describe('smoothed F_ω (paper 000 eq 39)', () => {
  test('should give the closed form for U = [1, 3, 4], μ = 0.5', () => {
    const u = Float64Array.of(1, 3, 4);
    smoothedF(f, 0, u, 0, 0.5, 0);
    expect([...f]).toEqual([3.5, 3, 4]);
    smoothedF(f, 0, u, 0, 0.5, 1);
    expect(f[0]).toBeCloseTo(1 + 0.5 * (Math.sqrt(26) - 1), 15);
    expect([f[1], f[2]]).toEqual([3, 4]);
  });

  test('should leave U unchanged when U_T = 0, for any ω', () => {
    for (const w of [0, 1e-8, 2]) {
      smoothedF(f, 0, Float64Array.of(-0.25, 0, 0), 0, 0.9, w);
      expect([...f]).toEqual([-0.25, 0, 0]);
    }
  });

  test('should compute the smoothed norm without cancellation for small U_T', () => {
    // √(1e-18 + 1) − 1 = 5e-19 to full precision; the textbook form gives 0.
    smoothedF(f, 0, Float64Array.of(0, 1e-9, 0), 0, 1, 1);
    expect(f[0] / 5e-19).toBeCloseTo(1, 12);
  });

  test('should work in place (out = U)', () => {
    const u = Float64Array.of(0.5, -1, 2);
    smoothedF(f, 0, u, 0, 0.3, 0.1);
    smoothedF(u, 0, u, 0, 0.3, 0.1);
    expect([...u]).toEqual([...f]);
  });

  test('should have a derivative that agrees with central finite differences', () => {
    const arb = fc.double({ min: -3, max: 3, noNaN: true });
    fc.assert(fc.property(arb, arb, arb, fc.double({ min: 0, max: 2, noNaN: true }), fc.double({ min: 0.05, max: 2, noNaN: true }), (n, a, b, mu, w) => {
      const u = Float64Array.of(n, a, b);
      smoothedFGradient(D, 0, u, 0, mu, w);
      const h = 1e-6 * w;
      for (let j = 0; j < 3; j++) {
        const up = Float64Array.from(u), um = Float64Array.from(u);
        up[j] += h; um[j] -= h;
        smoothedF(fp, 0, up, 0, mu, w);
        smoothedF(fm, 0, um, 0, mu, w);
        for (let i = 0; i < 3; i++) expect(Math.abs(D[3 * i + j] - (fp[i] - fm[i]) / (2 * h))).toBeLessThan(1e-6);
      }
    }), { numRuns: 300 });
  });

  test('should take the derivative of ‖U_T‖ as 0 at U_T = 0 when ω = 0', () => {
    smoothedFGradient(D, 0, Float64Array.of(1, 0, 0), 0, 0.5, 0);
    expect([...D]).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 1]);
  });

  test('should write all nine entries of the derivative at its offset, and nothing else', () => {
    const E = new Float64Array(27).fill(7);
    smoothedFGradient(E, 9, Float64Array.of(0, 0, 0, 1, 3, 4), 3, 0.5, 0);
    // v = U_T / ‖U_T‖ = (0.6, 0.8) for ω = 0
    const expected = [1, 0.3, 0.4, 0, 1, 0, 0, 0, 1];
    for (let k = 0; k < 9; k++) expect(E[9 + k]).toBeCloseTo(expected[k], 15);
    expect([...E.subarray(0, 9), ...E.subarray(18)].every((v) => v === 7)).toBe(true);
  });
});
