import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { hypot3 } from './hypot3.js';

/** Doubles over the whole range, zeros of both signs, subnormals, ±∞ and NaN among them. */
const anyDouble = fc.oneof(
  fc.double(),
  fc.double({ min: -1e3, max: 1e3 }),
  fc.constantFrom(0, -0, Number.MIN_VALUE, -Number.MIN_VALUE, 1e-310, Number.MAX_VALUE, -Number.MAX_VALUE, Infinity, -Infinity, NaN, 1, -1),
);

describe('hypot3', () => {
  test('should be Math.hypot to the bit for any three numbers', () => {
    fc.assert(fc.property(anyDouble, anyDouble, anyDouble, (x, y, z) => {
      expect(Object.is(hypot3(x, y, z), Math.hypot(x, y, z))).toBe(true);
    }), { numRuns: 20_000 });
  });

  test('should give ∞ over NaN, NaN over a finite value, and +0 for zeros of any sign', () => {
    expect(hypot3(NaN, -Infinity, 1)).toBe(Infinity);
    expect(hypot3(1, NaN, 2)).toBeNaN();
    // NaN beside zeros: the largest magnitude is 0, yet the answer is NaN.
    for (const [x, y, z] of [[NaN, 0, -0], [0, NaN, 0], [-0, 0, NaN]]) expect(hypot3(x, y, z)).toBeNaN();
    expect(Object.is(hypot3(-0, -0, 0), 0)).toBe(true);
    expect(hypot3(3, 4, 12)).toBe(13);
    // Scaled: squares that would overflow or underflow do not.
    expect(hypot3(3e300, 4e300, 0)).toBe(Math.hypot(3e300, 4e300, 0));
    expect(hypot3(3e-320, 4e-320, 0)).toBe(Math.hypot(3e-320, 4e-320, 0));
  });

  test('should be Math.hypot to the bit where its compensation matters (terms of very different sizes)', () => {
    fc.assert(fc.property(fc.double({ min: 0.5, max: 2, noNaN: true }), fc.double({ min: 1e-9, max: 1e-7, noNaN: true }), fc.double({ min: 1e-17, max: 1e-15, noNaN: true }), (x, y, z) => {
      for (const [a, b, c] of [[x, y, z], [z, y, x], [y, z, x]]) expect(Object.is(hypot3(a, b, c), Math.hypot(a, b, c))).toBe(true);
    }), { numRuns: 5_000 });
  });
});
