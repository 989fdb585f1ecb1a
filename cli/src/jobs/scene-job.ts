import type { MoreauConfig, ResolvedSolverConfig } from '@moreau/core';
import type { RunStatistics } from '../simulate/step-statistics.js';
import type { Observable, ObservableSeries } from './observables.js';

/** A scene file as a sweep found it, or a scene generator module (a job with `args`). */
export interface SceneFile {
  path: string;
  /** As shown in the outputs (and keyed): relative to the working folder when inside it. */
  shown: string;
  /** The scene's name: the file's base name without `.json` (a generator's without its extension). */
  name: string;
}

/** The part of a moreau.config.json a simulation reads, its solver chain resolved (defaults and presets filled in). */
export type SceneJobConfig = Pick<MoreauConfig, 'plugins' | 'integrator' | 'detector' | 'kinematics' | 'onSolveFailure'> & {
  solver: ResolvedSolverConfig;
};

/**
 * One simulation of a sweep over scenes: a scene file (or a generator's scene) with
 * some of its fields replaced, run to `until` with a config whose first solver carries
 * one point of the sweep's options, sampling the declared observables. Plain JSON, like
 * a problem job, and keyed by its content (jobs/job.ts).
 */
export interface SceneJob {
  kind: 'scene';
  scene: SceneFile;
  /** The point's label in every output: `pqn {"delta":0.1}`. */
  label: string;
  config: SceneJobConfig;
  /** The folder the config's `plugins` are relative to (left out of the key). */
  configDir: string;
  /** The sweep's options at this point (already inside `config.solver.options`), for the table. */
  options: Record<string, unknown>;
  /** Present: `scene` is a generator module, called with these arguments (scene-source.ts). */
  args?: Record<string, unknown>;
  /** Scene fields replaced at this point, JSON Pointer (RFC 6901) -> value, in order. */
  fields?: Record<string, unknown>;
  /** Observables sampled during the run (observables.ts). */
  observe?: Observable[];
  /**
   * The digest of the scene JSON when the sweep was prepared (scene-source.ts): the job
   * refuses to run another scene (a generator that is not deterministic, a worker whose
   * copy of the scene file differs). Left out of the key.
   */
  digest?: string;
  /** Simulated time to stop at; absent: the scene's duration. */
  until?: number;
  /** Recorded and keyed; today's engine is deterministic and takes none. */
  seed: number;
}

export interface SceneRecordHead {
  kind: 'scene';
  key?: string;
  /** The scene's name, and its file as shown. */
  scene: string;
  file: string;
  /** The point's label, and its options. */
  solver: string;
  options: Record<string, unknown>;
  /** The generator's arguments, and the scene fields replaced, when the point has them. */
  args?: Record<string, unknown>;
  fields?: Record<string, unknown>;
}

/**
 * A simulation that ran: `moreau simulate --json`'s statistics (step-statistics.ts) and
 * how the run ended, with the final kinetic energy and a checksum of the final poses,
 * so that two executors' answers can be compared bit for bit. The timings (`wallMs`,
 * `stepMs`, `msPerStep`, `split`, each attempt's `ms`) are the only fields that depend on who ran it.
 */
export interface SceneRun extends RunStatistics {
  ended: 'until' | 'requested' | 'solve-failed';
  /** Simulated time at the end, and the time asked for. */
  time: number;
  until: number;
  wallMs: number;
  kinetic: number;
  /** sha256 (hex, first 16 digits) of every body's final pose, position then linear map, as float64 bytes. */
  poses: string;
  /** The declared observables' samples, by name, when the job declares any. */
  observables?: Record<string, ObservableSeries>;
  reason?: undefined;
  failure?: undefined;
}

/** A simulation that gave no statistics: the scene or config refused, the engine threw, or the worker was lost. */
export interface SceneFailure {
  reason: 'unreadable' | 'failed' | 'crashed' | 'timed-out';
  failure: string;
}

/** One line of results.jsonl for a scene job. */
export type SceneRecord = SceneRecordHead & (SceneRun | SceneFailure);

/** The record of a scene job that did not run to an answer. */
export function sceneFailureRecord(job: SceneJob, key: string, reason: SceneFailure['reason'], failure: string): SceneRecord {
  return { ...sceneRecordHead(job, key), reason, failure };
}

/** What every record of a scene job starts with: the job's scene and point. */
export function sceneRecordHead(job: SceneJob, key: string): SceneRecordHead {
  const { args, fields } = job;
  return { kind: 'scene', key, scene: job.scene.name, file: job.scene.shown, solver: job.label, options: job.options, ...(args ? { args } : {}), ...(fields ? { fields } : {}) };
}
