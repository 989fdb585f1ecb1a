import { describe, expect, test } from 'vitest';
import { naturalOrder, seededRandom, shuffle } from './ordering.js';

describe('orderings', () => {
  test('should shuffle into a permutation, the same one for the same seed', () => {
    const a = shuffle(naturalOrder(new Int32Array(50)), seededRandom(42));
    const b = shuffle(naturalOrder(new Int32Array(50)), seededRandom(42));
    const c = shuffle(naturalOrder(new Int32Array(50)), seededRandom(43));
    expect([...a]).toEqual([...b]);
    expect([...a]).not.toEqual([...c]);
    expect([...a].sort((x, y) => x - y)).toEqual([...naturalOrder(new Int32Array(50))]);
    expect([...a]).not.toEqual([...naturalOrder(new Int32Array(50))]);
  });

  test('should draw uniform numbers in [0, 1)', () => {
    const rnd = seededRandom(1);
    let sum = 0, lo = Infinity, hi = -Infinity;
    for (let i = 0; i < 10000; i++) {
      const x = rnd();
      sum += x; lo = Math.min(lo, x); hi = Math.max(hi, x);
    }
    expect(lo).toBeGreaterThanOrEqual(0);
    expect(hi).toBeLessThan(1);
    expect(sum / 10000).toBeCloseTo(0.5, 1);
  });
});
