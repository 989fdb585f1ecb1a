import type { BenchLimits } from '../bench/limits.js';
import type { BenchProblemFile } from '../bench/problems.js';
import type { BenchSolver } from '../bench/solvers.js';
import type { ProblemJob } from './job.js';
import type { Observable } from './observables.js';
import type { SceneFile, SceneJob, SceneJobConfig } from './scene-job.js';

/** Every problem × every configuration, problem by problem (so a problem is read once per thread in a row). */
export function expandJobs(files: readonly BenchProblemFile[], solvers: readonly BenchSolver[], limits: BenchLimits, seed = 0): ProblemJob[] {
  const { tol, timeLimitMs, repeat } = limits;
  // warmStart only when on: the key of a job without it is the one it had before the option.
  const start = limits.warmStart ? { warmStart: true } : {};
  return files.flatMap((problem) => solvers.map((s) => ({
    problem,
    solver: { label: s.label, config: s.run.config, plugins: s.plugins },
    limits: { tol, timeLimitMs, repeat, ...start },
    seed,
  })));
}

/**
 * One point of a sweep over scenes: its label, its options and the config carrying them
 * on its first solver, and the generator's arguments and scene fields it sets, if any.
 */
export interface ScenePoint {
  label: string;
  options: Record<string, unknown>;
  config: SceneJobConfig;
  args?: Record<string, unknown>;
  fields?: Record<string, unknown>;
}

/** Every scene × every point, scene by scene, each sampling `observe` (none: no key, so older sweeps keep theirs). */
export function expandSceneJobs(scenes: readonly SceneFile[], points: readonly ScenePoint[], configDir: string, until: number | undefined, seed = 0, observe?: Observable[]): SceneJob[] {
  return scenes.flatMap((scene) => points.map((p) => ({
    kind: 'scene' as const, scene, label: p.label, config: p.config, configDir, options: p.options,
    ...(p.args ? { args: p.args } : {}), ...(p.fields ? { fields: p.fields } : {}), ...(observe?.length ? { observe } : {}),
    ...(until !== undefined ? { until } : {}), seed,
  })));
}
