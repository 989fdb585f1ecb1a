import { Rng } from '@moreau/conformance';
import { describe, expect, test } from 'vitest';
import { firstIsA } from './narrow-phase.js';
import { PairList } from './pair-list.js';
import { PairOrderScratch, sortPairs } from './pair-order.js';

/** The pairs of `list` as [A, B] arrays. */
function pairsOf(list: PairList): [number, number][] {
  return Array.from({ length: list.count }, (_, k) => [list.data[2 * k], list.data[2 * k + 1]]);
}

describe('sortPairs', () => {
  test('should route every pair as the narrow phase does and sort by (A, B), the same pairs', () => {
    const rng = new Rng(31);
    const scratch = new PairOrderScratch();
    // Growing sizes, once by a single body: the scratch buffers grow between calls.
    for (const [bodies, count] of [[5, 7], [6, 10], [40, 300], [400, 3000], [30, 400]]) {
      const kind = Uint8Array.from({ length: bodies }, () => Math.floor(rng.uniform(0, 7)));
      const list = new PairList();
      const seen = new Set<string>();
      const expected: [number, number][] = [];
      while (list.count < count) {
        const i = Math.floor(rng.uniform(0, bodies)), j = Math.floor(rng.uniform(0, bodies));
        const key = `${Math.min(i, j)},${Math.max(i, j)}`;
        if (i === j || seen.has(key)) continue;
        seen.add(key);
        list.push(i, j);
        expected.push(firstIsA(kind, i, j) ? [i, j] : [j, i]);
      }
      sortPairs(kind, bodies, list, scratch);
      const got = pairsOf(list);
      expected.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
      expect(got).toEqual(expected);
      for (const [a, b] of got) expect(firstIsA(kind, a, b)).toBe(true);
    }
  });

  test('should route a single pair and leave an empty list alone', () => {
    const kind = Uint8Array.of(6, 0);
    const list = new PairList();
    sortPairs(kind, 2, list, new PairOrderScratch());
    expect(list.count).toBe(0);
    // Body 0 a plane (rank 6), body 1 a sphere (rank 0): the sphere is A.
    list.push(0, 1);
    sortPairs(kind, 2, list, new PairOrderScratch());
    expect(pairsOf(list)).toEqual([[1, 0]]);
  });

  test('should keep pairs of equal A in the order of B, lower index first among alike shapes', () => {
    const kind = new Uint8Array(6);
    const list = new PairList();
    for (const [i, j] of [[5, 2], [4, 2], [2, 3], [1, 0], [3, 0]]) list.push(i, j);
    sortPairs(kind, 6, list, new PairOrderScratch());
    expect(pairsOf(list)).toEqual([[0, 1], [0, 3], [2, 3], [2, 4], [2, 5]]);
  });
});
