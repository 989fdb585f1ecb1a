import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, moreauError, tempDir } from '../../test/io-helpers.js';
import { writeFileAtomic } from './atomic-write.js';
import { writeFclibLocal } from './fclib-writer.js';
import { readProblem } from './read-problem.js';

let dir = '';
let cleanup: () => Promise<void> = async () => undefined;
beforeAll(async () => ({ dir, cleanup } = await tempDir()));
afterAll(() => cleanup());

describe('writeFileAtomic', () => {
  it('should create and then replace a file, leaving no temporary file', async () => {
    const path = join(dir, 'a.txt');
    await writeFileAtomic(path, 'one');
    await writeFileAtomic(path, new TextEncoder().encode('two'));
    expect(await readFile(path, 'utf8')).toBe('two');
    expect(await readdir(dir)).toEqual(['a.txt']);
  });

  it('should fail with E_FILE_IO and leave nothing behind when the target is a directory', async () => {
    const sub = join(dir, 'sub');
    await mkdir(join(sub, 'target'), { recursive: true });
    const err = await moreauError(() => writeFileAtomic(join(sub, 'target'), 'x'), 'E_FILE_IO');
    expect(err.where?.file).toBe(join(sub, 'target'));
    expect(await readdir(sub)).toEqual(['target']);
  });

  it('should fail with E_FILE_IO when the directory does not exist', async () => {
    await moreauError(() => writeFileAtomic(join(dir, 'missing', 'a.txt'), 'x'), 'E_FILE_IO');
  });

  it('should leave an existing file untouched when a writer refuses its input', async () => {
    const { problem } = await readProblem(fixture('Rover4516.dat'));
    const path = join(dir, 'keep.hdf5');
    await writeFile(path, 'previous content');
    await moreauError(() => writeFclibLocal(path, problem, { solution: { r: new Float64Array(3), u: problem.q } }), 'E_PROBLEM_SHAPE');
    expect(await readFile(path, 'utf8')).toBe('previous content');
  });
});
