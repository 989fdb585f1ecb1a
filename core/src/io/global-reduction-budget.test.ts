import { describe, expect, it } from 'vitest';
import { moreauError } from '../../test/io-helpers.js';
import { MAX_DENSE_BLOCK, memoryBudget, reduceGlobal } from './global-reduction.js';
import { ScalarEntries } from './scalar-entries.js';

// The memory budget and the refusals of a reduction too large to attempt (FORMATS.md §1.5):
// every size below is worked out by hand from the formulas in global-reduction.ts's comments
// (400 bytes per 3x3 block of W, 16 s (b+1) bytes for a band factor, 8 s² for a dense LU).

function entries(list: [number, number, number][]): ScalarEntries {
  const e = new ScalarEntries();
  for (const [r, c, v] of list) e.push(r, c, v);
  return e;
}

/** One velocity (M = [1]) touched by every one of `nc` contacts: W is bounded by nc² blocks. */
function starOfContacts(nc: number) {
  const H = new ScalarEntries();
  for (let a = 0; a < nc; a++) H.push(0, 3 * a, 1);
  return { nv: 1, nr: 3 * nc, M: entries([[0, 0, 1]]), H, f: new Float64Array(1), w: new Float64Array(3 * nc) };
}

/** A scalar velocity 0, then one block of `s` velocities (1..s) with entries m(i, j), one contact on velocity 1. */
function oneBlock(s: number, m: (i: number, j: number) => number, pairs: 'full' | 'tridiagonal') {
  const M = new ScalarEntries();
  M.push(0, 0, 1);
  for (let i = 0; i < s; i++) {
    for (let j = 0; j < s; j++) {
      if (pairs === 'tridiagonal' && Math.abs(i - j) > 1) continue;
      M.push(1 + i, 1 + j, m(i, j));
    }
  }
  const H = entries([[1, 0, 1], [0, 1, 1]]);
  return { nv: s + 1, nr: 3, M, H, f: new Float64Array(s + 1), w: new Float64Array(3) };
}

describe('memoryBudget', () => {
  it('should fall back to 1 GB when MOREAU_MAX_MEMORY is empty or blank', () => {
    expect(memoryBudget({ MOREAU_MAX_MEMORY: '' })).toBe(2 ** 30);
    expect(memoryBudget({ MOREAU_MAX_MEMORY: '   ' })).toBe(2 ** 30);
  });

  it('should read fractions with several digits, and units with or without B', () => {
    expect(memoryBudget({ MOREAU_MAX_MEMORY: '1.25GB' })).toBe(1.25 * 2 ** 30);
    expect(memoryBudget({ MOREAU_MAX_MEMORY: '2K' })).toBe(2048);
    expect(memoryBudget({ MOREAU_MAX_MEMORY: ' 3 tb ' })).toBe(3 * 2 ** 40);
    expect(memoryBudget({ MOREAU_MAX_MEMORY: '100B' })).toBe(100);
  });

  it('should say what it expected when the size is malformed', async () => {
    const err = await moreauError(() => memoryBudget({ MOREAU_MAX_MEMORY: '4 PB' }), 'E_USAGE');
    expect(err.message).toBe('MOREAU_MAX_MEMORY="4 PB" is not a size; write e.g. 4GB, 512MB or a number of bytes.');
  });
});

describe('reduceGlobal refusing a W over the budget', () => {
  // 5 velocities: block {0, 1}, then 2, 3, 4 alone. Contacts 0 and 1 touch block {0, 1}
  // (contact 0 twice), 1 also touches 2, contacts 2 and 3 touch 3, and 3 also touches 4.
  // Contacts per block of M: 2, 1, 2, 1, so W has at most 4 + 2² + 1² + 2² + 1² = 14 blocks:
  // 14 · 400 = 5,600 bytes.
  const g = {
    nv: 5, nr: 12,
    M: entries([[0, 0, 2], [1, 1, 2], [0, 1, 1], [1, 0, 1], [2, 2, 1], [3, 3, 1], [4, 4, 1]]),
    H: entries([[0, 0, 1], [1, 1, 1], [1, 3, 1], [2, 5, 1], [3, 6, 1], [3, 9, 1], [4, 10, 1]]),
    f: new Float64Array(5), w: new Float64Array(12),
  };

  it('should bound W by the contacts per block of M, refusing one byte short of it', async () => {
    const err = await moreauError(() => reduceGlobal(g, 'g.h5', 5599), 'E_TOO_LARGE');
    expect(err.where).toEqual({ file: 'g.h5', place: '/fclib_global' });
    expect(err.message).toBe(
      'g.h5: the local W = Hᵀ M⁻¹ H of this global problem would have up to 14 blocks of 3x3, about 5,600 bytes, '
      + 'more than the memory budget of 5,599 bytes. Raise it with MOREAU_MAX_MEMORY (e.g. MOREAU_MAX_MEMORY=1GB) if the machine has the memory.',
    );
  });

  it('should reduce it at exactly the bound, with W and the statistics worked out by hand', () => {
    const red = reduceGlobal(g, 'g.h5', 5600);
    // [[2, 1], [1, 2]]⁻¹ = [[2, −1], [−1, 2]] / 3; the other blocks of M are 1.
    const W = red.W.toDense(), at = (i: number, j: number) => W[i * 12 + j];
    const expected: [number, number, number][] = [
      [0, 0, 2 / 3], [0, 1, -1 / 3], [1, 1, 2 / 3], [0, 3, -1 / 3], [1, 3, 2 / 3], [3, 3, 2 / 3],
      [5, 5, 1], [6, 6, 1], [6, 9, 1], [9, 9, 1], [10, 10, 1], [2, 2, 0], [0, 6, 0], [3, 9, 0],
    ];
    for (const [i, j, v] of expected) {
      expect(at(i, j)).toBeCloseTo(v, 15);
      expect(at(j, i)).toBeCloseTo(v, 15);
    }
    // contacts 0-1 and 2-3 are coupled, no others: 8 blocks
    expect(Array.from(red.W.rowPtr)).toEqual([0, 2, 4, 6, 8]);
    expect(Array.from(red.W.colIdx)).toEqual([0, 1, 0, 1, 2, 3, 2, 3]);
    // one 2x2 band Cholesky (bandwidth 1: 2·2 numbers) and three scalars
    expect(red).toMatchObject({ mBlocks: 4, largestMBlock: 2, cholesky: 4, lu: 0, largestBand: 1, factorNumbers: 7 });
  });

  it('should write sizes of a GB or more in GB, with a suggested budget of twice the estimate', async () => {
    // 1700 contacts on one velocity: 1700² = 2,890,000 blocks, 1,156,000,000 bytes ≈ 1.08 GB;
    // twice that is 2.15 GB, so the suggestion is 3GB.
    const err = await moreauError(() => reduceGlobal(starOfContacts(1700), 'g.h5', 2 ** 30), 'E_TOO_LARGE');
    expect(err.message).toContain('up to 2,890,000 blocks of 3x3, about 1.1 GB, more than the memory budget of 1.0 GB.');
    expect(err.message).toContain('(e.g. MOREAU_MAX_MEMORY=3GB)');
  });

  it('should write sizes from 1 MB to 1 GB in MB', async () => {
    // 100 contacts on one velocity: 10,000 blocks, 4,000,000 bytes ≈ 3.81 MB.
    const err = await moreauError(() => reduceGlobal(starOfContacts(100), 'g.h5', 2 ** 20), 'E_TOO_LARGE');
    expect(err.message).toContain('up to 10,000 blocks of 3x3, about 3.8 MB, more than the memory budget of 1.0 MB.');
  });
});

describe('reduceGlobal choosing and refusing factors of M', () => {
  // A full block of 10: its graph is complete, so the bandwidth is 9 in any order: a band
  // factor takes 16 · 10 · 10 = 1,600 bytes, a dense LU 8 · 10² = 800.
  const spd = oneBlock(10, (i, j) => (i === j ? 10 : 1), 'full');
  const nonsymmetric = oneBlock(10, (i, j) => (i === j ? 10 : i < j ? 1 : 0.5), 'full');

  it('should take the band Cholesky of an SPD block when its band fits the budget', () => {
    expect(reduceGlobal(spd, 'g.h5', 1600)).toMatchObject({ cholesky: 2, lu: 0, largestBand: 9, factorNumbers: 101 });
  });

  it('should fall back to dense LU for an SPD block whose band is over the budget but whose LU fits', () => {
    expect(reduceGlobal(spd, 'g.h5', 1599)).toMatchObject({ cholesky: 1, lu: 1, largestBand: 0, factorNumbers: 101 });
    expect(reduceGlobal(spd, 'g.h5', 800)).toMatchObject({ cholesky: 1, lu: 1 });
  });

  it('should refuse a dense LU over the budget, saying its size', async () => {
    expect(reduceGlobal(nonsymmetric, 'g.h5', 800)).toMatchObject({ cholesky: 1, lu: 1, factorNumbers: 101 });
    const err = await moreauError(() => reduceGlobal(nonsymmetric, 'g.h5', 799), 'E_TOO_LARGE');
    expect(err.where).toEqual({ file: 'g.h5', place: '/fclib_global/M' });
    expect(err.message).toContain("g.h5: the dense LU of M's block of 10 velocities from 1 needs 100 numbers, about 800 bytes, more than the memory budget of 799 bytes.");
  });

  it('should refuse the band of a block larger than the dense limit when it is over the budget', async () => {
    // tridiag(−1, 2, −1) of MAX_DENSE_BLOCK + 1 = 3001: a path, bandwidth 1, band factor of
    // 3001 · 2 = 6,002 numbers stored twice: 96,032 bytes.
    const s = MAX_DENSE_BLOCK + 1;
    const g = oneBlock(s, (i, j) => (i === j ? 2 : -1), 'tridiagonal');
    const err = await moreauError(() => reduceGlobal(g, 'g.h5', 96_031), 'E_TOO_LARGE');
    expect(err.where).toEqual({ file: 'g.h5', place: '/fclib_global/M' });
    expect(err.message).toContain(
      'g.h5: M couples 3001 velocities in one block (from 1) of band 1 after reordering; its band factor needs 6,002 numbers twice, '
      + 'about 96,032 bytes, more than the memory budget of 96,031 bytes.',
    );
    const red = reduceGlobal(g, 'g.h5', 96_032);
    expect(red).toMatchObject({ cholesky: 2, lu: 0, largestBand: 1, factorNumbers: 6003, largestMBlock: s });
    // (tridiag(−1, 2, −1) of n)⁻¹ has (1, 1) entry n / (n + 1); H picks it and the scalar 1.
    const W = red.W.toDense();
    expect(W[0]).toBeCloseTo(s / (s + 1), 12);
    expect(W[4]).toBe(1);
  });

  it("should refuse the band of a block larger than the dense limit when its work is over the limit's", async () => {
    // A star: velocity 1 coupled to 4799 others. Any order puts half of them at least (s−1)/2
    // positions from the centre, so the band is that wide and s (b+1)² ≥ 4800 · 2400.5² > MAX_DENSE_BLOCK³,
    // while 16 s (b+1) bytes stay under 1 GB.
    const s = 4800;
    const M = new ScalarEntries();
    M.push(0, 0, 1);
    M.push(1, 1, s);
    for (let i = 2; i <= s; i++) { M.push(i, i, 2); M.push(1, i, -1); M.push(i, 1, -1); }
    const g = { nv: s + 1, nr: 3, M, H: entries([[1, 0, 1]]), f: new Float64Array(s + 1), w: new Float64Array(3) };
    const err = await moreauError(() => reduceGlobal(g, 'g.h5', 2 ** 30), 'E_TOO_LARGE');
    expect(err.where).toEqual({ file: 'g.h5', place: '/fclib_global/M' });
    const m = /^g\.h5: M couples 4800 velocities in one block \(from 1\) of band (\d+) after reordering; its band factor needs ([\d,]+) numbers twice and about (\S+) operations, more than a dense block of 3000 \(the limit of the reduction's work\), so this global problem cannot be reduced\.$/.exec(err.message);
    expect(m, err.message).not.toBeNull();
    const b = Number(m![1]);
    expect(b).toBeGreaterThanOrEqual((s - 1) / 2);
    expect(Number(m![2].replaceAll(',', ''))).toBe(s * (b + 1));
    expect(m![3]).toBe(((s * b * b) / 2).toExponential(1));
    expect(s * (b + 1) * (b + 1)).toBeGreaterThan(MAX_DENSE_BLOCK ** 3);
    // the work limit holds with the band's bytes exactly at the budget; one byte less, the bytes are named
    const bandBytes = 16 * s * (b + 1);
    const atBudget = await moreauError(() => reduceGlobal(g, 'g.h5', bandBytes), 'E_TOO_LARGE');
    expect(atBudget.message).toContain('operations, more than a dense block of 3000');
    const under = await moreauError(() => reduceGlobal(g, 'g.h5', bandBytes - 1), 'E_TOO_LARGE');
    expect(under.message).toContain('numbers twice, about ');
    expect(under.message).toContain('more than the memory budget of');
    expect(under.message).not.toContain('operations');
  });

  it('should name the dense limit when refusing a larger block that is not SPD', async () => {
    const g = oneBlock(MAX_DENSE_BLOCK + 1, (i, j) => (i === j ? 2 : i > j ? -1 : -2), 'tridiagonal');
    const err = await moreauError(() => reduceGlobal(g, 'g.h5', 2 ** 30), 'E_TOO_LARGE');
    expect(err.where).toEqual({ file: 'g.h5', place: '/fclib_global/M' });
    expect(err.message).toBe(
      'g.h5: M couples 3001 velocities in one block (from 1) that is not symmetric positive definite with a narrow band; '
      + 'dense LU is limited to blocks of 3000, so this global problem cannot be reduced.',
    );
  });
});
