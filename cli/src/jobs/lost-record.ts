import { jobKey, type Job, type JobRecord } from './job.js';
import { sceneFailureRecord } from './scene-job.js';

/** The record of a job whose worker gave no answer: stopped past its limit, or died twice. */
export function lostRecord(job: Job, reason: 'timed-out' | 'crashed', failure: string): JobRecord {
  if (job.kind === 'scene') return sceneFailureRecord(job, jobKey(job), reason, failure);
  const { config } = job.solver;
  return {
    key: jobKey(job), problem: job.problem.name, file: job.problem.shown, contacts: null, solver: job.solver.label,
    options: config.options, ...(config.fallback ? { fallback: config.fallback } : {}),
    converged: false, solved: false, error: null, iterations: null, ms: null, msCold: null, repeats: 0, reason, failure,
  };
}
