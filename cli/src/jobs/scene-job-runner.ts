import { createHash } from 'node:crypto';
import { isMoreauError } from '@moreau/core';
import type { Simulation } from '@moreau/core';
import { setupSimulation } from '../simulate/setup.js';
import { StepStatistics } from '../simulate/step-statistics.js';
import { sceneFailureRecord, type SceneJob, type SceneRecord } from './scene-job.js';

/**
 * Runs one scene job in the calling thread, as `moreau simulate` runs a scene without
 * --out: the same setup (simulation-setup.ts) and the same statistics (step-statistics.ts).
 * A scene or config the engine refuses is a record, not a crash of the sweep; an
 * internal error (E_INTERNAL, a foreign exception during setup) is thrown.
 */
export async function runSceneJob(job: SceneJob, key: string): Promise<SceneRecord> {
  let sim: Simulation;
  try {
    sim = (await setupSimulation(job.scene.path, { config: job.config, dir: job.configDir })).simulation;
  } catch (e) {
    if (!isMoreauError(e) || e.code === 'E_INTERNAL') throw e;
    const unreadable = e.code === 'E_SCENE' || e.code === 'E_FILE_IO';
    return sceneFailureRecord(job, key, unreadable ? 'unreadable' : 'failed', `${e.code}: ${e.message}`);
  }
  const until = job.until ?? sim.duration;
  const stats = new StepStatistics();
  const t0 = performance.now();
  let ended: 'until' | 'requested' | 'solve-failed';
  try {
    ended = sim.run({ until, onStep: (s) => stats.add(s) }).ended;
  } catch (e) {
    // A plugin's bug mid-run is recorded, as bench-run records a crashing solver, so the sweep goes on.
    const failure = isMoreauError(e) ? `${e.code}: ${e.message}` : e instanceof Error ? `${e.name}: ${e.message.split('\n')[0]}` : String(e);
    return sceneFailureRecord(job, key, isMoreauError(e) ? 'failed' : 'crashed', failure);
  }
  const wallMs = performance.now() - t0;
  return {
    kind: 'scene', key, scene: job.scene.name, file: job.scene.shown, solver: job.label, options: job.options,
    ended, time: sim.time, until, wallMs, ...stats.summary(), kinetic: sim.energy().kinetic, poses: posesChecksum(sim),
  };
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
