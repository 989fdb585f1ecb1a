import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { runCli, tempFolder } from '../../../test/cli-harness.js';
import { freePort, redisServerInstalled, startRedisServer, type RedisServer } from '../../../test/redis-server.js';
import type { BenchRecord } from '../bench-record.js';

// The workers are `moreau worker` processes: the compiled CLI (core/dist), as a user runs it.
const bin = fileURLToPath(new URL('../../../bin/moreau.js', import.meta.url));
const built = existsSync(fileURLToPath(new URL('../../../dist/cli/worker.js', import.meta.url)));
const examples = fileURLToPath(new URL('../../../../examples/problems/', import.meta.url));
const problems = ['Rover4516.dat', 'Rover1040.dat', 'FC3D_Example1_SBM.dat', 'FrictionContact3D_1c.dat'].map((f) => join(examples, f));

/**
 * Twelve jobs: pqn at three δ on four small problems, with loose limits. The Rover jobs
 * come first and take tens of ms, so a worker killed after its first job most likely
 * holds another (then handed to the survivor after its lock lapses).
 */
const spec = JSON.stringify({ solver: 'pqn', options: { delta: [0, 0.1, 1] }, problems });
const sweep = (dir: string, out: string, ...extra: string[]) =>
  runCli(['sweep', 'spec.json', '--repeat', '1', '--tol', '1e-6', '--max-iter', '200', '--out', out, ...extra], dir);
const records = (dir: string): BenchRecord[] => readFileSync(join(dir, 'results.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
/** A record without its wall-clock times: what must not depend on who ran the job. */
const untimed = ({ ms: _ms, msCold: _msCold, ...rest }: BenchRecord) => rest;

const installed = redisServerInstalled();
const inCi = Boolean(process.env.CI);
if (!installed && !inCi) console.warn('queue tests skipped: redis-server is not installed here (apt-get install redis-server); in CI they fail instead.');

interface WorkerProcess { child: ChildProcess; stdout: () => string; stderr: () => string; exited: Promise<number | null> }

const workers: WorkerProcess[] = [];

/** `moreau worker` in `cwd`, one job at a time; idle long enough not to miss a sweep that is slow to start (afterEach stops it). */
function startWorker(cwd: string, url: string, idleExit = 60): WorkerProcess {
  const child = spawn(process.execPath, [bin, 'worker', '--queue', url, '--concurrency', '1', '--idle-exit', String(idleExit)], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '', err = '';
  child.stdout!.on('data', (d) => { out += d; });
  child.stderr!.on('data', (d) => { err += d; });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const w = { child, stdout: () => out, stderr: () => err, exited };
  workers.push(w);
  return w;
}

async function waitFor(what: string, ok: () => boolean, seconds = 40): Promise<void> {
  for (let i = 0; i < seconds * 10 && !ok(); i++) await sleep(100);
  if (!ok()) throw new Error(`timed out waiting for ${what}`);
}

describe.skipIf(!installed && !inCi)('moreau sweep --queue and moreau worker (a real Redis on 127.0.0.1)', () => {
  let redis: RedisServer;
  let dir: string;
  let reference: BenchRecord[];

  beforeAll(async () => {
    if (!installed) throw new Error('redis-server is not installed: the queue tests need it (.ci/run installs Debian\'s redis-server; locally: apt-get install redis-server).');
    if (!built) throw new Error('moreau worker runs the compiled CLI: build it first (node scripts/build.mjs).');
    redis = await startRedisServer();
    dir = tempFolder({ 'spec.json': spec });
    const run = await sweep(dir, 'in-process');
    expect(run.code).toBe(0);
    reference = records(join(dir, 'in-process'));
  });

  afterEach(() => {
    for (const w of workers.splice(0)) if (w.child.exitCode === null) w.child.kill('SIGKILL');
  });

  afterAll(() => redis?.stop());

  test('should give the same records in this process, on a pool and through the queue with two workers', async () => {
    expect(reference).toHaveLength(12);
    expect(new Set(reference.map((r) => r.key)).size).toBe(12);
    const pooled = await sweep(dir, 'pool', '--jobs', '2');
    expect(pooled.code).toBe(0);

    const a = startWorker(dir, redis.url), b = startWorker(dir, redis.url);
    const queued = await sweep(dir, 'queue', '--queue', redis.url);
    expect(queued.code).toBe(0);
    expect(queued.stderr).toContain(`= 12 jobs on the queue ${redis.url}`);

    expect(records(join(dir, 'pool')).map(untimed)).toEqual(reference.map(untimed));
    expect(records(join(dir, 'queue')).map(untimed)).toEqual(reference.map(untimed));
    // Every job was run by one of the two workers, once (a worker prints its line just after handing the record back).
    const lines = () => (a.stdout() + b.stdout()).trim().split('\n');
    await waitFor('the workers\' twelve lines', () => lines().length >= 12, 10);
    expect(lines()).toHaveLength(12);
    expect(lines().every((l) => l.includes(join(dir, 'queue')))).toBe(true);
  });

  test('should finish the sweep when a worker is killed in the middle: every job once, the same records', async () => {
    const doomed = startWorker(dir, redis.url), survivor = startWorker(dir, redis.url);
    const queued = sweep(dir, 'killed', '--queue', redis.url);
    // Killed after its first job, while it holds its second: that job must be handed to the survivor.
    await waitFor('the first job of the worker to kill', () => doomed.stdout().includes(' × '));
    doomed.child.kill('SIGKILL');
    const run = await queued;
    expect(run.code).toBe(0);

    const rs = records(join(dir, 'killed'));
    expect(rs.map((r) => r.key).sort()).toEqual(reference.map((r) => r.key).sort());
    expect(rs.map(untimed)).toEqual(reference.map(untimed));
    expect(await doomed.exited).toBe(null);
    expect(survivor.child.exitCode).toBe(null);
  });

  test('should resume through the queue: only the jobs without a record are queued', async () => {
    const full = readFileSync(join(dir, 'in-process', 'results.jsonl'), 'utf8').trim().split('\n');
    const half = tempFolder({ 'results.jsonl': `${full.slice(0, 7).join('\n')}\n` });
    const w = startWorker(dir, redis.url);
    const run = await sweep(dir, half, '--queue', redis.url);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('7 of 12 jobs already recorded; running the other 5.');
    expect(records(half).map(untimed)).toEqual(reference.map(untimed));
    await waitFor('the worker\'s five lines', () => w.stdout().trim().split('\n').length >= 5, 10);
    expect(w.stdout().trim().split('\n')).toHaveLength(5);
  });

  test('should exit by itself, with status 0, after --idle-exit seconds with nothing to run', async () => {
    const w = startWorker(dir, redis.url, 1);
    expect(await w.exited).toBe(0);
    expect(w.stderr()).toContain('moreau worker: nothing to run for 1 s; exiting.');
  });

  test('should refuse a URL that is not redis://host:port, and an unreachable server, with E_QUEUE naming the URL', async () => {
    const bad = await sweep(dir, 'bad', '--queue', 'http://127.0.0.1:6379');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^E_QUEUE: --queue expects redis:\/\/host:port, got "http:\/\/127\.0\.0\.1:6379"/);

    const nobody = `redis://127.0.0.1:${await freePort()}`;
    const unreachable = await sweep(dir, 'unreachable', '--queue', nobody);
    expect(unreachable.code).toBe(2);
    expect(unreachable.stderr).toMatch(new RegExp(`^E_QUEUE: cannot reach Redis at ${nobody.replace(/\./g, '\\.')}: .*ECONNREFUSED`, 'm'));

    const worker = startWorker(dir, nobody);
    expect(await worker.exited).toBe(2);
    expect(worker.stderr()).toMatch(/^E_QUEUE: cannot reach Redis at redis:\/\/127\.0\.0\.1:\d+: /);
    expect(worker.stderr()).not.toMatch(/\n\s+at /);
  });

  test('should refuse --jobs with --queue', async () => {
    const both = await sweep(dir, 'both', '--jobs', '2', '--queue', redis.url);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/^E_USAGE: --jobs and --queue/);
  });
});
