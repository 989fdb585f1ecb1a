import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFormatError, fixture, moreauError, sameBits, tempDir } from '../../test/io-helpers.js';
import { parseProblemJson, formatProblemJson, problemJsonSchema, validDocument, writeProblemJson } from './problem-json.js';
import { readProblem } from './read-problem.js';

let dir = '';
let cleanup: () => Promise<void> = async () => undefined;
beforeAll(async () => ({ dir, cleanup } = await tempDir()));
afterAll(() => cleanup());

// The worked example of FORMATS.md §2.7, by blocks and dense.
const BLOCKS = {
  format: 'moreau-problem',
  version: 1,
  contacts: 2,
  W: {
    blocks: [
      { row: 0, col: 0, values: [2, 0, 0, 0, 1, 0, 0, 0, 1] },
      { row: 0, col: 1, values: [0.5, 0.25, 0, 0, 0, 0, 0, 0, 0] },
      { row: 1, col: 0, values: [0.5, 0, 0, 0.25, 0, 0, 0, 0, 0] },
      { row: 1, col: 1, values: [4, 0, 0, 0, 2, 0, 0, 0, 2] },
    ],
  },
  q: [-1, 0, 0, -2, 0.1, 0],
  mu: [0.3, 0.5],
};
const DENSE = {
  ...BLOCKS,
  W: {
    dense: [
      [2, 0, 0, 0.5, 0.25, 0],
      [0, 1, 0, 0, 0, 0],
      [0, 0, 1, 0, 0, 0],
      [0.5, 0, 0, 4, 0, 0],
      [0.25, 0, 0, 0, 2, 0],
      [0, 0, 0, 0, 0, 2],
    ],
  },
};

const parse = (doc: unknown) => parseProblemJson(JSON.stringify(doc), 'p.json', 'p.json');

describe('parseProblemJson', () => {
  it('should read W given by blocks and dense to the same problem', () => {
    const a = parse(BLOCKS), b = parse(DENSE);
    expect(a.storage).toBe('json-blocks');
    expect(b.storage).toBe('json-dense');
    expect(Array.from(a.problem.W.toDense())).toEqual(DENSE.W.dense.flat());
    expect(sameBits(a.problem.W.values, b.problem.W.values)).toBe(true);
    expect(Array.from(a.problem.q)).toEqual(BLOCKS.q);
  });

  it('should add missing diagonal blocks as zeros', () => {
    const doc = { ...BLOCKS, W: { blocks: [BLOCKS.W.blocks[0]] } };
    expect(Array.from(parse(doc).problem.W.colIdx)).toEqual([0, 1]);
  });

  it('should carry info and solution', () => {
    const j = parse({ ...BLOCKS, info: { title: 'two contacts' }, solution: { r: [0, 0, 0, 0, 0, 0], u: BLOCKS.q } });
    expect(j.info).toEqual({ title: 'two contacts' });
    expect(Array.from(j.solution!.u)).toEqual(BLOCKS.q);
  });
});

describe('parseProblemJson on bad files', () => {
  const bad = (doc: unknown, place: RegExp) => expectFormatError(() => parse(doc), 'p.json', place);
  it('should refuse a syntax error', () => expectFormatError(() => parseProblemJson('{"format": ', 'p.json', 'p'), 'p.json', /JSON syntax/));
  it('should refuse another format tag or version', async () => {
    await bad({ ...BLOCKS, format: 'other' }, /^format$/);
    await bad({ ...BLOCKS, version: 2 }, /^version$/);
  });
  it('should refuse unknown keys', () => bad({ ...BLOCKS, extra: 1 }, /top level/));
  it('should refuse q and mu of the wrong length', async () => {
    await bad({ ...BLOCKS, q: [1, 2] }, /^q$/);
    await bad({ ...BLOCKS, mu: [0.3] }, /^mu$/);
  });
  it('should refuse a negative mu', () => bad({ ...BLOCKS, mu: [0.3, -1] }, /^mu\[1\]$/));
  it('should refuse a block with 8 values, out of range, or given twice', async () => {
    await bad({ ...BLOCKS, W: { blocks: [{ row: 0, col: 0, values: [1, 2, 3, 4, 5, 6, 7, 8] }] } }, /^W\.blocks\[0\]\.values$/);
    await bad({ ...BLOCKS, W: { blocks: [{ row: 2, col: 0, values: new Array(9).fill(1) }] } }, /^W\.blocks\[0\]$/);
    await bad({ ...BLOCKS, W: { blocks: [BLOCKS.W.blocks[1], BLOCKS.W.blocks[1]] } }, /^W\.blocks\[1\]$/);
  });
  it('should refuse a dense W of the wrong size', async () => {
    await bad({ ...DENSE, W: { dense: DENSE.W.dense.slice(1) } }, /^W\.dense$/);
    await bad({ ...DENSE, W: { dense: [...DENSE.W.dense.slice(1), [1, 2]] } }, /^W\.dense\[5\]$/);
  });
  it('should refuse both or neither of dense and blocks', async () => {
    await bad({ ...BLOCKS, W: { ...BLOCKS.W, dense: DENSE.W.dense } }, /^W$/);
    await bad({ ...BLOCKS, W: {} }, /^W$/);
  });
  it('should refuse a non-number', () => bad({ ...BLOCKS, q: [1, 2, 3, 4, 5, '6'] }, /^q\[5\]$/));
  it('should refuse a solution of the wrong length', () => bad({ ...BLOCKS, solution: { r: [0], u: BLOCKS.q } }, /^solution\.r$/));
});

describe('parseProblemJson messages', () => {
  const message = async (doc: unknown) => (await moreauError(() => parse(doc))).message;

  it("should give the first schema issue in zod's words and count the others", async () => {
    expect(await message({ ...BLOCKS, version: 2 })).toBe('p.json (version): Invalid input: expected 1');
    expect(await message({ ...BLOCKS, version: 2, q: 'x', mu: 'y' })).toBe('p.json (version): Invalid input: expected 1 (and 2 more issue(s))');
  });

  it('should say the length found and the length expected', async () => {
    expect(await message({ ...BLOCKS, q: [1, 2] })).toBe('p.json (q): has 2 numbers, expected 6 for 2 contact(s)');
    expect(await message({ ...BLOCKS, W: {} })).toBe('p.json (W): give exactly one of "dense" and "blocks"');
    expect(await message({ ...DENSE, W: { dense: DENSE.W.dense.slice(1) } })).toBe('p.json (W.dense): has 5 rows, expected 6');
    expect(await message({ ...DENSE, W: { dense: [...DENSE.W.dense.slice(1), [1, 2]] } })).toBe('p.json (W.dense[5]): has 2 numbers, expected 6');
    await expectFormatError(() => parse({ ...BLOCKS, solution: { r: BLOCKS.q, u: [0] } }), 'p.json', /^solution\.u$/);
  });

  it('should refuse a block column out of range, and name a block given twice', async () => {
    const block = (row: number, col: number) => ({ row, col, values: new Array(9).fill(1) });
    expect(await message({ ...BLOCKS, W: { blocks: [block(0, 2)] } })).toBe('p.json (W.blocks[0]): block (0, 2) is outside 0..1');
    expect(await message({ ...BLOCKS, W: { blocks: [block(1, 0), block(0, 1), block(1, 0)] } })).toBe('p.json (W.blocks[2]): block (1, 0) is given twice');
    // The first repeat in file order, though a later row's repeat is met first row by row
    const twice = [block(1, 1), block(0, 0), block(1, 1), block(0, 0), block(1, 1)];
    expect(await message({ ...BLOCKS, W: { blocks: twice } })).toBe('p.json (W.blocks[2]): block (1, 1) is given twice');
    const later = [block(1, 1), block(0, 0), block(0, 0), block(1, 1)];
    expect(await message({ ...BLOCKS, W: { blocks: later } })).toBe('p.json (W.blocks[2]): block (0, 0) is given twice');
  });

  it('should accept exactly what the schema accepts, with the schema\'s words for what it refuses', async () => {
    // The large arrays are checked in place (the schema's copy of a 10⁶-contact file was most of
    // its reading time); anything they would refuse is handed to the schema for its message.
    const b = BLOCKS.W.blocks[0];
    const refused: [unknown, string][] = [
      [{ ...BLOCKS, W: { blocks: [{ ...b, values: b.values.slice(1) }] } }, 'W.blocks[0].values'],
      [{ ...BLOCKS, W: { blocks: [{ ...b, extra: 1 }] } }, 'W.blocks[0]'],
      [{ ...BLOCKS, W: { blocks: [{ ...b, row: 0.5 }] } }, 'W.blocks[0].row'],
      [{ ...BLOCKS, W: { blocks: [{ ...b, col: -1 }] } }, 'W.blocks[0].col'],
      [{ ...BLOCKS, W: { blocks: [b], extra: [] } }, 'W'],
      [{ ...BLOCKS, W: { blocks: 'x' } }, 'W.blocks'],
      [{ ...BLOCKS, W: { blocks: [null] } }, 'W.blocks[0]'],
      [{ ...BLOCKS, q: [1, '2', 3, 4, 5, 6] }, 'q[1]'],
      [{ ...BLOCKS, mu: [0.3, -0.1] }, 'mu[1]'],
      [{ ...DENSE, W: { dense: [[1, 'x']] } }, 'W.dense[0][1]'],
      [{ ...BLOCKS, solution: { r: BLOCKS.q, u: BLOCKS.q, v: [] } }, 'solution'],
      [{ ...BLOCKS, solution: { r: BLOCKS.q, u: ['a'] } }, 'solution.u[0]'],
      [{ ...BLOCKS, info: { title: 3 } }, 'info.title'],
      [{ ...BLOCKS, extra: true }, 'top level'],
    ];
    for (const [doc, place] of refused) {
      expect(problemJsonSchema.safeParse(doc).success).toBe(false);
      expect(validDocument(JSON.parse(JSON.stringify(doc)))).toBeUndefined();
      expect(await message(doc)).toMatch(new RegExp(`^p\\.json \\(${place.replace(/[.[\]]/g, '\\$&')}\\): `));
    }
    // And a document with every optional part parses to the same problem as before, checked in
    // place: the document itself comes back (no copy), for blocks and for a dense W
    const full = { ...BLOCKS, info: { title: 't' }, solution: { r: BLOCKS.q, u: BLOCKS.q } };
    expect(problemJsonSchema.safeParse(full).success).toBe(true);
    for (const doc of [full, BLOCKS, DENSE, { ...DENSE, mu: [0, 0] }]) expect(validDocument(doc)).toBe(doc);
    for (const odd of [null, [], 'x', { ...BLOCKS, W: null }, { ...BLOCKS, W: [] }, { ...BLOCKS, solution: null }, { ...BLOCKS, solution: [] },
      { ...BLOCKS, W: { blocks: [[1]] } }, { ...BLOCKS, W: { blocks: [{ row: 0, col: 0 }] } }, { ...BLOCKS, W: { dense: 'x' } },
      { ...BLOCKS, W: { dense: [1] } }, { ...BLOCKS, mu: 'x' }, { ...BLOCKS, q: 'x' }, { ...BLOCKS, solution: { r: BLOCKS.q } },
      { ...BLOCKS, solution: { r: 'x', u: BLOCKS.q } }, { ...BLOCKS, format: 'x' }]) {
      expect(validDocument(odd)).toBeUndefined();
    }
    const p = parse(full);
    expect(Array.from(p.problem.q)).toEqual(BLOCKS.q);
    expect(p.info).toEqual({ title: 't' });
  });

  it('should keep zeros of a dense W out of the matrix, so zero blocks off the diagonal are not stored', () => {
    const dense = DENSE.W.dense.map((row, r) => row.map((v, c) => (Math.floor(r / 3) === Math.floor(c / 3) ? v : 0)));
    const W = parse({ ...DENSE, W: { dense } }).problem.W;
    expect(Array.from(W.rowPtr)).toEqual([0, 1, 2]);
    expect(Array.from(W.colIdx)).toEqual([0, 1]);
  });

  it('should leave out info and solution when the file has none', () => {
    const j = parse(BLOCKS);
    expect('info' in j).toBe(false);
    expect('solution' in j).toBe(false);
  });
});

describe('formatProblemJson layout', () => {
  it('should write one block per line', () => {
    const lines = formatProblemJson(parse(BLOCKS).problem).split('\n');
    expect(lines).toContain('    { "row": 0, "col": 1, "values": [0.5, 0.25, 0, 0, 0, 0, 0, 0, 0] },');
    expect(lines[lines.length - 2]).toBe('}');
  });

  it('should name the solution when refusing one of the wrong length', async () => {
    const a = parse(BLOCKS).problem;
    const err = await moreauError(() => formatProblemJson(a, { solution: { r: new Float64Array(6), u: new Float64Array(5) } }), 'E_PROBLEM_SHAPE');
    expect(err.where?.place).toBe('solution.u');
  });
});

describe('writeProblemJson', () => {
  for (const name of ['Rover1040.dat', 'FC3D_Example1_SBM.dat', 'OneObject-i1028-138.hdf5.dat']) {
    it(`should round-trip ${name} through JSON to the same arrays`, async () => {
      const a = await readProblem(fixture(name));
      const path = join(dir, `${name}.json`);
      await writeProblemJson(path, a.problem, { info: { title: name } });
      const b = await readProblem(path);
      expect(b).toMatchObject({ format: 'json', kind: 'local', storage: 'json-blocks', info: { title: name } });
      // JSON has no -0, so compare values (a -0 reads back as 0)
      expect(Array.from(b.problem.W.values)).toEqual(Array.from(a.problem.W.values));
      expect(Array.from(b.problem.W.colIdx)).toEqual(Array.from(a.problem.W.colIdx));
      expect(Array.from(b.problem.W.rowPtr)).toEqual(Array.from(a.problem.W.rowPtr));
      expect(Array.from(b.problem.q)).toEqual(Array.from(a.problem.q));
      expect(Array.from(b.problem.mu)).toEqual(Array.from(a.problem.mu));
    });
  }

  it('should write dense W on request, and a solution', async () => {
    const a = parse(BLOCKS).problem;
    const text = formatProblemJson(a, { dense: true, solution: { r: new Float64Array(6), u: a.q } });
    const b = parseProblemJson(text, 'x.json', 'x.json');
    expect(b.storage).toBe('json-dense');
    expect(Array.from(b.problem.W.toDense())).toEqual(DENSE.W.dense.flat());
    expect(Array.from(b.solution!.u)).toEqual(BLOCKS.q);
  });

  it('should refuse a non-finite solution without touching the target file', async () => {
    const a = parse(BLOCKS).problem;
    const path = join(dir, 'keep.json');
    await writeFile(path, 'old');
    await moreauError(() => writeProblemJson(path, a, { solution: { r: Float64Array.of(0, 0, 0, 0, NaN, 0), u: a.q } }), 'E_NOT_FINITE');
    await moreauError(() => writeProblemJson(path, a, { solution: { r: new Float64Array(3), u: a.q } }), 'E_PROBLEM_SHAPE');
    expect(await readFile(path, 'utf8')).toBe('old');
  });
});
