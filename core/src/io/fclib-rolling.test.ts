import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moreauError, tempDir } from '../../test/io-helpers.js';
import { rollingCase } from '../../test/rolling-problems.js';
import { FrictionContactProblem } from '../problem/friction-contact-problem.js';
import { fclibLocalTree, writeFclibLocal } from './fclib-writer.js';

let dir = '';
let cleanup: () => Promise<void> = async () => undefined;
beforeAll(async () => ({ dir, cleanup } = await tempDir()));
afterAll(() => cleanup());

describe('writeFclibLocal with rolling pairs', () => {
  it('should refuse the problem with E_UNSUPPORTED, saying to write JSON, and write nothing', async () => {
    const { problem } = rollingCase();
    const path = join(dir, 'rolling.hdf5');
    const err = await moreauError(() => writeFclibLocal(path, problem), 'E_UNSUPPORTED');
    expect(err.message).toMatch(/"rolling" has 1 contact\(s\) with rolling and spinning resistance \(the first: block rows 2 and 0\), which the FCLIB local format cannot hold .* write the problem as JSON/);
    expect(err.where?.index).toBe(2);
    await expect(access(path)).rejects.toThrow();
  });

  it('should still write the same W, q and μ read as ordinary contacts', () => {
    const { problem } = rollingCase();
    const plain = new FrictionContactProblem(problem.W, problem.q, problem.mu, 'plain');
    expect(Object.keys(fclibLocalTree(plain))).toEqual(['fclib_local']);
  });
});
