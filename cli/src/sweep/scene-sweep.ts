import { dirname, relative, resolve } from 'node:path';
import { createSimulation, isMoreauError, MoreauError, openRun, readConfigFile, readScene, resolve as resolveRun } from '@moreau/core';
import type { LoadedConfig, PluginRegistry, ResolvedSolverConfig, SolverConfig } from '@moreau/core';
import { expandSceneJobs, type ScenePoint } from '../jobs/expand.js';
import type { SceneFile, SceneJob, SceneJobConfig } from '../jobs/scene-job.js';
import { findSceneFiles } from './scene-files.js';
import { sweepPoints, type SweepSpec } from './sweep-spec.js';

export interface SceneSweep {
  scenes: SceneFile[];
  points: ScenePoint[];
  jobs: SceneJob[];
  /** The config as named in the outputs: its path from the working folder, or "built-in defaults". */
  config: string;
}

/**
 * Builds the jobs of a sweep over scenes: the spec's config (or the built-in dynamics
 * with the spec's solver), each option point put on the chain's first solver and the
 * chain resolved; then every scene is read and one simulation is built from the first
 * point, so a bad scene, option or dynamics setting fails here, before any job runs.
 */
export async function prepareSceneSweep(spec: SweepSpec, specFile: string, where: string, cwd: string): Promise<SceneSweep> {
  const specDir = dirname(specFile);
  const loaded: LoadedConfig = spec.config ? readConfigFile(resolve(specDir, spec.config)) : { config: { solver: { name: spec.solver } }, dir: cwd };
  const head = loaded.config.solver;
  if (head.name !== spec.solver) {
    throw new MoreauError('E_CONFIG', `${where}: solver "${spec.solver}" is not the first solver of ${spec.config}'s chain ("${head.name}"); the swept options go to that first solver: make the two agree.`, { file: where });
  }
  const { registry } = await openRun(loaded);
  const points = sweepPoints(spec, registry, where).map((options) => scenePoint(spec.solver, options, head, loaded, where, registry));

  const scenes = findSceneFiles(toArray(spec.scenes!).map((p) => resolve(specDir, p)), cwd, where);
  for (const s of scenes) createSimulation(readScene(s.path), points[0].config, { registry, source: s.path });
  const config = loaded.file ? relative(cwd, resolve(loaded.file)) || loaded.file : 'built-in defaults';
  return { scenes, points, jobs: expandSceneJobs(scenes, points, loaded.dir, spec.until, spec.seed ?? 0), config };
}

/** One point: the options over the first solver's own, the chain resolved (defaults and presets filled in, so the key records them). */
function scenePoint(solver: string, options: Record<string, unknown>, head: SolverConfig, loaded: LoadedConfig, where: string, registry: PluginRegistry): ScenePoint {
  const resolved = resolveChain({ ...head, options: { ...head.options, ...options } }, registry, where);
  const { plugins, integrator, detector, kinematics, onSolveFailure } = loaded.config;
  // Only the keys present: the job is JSON, and its key the canonical JSON of it.
  const dynamics = Object.fromEntries(Object.entries({ plugins, integrator, detector, kinematics, onSolveFailure }).filter(([, v]) => v !== undefined));
  const config: SceneJobConfig = { ...dynamics, solver: resolved };
  return { label: `${solver}${Object.keys(options).length ? ` ${JSON.stringify(options)}` : ''}`, options, config };
}

/** The chain validated and resolved; its errors name the sweep file. */
function resolveChain(chain: SolverConfig, registry: PluginRegistry, where: string): ResolvedSolverConfig {
  try {
    return resolveRun(chain, registry).config;
  } catch (e) {
    if (!isMoreauError(e)) throw e;
    const err = new MoreauError(e.code, `${where}: ${e.message}`, { file: where }, { cause: e });
    err.issues = e.issues;
    throw err;
  }
}

const toArray = (x: string | string[]) => (Array.isArray(x) ? x : [x]);
