import { createSimulation, isMoreauError, MoreauError, parseScene } from '@moreau/core';
import type { PluginRegistry, Simulation } from '@moreau/core';
import { canonicalJson } from '../jobs/job.js';
import { unobservable } from '../jobs/observables.js';
import type { SceneJob } from '../jobs/scene-job.js';
import { generateScene, readSceneJson, sceneDigest, withFields } from '../jobs/scene-source.js';
import { configError, type SweepSpec } from './sweep-spec.js';

/**
 * Makes every scene variant of a sweep once, before any job runs (a scene file, or the
 * generator's scene for a point's arguments, with a point's fields replaced), validates
 * it and builds a simulation of it with the config of the first job that uses it. A
 * pointer that names nothing, or a field value or generator argument that makes the
 * scene invalid (the same validation as `moreau simulate`), is E_CONFIG naming the
 * spec file and where in it; an invalid scene file is E_SCENE naming the file, as
 * before. Sets each job's digest of its scene (scene-source.ts).
 * @param pointsPerScene jobs come scene by scene, this many points each
 */
export async function checkSceneVariants(jobs: SceneJob[], pointsPerScene: number, spec: SweepSpec, where: string, registry: PluginRegistry): Promise<void> {
  const digests = new Map<string, string>();
  const checkedFiles = new Set<string>();
  for (const [j, job] of jobs.entries()) {
    // Nested pointers are refused (sweep-spec.ts), so the fields' order cannot matter here.
    const id = canonicalJson([job.scene.path, job.args, job.fields]);
    let digest = digests.get(id);
    if (digest === undefined) {
      const base = job.args ? await generated(job, where) : readSceneJson(job.scene.path);
      // A scene file that is itself invalid is said of the file, not blamed on the fields.
      if (!job.args && job.fields && !checkedFiles.has(job.scene.path)) parseScene(base, job.scene.path);
      checkedFiles.add(job.scene.path);
      const scene = replaced(base, job, j % pointsPerScene, spec, where);
      const sim = built(scene, job, j % pointsPerScene, spec, where, registry);
      const why = spec.observe ? unobservable(spec.observe, sim) : undefined;
      if (why) throw configError(where, [`observe: ${why} (in ${job.scene.shown})`]);
      digest = sceneDigest(scene);
      digests.set(id, digest);
    }
    job.digest = digest;
  }
}

/** The generator's scene for the job's arguments; its errors name the sweep file. */
async function generated(job: SceneJob, where: string): Promise<unknown> {
  try {
    return await generateScene(job.scene, job.args!);
  } catch (e) {
    if (!isMoreauError(e)) throw e;
    throw new MoreauError(e.code, `${where}: ${e.message}`, { file: where }, { cause: e });
  }
}

/** The scene with the point's fields replaced; a pointer that names nothing is E_CONFIG at its place in the spec. */
function replaced(base: unknown, job: SceneJob, point: number, spec: SweepSpec, where: string): unknown {
  const { scene, problems } = withFields(base, job.fields ?? {});
  if (problems.length) throw configError(where, problems.map((p) => `${fieldPath(spec, point, p.pointer)}: ${job.scene.shown}: ${p.message}`));
  return scene;
}

/** A simulation of the variant; a scene the point's fields or arguments make invalid is E_CONFIG naming them. */
function built(scene: unknown, job: SceneJob, point: number, spec: SweepSpec, where: string, registry: PluginRegistry): Simulation {
  try {
    return createSimulation(scene, job.config, { registry, source: job.scene.path });
  } catch (e) {
    if (!isMoreauError(e) || e.code !== 'E_SCENE' || (!job.fields && !job.args)) throw e;
    const set = [
      ...Object.entries(job.fields ?? {}).map(([p, v]) => `${fieldPath(spec, point, p)} = ${JSON.stringify(v)}`),
      ...(job.args ? [`generator.args ${JSON.stringify(job.args)}`] : []),
    ].join(', ');
    const issues = e.issues ?? [e.message];
    const err = configError(where, issues.map((line) => `${set}: the scene ${job.scene.shown} becomes invalid: ${line}`));
    throw err;
  }
}

/** Where in the spec a point's field comes from: its list entry, or `fields`. */
function fieldPath(spec: SweepSpec, point: number, pointer: string): string {
  const entry = spec.list?.[point];
  return entry && Object.hasOwn(entry, pointer) ? `list.${point}["${pointer}"]` : `fields["${pointer}"]`;
}
