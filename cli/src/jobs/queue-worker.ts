import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker, type Job as QueueJob } from 'bullmq';
import { MoreauError } from '@moreau/core';
import { BENCH_DEFAULTS, defaultJobTimeLimitMs } from '../bench/args.js';
import { jobTitle } from './job.js';
import { PoolExecutor } from './pool.js';
import type { QueuedJob } from './queue.js';
import { LOCK_MS, MAX_STALLED, QUEUE_PREFIX, RUNS_KEY, STALLED_CHECK_MS } from './queue-connection.js';
import { RedisLink } from './queue-link.js';
import { rebasePaths } from './rebase-paths.js';

export interface QueueWorkerOptions {
  url: string;
  /** Jobs run at once, each on its own thread. */
  concurrency: number;
  /** Stop after this long with no job under way and none to take; undefined: wait for work for ever. */
  idleExitMs?: number;
  /** How long a lost connection to Redis is retried before the worker gives up with E_QUEUE. */
  reconnectTimeoutMs: number;
  /** This machine's copy of the submitters' working folder (QueuedJob.root). */
  cwd: string;
  /** One line per job finished, and notices. */
  log(line: string): void;
}

/** How often an idle lane looks for work (new runs included). */
const POLL_MS = 250;
/** How long a worker busy with a run trusts its list of runs. */
const RUNS_TTL_MS = 2_000;
/** How long closing BullMQ's workers may take when Redis is gone (their last calls cannot be answered). */
const CLOSE_WAIT_MS = 1_000;

/**
 * Consumes the jobs of every run on one Redis (the runs listed under RUNS_KEY, oldest
 * first) with `concurrency` lanes. Each lane takes one job at a time, runs it on a
 * thread of a local pool (pool.ts: the same job-runner as `--jobs`, the same time limit
 * and retry of a crashed thread), and returns the record as the job's return value.
 * Jobs are taken by hand (BullMQ's manual fetching) rather than by one BullMQ worker
 * per run, so that `concurrency` bounds the jobs of all runs together and a job is
 * taken only when a thread is free to start it at once.
 *
 * While Redis is unreachable every lane waits on a held command: a stop, or idleness
 * past --idle-exit, then ends the worker at once (its jobs under way go back to the
 * queue when the server returns), and an outage longer than the reconnect timeout ends
 * it with E_QUEUE (queue-link.ts).
 */
export class QueueWorker {
  readonly #workers = new Map<string, Worker<QueuedJob>>();
  #link?: RedisLink;
  /** Settled when the worker must end at once rather than after its lanes: Redis is gone and waiting is pointless. */
  #quit?: () => void;
  #pool?: PoolExecutor;
  #stopping = false;
  #busy = 0;
  #lastWork = Date.now();
  #idle = false;
  #runs: readonly string[] = [];
  #runsReadAt = -Infinity;

  constructor(private readonly options: QueueWorkerOptions) {}

  /** Connects to the server, or fails with E_QUEUE within seconds. */
  async connect(): Promise<void> {
    this.#link = await RedisLink.open({
      url: this.options.url, reconnectTimeoutMs: this.options.reconnectTimeoutMs, who: 'moreau worker', log: this.options.log,
      hint: 'Jobs under way here go back to the queue when the server is back; start the worker again then.',
    });
  }

  /** Works (after `connect`) until stopped or idle; true when it stopped for being idle. */
  async run(): Promise<boolean> {
    const link = this.#link;
    if (!link) throw new MoreauError('E_INTERNAL', 'QueueWorker.run called before connect');
    // The default limit is a fallback only: every queued job carries its run's own.
    this.#pool = new PoolExecutor({ threads: this.options.concurrency, jobTimeLimitMs: defaultJobTimeLimitMs(BENCH_DEFAULTS) });
    const quit = new Promise<void>((resolve) => { this.#quit = resolve; });
    const lanes = Promise.all(Array.from({ length: this.options.concurrency }, () => this.#lane()));
    // Lanes left behind by a quit fail when the connection is dropped below: nobody listens any more.
    lanes.catch(() => {});
    const watch = setInterval(() => this.#quitIfStuck(), POLL_MS);
    try {
      await Promise.race([lanes, quit, link.failed]);
    } finally {
      clearInterval(watch);
      // Gone or given up: BullMQ's workers cannot close cleanly, so drop the connection first and wait a bounded time.
      const gone = link.down || link.failure !== undefined;
      if (gone) link.close();
      const closing = Promise.all([...this.#workers.values()].map((w) => w.close(gone)));
      await (gone ? Promise.race([closing.catch(() => {}), sleep(CLOSE_WAIT_MS)]) : closing);
      await this.#pool.close();
      link.close();
    }
    return this.#idle;
  }

  /**
   * Takes no more jobs; the ones under way finish and are returned. With Redis
   * unreachable their records could not be returned: the worker ends at once.
   */
  stop(): void {
    this.#stopping = true;
    this.#quitIfStuck();
  }

  /** Ends the worker now if Redis is unreachable and it is asked to stop or has been idle too long. */
  #quitIfStuck(): void {
    const quit = this.#quit;
    if (!quit || !this.#link?.down) return;
    if (!this.#stopping && !this.#idleTooLong()) return;
    if (!this.#stopping) this.#idle = true;
    this.#stopping = true;
    const under = this.#busy;
    this.options.log(`moreau worker: Redis at ${this.options.url} is unreachable: stopping now${under ? `; ${under} job${under === 1 ? '' : 's'} under way here go back to the queue when it is back` : ''}.`);
    this.#quit = undefined;
    quit();
  }

  async #lane(): Promise<void> {
    while (!this.#stopping) {
      const taken = await this.#take();
      if (!taken) {
        if (this.#idleTooLong()) { this.#idle = true; this.stop(); break; }
        await sleep(POLL_MS);
        continue;
      }
      this.#busy++;
      try {
        await this.#process(taken.job, taken.token);
      } finally {
        this.#busy--;
        this.#lastWork = Date.now();
      }
    }
  }

  #idleTooLong(): boolean {
    const limit = this.options.idleExitMs;
    return limit !== undefined && this.#busy === 0 && Date.now() - this.#lastWork >= limit;
  }

  /**
   * The next job of the oldest run that has one, locked to a fresh token. The list of
   * runs is read again when none of the known ones has a job, and at least every
   * RUNS_TTL_MS (a newer run does not wait for an older one to empty): one round trip
   * less per job while a run lasts.
   */
  async #take(): Promise<{ job: QueueJob<QueuedJob>; token: string } | undefined> {
    for (const fresh of [false, true]) {
      for (const name of await this.#openRuns(fresh)) {
        if (this.#stopping) return undefined;
        const token = randomUUID();
        const job = await this.#worker(name).getNextJob(token, { block: false });
        if (job) return { job, token };
      }
    }
    return undefined;
  }

  async #openRuns(fresh: boolean): Promise<readonly string[]> {
    if (fresh || Date.now() - this.#runsReadAt > RUNS_TTL_MS) {
      this.#runs = await this.#link!.client.zrange(RUNS_KEY, 0, -1);
      this.#runsReadAt = Date.now();
      await this.#forgetFinishedRuns(this.#runs);
    }
    return this.#runs;
  }

  /**
   * The BullMQ worker of one run's queue, made on first use: it hands out jobs and,
   * every STALLED_CHECK_MS, puts back on the queue the jobs of workers that died.
   */
  #worker(name: string): Worker<QueuedJob> {
    let worker = this.#workers.get(name);
    if (!worker) {
      worker = new Worker<QueuedJob>(name, null, {
        connection: this.#link!.client, prefix: QUEUE_PREFIX, autorun: false,
        lockDuration: LOCK_MS, stalledInterval: STALLED_CHECK_MS, maxStalledCount: MAX_STALLED,
      });
      // While the connection is down the link has said so once; BullMQ would say it at every retry.
      worker.on('error', (e) => { if (!this.#link!.down && !this.#link!.failure) this.options.log(`moreau worker: ${name}: ${e.message}`); });
      void worker.startStalledCheckTimer();
      this.#workers.set(name, worker);
    }
    return worker;
  }

  async #forgetFinishedRuns(runs: readonly string[]): Promise<void> {
    const open = new Set(runs);
    for (const [name, worker] of this.#workers) {
      if (open.has(name)) continue;
      this.#workers.delete(name);
      await worker.close();
    }
  }

  /** Runs one job with its lock renewed meanwhile, and hands back its record. */
  async #process(job: QueueJob<QueuedJob>, token: string): Promise<void> {
    const { job: sent, root, timeLimitMs, run } = job.data;
    const local = rebasePaths(sent, root, this.options.cwd);
    const [subject, solver] = jobTitle(local);
    // Which job runs where, for whoever reads the logs of a cluster (and a lost worker's last job).
    this.options.log(`${run}  ${subject} × ${solver}: started`);
    const renew = setInterval(() => { job.extendLock(token, LOCK_MS).catch(() => {}); }, LOCK_MS / 2);
    let record;
    try {
      record = await this.#pool!.runOne(local, timeLimitMs);
    } catch (e) {
      // The pool answers every job with a record; this is a failure of the worker itself.
      await job.moveToFailed(e as Error, token, false).catch(() => {});
      this.options.log(`${run}  ${subject} × ${solver}: this worker failed: ${(e as Error).message}`);
      return;
    } finally {
      clearInterval(renew);
    }
    try {
      await job.moveToCompleted(record, token, false);
    } catch (e) {
      // The lock was lost: the run was stopped, or the job was judged stalled and handed to another worker.
      this.options.log(`${run}  ${subject} × ${solver}: answer not taken (${(e as Error).message.split('\n')[0]})`);
      return;
    }
    const r = record as { reason?: string; ms?: number | null };
    this.options.log(`${run}  ${subject} × ${solver}: ${r.reason ?? 'done'}${typeof r.ms === 'number' ? ` (${r.ms.toFixed(1)} ms)` : ''}`);
  }
}
