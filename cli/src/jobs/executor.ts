import type { Job, JobRecord } from './job.js';

/** What an executor reports as it goes, and asks before starting each job. */
export interface JobListener {
  /** A job was handed to a thread. */
  start?(job: Job): void;
  /** A job's record, in the order they finish. */
  record(job: Job, record: JobRecord): void;
  /** True once the run should start no more jobs (Ctrl-C); jobs under way finish. */
  stopped(): boolean;
  /** A line for the user about the executor itself (a queue's lost connection), between progress lines. */
  notice?(line: string): void;
}

/** Runs jobs somewhere (this thread, a worker pool) and reports one record per job run. */
export interface JobExecutor {
  /** A few words for the start line: "in this process", "on 4 worker threads". */
  readonly where: string;
  run(jobs: readonly Job[], listener: JobListener): Promise<void>;
  close(): Promise<void>;
}
