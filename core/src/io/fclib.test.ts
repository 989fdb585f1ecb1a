import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFormatError, fixture, sameBits, tempDir } from '../../test/io-helpers.js';
import { BLOCK } from '../problem/block-sparse-matrix.js';
import type { FrictionContactProblem } from '../problem/friction-contact-problem.js';
import type { Solution } from '../problem/solution.js';
import { fclibLocalTree, writeFclibLocal } from './fclib-writer.js';
import { withHdf5 } from './hdf5-reader.js';
import { encodeHdf5, h5data } from './hdf5-writer.js';
import type { H5DatasetSpec, H5GroupSpec } from './hdf5-writer.js';
import type { LoadedProblem } from './loaded-problem.js';
import { readProblem } from './read-problem.js';

let dir = '';
let cleanup: () => Promise<void> = async () => undefined;
beforeAll(async () => ({ dir, cleanup } = await tempDir()));
afterAll(() => cleanup());

let counter = 0;
async function writeTree(tree: H5GroupSpec, name = `t${++counter}.hdf5`): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, await encodeHdf5(tree));
  return path;
}

function expectSameProblem(a: FrictionContactProblem, b: FrictionContactProblem): void {
  expect(b.contacts).toBe(a.contacts);
  expect(sameBits(a.W.rowPtr, b.W.rowPtr), 'rowPtr').toBe(true);
  expect(sameBits(a.W.colIdx, b.W.colIdx), 'colIdx').toBe(true);
  expect(sameBits(a.W.values, b.W.values), 'W values').toBe(true);
  expect(sameBits(a.q, b.q), 'q').toBe(true);
  expect(sameBits(a.mu, b.mu), 'mu').toBe(true);
}

/** Same solution and guesses, value by value (bits), in the same order. */
function expectSameHints(a: LoadedProblem, b: LoadedProblem): void {
  const same = (x: Solution | undefined, y: Solution | undefined, what: string) => {
    expect(y === undefined, `${what} present`).toBe(x === undefined);
    if (x && y) {
      expect(sameBits(x.r, y.r), `${what}.r`).toBe(true);
      expect(sameBits(x.u, y.u), `${what}.u`).toBe(true);
    }
  };
  same(a.solution, b.solution, 'solution');
  expect(b.guesses?.length).toBe(a.guesses?.length);
  a.guesses?.forEach((g, k) => same(g, b.guesses?.[k], `guesses[${k}]`));
}

/** A local tree of a real fixture, to mutate. */
async function roverTree(): Promise<{ tree: H5GroupSpec; local: H5GroupSpec; W: H5GroupSpec; loaded: LoadedProblem }> {
  const loaded = await readProblem(fixture('Rover4516.dat'));
  const tree = fclibLocalTree(loaded.problem, { solution: { r: new Float64Array(12), u: loaded.problem.q } });
  const local = tree.fclib_local as H5GroupSpec;
  return { tree, local, W: local.W as H5GroupSpec, loaded };
}

describe('FCLIB local reader', () => {
  it('should read Capsules-i125-1213.hdf5 with its info, solution and guess', async () => {
    const L = await readProblem(fixture('Capsules-i125-1213.hdf5'));
    expect(L).toMatchObject({ format: 'fclib-local', kind: 'local', storage: 'csr' });
    expect(L.problem.contacts).toBe(286);
    expect(L.problem.W.blockCount).toBe(1308);
    expect(L.problem.name).toBe('Capsules-i125-1213.hdf5');
    // first CSR entries of the file: row 0, columns 0 and 105
    expect(L.problem.W.get(0, 0)).toBe(1.8960848564937047);
    expect(L.problem.W.get(0, 105)).toBe(1.0671705359968637);
    expect(L.info?.title).toBe('Capsules');
    expect(L.info?.description?.startsWith('\nCapsules falling on the ground')).toBe(true);
    expect(L.info?.mathInfo).toBe('');
    expect(L.solution?.r.length).toBe(858);
    expect(L.guesses?.length).toBe(1);
    expect(L.guesses?.[0].u.length).toBe(858);
  });

  it('should read W stored as CSC or as triplets (with duplicates) exactly as from CSR', async () => {
    const { tree, W, loaded } = await roverTree();
    const n = 12;
    const p = (W.p as H5DatasetSpec).data as Int32Array, i = (W.i as H5DatasetSpec).data as Int32Array, x = (W.x as H5DatasetSpec).data as Float64Array;
    const rows: number[] = [], cols: number[] = [], vals: number[] = [];
    for (let r = 0; r < n; r++) for (let k = p[r]; k < p[r + 1]; k++) { rows.push(r); cols.push(i[k]); vals.push(x[k]); }
    // CSC: sort the entries by column
    const order = rows.map((_, k) => k).sort((a, b) => cols[a] - cols[b] || rows[a] - rows[b]);
    const cp = new Int32Array(n + 1);
    for (const k of order) cp[cols[k] + 1]++;
    for (let c = 0; c < n; c++) cp[c + 1] += cp[c];
    const csc: H5GroupSpec = {
      m: h5data.int(n), n: h5data.int(n), nz: h5data.int(-1), nzmax: h5data.int(order.length),
      p: h5data.ints(cp), i: h5data.ints(Int32Array.from(order, (k) => rows[k])), x: h5data.reals(Float64Array.from(order, (k) => vals[k])),
    };
    // triplets: every entry split in two halves (i = row, p = column), in reverse order
    const tr: number[][] = [];
    for (let k = rows.length - 1; k >= 0; k--) tr.push([rows[k], cols[k], vals[k] / 2], [rows[k], cols[k], vals[k] / 2]);
    const triplet: H5GroupSpec = {
      m: h5data.int(n), n: h5data.int(n), nz: h5data.int(tr.length), nzmax: h5data.int(tr.length + 7),
      p: h5data.ints(Int32Array.from(tr, (t) => t[1])), i: h5data.ints(Int32Array.from(tr, (t) => t[0])), x: h5data.reals(Float64Array.from(tr, (t) => t[2])),
    };
    for (const [W2, storage] of [[csc, 'csc'], [triplet, 'triplet']] as const) {
      (tree.fclib_local as H5GroupSpec).W = W2;
      const L = await readProblem(await writeTree(tree));
      expect(L.storage).toBe(storage);
      expectSameProblem(loaded.problem, L.problem);
    }
  });

  it('should read a non-ASCII info string as UTF-8', async () => {
    const loaded = await readProblem(fixture('FrictionContact3D_1c.dat'));
    const path = join(dir, 'info.hdf5');
    const info = { title: 'Brémond — µ test', description: 'line 1\nline 2', mathInfo: '' };
    await writeFclibLocal(path, loaded.problem, { info });
    expect((await readProblem(path)).info).toEqual(info);
  });
});

describe('FCLIB global reader', () => {
  it('should reduce Box_Stacks-i0122-82-5.hdf5 to 82 contacts, W = Hᵀ M⁻¹ H, q = Hᵀ M⁻¹ f + w', async () => {
    const L = await readProblem(fixture('Box_Stacks-i0122-82-5.hdf5'));
    expect(L).toMatchObject({ format: 'fclib-global', kind: 'global', storage: 'reduced' });
    expect(L.reduction).toMatchObject({ nv: 450, nr: 246, mEntries: 450, hEntries: 1284, mStorage: 'triplet', hStorage: 'triplet', mBlocks: 450, largestMBlock: 1, cholesky: 450, lu: 0 });
    const P = L.problem;
    expect(P.contacts).toBe(82);
    expect(L.info?.title).toBe('Box_stacks');
    expect(L.solution?.r.length).toBe(246);
    expect(L.guesses?.length).toBe(1);

    // independent reference from the raw datasets: M is diagonal, H triplets (i = row, p = column)
    const raw = await withHdf5(await readFile(fixture('Box_Stacks-i0122-82-5.hdf5')), 'raw', (r) => ({
      m: r.reals('/fclib_global/M/x'), mi: r.ints('/fclib_global/M/i'), mp: r.ints('/fclib_global/M/p'),
      hi: r.ints('/fclib_global/H/i'), hp: r.ints('/fclib_global/H/p'), hx: r.reals('/fclib_global/H/x'),
      f: r.reals('/fclib_global/vectors/f'), w: r.reals('/fclib_global/vectors/w'),
    }));
    expect(Array.from(raw.mi)).toEqual(Array.from(raw.mp));
    const nr = 246, H = new Float64Array(450 * nr), mass = new Float64Array(450);
    raw.mi.forEach((k, t) => (mass[k] += raw.m[t]));
    raw.hi.forEach((k, t) => (H[k * nr + raw.hp[t]] += raw.hx[t]));
    const W = P.W.toDense();
    let err = 0, scale = 0, asym = 0;
    for (let b = 0; b < nr; b++) {
      for (let c = 0; c < nr; c++) {
        let v = 0;
        for (let k = 0; k < 450; k++) v += (H[k * nr + b] * H[k * nr + c]) / mass[k];
        err = Math.max(err, Math.abs(W[b * nr + c] - v));
        scale = Math.max(scale, Math.abs(v));
        asym = Math.max(asym, Math.abs(W[b * nr + c] - W[c * nr + b]));
      }
      let q = raw.w[b];
      for (let k = 0; k < 450; k++) q += (H[k * nr + b] * raw.f[k]) / mass[k];
      expect(Math.abs(P.q[b] - q)).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(q)));
    }
    expect(err / scale).toBeLessThan(1e-13);
    expect(asym / scale).toBeLessThan(1e-13);
    for (let a = 0; a < 82; a++) expect(W[3 * a * nr + 3 * a]).toBeGreaterThan(0);
    expect(Array.from({ length: 82 }, (_, a) => P.q[3 * a]).some((v) => v < 0)).toBe(true);
  });
});

describe('writeFclibLocal', () => {
  const fixtures = ['FrictionContact3D_1c.dat', 'FC3D_Example1_SBM.dat', 'Rover4516.dat', 'Rover1040.dat', 'OneObject-i1028-138.hdf5.dat', 'Capsules-i125-1213.hdf5', 'Box_Stacks-i0122-82-5.hdf5'];
  for (const name of fixtures) {
    it(`should round-trip ${name} to the identical problem, hints and info`, async () => {
      const a = await readProblem(fixture(name));
      const path = join(dir, `${name}.rt.hdf5`);
      await writeFclibLocal(path, a.problem, { info: a.info, solution: a.solution, guesses: a.guesses });
      const b = await readProblem(path);
      expect(b).toMatchObject({ format: 'fclib-local', kind: 'local', storage: 'csr' });
      expectSameProblem(a.problem, b.problem);
      expect(b.info).toEqual(a.info);
      expectSameHints(a, b);
    });
  }

  it('should round-trip a solution and several guesses, each to its own values', async () => {
    const a = await readProblem(fixture('Rover1040.dat'));
    const n = a.problem.size;
    // distinct values everywhere, so a guess written from the wrong source (or slot) cannot match
    const hint = (seed: number): Solution => ({
      r: Float64Array.from({ length: n }, (_, k) => seed + k / 7),
      u: Float64Array.from({ length: n }, (_, k) => -seed - k / 11),
    });
    const written = { ...a, solution: hint(1), guesses: [hint(2), hint(3), hint(4)] };
    const path = join(dir, 'hints.hdf5');
    await writeFclibLocal(path, a.problem, { solution: written.solution, guesses: written.guesses });
    const b = await readProblem(path);
    expectSameProblem(a.problem, b.problem);
    expectSameHints(written, b);
  });

  it('should read a file without an info group as a problem without info (no empty info property)', async () => {
    const a = await readProblem(fixture('Rover1040.dat'));
    const path = join(dir, 'no-info.hdf5');
    await writeFclibLocal(path, a.problem);
    const b = await readProblem(path);
    expect(Object.keys(b)).not.toContain('info');
  });

  it('should store int32 scalars of shape (1,), W as CSR with 9 entries per block, contiguous datasets', async () => {
    const a = await readProblem(fixture('Rover1040.dat'));
    const path = join(dir, 'layout.hdf5');
    await writeFclibLocal(path, a.problem, { info: { title: 'Rover' } });
    const facts = await withHdf5(await readFile(path), path, (r) => ({
      m: r.int('/fclib_local/W/m'), nz: r.int('/fclib_local/W/nz'), nzmax: r.int('/fclib_local/W/nzmax'), spacedim: r.int('/fclib_local/spacedim'),
      p: r.ints('/fclib_local/W/p').length, title: r.text('/fclib_local/info/title'),
    }));
    expect(facts).toEqual({ m: 15, nz: -2, nzmax: BLOCK * a.problem.W.blockCount, spacedim: 3, p: 16, title: 'Rover' });
  });
});

describe('FCLIB reader on bad files', () => {
  async function bad(mutate: (t: { tree: H5GroupSpec; local: H5GroupSpec; W: H5GroupSpec }) => H5GroupSpec | void, place: RegExp) {
    const t = await roverTree();
    const tree = mutate(t) ?? t.tree;
    const path = await writeTree(tree);
    return expectFormatError(() => readProblem(path), path, place);
  }
  const vectors = (local: H5GroupSpec) => local.vectors as H5GroupSpec;

  it('should name a missing dataset', () => bad(({ local }) => void delete vectors(local).q, /^\/fclib_local\/vectors\/q$/));
  it('should name a missing group', () => bad(({ tree }) => ({ solution: tree.solution } as H5GroupSpec), /^\/$/));
  it('should refuse q of the wrong length', () => bad(({ local }) => void (vectors(local).q = h5data.reals(new Float64Array(11))), /vectors\/q$/));
  it('should refuse a negative mu', () => bad(({ local }) => void (vectors(local).mu = h5data.reals(Float64Array.of(0.7, 0.7, -0.1, 0.7))), /vectors\/mu$/));
  it('should refuse NaN in q', () => bad(({ local }) => void (((vectors(local).q as H5DatasetSpec).data as Float64Array)[5] = NaN), /vectors\/q$/));
  it('should refuse Inf in W', () => bad(({ W }) => void (((W.x as H5DatasetSpec).data as Float64Array)[3] = Infinity), /W\/x$/));
  it('should refuse a column index out of range', () => bad(({ W }) => void (((W.i as H5DatasetSpec).data as Int32Array)[7] = 12), /W\/i$/));
  it('should refuse decreasing row pointers', () => bad(({ W }) => void (((W.p as H5DatasetSpec).data as Int32Array)[4] = 1), /W\/p$/));
  it('should refuse row pointers of the wrong length', () => bad(({ W }) => void (W.p = h5data.ints(new Int32Array(5))), /W\/p$/));
  it('should refuse an unknown nz', () => bad(({ W }) => void (W.nz = h5data.int(-3)), /W\/nz$/));
  it('should refuse a non-square W', () => bad(({ W }) => void (W.n = h5data.int(15)), /^\/fclib_local\/W$/));
  it('should refuse a real where an integer belongs', () => bad(({ W }) => void (W.m = h5data.reals(Float64Array.of(12))), /W\/m$/));
  it('should refuse 2D problems', () => bad(({ local }) => void (local.spacedim = h5data.int(2)), /spacedim$/));
  it('should refuse mixed problems (V, R)', () => bad(({ local, W }) => void Object.assign(local, { V: W, R: W }), /\/fclib_local\/V$/));
  it('should refuse a solution of the wrong length', () => bad(({ tree }) => void ((tree.solution as H5GroupSpec).r = h5data.reals(new Float64Array(3))), /^\/solution\/r$/));
  it('should refuse a guess count without its groups', () => bad(({ tree }) => void (tree.guesses = { number_of_guesses: h5data.int(1) }), /^\/guesses\/1$/));
  it('should refuse chunked datasets', () => bad(({ local }) => void (vectors(local).q = { ...h5data.reals(new Float64Array(12)), chunks: [4] }), /vectors\/q$/));
  it('should refuse compressed datasets', () => bad(({ W }) => void (W.x = { ...(W.x as H5DatasetSpec), chunks: [16], compression: 4 }), /W\/x$/));
  it('should refuse rolling friction problems', () => bad(({ local }) => ({ fclib_global_rolling: local }), /fclib_global_rolling$/));

  it('should refuse a global problem with G', () => bad(({ W, local }) => ({ fclib_global: { spacedim: h5data.int(3), M: W, H: W, G: W, vectors: local.vectors } }), /fclib_global\/G$/));

  it('should refuse a global problem whose H rows do not match M', () => bad(({ W }) => {
    const M = { ...W, m: h5data.int(15), n: h5data.int(15), p: h5data.ints(new Int32Array(16)) };
    return { fclib_global: { spacedim: h5data.int(3), M, H: W, vectors: { f: h5data.reals(new Float64Array(15)), w: h5data.reals(new Float64Array(12)), mu: h5data.reals(new Float64Array(4)) } } };
  }, /fclib_global\/H$/));

  // M and H pass through the same CS checks as W: their refusals name their own datasets.
  const globalWith = (M: H5GroupSpec, H: H5GroupSpec) => ({ fclib_global: { spacedim: h5data.int(3), M, H, vectors: { f: h5data.reals(new Float64Array(12)), w: h5data.reals(new Float64Array(12)), mu: h5data.reals(new Float64Array(4)) } } });
  const withInf = (W: H5GroupSpec) => {
    const x = Float64Array.from((W.x as H5DatasetSpec).data as Float64Array);
    x[3] = Infinity;
    return { ...W, x: h5data.reals(x) };
  };
  it('should name M in a refusal of a global problem\'s M entries', () => bad(({ W }) => globalWith(withInf(W), W), /^\/fclib_global\/M\/x$/));
  it('should name H in a refusal of a global problem\'s H entries', () => bad(({ W }) => globalWith(W, withInf(W)), /^\/fclib_global\/H\/x$/));

  it('should refuse a global problem with a singular M', () => bad(({ W }) => {
    const zero = { ...W, x: h5data.reals(new Float64Array(((W.x as H5DatasetSpec).data as Float64Array).length)) };
    return { fclib_global: { spacedim: h5data.int(3), M: zero, H: W, vectors: { f: h5data.reals(new Float64Array(12)), w: h5data.reals(new Float64Array(12)), mu: h5data.reals(new Float64Array(4)) } } };
  }, /fclib_global\/M$/));

  it('should say what is wrong in the refusals the FCLIB reader makes itself', async () => {
    const msg = async (mutate: Parameters<typeof bad>[0], place: RegExp) => (await bad(mutate, place)).message.replace(/^.*? \([^)]*\): /, '');
    expect(await msg(({ local }) => void (vectors(local).mu = h5data.reals(Float64Array.of(0.7, 0.7, -0.1, 0.7))), /vectors\/mu$/))
      .toBe('mu[2] = -0.1 is negative; friction coefficients must be >= 0');
    expect(await msg(({ W }) => void (W.n = h5data.int(15)), /W$/)).toBe('W is 12x15; it must be square');
    expect(await msg(({ local, W }) => void Object.assign(local, { V: W, R: W }), /V$/)).toBe('mixed local problems (with V and R) are not supported');
    expect(await msg(({ local }) => ({ fclib_global_rolling: local }), /rolling$/)).toBe('problems with rolling friction are not supported');
    expect(await msg(({ tree }) => ({ solution: tree.solution } as H5GroupSpec), /^\/$/)).toBe('no FCLIB problem group: expected /fclib_local or /fclib_global');
    expect(await msg(({ W, local }) => ({ fclib_global: { spacedim: h5data.int(3), M: W, H: W, G: W, vectors: local.vectors } }), /G$/))
      .toBe('global problems with equality constraints (G, b) are not supported; only M, H, f, w, mu');
    const globalWith = (M: H5GroupSpec, H: H5GroupSpec, nv: number, nr: number) => ({
      fclib_global: { spacedim: h5data.int(3), M, H, vectors: { f: h5data.reals(new Float64Array(nv)), w: h5data.reals(new Float64Array(nr)), mu: h5data.reals(new Float64Array(nr / 3)) } },
    });
    expect(await msg(({ W }) => globalWith({ ...W, m: h5data.int(15), n: h5data.int(15), p: h5data.ints(new Int32Array(16)) }, W, 15, 12), /H$/))
      .toBe('H has 12 rows, but M has 15');
    expect(await msg(({ W }) => globalWith({ ...W, n: h5data.int(15) }, W, 12, 12), /M$/)).toBe('M is 12x15; it must be square');
  });

  it('should refuse W and H sizes that are not multiples of 3', async () => {
    // a 4x4 W (CSR, diagonal): 4 rows are not whole contacts
    const W4: H5GroupSpec = {
      m: h5data.int(4), n: h5data.int(4), nz: h5data.int(-2), nzmax: h5data.int(4),
      p: h5data.ints(Int32Array.of(0, 1, 2, 3, 4)), i: h5data.ints(Int32Array.of(0, 1, 2, 3)), x: h5data.reals(Float64Array.of(1, 1, 1, 1)),
    };
    const local = await writeTree({ fclib_local: { spacedim: h5data.int(3), W: W4, vectors: { q: h5data.reals(new Float64Array(4)), mu: h5data.reals(new Float64Array(1)) } } });
    const e1 = await expectFormatError(() => readProblem(local), local, /^\/fclib_local\/W$/);
    expect(e1.message).toContain('W has 4 rows, not a multiple of spacedim = 3');
    const global = await writeTree({ fclib_global: { spacedim: h5data.int(3), M: W4, H: W4, vectors: { f: h5data.reals(new Float64Array(4)), w: h5data.reals(new Float64Array(4)), mu: h5data.reals(new Float64Array(1)) } } });
    const e2 = await expectFormatError(() => readProblem(global), global, /^\/fclib_global\/H$/);
    expect(e2.message).toContain('H has 4 columns, not a multiple of spacedim = 3');
  });

  it('should refuse a truncated HDF5 file', async () => {
    const bytes = await readFile(fixture('Capsules-i125-1213.hdf5'));
    const path = join(dir, 'truncated.hdf5');
    await writeFile(path, bytes.subarray(0, 100_000));
    await expectFormatError(() => readProblem(path), path, /HDF5/);
  });

  it('should refuse a .hdf5 file without the HDF5 signature', async () => {
    const path = join(dir, 'text.hdf5');
    await writeFile(path, '3 1 0 3 3 3 3 1 0 0 0 1 0 0 0 1 -1 0 0 0.5');
    await expectFormatError(() => readProblem(path), path, /HDF5 signature/);
  });
});

describe('fclibLocalTree', () => {
  // One contact, W with distinct entries 1..9 (row-major): the CSR rows must list them in order.
  async function oneContact(): Promise<FrictionContactProblem> {
    const path = join(dir, 'one.dat');
    await writeFile(path, '3 1 0 3 3 3 3 1 4 7 2 5 8 3 6 9 -1 0.5 0 0.3\n');
    return (await readProblem(path)).problem;
  }
  const data = (g: H5GroupSpec, key: string) => Array.from((g[key] as H5DatasetSpec).data as ArrayLike<number>);

  it('should write W row by row, each entry with its column, and q, mu as given', async () => {
    const tree = fclibLocalTree(await oneContact());
    const local = tree.fclib_local as H5GroupSpec, W = local.W as H5GroupSpec;
    expect(data(W, 'p')).toEqual([0, 3, 6, 9]);
    expect(data(W, 'i')).toEqual([0, 1, 2, 0, 1, 2, 0, 1, 2]);
    expect(data(W, 'x')).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect([data(W, 'm'), data(W, 'n'), data(W, 'nz'), data(W, 'nzmax')]).toEqual([[3], [3], [-2], [9]]);
    expect(data(local.vectors as H5GroupSpec, 'q')).toEqual([-1, 0.5, 0]);
    expect(data(local.vectors as H5GroupSpec, 'mu')).toEqual([0.3]);
    expect(Object.keys(tree)).toEqual(['fclib_local']);
    expect(local).not.toHaveProperty('info');
  });

  it('should write only the info fields given, no guesses group for an empty list, and refuse a bad guess by its index', async () => {
    const p = await oneContact();
    const info = (tree: H5GroupSpec) => Object.keys((tree.fclib_local as H5GroupSpec).info as H5GroupSpec).sort();
    expect(info(fclibLocalTree(p, { info: { description: 'd' } }))).toEqual(['description']);
    expect(info(fclibLocalTree(p, { info: { mathInfo: 'm', title: 't' } }))).toEqual(['math_info', 'title']);
    expect(fclibLocalTree(p, { guesses: [] })).not.toHaveProperty('guesses');
    const good = { r: new Float64Array(3), u: new Float64Array(3) };
    expect(() => fclibLocalTree(p, { guesses: [good, { r: new Float64Array(2), u: new Float64Array(3) }] })).toThrow(/guesses\[1\]/);
    expect(() => fclibLocalTree(p, { solution: { r: new Float64Array(3), u: new Float64Array(2) } })).toThrow(/solution/);
    expect(() => fclibLocalTree({} as FrictionContactProblem)).toThrow(expect.objectContaining({ code: 'E_PROBLEM_SHAPE', message: 'writeFclibLocal needs a FrictionContactProblem' }));
  });
});
