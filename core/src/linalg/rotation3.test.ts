import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { determinant3, expSkew, multiplyRight, orthonormalityError, reorthonormalize } from './rotation3.js';

/** exp(A) = Σ A^k / k! summed until the terms vanish (the reference for Rodrigues' formula). */
function expSeries(wx: number, wy: number, wz: number): number[] {
  const a = [0, -wz, wy, wz, 0, -wx, -wy, wx, 0];
  const sum = [1, 0, 0, 0, 1, 0, 0, 0, 1];
  let term = [...sum];
  for (let k = 1; k < 60; k++) {
    const next = new Array<number>(9).fill(0);
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) for (let l = 0; l < 3; l++) next[3 * i + j] += (term[3 * i + l] * a[3 * l + j]) / k;
    term = next;
    for (let i = 0; i < 9; i++) sum[i] += term[i];
  }
  return sum;
}

const axis = fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }))
  .filter(([x, y, z]) => Math.hypot(x, y, z) > 1e-3)
  .map(([x, y, z]) => { const n = Math.hypot(x, y, z); return [x / n, y / n, z / n] as const; });

describe('expSkew (Rodrigues)', () => {
  test('should match the exponential series for angles from 1e-12 to π', () => {
    // The series sums terms up to θ^k/k! ≤ e^π, so its own rounding is ~1e-15 · e^π; 1e-14
    // absolute on entries of size ≤ 1 covers both.
    fc.assert(fc.property(axis, fc.constantFrom(1e-12, 1e-8, 1e-4, 0.01, 0.3, 1, 2, 3, Math.PI), ([x, y, z], theta) => {
      const got = expSkew(theta * x, theta * y, theta * z, new Float64Array(9), 0);
      const want = expSeries(theta * x, theta * y, theta * z);
      for (let i = 0; i < 9; i++) expect(Math.abs(got[i] - want[i])).toBeLessThanOrEqual(1e-14);
    }));
  });

  test('should give exactly the identity for a zero vector', () => {
    expect([...expSkew(0, 0, 0, new Float64Array(9), 0)]).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 1]);
  });

  test('should keep small angles to full relative precision (no 1 − cos θ cancellation)', () => {
    // For θ = 1e-9 about z the off-diagonal entry is sin θ, the diagonal 1 − θ²/2 = 1 in double.
    const r = expSkew(0, 0, 1e-9, new Float64Array(9), 0);
    expect(r[3]).toBe(Math.sin(1e-9));
    expect(r[1]).toBe(-Math.sin(1e-9));
    expect(r[0]).toBe(1);
  });

  test('should give a rotation (orthonormal to 1e-15, det 1) that fixes its axis', () => {
    fc.assert(fc.property(axis, fc.double({ min: -20, max: 20, noNaN: true }), ([x, y, z], theta) => {
      const r = expSkew(theta * x, theta * y, theta * z, new Float64Array(10), 1);
      expect(orthonormalityError(r, 1)).toBeLessThanOrEqual(1e-15);
      expect(Math.abs(determinant3(r, 1) - 1)).toBeLessThanOrEqual(1e-15);
      const fixed = [0, 1, 2].map((i) => r[1 + 3 * i] * x + r[2 + 3 * i] * y + r[3 + 3 * i] * z);
      expect(Math.hypot(fixed[0] - x, fixed[1] - y, fixed[2] - z)).toBeLessThanOrEqual(1e-15 * (1 + Math.abs(theta)));
    }));
  });
});

describe('reorthonormalize', () => {
  test('should square a small orthonormality error', () => {
    const r = expSkew(0.3, -1.2, 0.7, new Float64Array(9), 0);
    for (let i = 0; i < 9; i++) r[i] *= 1 + 1e-6 * Math.sin(7 * i); // error ~1e-6
    const before = orthonormalityError(r, 0);
    reorthonormalize(r, 0);
    const after = orthonormalityError(r, 0);
    expect(before).toBeGreaterThan(1e-7);
    expect(after).toBeLessThanOrEqual(10 * before * before + 1e-15);
  });

  test('should be needed: 10⁶ exponential-map updates alone drift past 1e-12', () => {
    // The measurement behind reorthonormalize's comment: without it, R ← R exp(dt[ω]×)
    // loses orthonormality linearly (1.9e-11 after 10⁶ steps for this ω and dt).
    const r = new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]), q = new Float64Array(9);
    for (let n = 0; n < 1_000_000; n++) {
      expSkew(3.1e-3, 1.7e-3, -2.3e-3, q, 0);
      multiplyRight(r, 0, q, 0);
    }
    expect(orthonormalityError(r, 0)).toBeGreaterThan(1e-12);
  });
});
