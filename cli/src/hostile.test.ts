import { chmodSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { runCli, tempFolder, type CliRun } from '../test/cli-harness.js';
import { BlockSparseMatrix, FrictionContactProblem, MAX_SOLVER_CHAIN, createRegistry, resolve } from '@moreau/core';
import { summarizeProblem } from './problem-summary.js';
import { applyOverrides } from '@moreau/core';
import { jsonText } from './io.js';

/**
 * Hostile input, fast tier: every case must end in a coded error (exit 2,
 * `E_CODE: message` on stderr, no stack) or in a correct answer — never a crash
 * (exit 3), a hang or a false "converged". The slow tier (scale) is
 * `hostile.slow.test.ts`, run by `npm run test:hostile`.
 */

const toyPlugin = fileURLToPath(new URL('../../core/test/toy-plugin.ts', import.meta.url));
const toyInfinite = fileURLToPath(new URL('./__fixtures__/toy-infinite.ts', import.meta.url));
const separating = JSON.stringify({
  format: 'moreau-problem', version: 1, contacts: 1,
  W: { dense: [[2, 0, 0], [0, 1, 0], [0, 0, 1]] }, q: [1, 0.5, 0], mu: [0.3],
});

function folder(files: Record<string, string> = {}) {
  return tempFolder({ 'sep.json': separating, ...files });
}

/** A coded user error: status 2, `CODE: ...` as the first thing on stderr, no stack trace. */
function expectCoded(run: CliRun, code: string) {
  expect(run.stderr).toMatch(new RegExp(`^${code}: `));
  expect(run.stderr).not.toMatch(/\bat .*\.(ts|js):\d+/);
  expect(run.code).toBe(2);
}

/** A solver chain of `links` gauss-seidel links as JSON text (built as text: no recursion anywhere). */
function chainText(links: number): string {
  return `${'{"name":"gauss-seidel","fallback":'.repeat(links - 1)}{"name":"gauss-seidel"}${'}'.repeat(links - 1)}`;
}

describe('hostile input: scale (fast)', () => {
  test('should summarise a problem of 300,000 contacts without spreading mu into Math.min', () => {
    const n = 300_000;
    const rowPtr = Int32Array.from({ length: n + 1 }, (_, i) => i);
    const colIdx = Int32Array.from({ length: n }, (_, i) => i);
    const values = new Float64Array(9 * n);
    for (let i = 0; i < n; i++) values[9 * i] = values[9 * i + 4] = values[9 * i + 8] = 1;
    const mu = Float64Array.from({ length: n }, (_, i) => 0.1 + (i % 7) / 10);
    const p = new FrictionContactProblem(new BlockSparseMatrix(n, rowPtr, colIdx, values), new Float64Array(3 * n), mu);
    const s = summarizeProblem(p);
    // Exact: the extremes of 0.1 + k/10 for k = 0..6, as computed in the same arithmetic.
    expect(s.muRange).toEqual([0.1, 0.1 + 6 / 10]);
    expect(s.contacts).toBe(n);
  });

  test(`should refuse a fallback chain longer than ${MAX_SOLVER_CHAIN} links with E_CONFIG naming the limit (1,500 links)`, () => {
    const chain = JSON.parse(chainText(1500));
    let err: unknown;
    try {
      resolve(chain, createRegistry());
    } catch (e) {
      err = e;
    }
    expect(err).toMatchObject({ code: 'E_CONFIG' });
    expect((err as Error).message).toContain(`${MAX_SOLVER_CHAIN} links`);
  });

  test('should apply overrides to a long chain without recursion (20,000 links)', () => {
    type Link = { name: string; fallback?: Link };
    const head: Link = { name: 'gauss-seidel' };
    let tail = head;
    for (let i = 1; i < 20_000; i++) tail = tail.fallback = { name: 'gauss-seidel' };
    const out = applyOverrides(head, createRegistry(), { tolerance: 1e-3 });
    let count = 0;
    for (let c: typeof out | undefined = out; c; c = c.fallback) {
      expect(c.options?.tolerance).toBe(1e-3);
      count++;
    }
    expect(count).toBe(20_000);
  });

  test('should refuse a 1,500-link chain in a config file with E_CONFIG, not a stack overflow', async () => {
    const dir = folder({ 'moreau.config.json': `{"solver":${chainText(1500)}}` });
    const run = await runCli(['solve', 'sep.json'], dir);
    expectCoded(run, 'E_CONFIG');
    expect(run.stderr).toContain(`${MAX_SOLVER_CHAIN} links`);
  });

  test(`should accept a chain of exactly ${MAX_SOLVER_CHAIN} links`, async () => {
    const dir = folder({ 'moreau.config.json': `{"plugins":[${JSON.stringify(toyPlugin)}],"solver":${chainText(MAX_SOLVER_CHAIN).replaceAll('gauss-seidel', 'toy-zero')}}` });
    const run = await runCli(['solve', 'sep.json', '--json'], dir);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });
});

describe('hostile input: the smaller findings', () => {
  test.skipIf(process.platform !== 'linux')('should report an unreadable config (read fails with EIO) as E_FILE_IO', async () => {
    // /proc/self/mem exists and is a regular file, but reading it from offset 0 fails: unreadable even for root.
    const run = await runCli(['solve', 'sep.json', '--config', '/proc/self/mem'], folder());
    expectCoded(run, 'E_FILE_IO');
  });

  test.skipIf(process.getuid?.() === 0)('should report a config without read permission as E_FILE_IO', async () => {
    const dir = folder({ 'c.json': '{"solver":{"name":"gauss-seidel"}}' });
    chmodSync(join(dir, 'c.json'), 0o000);
    const run = await runCli(['solve', 'sep.json', '--config', 'c.json'], dir);
    expectCoded(run, 'E_FILE_IO');
  });

  test('should still report a config that is not JSON as E_CONFIG', async () => {
    const run = await runCli(['solve', 'sep.json', '--config', 'c.json'], folder({ 'c.json': '{"solver":' }));
    expectCoded(run, 'E_CONFIG');
  });

  test.each(['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'])(
    'should refuse the option name "%s" inherited from Object.prototype',
    async (key) => {
      const run = await runCli(['solve', 'sep.json', '--options', `{"${key}": 1}`], folder());
      expectCoded(run, 'E_CONFIG');
      expect(run.stderr).toMatch(new RegExp(`options\\.${key}: .*has no option "${key}"`));
    },
  );

  test.each([['--solver'], ['--merit'], ['--config'], ['--out'], ['--tol']])('should refuse %s with an empty value', async (flag) => {
    const run = await runCli(['solve', 'sep.json', flag, ''], folder());
    expectCoded(run, 'E_USAGE');
  });

  test.each(['0x10', '0b11', '0o7', '1_000', 'Infinity', '1e', '.', '--1', '1,5'])('should refuse --tol %s (decimal numbers only)', async (tol) => {
    const run = await runCli(['solve', 'sep.json', `--tol=${tol}`], folder());
    expectCoded(run, 'E_USAGE');
  });

  // Forms of a decimal number, each inside the range a chain's --tol takes (1e-14 to 0.1).
  test.each(['1e-6', '0.05', '.05', '5.e-2', '+2E-3'])('should accept --tol %s', async (tol) => {
    const run = await runCli(['solve', 'sep.json', `--tol=${tol}`, '--json'], folder());
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });

  test('should refuse --max-iter 0x10 and 1e3.5', async () => {
    expectCoded(await runCli(['solve', 'sep.json', '--max-iter', '0x10'], folder()), 'E_USAGE');
    expectCoded(await runCli(['solve', 'sep.json', '--max-iter', '1e3.5'], folder()), 'E_USAGE');
  });

  test('should exit 2 with E_USAGE on stderr when no command is given', async () => {
    const run = await runCli([], folder());
    expectCoded(run, 'E_USAGE');
  });

  test('should document exit status 3 in the help of the commands that can exit with it', async () => {
    for (const args of [['--help'], ['solve', '--help'], ['info', '--help']]) {
      const run = await runCli(args, folder());
      expect(run.stdout).toMatch(/3 internal error/);
    }
    const docs = readFileSync(fileURLToPath(new URL('../../docs/errors.md', import.meta.url)), 'utf8');
    expect(docs).toMatch(/\b3\b.*internal error/);
  });

  test('should report a plugin whose own dependency is missing as E_PLUGIN_LOAD, not E_PLUGIN_CONTRACT', async () => {
    const dir = folder({
      'broken-plugin.mjs': "import 'moreau-no-such-dependency-xyz';\nexport default {};\n",
      'moreau.config.json': JSON.stringify({ plugins: ['./broken-plugin.mjs'], solver: { name: 'gauss-seidel' } }),
    });
    const run = await runCli(['solve', 'sep.json'], dir);
    expectCoded(run, 'E_PLUGIN_LOAD');
    expect(run.stderr).toContain('moreau-no-such-dependency-xyz');
  });

  test('should report a plugin module that throws while loading as E_PLUGIN_LOAD', async () => {
    const dir = folder({
      'throwing-plugin.mjs': "throw new Error('boom at load');\n",
      'moreau.config.json': JSON.stringify({ plugins: ['./throwing-plugin.mjs'], solver: { name: 'gauss-seidel' } }),
    });
    const run = await runCli(['solve', 'sep.json'], dir);
    expectCoded(run, 'E_PLUGIN_LOAD');
    expect(run.stderr).toContain('boom at load');
  });

  test('should refuse --out naming the input file before solving, and leave the file as it was', async () => {
    const dir = folder();
    const before = readFileSync(join(dir, 'sep.json'), 'utf8');
    const run = await runCli(['solve', 'sep.json', '--out', 'sep.json'], dir);
    expectCoded(run, 'E_USAGE');
    expect(run.stderr).toContain('--force');
    expect(run.stdout).toBe('');
    expect(readFileSync(join(dir, 'sep.json'), 'utf8')).toBe(before);
  });

  test('should overwrite the input with --out and --force', async () => {
    const dir = folder();
    const run = await runCli(['solve', 'sep.json', '--out', 'sep.json', '--force', '--json'], dir);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'sep.json'), 'utf8'))).toHaveProperty('r');
  });

  test('should refuse --out in a folder that does not exist before solving (no output, E_FILE_IO)', async () => {
    const run = await runCli(['solve', 'sep.json', '--out', 'no-such-dir/x.json', '--json'], folder());
    expectCoded(run, 'E_FILE_IO');
    expect(run.stdout).toBe('');
  });

  test('should refuse --out naming a folder before solving', async () => {
    const dir = folder();
    mkdirSync(join(dir, 'sub.json'));
    const run = await runCli(['solve', 'sep.json', '--out', 'sub.json', '--json'], dir);
    expectCoded(run, 'E_FILE_IO');
    expect(run.stdout).toBe('');
  });

  test.skipIf(process.getuid?.() === 0)('should refuse --out in a read-only folder before solving', async () => {
    const dir = folder();
    chmodSync(dir, 0o500);
    const run = await runCli(['solve', 'sep.json', '--out', 'x.json', '--json'], dir);
    chmodSync(dir, 0o700);
    expectCoded(run, 'E_FILE_IO');
  });

  test('should print non-finite errors in --json as strings, never as null', async () => {
    // toy-infinite gives up with an error of Infinity.
    const pushed = separating.replace('"q": [1, 0.5, 0]', '"q": [-1, 0.5, 0]').replace('"q":[1,0.5,0]', '"q":[-1,0.5,0]');
    const dir = folder({ 'push.json': pushed, 'moreau.config.json': JSON.stringify({ plugins: [toyInfinite], solver: { name: 'toy-infinite' } }) });
    const run = await runCli(['solve', 'push.json', '--json'], dir);
    expect(run.code).toBe(1);
    expect(run.stdout).not.toMatch(/null/);
    const report = JSON.parse(run.stdout);
    // The chain recomputes the answer's error (finite here); the solver's statistics pass through as it gave them.
    expect(typeof report.error).toBe('number');
    expect(report.stats).toEqual({ stepLength: 'Infinity', ratio: 'NaN', growth: '-Infinity' });
    expect(report.converged).toBe(false);
  });

  test('should keep finite numbers as numbers in --json', () => {
    expect(JSON.parse(jsonText({ a: 1.5, b: -Infinity, c: NaN, d: [Infinity, 0] }))).toEqual({ a: 1.5, b: '-Infinity', c: 'NaN', d: ['Infinity', 0] });
  });
});
