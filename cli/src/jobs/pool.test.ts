import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { runCli, tempFolder } from '../../test/cli-harness.js';
import type { BenchRecord } from '../bench/record.js';

// Runs in the compiled pool worker (cli/dist), as `moreau bench --jobs` does.
const misbehaving = fileURLToPath(new URL('../__fixtures__/pool-misbehaving.mjs', import.meta.url));
const problem = JSON.stringify({
  format: 'moreau-problem', version: 1, contacts: 1, W: { dense: [[2, 0, 0], [0, 1, 0], [0, 0, 1]] }, q: [1, 0.5, 0], mu: [0.3],
});
const records = (dir: string): BenchRecord[] => readFileSync(join(dir, 'results.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const bench = (dir: string, options: Record<string, unknown>, ...extra: string[]) =>
  runCli(['bench', 'p.json', '--solver', misbehaving, '--options', JSON.stringify(options), '--repeat', '1', '--out', 'out', '--jobs', '1', ...extra], dir);

describe('moreau bench --jobs (worker pool)', () => {
  test('should stop a job past its time limit, record it as timed-out, and go on', async () => {
    const dir = tempFolder({ 'p.json': problem, 'q.json': problem });
    const run = await runCli(['bench', 'p.json', 'q.json', '--solver', misbehaving, '--options', '{"mode":"hang"}', '--repeat', '1', '--out', 'out',
      '--jobs', '2', '--job-time-limit', '300'], dir);
    expect(run.code).toBe(0);
    const rs = records(join(dir, 'out'));
    expect(rs.map((r) => r.problem).sort()).toEqual(['p.json', 'q.json']);
    for (const r of rs) expect(r).toMatchObject({ reason: 'timed-out', solved: false, error: null, failure: expect.stringMatching(/after 300 ms/) });
    expect(run.stderr).toMatch(/p\.json × misbehaving .*: timed-out: stopped after 300 ms/);
  });

  test('should try a job whose worker died once more, and record it as crashed when it dies again', async () => {
    const dir = tempFolder({ 'p.json': problem });
    const run = await bench(dir, { mode: 'exit' });
    expect(run.code).toBe(0);
    const [r] = records(join(dir, 'out'));
    expect(r).toMatchObject({ reason: 'crashed', solved: false, failure: expect.stringMatching(/^the worker failed twice: /) });
  });

  test('should keep the answer of the second try when the first worker died', async () => {
    const dir = tempFolder({ 'p.json': problem });
    const marker = join(dir, 'died');
    const run = await bench(dir, { mode: 'exit-once', marker });
    expect(run.code).toBe(0);
    expect(existsSync(marker)).toBe(true);
    const [r] = records(join(dir, 'out'));
    expect(r).toMatchObject({ reason: 'max-iterations', answeredBy: 'misbehaving', error: expect.any(Number) });
    expect(r.failure).toBeUndefined();
  });
});
