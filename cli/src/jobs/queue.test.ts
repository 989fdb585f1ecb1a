import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { runCli, tempFolder } from '../../test/cli-harness.js';
import { freePort, redisServerInstalled, startRedisServer, type RedisServer } from '../../test/redis-server.js';
import type { BenchRecord } from '../bench/record.js';

// The workers are `moreau worker` processes: the compiled CLI (cli/dist), as a user runs it.
const bin = fileURLToPath(new URL('../../bin/moreau.js', import.meta.url));
const built = existsSync(fileURLToPath(new URL('../../dist/worker.js', import.meta.url)));
const examples = fileURLToPath(new URL('../../../examples/problems/', import.meta.url));
const problems = ['Rover4516.dat', 'Rover1040.dat', 'FC3D_Example1_SBM.dat', 'FrictionContact3D_1c.dat'].map((f) => join(examples, f));

/** Twelve jobs: pqn at three δ on four small problems, with loose limits; tens of ms each. */
const spec = JSON.stringify({ solver: 'pqn', options: { delta: [0, 0.1, 1] }, problems });
const sweep = (dir: string, out: string, ...extra: string[]) =>
  runCli(['sweep', 'spec.json', '--repeat', '1', '--tol', '1e-6', '--max-iter', '200', '--out', out, ...extra], dir);
/**
 * Two jobs of seconds each: pqn at two δ on the masonry wall, run to an iteration cap
 * that a tolerance it cannot reach makes sure of (so the records stay deterministic).
 * A worker seen starting one of them still holds it a moment later.
 */
const slowSpec = JSON.stringify({ solver: 'pqn', options: { delta: [0, 0.1] }, problems: [join(examples, 'masonry-WALL1-step1.hdf5')] });
const slowSweep = (dir: string, out: string, ...extra: string[]) =>
  runCli(['sweep', 'slow.json', '--repeat', '1', '--tol', '1e-14', '--max-iter', '6000', '--out', out, ...extra], dir);
const records = (dir: string): BenchRecord[] => readFileSync(join(dir, 'results.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
/** A record without its wall-clock times: what must not depend on who ran the job. */
const untimed = ({ ms: _ms, msCold: _msCold, ...rest }: BenchRecord) => rest;

const installed = redisServerInstalled();
const inCi = Boolean(process.env.CI);
if (!installed && !inCi) console.warn('queue tests skipped: redis-server is not installed here (apt-get install redis-server); in CI they fail instead.');

interface WorkerProcess { child: ChildProcess; stdout: () => string; stderr: () => string; exited: Promise<number | null> }

const workers: WorkerProcess[] = [];

/** `moreau worker` in `cwd`, one job at a time; idle long enough not to miss a sweep that is slow to start (afterEach stops it). */
function startWorker(cwd: string, url: string, idleExit = 60, ...extra: string[]): WorkerProcess {
  const child = spawn(process.execPath, [bin, 'worker', '--queue', url, '--concurrency', '1', '--idle-exit', String(idleExit), ...extra], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '', err = '';
  child.stdout!.on('data', (d) => { out += d; });
  child.stderr!.on('data', (d) => { err += d; });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const w = { child, stdout: () => out, stderr: () => err, exited };
  workers.push(w);
  return w;
}

/** A worker's lines for jobs it ended (not those it started). */
const ended = (w: WorkerProcess) => w.stdout().trim().split('\n').filter((l) => l.includes(' × ') && !l.endsWith(': started'));
/** A worker's lines for jobs it started. */
const begun = (w: WorkerProcess) => w.stdout().trim().split('\n').filter((l) => l.endsWith(': started'));
/** A worker line's job: the run and the job's title, without what happened to it. */
const jobOf = (line: string) => line.slice(0, line.lastIndexOf(': '));

async function waitFor(what: string, ok: () => boolean, seconds = 40): Promise<void> {
  for (let i = 0; i < seconds * 10 && !ok(); i++) await sleep(100);
  if (!ok()) throw new Error(`timed out waiting for ${what}`);
}

describe.skipIf(!installed && !inCi)('moreau sweep --queue and moreau worker (a real Redis on 127.0.0.1)', () => {
  let redis: RedisServer;
  let dir: string;
  let reference: BenchRecord[];
  let slowReference: BenchRecord[];
  /** Servers that tests stop on purpose (stopped here too, should a test fail first). */
  const doomedServers: RedisServer[] = [];
  const doomedServer = async () => { const s = await startRedisServer(); doomedServers.push(s); return s; };

  beforeAll(async () => {
    if (!installed) throw new Error('redis-server is not installed: the queue tests need it (.ci/run installs Debian\'s redis-server; locally: apt-get install redis-server).');
    if (!built) throw new Error('moreau worker runs the compiled CLI: build it first (node scripts/build.mjs).');
    redis = await startRedisServer();
    dir = tempFolder({ 'spec.json': spec, 'slow.json': slowSpec });
    const run = await sweep(dir, 'in-process');
    expect(run.code).toBe(0);
    reference = records(join(dir, 'in-process'));
    const slow = await slowSweep(dir, 'slow-in-process');
    expect(slow.code).toBe(0);
    slowReference = records(join(dir, 'slow-in-process'));
  }, 120_000);

  afterEach(() => {
    for (const w of workers.splice(0)) if (w.child.exitCode === null) w.child.kill('SIGKILL');
  });

  afterAll(() => {
    redis?.stop();
    for (const s of doomedServers) s.stop();
  });

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
    const lines = () => [...ended(a), ...ended(b)];
    await waitFor('the workers\' twelve lines', () => lines().length >= 12, 10);
    expect(lines()).toHaveLength(12);
    expect(lines().every((l) => l.includes(join(dir, 'queue')))).toBe(true);
  });

  test('should finish the sweep when a worker is killed holding a job: that job run again by the other, every job once, the same records', async () => {
    const expected = slowReference;
    expect(expected).toHaveLength(2);

    const doomed = startWorker(dir, redis.url), survivor = startWorker(dir, redis.url);
    // Both polling before the jobs come, so each takes one (one job at a time each).
    await waitFor('both workers to start', () => doomed.stderr().includes(' at once on ') && survivor.stderr().includes(' at once on '));
    const queued = slowSweep(dir, 'killed', '--queue', redis.url);
    await waitFor('a job started by the worker to kill', () => begun(doomed).length > 0);
    doomed.child.kill('SIGKILL');
    expect(await doomed.exited).toBe(null);
    const run = await queued;
    expect(run.code).toBe(0);

    // It held the job when killed: it started it and never ended it; the survivor ended it.
    const lost = jobOf(begun(doomed)[0]);
    expect(ended(doomed)).toEqual([]);
    expect(ended(survivor).map(jobOf).sort()).toEqual([lost, ...begun(survivor).map(jobOf).filter((j) => j !== lost)].sort());
    expect(ended(survivor).filter((l) => jobOf(l) === lost)).toHaveLength(1);
    const rs = records(join(dir, 'killed'));
    expect(rs.map((r) => r.key).sort()).toEqual(expected.map((r) => r.key).sort());
    expect(rs.map(untimed)).toEqual(expected.map(untimed));
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
    await waitFor('the worker\'s five lines', () => ended(w).length >= 5, 10);
    expect(ended(w)).toHaveLength(5);
    expect(begun(w)).toHaveLength(5);
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

  test('should exit with status 2 and E_QUEUE naming the URL when Redis goes away for longer than --reconnect-timeout', async () => {
    const lost = await doomedServer();
    const w = startWorker(dir, lost.url, 600, '--reconnect-timeout', '2');
    await waitFor('the worker to start', () => w.stderr().includes(' at once on '));
    lost.stop();
    expect(await w.exited).toBe(2);
    // With the cause in parentheses when the client saw one (timing decides: see below).
    expect(w.stderr()).toMatch(new RegExp(`moreau worker: lost the connection to Redis at ${lost.url.replace(/\./g, '\\.')}( \\([^)]*\\))?; retrying for 2 s\\.`));
    expect(w.stderr()).toMatch(new RegExp(`^E_QUEUE: lost the connection to Redis at ${lost.url.replace(/\./g, '\\.')} and could not get it back within 2 s`, 'm'));
    expect(w.stderr()).not.toMatch(/\n\s+at /);
  });

  test('should end at once on SIGTERM, and after --idle-exit, while Redis is unreachable', async () => {
    const lost = await doomedServer();
    // A reconnect timeout far past the test's own: only the signal or idleness can end these workers.
    const termed = startWorker(dir, lost.url, 600, '--reconnect-timeout', '3600');
    const idle = startWorker(dir, lost.url, 2, '--reconnect-timeout', '3600');
    await waitFor('the workers to start', () => termed.stderr().includes(' at once on ') && idle.stderr().includes(' at once on '));
    lost.stop();
    await waitFor('the lost connection', () => termed.stderr().includes('lost the connection'));
    termed.child.kill('SIGTERM');
    expect(await termed.exited).toBe(0);
    expect(termed.stderr()).toContain(`moreau worker: Redis at ${lost.url} is unreachable: stopping now.`);
    expect(await idle.exited).toBe(0);
    expect(idle.stderr()).toContain('moreau worker: nothing to run for 2 s; exiting.');
  });

  test('should stop a queued sweep with E_QUEUE when Redis goes away, keep its records, and resume on another server', async () => {
    const lost = await doomedServer();
    const w = startWorker(dir, lost.url);
    const out = join(dir, 'cut');
    const cut = slowSweep(dir, out, '--queue', lost.url, '--reconnect-timeout', '2');
    // The first record is written; the worker is killed holding the second job, and the server stopped.
    await waitFor('the first record', () => existsSync(join(out, 'results.jsonl')) && readFileSync(join(out, 'results.jsonl'), 'utf8').trim() !== '', 60);
    w.child.kill('SIGKILL');
    lost.stop();
    const run = await cut;
    expect(run.code).toBe(2);
    // The cause is named when the client saw one: a write in flight when the server stopped gives
    // "(write EPIPE)", an idle link none (which one depends on timing).
    const url = lost.url.replace(/\./g, '\\.');
    expect(run.stderr).toMatch(new RegExp(`moreau: lost the connection to Redis at ${url}( \\([^)]*\\))?; retrying for 2 s\\.`));
    expect(run.stderr).toMatch(new RegExp(`^E_QUEUE: lost the connection to Redis at ${url} and could not get it back within 2 s`, 'm'));
    const kept = records(out);
    expect(kept).toHaveLength(1);

    startWorker(dir, redis.url);
    const resumed = await slowSweep(dir, out, '--queue', redis.url);
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain('1 of 2 jobs already recorded; running the other 1.');
    expect(records(out).map(untimed)).toEqual(slowReference.map(untimed));
    expect(records(out).find((r) => r.key === kept[0].key)).toEqual(kept[0]);
  });

  test('should hand out again the jobs a server that came back empty lost, and finish (it waited for ever)', async () => {
    const emptied = await doomedServer();
    const w = startWorker(dir, emptied.url);
    const out = join(dir, 'emptied');
    const run = slowSweep(dir, out, '--queue', emptied.url);
    // The first record is written and the second job is under way when the server loses everything.
    await waitFor('the first record', () => existsSync(join(out, 'results.jsonl')) && readFileSync(join(out, 'results.jsonl'), 'utf8').trim() !== '', 60);
    expect(emptied.cli('flushall')).toBe('OK');
    const done = await run;
    expect(done.code).toBe(0);
    expect(done.stderr).toContain(`moreau: the queue at ${emptied.url} lost the 1 job(s) not yet recorded (the server restarted empty?); submitting them again.`);
    expect(records(out).map(untimed)).toEqual(slowReference.map(untimed));
    expect(w.stderr()).not.toMatch(/\n\s+at /);
  }, 120_000);

  test('should refuse --jobs with --queue', async () => {
    const both = await sweep(dir, 'both', '--jobs', '2', '--queue', redis.url);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/^E_USAGE: --jobs and --queue/);
  });
});
