import type { ResolvedRun } from '@moreau/core';
import type { JobExecutor, JobListener } from './executor.js';
import type { Job } from './job.js';
import { JobRunner } from './job-runner.js';

/**
 * Runs jobs one after another in this thread (`moreau bench`'s behaviour without
 * --jobs): a solve cannot be interrupted, and Ctrl-C is seen between jobs.
 */
export class InProcessExecutor implements JobExecutor {
  readonly where = 'in this process';
  readonly #runner: JobRunner;

  /** `runs`: label -> run already built by the caller, used instead of building another. */
  constructor(runs?: ReadonlyMap<string, ResolvedRun>) {
    this.#runner = new JobRunner(runs);
  }

  async run(jobs: readonly Job[], listener: JobListener): Promise<void> {
    for (const job of jobs) {
      if (listener.stopped()) return;
      listener.start?.(job);
      listener.record(job, await this.#runner.run(job));
      // Lets a Ctrl-C through between solves (a solve runs synchronously).
      await new Promise((r) => setImmediate(r));
    }
  }

  async close(): Promise<void> {}
}
