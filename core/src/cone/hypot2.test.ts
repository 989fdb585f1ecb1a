import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { hypot2, norm2Scaled, sqrtSumOfSquares } from './hypot2.js';

describe('scaled norms', () => {
  test('should give the true norm where the plain sum of squares overflows or underflows', () => {
    // 3-4-5 at three scales; 1e-14 relative: a scaled sum rounds a few times more than the plain one
    for (const s of [1, 1e200, 1e-300, 1e300]) {
      expect(norm2Scaled([3 * s, 4 * s]) / (5 * s)).toBeCloseTo(1, 14);
      expect(hypot2(3 * s, 4 * s) / (5 * s)).toBeCloseTo(1, 14);
    }
  });

  test('should be exactly 0 for zeros, NaN for a NaN entry and Infinity for an infinite one', () => {
    expect(norm2Scaled(new Float64Array(4))).toBe(0);
    expect(norm2Scaled([1, NaN, 1e300])).toBeNaN();
    expect(norm2Scaled([1, -Infinity])).toBe(Infinity);
  });

  test('should equal the plain formula bit for bit where that is safe', () => {
    // the fast path must not change the results of well-scaled problems
    const arb = fc.array(fc.double({ min: -1e100, max: 1e100, noNaN: true }), { minLength: 1, maxLength: 12 });
    fc.assert(fc.property(arb, (x) => {
      let s = 0;
      for (const v of x) s += v * v;
      fc.pre(s > 1e-290);
      expect(norm2Scaled(x)).toBe(Math.sqrt(s));
      expect(sqrtSumOfSquares(s, x)).toBe(Math.sqrt(s));
    }), { numRuns: 200 });
  });

  test('should agree with Math.hypot to 1e-14 relative over the whole double range', () => {
    const arb = fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { minLength: 1, maxLength: 8 });
    fc.assert(fc.property(arb, (x) => {
      const h = Math.hypot(...x);
      fc.pre(h < Infinity);
      const n = norm2Scaled(x);
      expect(Math.abs(n - h)).toBeLessThanOrEqual(1e-14 * h);
    }), { numRuns: 300 });
  });

  test('should give NaN for a NaN entry even when every other entry is zero', () => {
    // the scaled pass skips NaN when it looks for max|x_i|; only the NaN check catches it
    expect(norm2Scaled([NaN])).toBeNaN();
    expect(norm2Scaled([0, NaN, 0])).toBeNaN();
    expect(sqrtSumOfSquares(NaN, [0, 0])).toBeNaN();
  });

  test('should give hypot2 bit for bit as √(a² + b²) where that is safe', () => {
    // Math.hypot rounds differently in the last bit; the fast path must not change results
    // mantissas in (−10, 10) at a common scale 10^e: where the two formulas often differ
    const arb = fc.double({ min: -10, max: 10, noNaN: true });
    fc.assert(fc.property(arb, arb, fc.integer({ min: -100, max: 100 }), (ma, mb, e) => {
      const a = ma * 10 ** e, b = mb * 10 ** e;
      fc.pre(a * a + b * b > 1e-290);
      expect(hypot2(a, b)).toBe(Math.sqrt(a * a + b * b));
    }), { numRuns: 200 });
  });
});
