import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { cholesky9, choleskyInverse9, inverseApply9 } from './cholesky9.js';

/** A = B Bᵀ + s I: symmetric positive definite, with condition numbers up to about 1e6. */
const arbSpd = fc.tuple(fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 81, maxLength: 81 }), fc.double({ min: 1e-6, max: 1, noNaN: true }))
  .map(([b, s]) => {
    const A = new Float64Array(81);
    for (let i = 0; i < 9; i++) {
      for (let j = 0; j < 9; j++) {
        let sum = i === j ? s : 0;
        for (let k = 0; k < 9; k++) sum += b[9 * i + k] * b[9 * j + k];
        A[9 * i + j] = sum;
      }
    }
    return A;
  });

describe('cholesky9 inverse', () => {
  test.prop([arbSpd, fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 9, maxLength: 9 })], { numRuns: 300 })(
    'A⁻¹ from the factor is symmetric to the bit and A (A⁻¹ x) = x', (A, xs) => {
      const L = new Float64Array(81), inv = new Float64Array(90), scratch = new Float64Array(81);
      expect(cholesky9(A, 0, L, 0)).toBe(-1);
      choleskyInverse9(L, 0, inv, 9, scratch);
      for (let i = 0; i < 9; i++) for (let j = 0; j < 9; j++) expect(inv[9 + 9 * i + j]).toBe(inv[9 + 9 * j + i]);
      const x = Float64Array.from(xs), y = inverseApply9(inv, 9, x, 0, new Float64Array(9), 0);
      // Residual relative to |A| |y| (backward error): rounding times the condition of the steps, far below 1e-6.
      let scale = 0;
      for (let k = 0; k < 81; k++) scale = Math.max(scale, Math.abs(A[k]));
      const ny = Math.max(...y.map(Math.abs));
      for (let i = 0; i < 9; i++) {
        let r = -x[i];
        for (let j = 0; j < 9; j++) r += A[9 * i + j] * y[j];
        expect(Math.abs(r)).toBeLessThanOrEqual(1e-6 * (scale * ny + Math.abs(x[i])) + 1e-300);
      }
    });

  test.prop([arbSpd, fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 9, maxLength: 9 })], { numRuns: 100 })(
    'inverseApply9 may write over its input', (A, xs) => {
      const L = new Float64Array(81), inv = new Float64Array(81);
      cholesky9(A, 0, L, 0);
      choleskyInverse9(L, 0, inv, 0, new Float64Array(81));
      const x = Float64Array.from(xs), expected = inverseApply9(inv, 0, x, 0, new Float64Array(9), 0);
      expect(Array.from(inverseApply9(inv, 0, x, 0, x, 0))).toEqual(Array.from(expected));
    });

  test('refuses a block that is not positive definite at its first bad pivot', () => {
    const A = new Float64Array(81);
    for (let i = 0; i < 9; i++) A[10 * i] = i === 4 ? -1 : 2;
    expect(cholesky9(A, 0, new Float64Array(81), 0)).toBe(4);
  });
});
