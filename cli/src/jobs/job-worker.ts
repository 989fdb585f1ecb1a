// A pool worker's entry (piscina loads this module, compiled, in each worker thread):
// runs the jobs it is sent with the same JobRunner as the in-process executor.
import 'reflect-metadata';
import type { Job, JobRecord } from './job.js';
import { JobRunner } from './job-runner.js';

const runner = new JobRunner();

export default function runJob(job: Job): Promise<JobRecord> {
  return runner.run(job);
}
