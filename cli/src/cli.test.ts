import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { runCli, tempFolder } from '../test/cli-harness.js';
import { MoreauError } from '@moreau/core';
import { runCommand } from './main.js';

const toyPlugin = fileURLToPath(new URL('../../core/test/toy-plugin.ts', import.meta.url));
const fixtures = fileURLToPath(new URL('../../examples/problems/', import.meta.url));

// One contact that separates (r = 0 solves it) and one that is pushed in.
const separating = JSON.stringify({
  format: 'moreau-problem', version: 1, contacts: 1,
  W: { dense: [[2, 0, 0], [0, 1, 0], [0, 0, 1]] }, q: [1, 0.5, 0], mu: [0.3],
});
const config = JSON.stringify({ plugins: [toyPlugin], solver: { name: 'toy-zero' } });

function folder() {
  return tempFolder({ 'sep.json': separating, 'moreau.config.json': config });
}

// One contact pushed in (q_N = -1) while sliding (q_T = [1, 0]), W = I, mu = 0.5.
// With friction it slides: r = [1, -0.5, 0], u = [0, 0.5, 0]; frictionless: r = [1, 0, 0], u = [0, 1, 0].
const sliding = JSON.stringify({
  format: 'moreau-problem', version: 1, contacts: 1,
  W: { dense: [[1, 0, 0], [0, 1, 0], [0, 0, 1]] }, q: [-1, 1, 0], mu: [0.5],
});

// Three contacts all pushed in, W = B Bᵀ + I/2 (dense, every block coupled): block
// Gauss-Seidel needs many sweeps, and how many depends on the tolerance.
const coupled = (() => {
  const n = 9;
  const B = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => Math.cos(i + 2 * j)));
  const W = B.map((bi, i) => B.map((bj, j) => bi.reduce((s, x, k) => s + x * bj[k], 0) + (i === j ? 0.5 : 0)));
  return JSON.stringify({
    format: 'moreau-problem', version: 1, contacts: 3,
    W: { dense: W }, q: [-1, 0.5, 0.2, -0.5, -0.3, 0.1, -2, 0.4, -0.6], mu: [0.3, 0.3, 0.3],
  });
})();

/** Matches an array equal to `x` to 9 decimals. */
const near = (x: number[]) => x.map((v) => expect.closeTo(v, 9));

/** A folder with the sliding and coupled problems and no config: `moreau solve` runs its default, gauss-seidel. */
function solverFolder() {
  return tempFolder({ 'sliding.json': sliding, 'coupled.json': coupled });
}

describe('moreau solve', () => {
  test('should print one JSON object with the fields a script needs, and exit 0 when converged', async () => {
    const run = await runCli(['solve', 'sep.json', '--json'], folder());
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    for (const key of ['problem', 'contacts', 'solver', 'answeredBy', 'converged', 'iterations', 'error', 'merit', 'siconosError', 'ms']) {
      expect(report).toHaveProperty(key);
    }
    expect(report).toMatchObject({ problem: 'sep.json', contacts: 1, answeredBy: 'toy-zero', converged: true, siconosError: 0 });
  });

  test('should exit 1 when the solver does not converge', async () => {
    const run = await runCli(['solve', 'sep.json', '--solver', 'toy-fail', '--json'], folder());
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).converged).toBe(false);
  });

  test('should refuse an unknown solver with E_UNKNOWN_PLUGIN, one line, no stack trace', async () => {
    const run = await runCli(['solve', 'sep.json', '--solver', 'nsgs'], folder());
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^E_UNKNOWN_PLUGIN: /);
    expect(run.stderr).toMatch(/\n {2}name: unknown solver "nsgs"; known solvers: .*toy-zero/);
    expect(run.stderr).not.toMatch(/\bat .*\.(ts|js):\d+/);
  });

  test('should refuse an option of the wrong type with E_CONFIG naming its path', async () => {
    const run = await runCli(['solve', 'sep.json', '--options', '{"tolerance": "tight", "maxIterations": -2}'], folder());
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^E_CONFIG: Invalid configuration \(2 problems\)/);
    expect(run.stderr).toMatch(/\n {2}options\.tolerance: /);
    expect(run.stderr).toMatch(/\n {2}options\.maxIterations: /);
  });

  test('should apply --merit to the solver that runs', async () => {
    const run = await runCli(['solve', 'sep.json', '--tol', '1e-3', '--merit', 'energy', '--json'], folder());
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).merit).toBe('energy');
  });

  test('should stop the solver at the --tol given: below it, and earlier for a looser one', async () => {
    const dir = solverFolder();
    const solve = async (tol: string) => {
      const run = await runCli(['solve', 'coupled.json', '--tol', tol, '--max-iter', '100000', '--json'], dir);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      return JSON.parse(run.stdout) as { error: number; iterations: number; siconosError: number };
    };
    const loose = await solve('1e-3'), tight = await solve('1e-11');
    expect(loose.error).toBeLessThanOrEqual(1e-3);
    expect(tight.error).toBeLessThanOrEqual(1e-11);
    expect(tight.siconosError).toBeLessThanOrEqual(1e-11);
    // the loose solve stopped when the tolerance allowed, not at a fixed point of the solver
    expect(loose.error).toBeGreaterThan(1e-11);
    expect(loose.iterations).toBeGreaterThan(1);
    expect(loose.iterations).toBeLessThan(tight.iterations);
  });

  test('should name a missing file with E_FILE_IO and exit 2', async () => {
    const run = await runCli(['solve', 'nope.dat'], folder());
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^E_FILE_IO: .*nope\.dat/);
  });

  test.each(['abc', '0', '0.2', '1e-15'])('should reject --tol %s as a usage error', async (tol) => {
    const run = await runCli(['solve', 'sep.json', '--tol', tol], folder());
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^E_USAGE: --tol expects a /);
  });

  test('should take the ends of the --tol range', async () => {
    for (const tol of ['1e-14', '0.1']) expect((await runCli(['solve', 'sep.json', '--tol', tol], folder())).code).toBe(0);
  });

  test('should write the solution to --out as JSON', async () => {
    const dir = folder();
    const run = await runCli(['solve', 'sep.json', '--out', 'sol.json'], dir);
    expect(run.code).toBe(0);
    const written = JSON.parse(readFileSync(join(dir, 'sol.json'), 'utf8'));
    expect(written).toMatchObject({ format: 'moreau-solution', contacts: 1, r: [0, 0, 0], u: [1, 0.5, 0] });
  });

  test('should set every mu to zero with --frictionless: a sliding contact loses its friction force', async () => {
    const dir = solverFolder();
    const solve = async (extra: string[], out: string) => {
      const run = await runCli(['solve', 'sliding.json', '--tol', '1e-12', '--out', out, '--json', ...extra], dir);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      return JSON.parse(readFileSync(join(dir, out), 'utf8')) as { r: number[]; u: number[] };
    };
    const withFriction = await solve([], 'friction.json');
    const without = await solve(['--frictionless'], 'frictionless.json');
    expect(withFriction.r).toEqual(near([1, -0.5, 0]));
    expect(withFriction.u).toEqual(near([0, 0.5, 0]));
    expect(without.r).toEqual(near([1, 0, 0]));
    expect(without.u).toEqual(near([0, 1, 0]));
  });
});

describe('moreau info', () => {
  test('should describe a global problem and its reduction', async () => {
    const run = await runCli(['info', join(fixtures, 'Box_Stacks-i0122-82-5.hdf5'), '--json'], folder());
    expect(run.code).toBe(0);
    const info = JSON.parse(run.stdout);
    expect(info).toMatchObject({ kind: 'global', contacts: 82, format: 'fclib-global' });
    expect(info.reduction.nv).toBeGreaterThan(0);
  });

  test('should report the symmetry and ranges of a local problem', async () => {
    const run = await runCli(['info', join(fixtures, 'Rover1040.dat')], folder());
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/contacts +5 /);
    expect(run.stdout).toMatch(/symmetric +no/);
    expect(run.stdout).toMatch(/mu +0\.7/);
  });
});

describe('moreau plugins', () => {
  test('should list plugins by kind with options and defaults from their schemas', async () => {
    const run = await runCli(['plugins', '--json'], folder());
    expect(run.code).toBe(0);
    const { plugins } = JSON.parse(run.stdout);
    const toy = plugins.find((p: { name: string }) => p.name === 'toy-zero');
    expect(toy.kind).toBe('solver');
    expect(toy.options).toContainEqual(expect.objectContaining({ name: 'tolerance', default: 1e-8 }));
    expect(plugins.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['siconos', 'energy', 'newton']));
  });
});

describe('moreau', () => {
  test('should refuse an unknown command with the list of commands', async () => {
    const run = await runCli(['solv'], folder());
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^E_USAGE: unknown command "solv"; commands: solve, simulate, info, plugins, start/);
  });
});

describe('moreau on an internal error', () => {
  const internal = async () => {
    throw new MoreauError('E_INTERNAL', 'internal error while reading x.dat: RangeError: boom — please report this', { file: 'x.dat' }, { cause: new RangeError('boom') });
  };
  const capture = async (debug: boolean) => {
    let stderr = '';
    const code = await runCommand(internal, [], { out: () => {}, err: (t) => { stderr += t; }, isTTY: false, cwd: '.' }, { debug });
    return { code, stderr };
  };

  test('should exit 3 with one E_INTERNAL line asking for a report, and no stack without --debug', async () => {
    const run = await capture(false);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/^E_INTERNAL: internal error while reading x\.dat: .*please report this\n.*--debug/);
    expect(run.stderr).not.toMatch(/\bat .*\.(ts|js):\d+/);
  });

  test('should print the stack of the error and of its cause with --debug', async () => {
    const run = await capture(true);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/^E_INTERNAL: /);
    expect(run.stderr).toMatch(/Caused by: RangeError: boom\n\s+at /);
  });

  test('should take --debug anywhere on the command line, leaving the command its own arguments', async () => {
    const run = await runCli(['info', '--debug', join(fixtures, 'Rover1040.dat'), '--json'], folder());
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).contacts).toBe(5);
  });
});

