import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { moreauError } from '../../test/io-helpers.js';
import { blockMatrixFromEntries, ScalarEntries } from './scalar-entries.js';

function entries(list: [number, number, number][]): ScalarEntries {
  const e = new ScalarEntries(1);
  for (const [r, c, v] of list) e.push(r, c, v);
  return e;
}

describe('blockMatrixFromEntries', () => {
  it('should sum duplicate entries', () => {
    const W = blockMatrixFromEntries(1, entries([[0, 1, 2], [0, 1, 0.5], [2, 2, 1]]));
    expect(W.get(0, 1)).toBe(2.5);
    expect(W.get(2, 2)).toBe(1);
  });

  it('should add missing diagonal blocks as zeros and drop all-zero off-diagonal blocks', () => {
    const W = blockMatrixFromEntries(3, entries([[0, 3, 1], [0, 3, -1], [1, 7, 0], [8, 0, 4]]));
    expect(Array.from(W.rowPtr)).toEqual([0, 1, 2, 4]);
    expect(Array.from(W.colIdx)).toEqual([0, 1, 0, 2]);
    expect(W.get(8, 0)).toBe(4);
    expect(Array.from(W.values.subarray(0, 9))).toEqual(new Array(9).fill(0));
  });

  it('should refuse an entry outside the matrix', async () => {
    await moreauError(() => blockMatrixFromEntries(1, entries([[3, 0, 1]])), 'E_PROBLEM_SHAPE');
    await moreauError(() => blockMatrixFromEntries(1, entries([[0, -1, 1]])), 'E_PROBLEM_SHAPE');
  });

  it('should refuse a non-finite value', async () => {
    await moreauError(() => blockMatrixFromEntries(2, entries([[0, 4, NaN]])), 'E_NOT_FINITE');
  });

  it('should equal the dense sum of the entries, in any order', () => {
    const entry = fc.tuple(fc.nat(8), fc.nat(8), fc.integer({ min: -3, max: 3 }));
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 40 }), (list) => {
        const dense = new Float64Array(81);
        for (const [r, c, v] of list) dense[9 * r + c] += v;
        const W = blockMatrixFromEntries(3, entries(list));
        expect(Array.from(W.toDense())).toEqual(Array.from(dense));
        const reversed = blockMatrixFromEntries(3, entries([...list].reverse()));
        expect(Array.from(reversed.values)).toEqual(Array.from(W.values));
        for (let k = 0; k < W.blockCount; k++) {
          const i = W.rowPtr.findIndex((_, t) => W.rowPtr[t + 1] > k);
          const nonzero = W.values.subarray(9 * k, 9 * k + 9).some((v) => v !== 0);
          expect(nonzero || W.colIdx[k] === i).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });
});
