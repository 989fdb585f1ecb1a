import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { MoreauError } from '@moreau/core';
import type { JobExecutor, JobListener } from './executor.js';
import type { Job, JobRecord } from './job.js';
import { lostRecord } from './lost-record.js';

export interface PoolOptions {
  /** Worker threads (default: the machine's available parallelism). */
  threads?: number;
  /** A job still running after this long is stopped (its worker terminated) and recorded as timed-out. */
  jobTimeLimitMs: number;
}

/**
 * The worker's entry: the compiled module beside this file in dist/, or (running from
 * the sources in src/, as the tests do) the one in ../../dist/: a worker thread runs
 * plain Node, which loads JavaScript only.
 */
function workerFile(): string {
  for (const candidate of ['./job-worker.js', '../../dist/jobs/job-worker.js']) {
    const path = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(path)) return path;
  }
  throw new MoreauError('E_INTERNAL', '--jobs runs the compiled @moreau/cli in worker threads, and it is not built: run `npm run build`.');
}

/**
 * A pool worker's Node flags. piscina loads the job worker with require() first; Node 20.19
 * require()s an ES module, and on Node 20 that path now and then aborts the whole process
 * (V8's fatal "IsGraphAsync must be used on an instantiated module", seen in this project's
 * test runs). Where Node knows the flag, refusing require() of ES modules makes piscina
 * import() the worker instead, which it falls back to by itself.
 */
const WORKER_FLAGS = process.allowedNodeEnvironmentFlags.has('--no-experimental-require-module') ? ['--no-experimental-require-module'] : [];

/**
 * Runs jobs on a local pool of worker threads (piscina). At most one job per thread is
 * handed out at a time, so a job's clock starts when it starts. A job past its limit is
 * aborted (piscina terminates its worker and starts a fresh one) and recorded as
 * timed-out; a job whose worker dies (a plugin calls process.exit, runs out of memory)
 * is tried once more, then recorded as crashed.
 */
export class PoolExecutor implements JobExecutor {
  readonly #pool: Piscina<Job, JobRecord>;
  readonly #threads: number;
  readonly where: string;

  constructor(private readonly options: PoolOptions) {
    this.#threads = options.threads ?? availableParallelism();
    this.where = `on ${this.#threads} worker thread${this.#threads === 1 ? '' : 's'}`;
    // Workers resolve packages as a user's Node does (compiled), whatever flags this process has.
    this.#pool = new Piscina({ filename: workerFile(), minThreads: this.#threads, maxThreads: this.#threads, execArgv: WORKER_FLAGS });
  }

  async run(jobs: readonly Job[], listener: JobListener): Promise<void> {
    let next = 0;
    const lane = async () => {
      while (next < jobs.length && !listener.stopped()) {
        const job = jobs[next++];
        listener.start?.(job);
        listener.record(job, await this.runOne(job));
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.#threads, jobs.length) }, lane));
  }

  async close(): Promise<void> {
    await this.#pool.destroy();
  }

  /**
   * One job on the next free thread, with its time limit and one more try if its thread
   * dies: `moreau worker` runs queued jobs through this too, each with its run's limit.
   */
  async runOne(job: Job, limitMs = this.options.jobTimeLimitMs): Promise<JobRecord> {
    let failure = '';
    for (let attempt = 1; attempt <= 2; attempt++) {
      const outcome = await this.#runOnce(job, limitMs);
      if ('record' in outcome) return outcome.record;
      if (outcome.timedOut) return lostRecord(job, 'timed-out', `stopped after ${limitMs} ms (the job time limit); its worker was terminated`);
      failure = outcome.failure;
    }
    return lostRecord(job, 'crashed', `the worker failed twice: ${failure}`);
  }

  async #runOnce(job: Job, limitMs: number): Promise<{ record: JobRecord } | { timedOut: boolean; failure: string }> {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), limitMs);
    try {
      return { record: await this.#pool.run(job, { signal: abort.signal }) };
    } catch (e) {
      return { timedOut: abort.signal.aborted, failure: e instanceof Error ? `${e.name}: ${e.message.split('\n')[0]}` : String(e) };
    } finally {
      clearTimeout(timer);
    }
  }
}
