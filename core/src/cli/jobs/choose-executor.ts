import { defaultJobTimeLimitMs, type BenchArgs } from '../bench-args.js';
import type { BenchSolver } from '../bench-solvers.js';
import type { JobExecutor } from './executor.js';
import { InProcessExecutor } from './in-process.js';
import { PoolExecutor } from './pool.js';

/** The executor the command line asks for: a worker pool with --jobs, else this process (lending it the built runs). */
export function chooseExecutor(a: Pick<BenchArgs, 'jobs' | 'jobTimeLimitMs' | 'timeLimitMs' | 'repeat'>, solvers: readonly BenchSolver[]): JobExecutor {
  if (a.jobs === undefined) return new InProcessExecutor(new Map(solvers.map((s) => [s.label, s.run])));
  return new PoolExecutor({
    threads: a.jobs === 'auto' ? undefined : a.jobs,
    jobTimeLimitMs: a.jobTimeLimitMs ?? defaultJobTimeLimitMs(a),
  });
}
