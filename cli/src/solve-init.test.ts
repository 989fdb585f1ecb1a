import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { runCli, tempFolder } from '../test/cli-harness.js';
import { readProblem, writeFclibLocal } from '@moreau/core';

const problems = fileURLToPath(new URL('../../examples/problems/', import.meta.url));
const toyPlugin = fileURLToPath(new URL('../../core/test/toy-plugin.ts', import.meta.url));

/** A folder with Rover1040.dat (5 contacts; Gauss-Seidel needs 14 sweeps from r = 0) and FC3D_Example1_SBM.dat (3 contacts). */
function folder(files: Record<string, string> = {}): string {
  const dir = tempFolder(files);
  for (const name of ['Rover1040.dat', 'FC3D_Example1_SBM.dat']) copyFileSync(join(problems, name), join(dir, name));
  return dir;
}

async function solveJson(args: string[], dir: string) {
  const run = await runCli(['solve', 'Rover1040.dat', '--solver', 'gauss-seidel', '--json', ...args], dir);
  expect(run.stderr).toBe('');
  return { code: run.code, report: JSON.parse(run.stdout) as { converged: boolean; iterations: number; init?: string; siconosError: number } };
}

describe('moreau solve --init', () => {
  test('should start from the reactions --out wrote, as JSON or FCLIB /solution, and so converge at once', async () => {
    const dir = folder();
    const cold = await solveJson(['--out', 'r.json'], dir);
    expect(cold.report.iterations).toBeGreaterThan(1);
    expect(cold.report.init).toBeUndefined();
    await solveJson(['--out', 'r.hdf5'], dir);
    for (const [init, source] of [['r.json', 'r.json'], ['r.hdf5', 'r.hdf5 /solution']]) {
      const warm = await solveJson(['--init', init], dir);
      expect(warm.code).toBe(0);
      expect(warm.report).toMatchObject({ converged: true, init: source });
      expect(warm.report.iterations).toBeLessThanOrEqual(1);
    }
  });

  test('should take an FCLIB file\'s first guess before its solution', async () => {
    const dir = folder();
    expect((await solveJson(['--out', 'r.json'], dir)).report.converged).toBe(true);
    const { problem } = await readProblem(join(dir, 'Rover1040.dat'));
    const r = Float64Array.from(JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8')).r as number[]);
    // The guess is the converged answer; the reference solution is r = 0, far from it.
    const zero = { r: new Float64Array(problem.size), u: Float64Array.from(problem.q) };
    await writeFclibLocal(join(dir, 'hints.hdf5'), problem, { guesses: [{ r, u: new Float64Array(problem.size) }], solution: zero });
    const warm = await solveJson(['--init', 'hints.hdf5'], dir);
    expect(warm.report).toMatchObject({ converged: true, init: 'hints.hdf5 /guesses/1' });
    expect(warm.report.iterations).toBeLessThanOrEqual(1);
  });

  test('should print where the warm start comes from in the header, before the solve', async () => {
    const dir = folder();
    await solveJson(['--out', 'r.json'], dir);
    const run = await runCli(['solve', 'Rover1040.dat', '--solver', 'gauss-seidel', '--init', 'r.json'], dir);
    expect(run.stdout.split('\n')[0]).toBe('Rover1040.dat: 5 contacts, siconos-dat; solver gauss-seidel, warm start from r.json');
  });

  test.each([
    ['reactions of another problem', ['--init', 'other.json'], 'E_PROBLEM_SHAPE', /--init other\.json: reactions for 3 contacts, but Rover1040\.dat has 5/],
    ['a problem file without hints', ['--init', 'Rover1040.dat'], 'E_FILE_FORMAT', /--init Rover1040\.dat: the file has no reactions/],
    ['a missing file', ['--init', 'nowhere.json'], 'E_FILE_IO', /nowhere\.json/],
    ['a file that is not JSON', ['--init', 'broken.json'], 'E_FILE_FORMAT', /broken\.json/],
  ])('should refuse %s with its code and exit 2', async (_what, args, code, message) => {
    const dir = folder({ 'broken.json': '{ "format": "moreau-solution", ' });
    await runCli(['solve', 'FC3D_Example1_SBM.dat', '--solver', 'gauss-seidel', '--out', 'other.json'], dir);
    const run = await runCli(['solve', 'Rover1040.dat', '--solver', 'gauss-seidel', ...args], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(new RegExp(`^${code}: `));
    expect(run.stderr).toMatch(message);
  });

  test('should refuse --init for a solver that does not take warm starts, before reading the problem', async () => {
    const dir = folder({ 'moreau.config.json': JSON.stringify({ plugins: [toyPlugin], solver: { name: 'toy-fail' } }) });
    writeFileSync(join(dir, 'r.json'), '{}');
    const run = await runCli(['solve', 'no-such-problem.dat', '--init', 'r.json'], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^E_UNSUPPORTED: --init gives solver "toy-fail" a warm start, which it does not support/);
  });
});
