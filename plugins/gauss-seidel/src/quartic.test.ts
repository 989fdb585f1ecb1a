import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { evalQuartic, quadraticRoots, quarticRoots } from './quartic.js';

/** Monic coefficients (b3, b2, b1, b0) of (x − a)(x − b)(x − c)(x − d). */
function fromRoots(a: number, b: number, c: number, d: number): [number, number, number, number] {
  const s1 = a + b + c + d;
  const s2 = a * b + a * c + a * d + b * c + b * d + c * d;
  const s3 = a * b * c + a * b * d + a * c * d + b * c * d;
  return [-s1, s2, -s3, a * b * c * d];
}

const out = new Float64Array(8);

describe('quarticRoots', () => {
  test('should find four simple roots in increasing order', () => {
    const n = quarticRoots(...fromRoots(4, 1, 3, 2), -10, 10, out);
    expect(n).toBe(4);
    [1, 2, 3, 4].forEach((x, i) => expect(out[i]).toBeCloseTo(x, 13));
  });

  test('should keep only the roots inside the interval', () => {
    const n = quarticRoots(...fromRoots(-3, -1, 0.5, 7), 0, 5, out);
    expect(n).toBe(1);
    expect(out[0]).toBeCloseTo(0.5, 14);
  });

  test('should find none for a quartic without real roots', () => {
    expect(quarticRoots(0, 0, 0, 1, -10, 10, out)).toBe(0); // x⁴ + 1
    expect(quarticRoots(0, 2, 0, 1, -10, 10, out)).toBe(0); // (x² + 1)²
  });

  test('should report a double root that rounding keeps from crossing zero', () => {
    // (x − 1)² (x − 3)(x + 2) + tiny: a near miss at x = 1
    const [b3, b2, b1, b0] = fromRoots(1, 1, 3, -2);
    const n = quarticRoots(b3, b2, b1, b0 + 1e-13, -5, 5, out);
    const found = Array.from(out.subarray(0, n));
    expect(found.some((x) => Math.abs(x - 1) < 1e-6)).toBe(true);
    expect(found.some((x) => Math.abs(x - 3) < 1e-12)).toBe(true);
    expect(found.some((x) => Math.abs(x + 2) < 1e-12)).toBe(true);
  });

  test('should find random well-separated roots to near machine precision', () => {
    const root = fc.integer({ min: -4000, max: 4000 }).map((i) => i / 1000);
    fc.assert(
      fc.property(fc.tuple(root, root, root, root), (rs) => {
        const sorted = [...rs].sort((a, b) => a - b);
        fc.pre(sorted.every((x, i) => i === 0 || x - sorted[i - 1] > 0.05));
        const [b3, b2, b1, b0] = fromRoots(...(rs as [number, number, number, number]));
        const n = quarticRoots(b3, b2, b1, b0, -5, 5, out);
        expect(n).toBe(4);
        sorted.forEach((x, i) => expect(Math.abs(out[i] - x)).toBeLessThan(1e-10));
        for (let i = 0; i < 4; i++) expect(Math.abs(evalQuartic(b3, b2, b1, b0, out[i]))).toBeLessThan(1e-11);
      }),
      { numRuns: 500 },
    );
  });
});

describe('quadraticRoots', () => {
  test('should solve without cancellation when b² ≫ 4ac', () => {
    const r = new Float64Array(2);
    const n = quadraticRoots(1, 1e8, 1, -1e9, 1e9, r);
    expect(n).toBe(2);
    expect(r[1]).toBeCloseTo(-1e-8, 20);
    expect(r[0]).toBeCloseTo(-1e8, 6);
  });
});
