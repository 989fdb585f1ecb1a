import { createHash } from 'node:crypto';
import { createSimulation, isMoreauError, MoreauError, openRun } from '@moreau/core';
import type { Simulation } from '@moreau/core';
import { StepStatistics } from '../simulate/step-statistics.js';
import { Observer } from './observables.js';
import { sceneFailureRecord, sceneRecordHead, type SceneJob, type SceneRecord } from './scene-job.js';
import { sceneDigest, sceneJson } from './scene-source.js';

/**
 * Runs one scene job in the calling thread, as `moreau simulate` runs a scene without
 * --out: the same plugins (the installed ones and the config's), the scene validated and
 * built by `createSimulation`, and the same statistics (step-statistics.ts); the scene is
 * the job's file or generator with its fields replaced (scene-source.ts), and the job's
 * observables are sampled from the states as it runs. A scene or config the engine
 * refuses is a record, not a crash of the sweep; an internal error (E_INTERNAL, a
 * foreign exception during setup) is thrown.
 */
export async function runSceneJob(job: SceneJob, key: string): Promise<SceneRecord> {
  let sim: Simulation;
  try {
    const scene = await sceneJson(job);
    checkDigest(job, scene);
    const { registry } = await openRun({ config: job.config, dir: job.configDir });
    sim = createSimulation(scene, job.config, { registry, source: job.scene.path });
  } catch (e) {
    if (!isMoreauError(e) || e.code === 'E_INTERNAL') throw e;
    const unreadable = e.code === 'E_SCENE' || e.code === 'E_FILE_IO';
    return sceneFailureRecord(job, key, unreadable ? 'unreadable' : 'failed', `${e.code}: ${e.message}`);
  }
  const until = job.until ?? sim.duration;
  const stats = new StepStatistics();
  const observer = job.observe?.length ? new Observer(job.observe, sim) : undefined;
  observer?.sample();
  const t0 = performance.now();
  let ended: 'until' | 'requested' | 'solve-failed';
  try {
    ended = sim.run({ until, onStep: (s) => { stats.add(s); observer?.sample(); } }).ended;
  } catch (e) {
    // A plugin's bug mid-run is recorded, as bench-run records a crashing solver, so the sweep goes on.
    const failure = isMoreauError(e) ? `${e.code}: ${e.message}` : e instanceof Error ? `${e.name}: ${e.message.split('\n')[0]}` : String(e);
    return sceneFailureRecord(job, key, isMoreauError(e) ? 'failed' : 'crashed', failure);
  }
  const wallMs = performance.now() - t0;
  return {
    ...sceneRecordHead(job, key),
    ended, time: sim.time, until, wallMs, ...stats.summary(), kinetic: sim.energy().kinetic, poses: posesChecksum(sim),
    ...(observer ? { observables: observer.result() } : {}),
  };
}

/** E_CONFIG when the scene is not the one the sweep checked before it started. */
function checkDigest(job: SceneJob, scene: unknown): void {
  if (job.digest === undefined) return;
  const digest = sceneDigest(scene);
  if (digest === job.digest) return;
  const what = job.args ? `the generator ${job.scene.shown} gave another scene for the same arguments (a generator must be deterministic)` : `the scene file ${job.scene.shown} changed, or this machine's copy of it differs`;
  throw new MoreauError('E_CONFIG', `This job's scene is not the one the sweep checked before it started (digest ${digest}, expected ${job.digest}): ${what}.`, { file: job.scene.path });
}

/** sha256 of every body's pose (position, then the row-major linear map) as float64 bytes: equal digests, equal bits. */
export function posesChecksum(sim: Simulation): string {
  const hash = createHash('sha256');
  const buffer = new Float64Array(12);
  for (let b = 0; b < sim.bodies.length; b++) {
    const { position, linear } = sim.pose(b);
    buffer.set(position, 0);
    buffer.set(linear, 3);
    hash.update(new Uint8Array(buffer.buffer));
  }
  return hash.digest('hex').slice(0, 16);
}
