import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFormatError, fixture, moreauError, tempDir } from '../../test/io-helpers.js';
import type { LoadedProblem } from './loaded-problem.js';
import { hasHdf5Signature, loadProblem, readProblem } from './read-problem.js';

let dir = '';
let cleanup: () => Promise<void> = async () => undefined;
beforeAll(async () => ({ dir, cleanup } = await tempDir()));
afterAll(() => cleanup());

describe('readProblem', () => {
  it('should detect the format from the content, not the name', async () => {
    const dat = join(dir, 'problem.bin');
    await copyFile(fixture('Rover4516.dat'), dat);
    expect((await readProblem(dat)).format).toBe('siconos-dat');
    const h5 = join(dir, 'problem.dat');
    await copyFile(fixture('Capsules-i125-1213.hdf5'), h5);
    expect((await readProblem(h5)).format).toBe('fclib-local');
    const json = join(dir, 'problem.txt');
    await writeFile(json, '  {"format":"moreau-problem","version":1,"contacts":1,"W":{"blocks":[]},"q":[-1,0,0],"mu":[0.5]}');
    expect((await readProblem(json)).format).toBe('json');
  });

  it('should name the problem after the file and keep the path as given', async () => {
    const path = fixture('Rover1040.dat');
    const L = await readProblem(path);
    expect(L.problem.name).toBe('Rover1040.dat');
    expect(L.file).toBe(path);
    expect(L.trailingFlag).toBe(1);
  });

  it('should honour a forced format', async () => {
    await expectFormatError(() => readProblem(fixture('Rover1040.dat'), { format: 'json' }), fixture('Rover1040.dat'), /JSON syntax/);
  });

  it('should report a missing file as E_FILE_IO', async () => {
    const path = join(dir, 'nope.dat');
    const err = await moreauError(() => readProblem(path), 'E_FILE_IO');
    expect(err.where?.file).toBe(path);
  });

  it('should report a directory as E_FILE_IO', async () => {
    const path = join(dir, 'a-directory.hdf5');
    await mkdir(path);
    await moreauError(() => readProblem(path), 'E_FILE_IO');
  });

  it('should report an empty file as E_FILE_FORMAT', async () => {
    for (const name of ['empty.dat', 'empty.hdf5', 'empty.json']) {
      const path = join(dir, name);
      await writeFile(path, '');
      await expectFormatError(() => readProblem(path), path, /start of file/);
    }
  });

  it('should report whitespace-only and binary garbage as E_FILE_FORMAT', async () => {
    const blank = join(dir, 'blank.dat');
    await writeFile(blank, ' \n\t\n');
    await expectFormatError(() => readProblem(blank), blank, /end of file/);
    const garbage = join(dir, 'garbage');
    await writeFile(garbage, Buffer.from([0, 1, 2, 200, 255, 10, 13, 0x89]));
    await expectFormatError(() => readProblem(garbage), garbage, /line 1, token 1/);
  });

  it('should give the same problems when reading files concurrently', async () => {
    const names = ['Capsules-i125-1213.hdf5', 'Box_Stacks-i0122-82-5.hdf5', 'Rover1040.dat', 'Capsules-i125-1213.hdf5'];
    const alone: LoadedProblem[] = [];
    for (const n of names) alone.push(await readProblem(fixture(n)));
    const together = await Promise.all(names.map((n) => readProblem(fixture(n))));
    together.forEach((L, k) => {
      expect(Array.from(L.problem.W.values)).toEqual(Array.from(alone[k].problem.W.values));
      expect(Array.from(L.problem.q)).toEqual(Array.from(alone[k].problem.q));
    });
  });

  it('should read the same bytes with loadProblem', async () => {
    const bytes = await readFile(fixture('FC3D_Example1_SBM.dat'));
    const L = await loadProblem(bytes, 'memory/FC3D_Example1_SBM.dat');
    expect(L.problem.contacts).toBe(3);
    expect(L.problem.name).toBe('FC3D_Example1_SBM.dat');
  });
});

describe('hasHdf5Signature', () => {
  it('should find the signature at 0 or after a user block', async () => {
    const bytes = await readFile(fixture('Box_Stacks-i0122-82-5.hdf5'));
    expect(hasHdf5Signature(bytes)).toBe(true);
    const shifted = new Uint8Array(512 + bytes.length);
    shifted.set(bytes, 512);
    expect(hasHdf5Signature(shifted)).toBe(true);
    expect(hasHdf5Signature(bytes.subarray(1))).toBe(false);
  });
});

describe('loadProblem format detection', () => {
  const json = '{"format":"moreau-problem","version":1,"contacts":1,"W":{"blocks":[]},"q":[-1,0,0],"mu":[0.5]}';
  const bytes = (s: string) => new TextEncoder().encode(s);

  it('should take JSON after a byte-order mark and whitespace, and return it as a local problem', async () => {
    for (const text of [`\uFEFF${json}`, `\r\n\t ${json}`, `\uFEFF \n${json}`]) {
      const L = await loadProblem(bytes(text), 'memory/p');
      expect(L.format).toBe('json');
      expect(L.kind).toBe('local');
      expect(L.storage).toBeDefined();
      expect(L.problem.name).toBe('p');
      expect(Array.from(L.problem.q)).toEqual([-1, 0, 0]);
      expect(L).not.toHaveProperty('info');
      expect(L).not.toHaveProperty('solution');
    }
  });

  it('should take text that does not start with { as Siconos .dat, and keep a .dat without its flag flagless', async () => {
    const L = await loadProblem(bytes('3 1 0 3 3 3 3 1 0 0 0 1 0 0 0 1 -1 0 0 0.5\n'), 'memory/p.dat');
    expect(L.format).toBe('siconos-dat');
    expect(L.kind).toBe('local');
    expect(L.storage).toBe('dense');
    expect(L).not.toHaveProperty('trailingFlag');
  });

  it('should refuse a name with an HDF5 extension and no HDF5 signature, naming the extension', async () => {
    for (const ext of ['.hdf5', '.H5', '.hdf', '.he5']) {
      const err = await expectFormatError(() => loadProblem(bytes(json), `memory/p${ext}`), `memory/p${ext}`, /^HDF5 signature$/);
      expect(err.message).toContain(`the name ends in ${ext.toLowerCase()} but the content has no HDF5 signature`);
    }
  });

  it('should say an empty file is empty', async () => {
    const err = await expectFormatError(() => loadProblem(new Uint8Array(0), 'memory/p.json'), 'memory/p.json', /^start of file$/);
    expect(err.message).toBe('memory/p.json (start of file): the file is empty');
  });
});

describe('readProblem on what is not a file', () => {
  it('should say a directory is a directory and a device is not a regular file', async () => {
    const d = join(dir, 'dir.dat');
    await mkdir(d, { recursive: true });
    expect((await moreauError(() => readProblem(d), 'E_FILE_IO')).message).toBe(`${d}: is a directory, not a problem file`);
    expect((await moreauError(() => readProblem('/dev/null'), 'E_FILE_IO')).message).toBe('/dev/null: is not a regular file');
    const missing = join(dir, 'missing.dat');
    expect((await moreauError(() => readProblem(missing), 'E_FILE_IO')).message).toBe(`${missing}: does not exist`);
  });
});

describe('hasHdf5Signature after longer user blocks', () => {
  it('should look at 512, 1024, 2048, ... and nowhere else', async () => {
    const sig = [0x89, 0x48, 0x44, 0x46, 0x0d, 0x0a, 0x1a, 0x0a];
    const at = (offset: number, length = offset + 8) => {
      const b = new Uint8Array(length);
      b.set(sig, offset);
      return b;
    };
    expect(hasHdf5Signature(at(0))).toBe(true);
    expect(hasHdf5Signature(at(1024))).toBe(true);
    expect(hasHdf5Signature(at(4096))).toBe(true);
    expect(hasHdf5Signature(at(256))).toBe(false);
    expect(hasHdf5Signature(at(768))).toBe(false);
    // a signature cut at the end of the bytes is no signature
    expect(hasHdf5Signature(at(0).subarray(0, 7))).toBe(false);
    expect(hasHdf5Signature(at(512).subarray(0, 519))).toBe(false);
  });
});

describe('loadProblem by extension', () => {
  it('should read a .json name as JSON even when the content does not start with {', async () => {
    const err = await moreauError(() => loadProblem(new TextEncoder().encode('3 1 0 3 3 3 3 1 0 0 0 1 0 0 0 1 -1 0 0 0.5\n'), 'memory/p.JSON'));
    expect(err.message).toMatch(/JSON/);
  });
});
