import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { allFinite, axpy, distance, dot, norm2, scale, sub } from './vector.js';

const arbPair = fc.integer({ min: 0, max: 40 }).chain((n) => fc.tuple(
  fc.float64Array({ minLength: n, maxLength: n, min: -1e3, max: 1e3, noNaN: true }),
  fc.float64Array({ minLength: n, maxLength: n, min: -1e3, max: 1e3, noNaN: true }),
));

describe('vector kernels', () => {
  test('should compute dot, norm2 and distance on a known example', () => {
    const a = Float64Array.of(3, 4, 0), b = Float64Array.of(1, -2, 5);
    expect(dot(a, b)).toBe(-5);
    expect(norm2(a)).toBe(5);
    expect(distance(a, b)).toBe(Math.sqrt(4 + 36 + 25));
    expect(norm2(new Float64Array(0))).toBe(0);
  });

  test('should satisfy ‖x − y‖² = ‖x‖² − 2 x·y + ‖y‖² and symmetry of dot', () => {
    fc.assert(fc.property(arbPair, ([x, y]) => {
      expect(dot(x, y)).toBe(dot(y, x));
      const d = distance(x, y);
      expect(Math.abs(d * d - (dot(x, x) - 2 * dot(x, y) + dot(y, y)))).toBeLessThanOrEqual(1e-9 * (1 + dot(x, x) + dot(y, y)));
      expect(d).toBe(norm2(sub(new Float64Array(x.length), x, y)));
    }), { numRuns: 200 });
  });

  test('should compute axpy, scale and sub elementwise, in place too', () => {
    fc.assert(fc.property(arbPair, fc.double({ min: -10, max: 10, noNaN: true }), ([x, y], a) => {
      const out = new Float64Array(x.length);
      expect(axpy(out, x, a, y)).toBe(out);
      for (let i = 0; i < x.length; i++) expect(out[i]).toBe(x[i] + a * y[i]);
      scale(out, a, x);
      for (let i = 0; i < x.length; i++) expect(out[i]).toBe(a * x[i]);
      sub(out, x, y);
      for (let i = 0; i < x.length; i++) expect(out[i]).toBe(x[i] - y[i]);
      const z = Float64Array.from(x);
      axpy(z, z, a, y);
      for (let i = 0; i < x.length; i++) expect(z[i]).toBe(x[i] + a * y[i]);
    }), { numRuns: 200 });
  });

  test('should detect NaN and infinities with allFinite', () => {
    expect(allFinite(Float64Array.of(0, -1e308, 5e-324))).toBe(true);
    expect(allFinite(Float64Array.of(0, Number.NaN))).toBe(false);
    expect(allFinite(Float64Array.of(Number.NEGATIVE_INFINITY, 1))).toBe(false);
    expect(allFinite(new Float64Array(0))).toBe(true);
  });
});
