import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { readProblem, readSolutionJson, writeFclibLocal } from '@moreau/core/io';
import { runCli, tempFolder } from '../test/cli-harness.js';
import type { BenchRecord } from './bench/record.js';

const fixture = (name: string) => fileURLToPath(new URL(`./__fixtures__/${name}`, import.meta.url));
const claimsZero = fixture('bench-claims-zero.ts');
const slowZero = fixture('bench-slow-zero.ts');
const examples = fileURLToPath(new URL('../../examples/problems/', import.meta.url));

// One contact that separates (r = 0 solves it) and one pushed in (r = 0 does not).
const problem = (q: number[]) => JSON.stringify({
  format: 'moreau-problem', version: 1, contacts: 1,
  W: { dense: [[2, 0, 0], [0, 1, 0], [0, 0, 1]] }, q, mu: [0.3],
});
const problems = () => tempFolder({ 'sep.json': problem([1, 0.5, 0]), 'push.json': problem([-1, 0, 0]) });

const records = (dir: string): BenchRecord[] => readFileSync(join(dir, 'results.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const find = (rs: BenchRecord[], problem: string, solver: RegExp) => rs.find((r) => r.problem === problem && solver.test(r.solver))!;

describe('moreau bench', () => {
  test('should judge by the recomputed siconos error: a false claim of convergence is not solved, and is reported', async () => {
    const dir = problems();
    const run = await runCli(['bench', '.', '--solver', claimsZero, '--repeat', '1', '--out', 'out'], dir);
    expect(run.code).toBe(0);
    const rs = records(join(dir, 'out'));
    expect(rs).toHaveLength(2);
    expect(find(rs, 'push.json', /claims-zero/)).toMatchObject({ converged: true, solved: false, contacts: 1 });
    expect(find(rs, 'push.json', /claims-zero/).error).toBeGreaterThan(0.1);
    expect(find(rs, 'push.json', /claims-zero/).disagreement).toMatch(/^claimed converged/);
    expect(find(rs, 'sep.json', /claims-zero/)).toMatchObject({ converged: true, solved: true, error: 0, repeats: 1 });
    expect(find(rs, 'sep.json', /claims-zero/).disagreement).toBeUndefined();
    const table = readFileSync(join(dir, 'out', 'table.md'), 'utf8');
    expect(table).toMatch(/## Claimed against recomputed\n\n- push\.json × claims-zero \(.*\): claimed converged/);
    expect(table).toMatch(/\| push\.json \| 1 \| ✗ /);
  });

  test('should race several configurations and write the table and a profile with one path per configuration and reference solver', async () => {
    const dir = tempFolder({
      'ref.csv': '# a hand-made reference\nproblem,solver,solved,error,ms\nFrictionContact3D_1c.dat,Other code,yes,,1000\nRover4516.dat,Other code,no,,\nnot-benched.dat,Other code,yes,,1\n',
    });
    const run = await runCli(['bench', join(examples, 'FrictionContact3D_1c.dat'), join(examples, 'Rover4516.dat'),
      '--solver', 'gauss-seidel', '--solver', 'gauss-seidel', '--options', '{"relaxation": 1.2}', '--solver', claimsZero,
      '--reference', 'ref.csv', '--repeat', '1', '--out', 'out'], dir);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('--reference: 1 rows name problems not in this bench; left out.');
    const rs = records(join(dir, 'out'));
    expect(rs.map((r) => r.solver)).toEqual(expect.arrayContaining(['gauss-seidel', 'gauss-seidel {"relaxation":1.2}']));
    expect(rs).toHaveLength(6);
    const gs = find(rs, 'Rover4516.dat', /^gauss-seidel$/);
    expect(gs).toMatchObject({ solved: true, converged: true, reason: 'converged' });
    expect(gs.error).toBeLessThanOrEqual(1e-8);
    expect(gs.options).toMatchObject({ tolerance: 1e-8, merit: 'siconos' });
    const svg = readFileSync(join(dir, 'out', 'profile.svg'), 'utf8');
    expect(svg.match(/<path /g)).toHaveLength(4);
    expect(svg).toContain('<title>Other code</title>');
    const table = readFileSync(join(dir, 'out', 'table.md'), 'utf8');
    expect(table).toMatch(/\| problem \| contacts \| gauss-seidel \| gauss-seidel \{"relaxation":1\.2\} \| claims-zero \(.*\) \| Other code \| fastest \|/);
    expect(table).toMatch(/\| FrictionContact3D_1c\.dat \| 1 \| .* \| – \/ 1000 ms \|/);
    expect(table).toMatch(/\| Rover4516\.dat \| 4 \| .* \| ✗ – \/ – \|/);
  });

  test('should record a solve over the time limit as not solved, even with a right answer', async () => {
    const dir = problems();
    const run = await runCli(['bench', 'sep.json', '--solver', slowZero, '--options', '{"waitMs": 50}', '--time-limit', '5', '--repeat', '1', '--out', 'out'], dir);
    expect(run.code).toBe(0);
    const [r] = records(join(dir, 'out'));
    expect(r).toMatchObject({ error: 0, converged: true, solved: false, reason: 'time-limit', repeats: 0 });
    expect(r.msCold).toBeGreaterThanOrEqual(50);
  });

  test('should record an unreadable problem and go on with the others', async () => {
    const dir = problems();
    writeFileSync(join(dir, 'broken.dat'), '3\n0.5\nnot a number\n');
    const run = await runCli(['bench', '.', '--solver', claimsZero, '--repeat', '1', '--out', 'out'], dir);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/broken\.dat: unreadable, recorded and skipped \(E_FILE_FORMAT: /);
    const rs = records(join(dir, 'out'));
    expect(rs.map((r) => `${r.problem} ${r.reason}`).sort()).toEqual(['broken.dat unreadable', 'push.json rejected', 'sep.json converged']);
    expect(find(rs, 'broken.dat', /./)).toMatchObject({ solved: false, error: null, contacts: null });
    expect(readFileSync(join(dir, 'out', 'table.md'), 'utf8')).toMatch(/## Failures\n\n- broken\.dat × claims-zero .*: unreadable: E_FILE_FORMAT: /);
  });

  test('should race a config file\'s chain, and the working folder\'s config when no solver is named', async () => {
    const dir = problems();
    const chain = JSON.stringify({ plugins: [claimsZero], solver: { name: 'claims-zero', options: { tolerance: 1e-6 } } });
    writeFileSync(join(dir, 'chain.config.json'), chain);
    writeFileSync(join(dir, 'moreau.config.json'), chain);
    const named = await runCli(['bench', 'sep.json', '--config', 'chain.config.json', '--repeat', '1', '--out', 'a'], dir);
    expect(named.code).toBe(0);
    // --tol (default 1e-8) sets the chain's tolerance, as in moreau solve.
    expect(records(join(dir, 'a'))).toMatchObject([{ solver: 'chain.config.json: claims-zero', options: { tolerance: 1e-8 }, solved: true }]);
    const implicit = await runCli(['bench', 'sep.json', '--repeat', '1', '--out', 'b'], dir);
    expect(implicit.code).toBe(0);
    expect(records(join(dir, 'b')).map((r) => r.solver)).toEqual(['moreau.config.json: claims-zero']);
  });

  test('should refuse an unknown solver with E_UNKNOWN_PLUGIN and a did-you-mean, before any solve', async () => {
    const dir = problems();
    const run = await runCli(['bench', '.', '--solver', 'nsgs', '--out', 'out'], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^E_UNKNOWN_PLUGIN: --solver "nsgs": unknown solver; known solvers: .*gauss-seidel.*; did you mean "gauss-seidel"\?/);
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  test('should refuse bad options of one configuration with E_CONFIG naming it', async () => {
    const run = await runCli(['bench', '.', '--solver', 'gauss-seidel', '--options', '{"relaxation": "lots"}'], problems());
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^E_CONFIG: gauss-seidel \{"relaxation":"lots"\}: Invalid configuration/);
  });

  test('should refuse a folder without problems, and a bad reference CSV naming its line', async () => {
    const empty = tempFolder({ 'notes.txt': 'nothing here', 'moreau.config.json': '{"solver": {"name": "gauss-seidel"}}' });
    const none = await runCli(['bench', '.'], empty);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^E_USAGE: no problem files found in \./);

    const dir = problems();
    writeFileSync(join(dir, 'ref.csv'), 'problem,solver,solved,error,ms\nsep.json,X,perhaps,,1\n');
    const bad = await runCli(['bench', '.', '--solver', claimsZero, '--reference', 'ref.csv'], dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^E_FILE_FORMAT: .*ref\.csv \(line 2\): solved must be yes or no/);
  });
});

describe('moreau bench --warm-start', () => {
  /**
   * Rover1040.dat (Siconos text: no guess; Gauss-Seidel needs 14 sweeps from r = 0) and
   * dumped.hdf5, the same problem written as `moreau simulate --dump-problems` writes a
   * step: its answer as /solution, and here that answer as /guesses/1 too.
   */
  async function folder(): Promise<string> {
    const dir = tempFolder({});
    copyFileSync(join(examples, 'Rover1040.dat'), join(dir, 'Rover1040.dat'));
    expect((await runCli(['solve', 'Rover1040.dat', '--solver', 'gauss-seidel', '--out', 'answer.json'], dir)).code).toBe(0);
    const { problem } = await readProblem(join(dir, 'Rover1040.dat'));
    const { solution } = await readSolutionJson(join(dir, 'answer.json'));
    await writeFclibLocal(join(dir, 'dumped.hdf5'), problem, { solution, guesses: [solution] });
    return dir;
  }
  const bench = (dir: string, out: string, ...extra: string[]) =>
    runCli(['bench', 'dumped.hdf5', 'Rover1040.dat', '--solver', 'gauss-seidel', '--repeat', '1', '--out', out, ...extra], dir);

  test('should start every solve from the file\'s first guess where it has one, from r = 0 elsewhere, and say which', async () => {
    const dir = await folder();
    expect((await bench(dir, 'cold')).code).toBe(0);
    expect((await bench(dir, 'warm', '--warm-start')).code).toBe(0);
    const cold = records(join(dir, 'cold')), warm = records(join(dir, 'warm'));

    // Started at its own answer, Gauss-Seidel stops after the one sweep that measures it.
    const guessed = find(warm, 'dumped.hdf5', /./);
    expect(guessed).toMatchObject({ start: 'guess', solved: true, repeats: 1 });
    expect(guessed.iterations).toBeLessThanOrEqual(1);
    expect(find(cold, 'dumped.hdf5', /./).iterations).toBeGreaterThan(1);

    // No guess: the same solve from r = 0 as without the option, bit for bit (Gauss-Seidel is deterministic).
    const zero = find(warm, 'Rover1040.dat', /./), before = find(cold, 'Rover1040.dat', /./);
    expect(zero).toMatchObject({ start: 'zero', solved: true, iterations: before.iterations, error: before.error });

    const caption = (out: string) => readFileSync(join(dir, out, 'table.md'), 'utf8');
    expect(caption('warm')).toContain('after a cold one (results.jsonl has both), from each file\'s /guesses/1 where it has one (1 of 2 files), else from r = 0;');
    expect(caption('cold')).toContain('after a cold one (results.jsonl has both), from r = 0;');
  });

  test('should leave records without the option as they were: no start field, and their own keys', async () => {
    const dir = await folder();
    expect((await bench(dir, 'out')).code).toBe(0);
    const cold = records(join(dir, 'out'));
    for (const r of cold) expect(r).not.toHaveProperty('start');
    // The same --out with the option runs every job again: a resumed bench never mixes the two.
    expect((await bench(dir, 'out', '--warm-start')).code).toBe(0);
    const all = records(join(dir, 'out'));
    expect(all).toHaveLength(4);
    expect(all.filter((r) => r.start !== undefined).map((r) => r.start).sort()).toEqual(['guess', 'zero']);
    expect(new Set(all.map((r) => r.key)).size).toBe(4);
  });
});
