import { createHash } from 'node:crypto';
import type { ResolvedSolverConfig } from '../../plugin/resolve.js';
import type { BenchLimits } from '../bench-run.js';
import type { BenchProblemFile } from '../bench-problems.js';

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
 * sent to a worker, and keyed by its content for resume.
 */
export interface Job {
  problem: BenchProblemFile;
  solver: JobSolver;
  limits: BenchLimits;
  /** Recorded and keyed; today's solvers are deterministic and take none. */
  seed: number;
}

/**
 * The job's key: sha256 of the canonical JSON of what decides its answer (the problem
 * file as shown, the label, the resolved chain, the limits, the seed). Where plugins are
 * loaded from is left out, so moving the checkout does not redo a sweep.
 */
export function jobKey(job: Job): string {
  const { problem, solver, limits, seed } = job;
  const decisive = { problem: problem.shown, solver: { label: solver.label, config: solver.config }, limits, seed };
  return createHash('sha256').update(canonicalJson(decisive)).digest('hex');
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
