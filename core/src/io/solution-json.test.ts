import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFormatError, moreauError, tempDir } from '../../test/io-helpers.js';
import { readSolutionJson, writeSolutionJson } from './solution-json.js';

let dir = '';
let cleanup: () => Promise<void> = async () => undefined;
beforeAll(async () => ({ dir, cleanup } = await tempDir()));
afterAll(() => cleanup());

describe('writeSolutionJson / readSolutionJson', () => {
  it('should round-trip a solution with its problem name and meta data', async () => {
    const path = join(dir, 's.json');
    const solution = { r: Float64Array.of(0.1, 1e-300, -2.5, 0, 0, 0), u: Float64Array.of(1 / 3, 0, 0, 2, 0, 0) };
    await writeSolutionJson(path, solution, { problem: 'Rover1040.dat', meta: { solver: 'gauss-seidel', iterations: 21, converged: true, error: 3.2e-9 } });
    const back = await readSolutionJson(path);
    expect(back.problem).toBe('Rover1040.dat');
    expect(back.meta).toEqual({ solver: 'gauss-seidel', iterations: 21, converged: true, error: 3.2e-9 });
    expect(Array.from(back.solution.r)).toEqual(Array.from(solution.r));
    expect(Array.from(back.solution.u)).toEqual(Array.from(solution.u));
  });

  it('should refuse to write NaN or mismatched lengths', async () => {
    const path = join(dir, 'bad.json');
    await moreauError(() => writeSolutionJson(path, { r: Float64Array.of(0, NaN, 0), u: new Float64Array(3) }), 'E_NOT_FINITE');
    await moreauError(() => writeSolutionJson(path, { r: new Float64Array(3), u: new Float64Array(6) }), 'E_PROBLEM_SHAPE');
    await moreauError(() => writeSolutionJson(path, { r: new Float64Array(4), u: new Float64Array(4) }), 'E_PROBLEM_SHAPE');
  });

  it('should refuse bad solution files with the place', async () => {
    const path = join(dir, 'short.json');
    await writeFile(path, JSON.stringify({ format: 'moreau-solution', version: 1, contacts: 2, r: [0, 0, 0], u: [0, 0, 0, 0, 0, 0] }));
    await expectFormatError(() => readSolutionJson(path), path, /^r$/);
    await moreauError(() => readSolutionJson(join(dir, 'none.json')), 'E_FILE_IO');
  });
});
