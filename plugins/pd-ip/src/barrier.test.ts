import { describe, expect, test } from 'vitest';
import { addBarrierBlock, coneConstraint, maxConeStep } from './barrier.js';

/** The barrier φ(x) = −log(−f_c(x)) − log(x_N) of one contact. */
function barrier(x: number[], mu: number): number {
  return -Math.log(-coneConstraint(Float64Array.from(x), 0, mu)) - Math.log(x[0]);
}

describe('the cone constraints of PD-IP', () => {
  test('should write K_μ as f_c = ½(‖x_T‖² − μ² x_N²) ≤ 0', () => {
    expect(coneConstraint(Float64Array.of(2, 0.3, 0.4), 0, 0.5)).toBeCloseTo(0.5 * (0.25 - 1), 15);
    expect(coneConstraint(Float64Array.of(9, 2, 0.6, 0.8), 1, 0.5)).toBe(0); // on the boundary: ‖x_T‖ = 1 = μ x_N
  });

  test('should give λ_c[∇²f_c + ∇f_c ∇f_cᵀ/(−f_c)] + λ_n e_N e_Nᵀ / x_N, which at the central λ is ∇²φ / t', () => {
    // On the central path λ_i = 1 / (t (−f_i)), and the block is then ∇²φ / t: compared with
    // central differences of φ (step 1e-4, error O(h² φ⁗) — 1.1e-5 relative at [1, 0.6, 0.3],
    // the point nearest the boundary, where φ's derivatives grow; 1e-4 leaves a margin of 9).
    const mu = 0.7, t = 3;
    for (const x of [[2, 0.3, -0.5], [1, 0.6, 0.3], [5, -1, 2]]) {
      const X = Float64Array.from(x);
      const lc = 1 / (t * -coneConstraint(X, 0, mu)), ln = 1 / (t * x[0]);
      const block = new Float64Array(9);
      addBarrierBlock(block, 0, X, 0, mu, lc, ln);
      const h = 1e-4;
      for (let i = 0; i < 3; i++) {
        for (let j = 0; j < 3; j++) {
          const at = (di: number, dj: number) => {
            const y = [...x];
            y[i] += di; y[j] += dj;
            return barrier(y, mu);
          };
          const fd = (at(h, h) - at(h, -h) - at(-h, h) + at(-h, -h)) / (4 * h * h);
          expect(Math.abs(block[3 * i + j] - fd / t)).toBeLessThan(1e-4 * Math.max(1, Math.abs(fd / t)));
        }
      }
    }
  });

  test('should be positive definite inside the cone for any λ > 0, although ∇²f_c = diag(−μ², 1, 1) is not', () => {
    const mu = 1.3;
    for (const [x, lc, ln] of [[[1, 0, 0], 5, 1e-3], [[1, 1.29, 0], 1e-2, 7], [[0.2, -0.1, 0.15], 100, 100]] as const) {
      const b = new Float64Array(9);
      addBarrierBlock(b, 0, Float64Array.from(x), 0, mu, lc, ln);
      // Sylvester: the leading principal minors are positive
      const m1 = b[0], m2 = b[0] * b[4] - b[1] * b[3];
      const m3 = b[0] * (b[4] * b[8] - b[5] * b[7]) - b[1] * (b[3] * b[8] - b[5] * b[6]) + b[2] * (b[3] * b[7] - b[4] * b[6]);
      expect(m1).toBeGreaterThan(0);
      expect(m2).toBeGreaterThan(0);
      expect(m3).toBeGreaterThan(0);
    }
  });

  test('should keep only the normal term for a frictionless contact', () => {
    const b = new Float64Array(9);
    addBarrierBlock(b, 0, Float64Array.of(4, 0, 0), 0, 0, 123, 2);
    expect(Array.from(b)).toEqual([0.5, 0, 0, 0, 0, 0, 0, 0, 0]);
  });
});

describe('the largest step inside the cone', () => {
  test('should land exactly on the boundary when the ray leaves the cone', () => {
    const mu = 0.5;
    for (const [x, dx] of [[[1, 0, 0], [0, 1, 0]], [[2, 0.5, -0.2], [-1, 0.3, 0.1]], [[1, 0.2, 0.1], [0.1, -3, 2]]]) {
      const X = Float64Array.from(x), D = Float64Array.from(dx);
      const s = maxConeStep(X, D, 0, mu, Infinity);
      expect(s).toBeGreaterThan(0);
      expect(s).toBeLessThan(Infinity);
      const y = Float64Array.from(x, (v, i) => v + s * dx[i]);
      // on the boundary: ‖y_T‖ = μ y_N up to rounding, with y_N ≥ 0
      expect(Math.abs(Math.hypot(y[1], y[2]) - mu * y[0])).toBeLessThan(1e-14 * (1 + Math.abs(y[0])));
      expect(y[0]).toBeGreaterThanOrEqual(-1e-15);
    }
  });

  test('should return the limit when the whole step stays inside, and use x_N alone for μ = 0', () => {
    expect(maxConeStep(Float64Array.of(1, 0, 0), Float64Array.of(1, 0.1, 0), 0, 0.5, 1)).toBe(1);
    expect(maxConeStep(Float64Array.of(1, 0, 0), Float64Array.of(1, 0.1, 0), 0, 0.5, Infinity)).toBe(Infinity);
    expect(maxConeStep(Float64Array.of(2, 0, 0), Float64Array.of(-4, 0, 0), 0, 0, Infinity)).toBe(0.5);
  });
});
