import { MoreauError } from '@moreau/core';
import { defaultJobTimeLimitMs, type BenchArgs } from '../bench/args.js';
import type { BenchSolver } from '../bench/solvers.js';
import type { JobExecutor } from './executor.js';
import { InProcessExecutor } from './in-process.js';
import { PoolExecutor } from './pool.js';
import { parseQueueUrl } from './queue-connection.js';
import { QueueExecutor } from './queue.js';

/** Where a run writes and reads from: names a queued run and roots its paths. */
export interface RunPlace {
  outDir: string;
  cwd: string;
}

/**
 * The executor the command line asks for: a Redis queue with --queue, a worker pool
 * with --jobs, else this process (lending it the built runs).
 */
export function chooseExecutor(a: Pick<BenchArgs, 'jobs' | 'jobTimeLimitMs' | 'timeLimitMs' | 'repeat' | 'queue' | 'reconnectTimeoutMs'>, solvers: readonly BenchSolver[], place: RunPlace): JobExecutor {
  const jobTimeLimitMs = a.jobTimeLimitMs ?? defaultJobTimeLimitMs(a);
  if (a.queue !== undefined) {
    if (a.jobs !== undefined) throw new MoreauError('E_USAGE', '--jobs and --queue both choose where jobs run: give one (with --queue, each `moreau worker` takes --concurrency).');
    parseQueueUrl(a.queue);
    return new QueueExecutor({ url: a.queue, outDir: place.outDir, root: place.cwd, jobTimeLimitMs, reconnectTimeoutMs: a.reconnectTimeoutMs });
  }
  if (a.jobs === undefined) return new InProcessExecutor(new Map(solvers.map((s) => [s.label, s.run])));
  return new PoolExecutor({ threads: a.jobs === 'auto' ? undefined : a.jobs, jobTimeLimitMs });
}
