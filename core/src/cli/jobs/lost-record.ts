import type { BenchRecord } from '../bench-record.js';
import { jobKey, type Job } from './job.js';

/** The record of a job whose worker gave no answer: stopped past its limit, or died twice. */
export function lostRecord(job: Job, reason: 'timed-out' | 'crashed', failure: string): BenchRecord {
  const { config } = job.solver;
  return {
    key: jobKey(job), problem: job.problem.name, file: job.problem.shown, contacts: null, solver: job.solver.label,
    options: config.options, ...(config.fallback ? { fallback: config.fallback } : {}),
    converged: false, solved: false, error: null, iterations: null, ms: null, msCold: null, repeats: 0, reason, failure,
  };
}
