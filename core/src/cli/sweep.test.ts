import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { runCli, tempFolder } from '../../test/cli-harness.js';
import type { BenchRecord } from './bench-record.js';

const examples = fileURLToPath(new URL('../../../examples/problems/', import.meta.url));
const tiny = ['FrictionContact3D_1c.dat', 'Rover1040.dat', 'FC3D_Example1_SBM.dat'].map((f) => join(examples, f));

/** The small sweep of these tests: pqn at two δ on three tiny problems, six jobs. */
const sweepFolder = () => tempFolder({ 'spec.json': JSON.stringify({ solver: 'pqn', options: { delta: [0, 1] }, problems: tiny }) });

const lines = (dir: string) => readFileSync(join(dir, 'results.jsonl'), 'utf8').trim().split('\n');
const records = (dir: string): BenchRecord[] => lines(dir).map((l) => JSON.parse(l));
/** A record without its wall-clock times: what must not depend on who ran the job. */
const untimed = ({ ms: _ms, msCold: _msCold, ...rest }: BenchRecord) => rest;

describe('moreau sweep', () => {
  test('should give the same records in this process and on a pool of two workers, timings apart', async () => {
    const dir = sweepFolder();
    const inProcess = await runCli(['sweep', 'spec.json', '--repeat', '1', '--out', 'a'], dir);
    expect(inProcess.code).toBe(0);
    const pooled = await runCli(['sweep', 'spec.json', '--repeat', '1', '--out', 'b', '--jobs', '2'], dir);
    expect(pooled.code).toBe(0);
    expect(pooled.stderr).toContain('= 6 jobs on 2 worker threads');
    const a = records(join(dir, 'a')), b = records(join(dir, 'b'));
    expect(a).toHaveLength(6);
    expect(new Set(a.map((r) => r.key)).size).toBe(6);
    expect(a.map((r) => r.solver)).toEqual(['pqn {"delta":0}', 'pqn {"delta":1}', 'pqn {"delta":0}', 'pqn {"delta":1}', 'pqn {"delta":0}', 'pqn {"delta":1}']);
    expect(a.every((r) => r.solved)).toBe(true);
    expect(b.map(untimed)).toEqual(a.map(untimed));
    expect(readFileSync(join(dir, 'b', 'table.md'), 'utf8')).toMatch(/\| pqn \{"delta":1\} \| 3 \/ 3 \|/);
  });

  test('should resume: run only the jobs results.jsonl has no record of, ignoring a last line cut short', async () => {
    const dir = sweepFolder();
    expect((await runCli(['sweep', 'spec.json', '--repeat', '1', '--out', 'full'], dir)).code).toBe(0);
    const full = lines(join(dir, 'full'));
    // A run killed after three jobs, in the middle of writing the fourth.
    const half = tempFolder({ 'results.jsonl': `${full.slice(0, 3).join('\n')}\n${full[3].slice(0, 40)}` });
    const run = await runCli(['sweep', 'spec.json', '--repeat', '1', '--out', half, '--progress'], dir);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('3 of 6 jobs already recorded; running the other 3.');
    // --progress off a terminal: one line per job started, here only the three not recorded.
    expect(run.stderr.match(/^bench \d+\/6 /gm)).toEqual(['bench 3/6 ', 'bench 4/6 ', 'bench 5/6 ']);
    expect(run.stderr).toMatch(/^bench 5\/6 \(2 done, 3 skipped, 0 failed, 1 left\)/m);
    const resumed = lines(half);
    // The recorded three are kept as they were (their times too: they did not run again).
    expect(resumed.slice(0, 3)).toEqual(full.slice(0, 3));
    expect(resumed.map((l) => untimed(JSON.parse(l)))).toEqual(full.map((l) => untimed(JSON.parse(l))));

    const again = await runCli(['sweep', 'spec.json', '--repeat', '1', '--out', half], dir);
    expect(again.stderr).toContain('6 of 6 jobs already recorded; running the other 0.');
    expect(lines(half)).toEqual(resumed);
  });

  test('should refuse an unknown solver and an unknown option with E_CONFIG before any solve', async () => {
    const dir = tempFolder({
      'typo.json': JSON.stringify({ solver: 'pqm', options: { delta: [0, 1] }, problems: tiny[0] }),
      'option.json': JSON.stringify({ solver: 'pqn', options: { deltas: [0, 1] }, problems: tiny[0] }),
    });
    const typo = await runCli(['sweep', 'typo.json', '--out', 'out'], dir);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/^E_CONFIG: typo\.json: invalid sweep .*\n {2}solver: unknown solver "pqm".*did you mean "pqn"/);
    const option = await runCli(['sweep', 'option.json', '--out', 'out'], dir);
    expect(option.code).toBe(2);
    expect(option.stderr).toMatch(/options\.deltas: "pqn" has no option "deltas"; did you mean "delta"/);
  });
});
