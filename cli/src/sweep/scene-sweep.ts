import { existsSync } from 'node:fs';
import { basename, dirname, extname, relative, resolve } from 'node:path';
import { isMoreauError, MoreauError, openRun, readConfigFile, resolve as resolveRun } from '@moreau/core';
import type { LoadedConfig, PluginRegistry, ResolvedSolverConfig, SolverConfig } from '@moreau/core';
import { expandSceneJobs, type ScenePoint } from '../jobs/expand.js';
import type { SceneFile, SceneJob, SceneJobConfig } from '../jobs/scene-job.js';
import { findSceneFiles } from './scene-files.js';
import { checkSceneVariants } from './scene-variants.js';
import { sweepPoints, type SweepPoint } from './sweep-points.js';
import type { SweepSpec } from './sweep-spec.js';

export interface SceneSweep {
  scenes: SceneFile[];
  points: ScenePoint[];
  jobs: SceneJob[];
  /** The config as named in the outputs: its path from the working folder, or "built-in defaults". */
  config: string;
}

/**
 * Builds the jobs of a sweep over scenes: the spec's config (or the built-in dynamics
 * with the spec's solver), each point's options put on the chain's first solver and the
 * chain resolved; then every scene variant (a scene file or the generator's scene, with
 * a point's fields replaced) is made and one simulation built from it, so a bad scene,
 * field, argument, option or dynamics setting fails here, before any job runs.
 */
export async function prepareSceneSweep(spec: SweepSpec, specFile: string, where: string, cwd: string): Promise<SceneSweep> {
  const specDir = dirname(specFile);
  const loaded: LoadedConfig = spec.config ? readConfigFile(resolve(specDir, spec.config)) : { config: { solver: { name: spec.solver } }, dir: cwd };
  const head = loaded.config.solver;
  if (head.name !== spec.solver) {
    throw new MoreauError('E_CONFIG', `${where}: solver "${spec.solver}" is not the first solver of ${spec.config}'s chain ("${head.name}"); the swept options go to that first solver: make the two agree.`, { file: where });
  }
  const { registry } = await openRun(loaded);
  const points = sweepPoints(spec, registry, where).map((p) => scenePoint(spec.solver, p, head, loaded, where, registry));

  const scenes = spec.generator ? [generatorFile(resolve(specDir, spec.generator.module), cwd, where)]
    : findSceneFiles(toArray(spec.scenes!).map((p) => resolve(specDir, p)), cwd, where);
  const jobs = expandSceneJobs(scenes, points, loaded.dir, spec.until, spec.seed ?? 0, spec.observe);
  await checkSceneVariants(jobs, points.length, spec, where, registry);
  const config = loaded.file ? relative(cwd, resolve(loaded.file)) || loaded.file : 'built-in defaults';
  return { scenes, points, jobs, config };
}

/**
 * One point: the options over the first solver's own, the chain resolved (defaults and
 * presets filled in, so the key records them), and the point's fields and arguments.
 */
function scenePoint(solver: string, point: SweepPoint, head: SolverConfig, loaded: LoadedConfig, where: string, registry: PluginRegistry): ScenePoint {
  const { options, fields, args } = point;
  const resolved = resolveChain({ ...head, options: { ...head.options, ...options } }, registry, where);
  const { plugins, integrator, detector, kinematics, onSolveFailure } = loaded.config;
  // Only the keys present: the job is JSON, and its key the canonical JSON of it.
  const dynamics = Object.fromEntries(Object.entries({ plugins, integrator, detector, kinematics, onSolveFailure }).filter(([, v]) => v !== undefined));
  const config: SceneJobConfig = { ...dynamics, solver: resolved };
  return { label: pointLabel(solver, point), options, config, ...(fields ? { fields } : {}), ...(args ? { args } : {}) };
}

/** `pqn {"delta":0.1}`, then the fields (`{"/defaultFriction/mu":0.2}`) and the arguments (`args {"n":100}`) when the point has them. */
export function pointLabel(solver: string, { options, fields, args }: SweepPoint): string {
  const parts = [solver];
  if (Object.keys(options).length) parts.push(JSON.stringify(options));
  if (fields) parts.push(JSON.stringify(fields));
  if (args && Object.keys(args).length) parts.push(`args ${JSON.stringify(args)}`);
  return parts.join(' ');
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

/** The generator module as a job names it: shown relative to the working folder when inside it, named by its base name. */
function generatorFile(path: string, cwd: string, where: string): SceneFile {
  if (!existsSync(path)) throw new MoreauError('E_FILE_IO', `${where}: generator ${path} does not exist.`, { file: path });
  if (!/\.(mjs|js)$/i.test(path)) throw new MoreauError('E_CONFIG', `${where}: generator.module: ${path} is not an ES module (.mjs or .js); a generator is a module whose default export maps arguments to a scene.`, { file: where });
  const rel = relative(cwd, path);
  return { path, shown: rel && !rel.startsWith('..') ? rel : path, name: basename(path, extname(path)) };
}

const toArray = (x: string | string[]) => (Array.isArray(x) ? x : [x]);
