import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectFormatError, fixture, fixtureDir, moreauError, sameBits } from '../../test/io-helpers.js';
import { parseSiconosDat } from './siconos-dat.js';

// FORMATS.md §2.7: two contacts, sparse-block storage (annotations removed).
const SBM = `3
2
1
6
6
4
2
2
3 6
3 6
3
4
0 2 4
0 1 0 1
0
2 0 0 0 1 0 0 0 1
1
0.5 0 0 0.25 0 0 0 0 0
2
0.5 0.25 0 0 0 0 0 0 0
3
4 0 0 0 2 0 0 0 2
-1 0 0 -2 0.1 0
0.3 0.5
`;

// The same problem with dense storage: the 36 entries column by column.
const DENSE = `3 2 0 6 6 6 6
2 0 0 0.5 0.25 0
0 1 0 0 0 0
0 0 1 0 0 0
0.5 0 0 4 0 0
0.25 0 0 0 2 0
0 0 0 0 0 2
-1 0 0 -2 0.1 0
0.3 0.5`;

const W_EXPECTED = [
  [2, 0, 0, 0.5, 0.25, 0],
  [0, 1, 0, 0, 0, 0],
  [0, 0, 1, 0, 0, 0],
  [0.5, 0, 0, 4, 0, 0],
  [0.25, 0, 0, 0, 2, 0],
  [0, 0, 0, 0, 0, 2],
];

const FILE = 'example.dat';
const parse = (text: string) => parseSiconosDat(text, FILE, 'example.dat');

describe('parseSiconosDat', () => {
  it('should read the worked example in sparse-block storage', () => {
    const { problem, storage, trailingFlag } = parse(SBM);
    expect(storage).toBe('sparse-block');
    expect(trailingFlag).toBeUndefined();
    expect(problem.contacts).toBe(2);
    expect(Array.from(problem.W.toDense())).toEqual(W_EXPECTED.flat());
    expect(Array.from(problem.q)).toEqual([-1, 0, 0, -2, 0.1, 0]);
    expect(Array.from(problem.mu)).toEqual([0.3, 0.5]);
    expect(problem.name).toBe('example.dat');
  });

  it('should read the worked example in dense storage to the same arrays', () => {
    const a = parse(SBM).problem, b = parse(DENSE);
    expect(b.storage).toBe('dense');
    expect(sameBits(a.W.values, b.problem.W.values)).toBe(true);
    expect(Array.from(a.W.rowPtr)).toEqual(Array.from(b.problem.W.rowPtr));
    expect(Array.from(a.W.colIdx)).toEqual(Array.from(b.problem.W.colIdx));
    expect(sameBits(a.q, b.problem.q) && sameBits(a.mu, b.problem.mu)).toBe(true);
  });

  it('should transpose column-major blocks into row-major blocks', () => {
    // one contact, block entries 1..9 listed column-major: W[r][c] = 1 + r + 3c
    const text = '3 1 1 3 3 1 1 1 3 3 2 1 0 1 0 0 1 2 3 4 5 6 7 8 9 0 0 -1 0.5';
    const { problem } = parse(text);
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) expect(problem.W.get(r, c)).toBe(1 + r + 3 * c);
    const dense = parse('3 1 0 3 3 3 3 1 2 3 4 5 6 7 8 9 0 0 -1 0.5').problem;
    expect(Array.from(dense.W.values)).toEqual(Array.from(problem.W.values));
  });

  it('should keep zero diagonal blocks and drop all-zero off-diagonal blocks', () => {
    // block (0,1) stored but zero; block (1,1) stored and zero
    const text = SBM.replace('0.5 0 0 0.25 0 0 0 0 0', '0 0 0 0 0 0 0 0 0').replace('4 0 0 0 2 0 0 0 2', '0 0 0 0 0 0 0 0 0');
    const { problem } = parse(text);
    expect(Array.from(problem.W.colIdx)).toEqual([0, 0, 1]);
    expect(problem.W.get(3, 3)).toBe(0);
  });

  it('should accept the legacy trailing integer flag and report it', () => {
    expect(parse(`${SBM} 1\n`).trailingFlag).toBe(1);
    expect(parse(`${DENSE}\n0`).trailingFlag).toBe(0);
  });

  it('should accept any whitespace between tokens', () => {
    const squeezed = SBM.replace(/\n/g, '\t \r\n\n');
    expect(Array.from(parse(squeezed).problem.W.toDense())).toEqual(W_EXPECTED.flat());
  });
});

describe('parseSiconosDat on bad files', () => {
  const bad = (text: string, place: RegExp) => expectFormatError(() => parse(text), FILE, place);

  it('should refuse more than one token after mu (a global file read as local)', async () => {
    await bad(`${SBM} 1 2`, /line \d+, token \d+/);
  });

  it('should refuse a non-integer trailing token', async () => {
    await bad(`${SBM} 0.5`, /line/);
  });

  it('should refuse a truncated file at every cut', async () => {
    const tokens = SBM.trim().split(/\s+/);
    for (let keep = 0; keep < tokens.length; keep++) {
      // found at the end, or earlier when a count cannot fit in what is left
      await bad(tokens.slice(0, keep).join(' '), /token \d+/);
    }
  });

  it('should refuse W sizes that do not match nc', async () => {
    await bad(SBM.replace('1\n6\n6', '1\n6\n9'), /line 5/);
  });

  it('should refuse a dense W whose repeated size differs', async () => {
    await bad(DENSE.replace('6 6 6 6', '6 6 6 5'), /line 1, token 7/);
  });

  it('should refuse a block column index out of range', async () => {
    await bad(SBM.replace('0 1 0 1', '0 1 0 2'), /line 14/);
  });

  it('should refuse a wrong block number', async () => {
    await bad(SBM.replace('\n2\n0.5 0.25', '\n3\n0.5 0.25'), /line 19/);
  });

  it('should refuse a block-row pointer array that does not end at nbblocks', async () => {
    await bad(SBM.replace('0 2 4', '0 2 3'), /line 13/);
  });

  it('should refuse NaN and infinite values', async () => {
    await bad(SBM.replace('0.5 0.25 0', 'nan 0.25 0'), /line 20/);
    await bad(SBM.replace('-1 0 0 -2', '-1 inf 0 -2'), /line 23/);
    await bad(SBM.replace('-1 0 0 -2', '-1 1e999 0 -2'), /line 23/);
  });

  it('should refuse a negative friction coefficient', async () => {
    await bad(SBM.replace('0.3 0.5', '0.3 -0.5'), /line 24, token 69/);
  });

  it('should refuse a token that is not a number', async () => {
    await bad(SBM.replace('0.3 0.5', '0.3 abc'), /line 24/);
    await bad(SBM.replace('0.3 0.5', '0.3 0x1p3'), /line 24/);
  });

  it('should refuse 2D problems, bad dimensions and zero contacts', async () => {
    await bad(SBM.replace(/^3/, '2'), /line 1, token 1/);
    await bad(SBM.replace(/^3/, '4'), /line 1, token 1/);
    await bad('3 0 0 0 0 0 0', /line 1, token 2/);
  });

  it('should refuse CSparse (storage 2) and unknown storage types', async () => {
    await bad(SBM.replace('2\n1\n6', '2\n2\n6'), /line 3, token 3/);
    await bad(SBM.replace('2\n1\n6', '2\n7\n6'), /line 3, token 3/);
  });

  it('should refuse an all-zero sparse-block matrix (nbblocks = 0)', async () => {
    await bad('3 1 1 3 3 0 0 0 0 0 1', /token 6/);
  });

  it('should refuse a huge contact count without allocating for it', async () => {
    await bad('3 700000000 0 2100000000 2100000000 2100000000 2100000000 1 2 3', /token 7/);
    await bad('3 100000 1 300000 300000 100000 100000 100000', /token 6/);
    await bad('3 700000000 1 2100000000 2100000000 5 2000000000 2000000000 1 2 3', /token 8/);
    // a consistent header whose two blocks claim 300000² values, in a file of twenty tokens
    await bad('3 100000 1 300000 300000 2 2 1 150000 300000 300000 3 2 0 1 2 0 0 0 1', /token 18/);
  });
});

describe('parseSiconosDat on files cut inside the last mu', () => {
  const files = readdirSync(fixtureDir).filter((f) => f.endsWith('.dat')).sort();

  /** [start, end) of the last mu in the text: the last token, or the one before the flag. */
  function lastMuSpan(text: string, hasFlag: boolean): [number, number] {
    const spans = [...text.matchAll(/\S+/g)].map((m) => [m.index, m.index + m[0].length] as [number, number]);
    return spans[spans.length - (hasFlag ? 2 : 1)];
  }

  it('should have the five example .dat files, which all parse intact', () => {
    expect(files).toEqual(['FC3D_Example1_SBM.dat', 'FrictionContact3D_1c.dat', 'OneObject-i1028-138.hdf5.dat', 'Rover1040.dat', 'Rover4516.dat']);
    for (const f of files) expect(parseSiconosDat(readFileSync(fixture(f), 'latin1'), f, f).problem.contacts).toBeGreaterThan(0);
  });

  for (const f of files) {
    it(`should refuse ${f} cut at every offset inside its last mu, naming the line`, async () => {
      const text = readFileSync(fixture(f), 'latin1');
      const { problem, trailingFlag } = parseSiconosDat(text, f, f);
      const [start, end] = lastMuSpan(text, trailingFlag !== undefined);
      const line = text.slice(0, start).split('\n').length;
      expect(Number(text.slice(start, end))).toBe(problem.mu[problem.contacts - 1]);
      for (let cut = start + 1; cut < end; cut++) {
        const err = await expectFormatError(() => parseSiconosDat(text.slice(0, cut), f, f), f, new RegExp(`^line ${line}, `));
        expect(err.message).toMatch(/ends inside mu|expected a real number/);
      }
      // Right after mu, before its newline: complete digits, but in a file Siconos wrote nothing
      // tells them from a cut, so it is refused too; the hand-written 1c file ends there intact.
      if (end < text.length) await expectFormatError(() => parseSiconosDat(text.slice(0, end), f, f), f, new RegExp(`^line ${line}, `));
    });
  }

  it('should still read a file ending at whitespace after mu, or with the flag, or plain decimals without a newline', () => {
    expect(parse(`${DENSE}\n`).problem.mu[1]).toBe(0.5);
    expect(parse(`${DENSE} 1`).trailingFlag).toBe(1);
    expect(parse(DENSE).problem.mu[1]).toBe(0.5);
    expect(parse(DENSE.replace('0.3 0.5', '3e-1 5.0e-1\n')).problem.mu[1]).toBe(0.5);
  });

  it('should refuse an unterminated last mu that is a bare integer, ends in a point, or follows exponent numbers', async () => {
    await bad0(DENSE.replace(/0\.5$/, '0'));
    await bad0(DENSE.replace(/0\.5$/, '0.'));
    await bad0(DENSE.replace('0.3 0.5', '3e-1 0.5'));
  });
});

async function bad0(text: string): Promise<void> {
  const err = await expectFormatError(() => parse(text), FILE, /line 9, token 51/);
  expect(err.message).toMatch(/ends inside mu\[1\]/);
}


describe('parseSiconosDat messages', () => {
  // The message tells the user what is wrong (the place is checked above): one case per refusal.
  const cases: [string, string, RegExp][] = [
    ['2D', SBM.replace(/^3/, '2'), /^2D problems \(d = 2\) are not supported yet; only d = 3$/],
    ['d = 4', SBM.replace(/^3/, '4'), /^the dimension d is 4; a FrictionContactProblem file starts with d = 2 or 3$/],
    ['nc = 0', '3 0 0 0 0 0 0', /^the problem has no contacts \(nc = 0\)$/],
    ['CSparse', SBM.replace('2\n1\n6', '2\n2\n6'), /^W uses storage type 2 \(CSparse text\), which is not supported yet; convert/],
    ['storage 7', SBM.replace('2\n1\n6', '2\n7\n6'), /^unknown storage type 7 for W \(0 = dense, 1 = sparse block, 2 = CSparse\)$/],
    ['W size', SBM.replace('1\n6\n6', '1\n6\n9'), /^W is 6x9, but d = 3 and nc = 2 need 6x6$/],
    ['W rows', SBM.replace('1\n6\n6', '1\n9\n6'), /^W is 9x6, but d = 3 and nc = 2 need 6x6$/],
    ['dense size', DENSE.replace('6 6 6 6', '6 6 6 5'), /^dense W repeats its size as 6x5, but the header says 6x6$/],
    ['dense rows', DENSE.replace('6 6 6 6', '6 6 5 6'), /^dense W repeats its size as 5x6, but the header says 6x6$/],
    ['dense short', '3 100000 0 300000 300000 300000 300000 1 2 3', /^the file ends early: dense W needs 90000000000 values$/],
    ['no blocks', '3 1 1 3 3 0 0 0 0 0 1', /^the sparse-block matrix W stores no block; an all-zero W/],
    ['block count', '3 1 1 3 3 99 1 1 3 3', /^the file ends early: 99 blocks cannot fit in what is left$/],
    ['block column', SBM.replace('0 1 0 1', '0 1 0 2'), /^index2_data\[3\] \(block column of block 3\) is 2, outside the allowed range 0\.\.1$/],
    ['block number', SBM.replace('\n2\n0.5 0.25', '\n3\n0.5 0.25'), /^block number 3 found where block 2 was expected$/],
    ['row pointers end', SBM.replace('0 2 4', '0 2 3'), /^index1_data ends at 3, expected nbblocks = 4$/],
    ['row pointers start', SBM.replace('0 2 4', '1 2 4'), /^index1_data\[0\] is 1, expected 0$/],
    ['row pointers decrease', SBM.replace('0 2 4', '0 3 2'), /^index1_data decreases at 2 \(3 > 2\)$/],
    ['block sizes', SBM.replace('3 6\n3 6', '3 3\n3 6'), /^blocksize0 must increase strictly, but blocksize0\[1\] = 3 follows 3$/],
    ['block sizes end', SBM.replace('2\n2\n3 6\n3 6', '2\n1\n3 6\n3').replace('0 2 4', '0 2 4'), /^blocksize1 ends at 3, expected the matrix size 6$/],
    ['values short', '3 100000 1 300000 300000 2 2 1 150000 300000 300000 3 2 0 1 2 0 0 0 1', /^the file ends early: the 2 blocks need 90000000000 values$/],
    ['nan', SBM.replace('0.5 0.25 0', 'nan 0.25 0'), /^entry \(0, 0\) of block 2 is nan: NaN or infinite values are not allowed$/],
    ['word', SBM.replace('0.3 0.5', '0.3 abc'), /^expected a real number for mu\[1\], found "abc"$/],
    ['integer', SBM.replace(/^3/, '3.0'), /^expected an integer for the dimension d, found "3\.0"$/],
    ['negative mu', SBM.replace('0.3 0.5', '0.3 -0.5'), /^mu\[1\] = -0\.5 is negative; friction coefficients must be >= 0$/],
    ['after mu', `${SBM} 1 2`, /^2 unexpected token\(s\) after mu \(line 24, token 69\); a local problem file ends after mu/],
    ['end of file', SBM.replace(/0\.3 0\.5\n$/, '0.3'), /^the file ends early: expected mu\[1\]$/],
    ['q short', DENSE.replace(/-1 0 0 -2 0\.1 0\n0\.3 0\.5$/, '-1 0'), /^the file ends early: q and mu need 8 more numbers$/],
  ];
  for (const [name, text, message] of cases) {
    it(`should explain the refusal: ${name}`, async () => {
      const err = await moreauError(() => parse(text), 'E_FILE_FORMAT');
      // "example.dat (line L, token T): what is wrong"
      expect(err.message.replace(/^example\.dat \([^)]*\): /, '')).toMatch(message);
    });
  }
});

describe('parseSiconosDat trailing flag', () => {
  it('should read a signed or multi-digit flag, and refuse a flag with any other sign', async () => {
    expect(parse(`${SBM} +1\n`).trailingFlag).toBe(1);
    expect(parse(`${SBM} 12\n`).trailingFlag).toBe(12);
    await expectFormatError(() => parse(`${SBM} *1\n`), FILE, /line/);
  });
});
