import { describe, expect, it } from 'vitest';
import { moreauError } from '../../test/io-helpers.js';
import { reduceGlobal } from './global-reduction.js';
import { ScalarEntries } from './scalar-entries.js';

// How reduceGlobal splits M into blocks, which factor each block gets and how they are
// counted, on problems small enough to invert by hand.

function entries(list: [number, number, number][]): ScalarEntries {
  const e = new ScalarEntries();
  for (const [r, c, v] of list) e.push(r, c, v);
  return e;
}

/** H = I (velocity k ↔ reaction k) on n velocities and 3 contacts, so W is M⁻¹ padded with zeros. */
function identityH(nv: number): ScalarEntries {
  const H = new ScalarEntries();
  for (let k = 0; k < nv; k++) H.push(k, k, 1);
  return H;
}

describe('reduceGlobal on the blocks of M', () => {
  it('should ignore stored zeros of M: they neither couple blocks nor enter a factor', () => {
    // [[2, 1], [1, 2]] on velocities 0 and 1, 5 on velocity 2; the stored zeros (0, 2) and (0, 0)
    // come last, after the entries of the block they would point into.
    const M = entries([[2, 2, 5], [0, 0, 2], [1, 1, 2], [0, 1, 1], [1, 0, 1], [0, 2, 0], [0, 0, 0]]);
    const H = entries([[0, 0, 1], [2, 1, 1], [1, 2, 1]]);
    const red = reduceGlobal({ nv: 3, nr: 3, M, H, f: new Float64Array(3), w: new Float64Array(3) }, 'g.h5');
    expect(red).toMatchObject({ mBlocks: 2, largestMBlock: 2 });
    // reactions on velocities 0, 2, 1: W = P M⁻¹ Pᵀ with M⁻¹ = [[2, −1, 0], [−1, 2, 0], [0, 0, 3/5]] / 3
    const expected = [2 / 3, 0, -1 / 3, 0, 1 / 5, 0, -1 / 3, 0, 2 / 3];
    const W = red.W.toDense();
    for (let k = 0; k < 9; k++) expect(W[k]).toBeCloseTo(expected[k], 15);
  });

  it('should count an LU block and a negative 1x1 block as LU, and store s² numbers per LU block', () => {
    // velocities 0..2: the circulant 4I + P (P the cyclic shift), not symmetric, inverse
    // (16 I − 4 P + P²) / 65 (multiply out, using P³ = I); velocity 3: −2; velocity 4: 3.
    const M = entries([[0, 0, 4], [1, 1, 4], [2, 2, 4], [0, 1, 1], [1, 2, 1], [2, 0, 1], [3, 3, -2], [4, 4, 3]]);
    const red = reduceGlobal({ nv: 5, nr: 6, M, H: identityH(5), f: new Float64Array(5), w: new Float64Array(6) }, 'g.h5');
    expect(red).toMatchObject({ mBlocks: 3, largestMBlock: 3, cholesky: 1, lu: 2, largestBand: 0, factorNumbers: 9 + 1 + 1 });
    const W = red.W.toDense(), at = (i: number, j: number) => W[i * 6 + j];
    const inv = [[16, -4, 1], [1, 16, -4], [-4, 1, 16]];
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) expect(at(i, j)).toBeCloseTo(inv[i][j] / 65, 15);
    expect(at(3, 3)).toBe(-1 / 2);
    // a 1x1 block is inverted by one division, so its entry of W is 1/m to the last bit
    expect(at(4, 4)).toBe(1 / 3);
    expect(at(0, 4)).toBe(0);
  });

  it('should say which velocity or block of M is singular', async () => {
    const H = entries([[0, 0, 1], [2, 2, 1]]);
    const args = (M: ScalarEntries) => ({ nv: 3, nr: 3, M, H, f: new Float64Array(3), w: new Float64Array(3) });
    const alone = await moreauError(() => reduceGlobal(args(entries([[0, 0, 1], [1, 1, 1]])), 'g.h5'));
    expect(alone.message).toContain('M is singular: M[2, 2] = 0 and nothing else in that row or column');
    const block = await moreauError(() => reduceGlobal(args(entries([[0, 0, 1], [1, 1, 1], [2, 2, 1], [1, 2, 1], [2, 1, 1]])), 'g.h5'));
    expect(block.message).toContain('M is singular: its diagonal block of 2 velocities starting at 1 has no inverse');
    expect(block.where).toEqual({ file: 'g.h5', place: '/fclib_global/M' });
  });
});
