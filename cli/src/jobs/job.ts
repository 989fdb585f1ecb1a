import { createHash } from 'node:crypto';
import type { ResolvedSolverConfig } from '@moreau/core';
import type { BenchLimits } from '../bench/limits.js';
import type { BenchProblemFile } from '../bench/problems.js';
import type { BenchRecord } from '../bench/record.js';
import type { SceneJob, SceneRecord } from './scene-job.js';

/**
 * Where a job's solver plugins come from, so that any executor (this thread or a
 * worker) can rebuild the same registry: the plugins installed beside `baseDir` and
 * those a config lists, or one plugin package imported by path.
 */
export type PluginSource =
  | { kind: 'registry'; baseDir: string; extra: string[] }
  | { kind: 'package'; spec: string; cwd: string };

/** A solver configuration as a job carries it: plain data, rebuilt wherever the job runs. */
export interface JobSolver {
  /** The label in every output (table, profile, results.jsonl). */
  label: string;
  /** The resolved chain (defaults filled in), as `resolve` returned it. */
  config: ResolvedSolverConfig;
  plugins: PluginSource;
}

/**
 * One unit of bench or sweep work: a problem file × a solver configuration, with the
 * limits it is judged by and a seed, giving one BenchRecord. Plain JSON, so it can be
 * sent to a worker, and keyed by its content for resume. Untagged: problem jobs were
 * written before scene jobs existed, and their keys must not change.
 */
export interface ProblemJob {
  kind?: 'problem';
  problem: BenchProblemFile;
  solver: JobSolver;
  limits: BenchLimits;
  /** Recorded and keyed; today's solvers are deterministic and take none. */
  seed: number;
}

/** Any job: a problem solved once (bench, sweep over problems) or a scene simulated (sweep over scenes). */
export type Job = ProblemJob | SceneJob;

/** A job's record: a scene job gives a SceneRecord, a problem job a BenchRecord. */
export type JobRecord = BenchRecord | SceneRecord;

/** The record a job of type J gives. */
export type RecordOf<J extends Job> = J extends SceneJob ? SceneRecord : BenchRecord;

/**
 * The job's key: sha256 of the canonical JSON of what decides its answer. A problem
 * job: the problem file as shown, the label, the resolved chain, the limits, the seed.
 * A scene job: the scene file (or generator module) as shown, the config (its chain
 * resolved), the swept options, the generator's arguments, the replaced scene fields,
 * the observables, `until`, the seed; the last four only when present, so a sweep
 * without them keeps the keys it had. Where plugins are loaded from is left out, so
 * moving the checkout does not redo a sweep.
 */
export function jobKey(job: Job): string {
  const decisive = job.kind === 'scene'
    ? { scene: job.scene.shown, config: job.config, options: job.options, args: job.args, fields: job.fields, observe: job.observe, until: job.until, seed: job.seed }
    : { problem: job.problem.shown, solver: { label: job.solver.label, config: job.solver.config }, limits: job.limits, seed: job.seed };
  return createHash('sha256').update(canonicalJson(decisive)).digest('hex');
}

/** What a job works on and with what, for progress lines and messages: ["a.dat", "pqn {...}"]. */
export function jobTitle(job: Job): [subject: string, solver: string] {
  return job.kind === 'scene' ? [job.scene.name, job.label] : [job.problem.name, job.solver.label];
}

/** What a record says went wrong, if anything: the subject (problem or scene), its file, the reason and the message. */
export function recordFailure(r: JobRecord): { subject: string; file: string; solver: string; reason: string; failure: string } | undefined {
  if (!r.failure) return undefined;
  const subject = (r as SceneRecord).kind === 'scene' ? (r as SceneRecord).scene : (r as BenchRecord).problem;
  return { subject, file: r.file, solver: r.solver, reason: r.reason ?? 'failed', failure: r.failure };
}

/** JSON with every object's keys sorted, at every depth: the same value, the same text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value).sort()) {
    const v = (value as Record<string, unknown>)[k];
    if (v !== undefined) out[k] = sortKeys(v);
  }
  return out;
}
