import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Queue } from 'bullmq';
import type { JobExecutor, JobListener } from './executor.js';
import { jobKey, type Job } from './job.js';
import { lostRecord } from './lost-record.js';
import { QUEUE_PREFIX, RUNS_KEY } from './queue-connection.js';
import { DEFAULT_RECONNECT_TIMEOUT_MS, RedisLink } from './queue-link.js';

/** A record as the executor's listener takes it (whatever kind of job gave it). */
type QueueRecord = Parameters<JobListener['record']>[1];

/** What a run puts on its queue for each job: the job, and what a worker needs to run it as this machine would. */
export interface QueuedJob {
  job: Job;
  /** The submitter's working folder: paths under it are found under the worker's own (rebase-paths.ts). */
  root: string;
  /** The job's hard limit: past it the worker stops the job's thread and answers timed-out. */
  timeLimitMs: number;
  /** Which run this is, for the worker's log lines: host and results folder of the submitter. */
  run: string;
}

export interface QueueOptions {
  /** redis://host:port */
  url: string;
  /** The results folder: with this host it names the run's queue, so a resumed run finds its own jobs. */
  outDir: string;
  /** The submitter's working folder (QueuedJob.root). */
  root: string;
  jobTimeLimitMs: number;
  /** How long a lost connection to Redis is retried before the run stops with E_QUEUE (default 30 s). */
  reconnectTimeoutMs?: number;
}

/** How long closing the queue may take when Redis is gone (its last calls cannot be answered). */
const CLOSE_WAIT_MS = 1_000;

/** How often the submitter looks for finished jobs: latency at the end of a run, not throughput (workers never wait for it). */
const POLL_MS = 250;
/** Jobs added per round trip, and finished jobs fetched per look. */
const BATCH = 500;

/**
 * The queue of one run: `run-` and a hash of this host and the results folder. Two
 * sweeps with different --out never share a queue; the same sweep resumed on the same
 * machine finds the jobs its killed predecessor left, answers included.
 */
export function runQueueName(outDir: string): string {
  return `run-${createHash('sha256').update(`${hostname()}\n${resolve(outDir)}`).digest('hex').slice(0, 16)}`;
}

/**
 * Runs jobs on any number of `moreau worker` processes through a BullMQ queue on
 * Redis. Each job is added once, with its key as its id (so a resumed run does not add
 * it twice); workers return each record as the job's return value, and this process,
 * the only writer of results.jsonl, collects them. A worker that dies lets its job's
 * lock lapse and another worker takes the job over (queue-connection.ts); a job whose
 * workers died twice, or that failed twice, is recorded as crashed. The per-job time
 * limit is kept by the worker, as the pool keeps it. Ctrl-C removes the jobs not
 * started and waits for those under way. Redis lost for longer than the reconnect
 * timeout stops the run with E_QUEUE; the records received are in the results file
 * already, and running the command again resumes (queue-link.ts).
 */
export class QueueExecutor implements JobExecutor {
  readonly where: string;
  readonly #name: string;
  #link?: RedisLink;
  #queue?: Queue<QueuedJob, QueueRecord>;

  constructor(private readonly options: QueueOptions) {
    this.#name = runQueueName(options.outDir);
    this.where = `on the queue ${options.url} as ${this.#name} (start \`moreau worker --queue ${options.url}\` on each machine)`;
  }

  async run(jobs: readonly Job[], listener: JobListener): Promise<void> {
    const link = this.#link = await RedisLink.open({
      url: this.options.url, reconnectTimeoutMs: this.options.reconnectTimeoutMs ?? DEFAULT_RECONNECT_TIMEOUT_MS,
      who: 'moreau', log: (line) => (listener.notice ?? noticeOnStderr)(line),
      hint: 'The records received so far are in results.jsonl: run the same command again when the server is back, and it goes on from there.',
    });
    const client = link.client;
    const queue = this.#queue = new Queue<QueuedJob, QueueRecord>(this.#name, { connection: client, prefix: QUEUE_PREFIX });
    // Connection trouble surfaces as the rejection of the call under way; the event only needs a listener.
    queue.on('error', () => {});
    const pending = new Map(jobs.map((job) => [jobKey(job), job]));
    if (pending.size > 0) {
      // Registered first, so workers already waiting start on the first jobs while the rest are added.
      await this.#submit(queue, [...pending]);
      await this.#collect(queue, pending, listener);
    }
    // Done, or stopped with nothing under way: nothing of this run is left to hand out.
    await link.guard(queue.obliterate({ force: true }));
    await link.guard(client.zrem(RUNS_KEY, this.#name));
  }

  async close(): Promise<void> {
    const link = this.#link;
    // Gone or given up: the queue cannot close cleanly, so drop the connection first and wait a bounded time.
    const gone = link !== undefined && (link.down || link.failure !== undefined);
    if (gone) link.close();
    const closing = this.#queue?.close();
    if (closing) await (gone ? Promise.race([closing.catch(() => {}), sleep(CLOSE_WAIT_MS)]) : closing);
    link?.close();
  }

  /** Registers the run (first, so workers already waiting start on the first jobs while the rest are added) and adds the jobs. */
  async #submit(queue: Queue<QueuedJob, QueueRecord>, entries: [string, Job][]): Promise<void> {
    await this.#link!.guard(this.#link!.client.zadd(RUNS_KEY, 'NX', Date.now(), this.#name));
    await this.#enqueue(queue, entries);
  }

  async #enqueue(queue: Queue<QueuedJob, QueueRecord>, entries: [string, Job][]): Promise<void> {
    const run = `${hostname()}:${resolve(this.options.outDir)}`;
    const { root, jobTimeLimitMs: timeLimitMs } = this.options;
    for (let i = 0; i < entries.length; i += BATCH) {
      await this.#link!.guard(queue.addBulk(entries.slice(i, i + BATCH).map(([key, job]) => ({
        name: 'job',
        data: { job, root, timeLimitMs, run },
        // attempts: a worker that throws (rather than answering with a record) gets one more try elsewhere.
        opts: { jobId: key, attempts: 2, removeOnComplete: false, removeOnFail: false },
      }))));
    }
  }

  /** Whether the queue holds no job of this run in any state: what a server that restarted empty leaves. */
  async #lost(queue: Queue<QueuedJob, QueueRecord>): Promise<boolean> {
    // Every state (BullMQ's default list: active, completed, delayed, failed, prioritized, waiting, waiting-children).
    const counts = await this.#link!.guard(queue.getJobCounts());
    return Object.values(counts).every((n) => n === 0);
  }

  /** Reports jobs as they start and finish until every one has a record, or (stopped) none is under way. */
  async #collect(queue: Queue<QueuedJob, QueueRecord>, pending: Map<string, Job>, listener: JobListener): Promise<void> {
    const started = new Set<string>();
    const start = (id: string) => {
      const job = pending.get(id);
      if (job && !started.has(id)) { started.add(id); listener.start?.(job); }
      return job;
    };
    const guard = <T>(call: Promise<T>) => this.#link!.guard(call);
    let stopping = false;
    while (pending.size > 0) {
      // Stopping: jobs not started are taken off the queue (again each round: a job
      // whose worker died comes back to it), and those under way are waited for.
      if (listener.stopped()) { stopping = true; await guard(queue.drain(true)); }
      const [active, completed, failed] = await guard(Promise.all([
        queue.getJobs('active', 0, -1), queue.getJobs('completed', 0, BATCH - 1), queue.getJobs('failed', 0, BATCH - 1),
      ]));
      for (const j of active) start(j.id!);
      for (const j of completed) {
        const job = start(j.id!);
        if (job) listener.record(job, j.returnvalue);
      }
      for (const j of failed) {
        const job = start(j.id!);
        if (job) listener.record(job, lostRecord(job, 'crashed', `the queue gave up on it after ${j.attemptsMade} attempt(s): ${j.failedReason}`));
      }
      // Recorded (or left by an earlier run and already in the results file): off the queue.
      const finished = [...completed, ...failed].map((j) => j.id!);
      for (const id of finished) pending.delete(id);
      await guard(Promise.all(finished.map((id) => queue.remove(id))));
      if (stopping && active.length === 0 && finished.length === 0) return;
      if (!stopping && active.length === 0 && finished.length === 0 && pending.size > 0 && await this.#lost(queue)) {
        // The server came back empty (restarted without its data, or flushed): nothing would
        // ever finish the jobs still pending, so they are handed out again.
        (listener.notice ?? noticeOnStderr)(`moreau: the queue at ${this.options.url} lost the ${pending.size} job(s) not yet recorded (the server restarted empty?); submitting them again.`);
        await this.#submit(queue, [...pending]);
      }
      if (finished.length === 0) await sleep(POLL_MS);
    }
  }
}

const noticeOnStderr = (line: string) => { process.stderr.write(`${line}\n`); };
