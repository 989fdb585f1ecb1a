import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { closestOnSegments } from './segment-closest.js';

const coord = fc.double({ min: -2, max: 2, noNaN: true });
const segments = fc.array(coord, { minLength: 12, maxLength: 12 });

/** The squared distance of P(s) and Q(t). */
function dist2(e: number[], s: number, t: number): number {
  let d = 0;
  for (let r = 0; r < 3; r++) d += (e[r] + s * (e[3 + r] - e[r]) - e[6 + r] - t * (e[9 + r] - e[6 + r])) ** 2;
  return d;
}

describe('closestOnSegments', () => {
  test('should return parameters in [0, 1] realising a distance no sampled pair beats', () => {
    fc.assert(fc.property(segments, (e) => {
      const st = new Float64Array(3);
      const d2 = closestOnSegments(Float64Array.from(e), 0, st);
      expect(st[0]).toBeGreaterThanOrEqual(0);
      expect(st[0]).toBeLessThanOrEqual(1);
      expect(st[1]).toBeGreaterThanOrEqual(0);
      expect(st[1]).toBeLessThanOrEqual(1);
      // The returned d² is that of the returned parameters (1e-12: rounding of O(10) sums).
      expect(Math.abs(d2 - dist2(e, st[0], st[1]))).toBeLessThan(1e-12);
      // A 41 × 41 grid of parameters never does better (1e-12: rounding only).
      for (let i = 0; i <= 40; i++) for (let j = 0; j <= 40; j++) expect(dist2(e, i / 40, j / 40)).toBeGreaterThanOrEqual(d2 - 1e-12);
    }), { numRuns: 200 });
  });

  test('should take the middle of the overlap of parallel segments, flagged as parallel', () => {
    const st = new Float64Array(3);
    // P from x = 0 to 2 at y = 0; Q from x = 1 to 3 at y = 1: overlap x ∈ [1, 2].
    const d2 = closestOnSegments(Float64Array.of(0, 0, 0, 2, 0, 0, 1, 1, 0, 3, 1, 0), 0, st);
    expect(d2).toBe(1);
    expect([st[0], st[1], st[2]]).toEqual([0.75, 0.25, 1]);
  });

  test('should join the nearest ends of parallel segments that do not overlap', () => {
    const st = new Float64Array(3);
    const d2 = closestOnSegments(Float64Array.of(0, 0, 0, 1, 0, 0, 3, 1, 0, 2, 1, 0), 0, st);
    expect(d2).toBeCloseTo(2, 14);
    expect([st[0], st[1]]).toEqual([1, 1]);
  });
});
