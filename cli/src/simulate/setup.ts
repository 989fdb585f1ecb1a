import { basename, extname } from 'node:path';
import { applyOverrides, createSimulation, openRun, readScene } from '@moreau/core';
import type { LoadedConfig, Scene, StopOverrides } from '@moreau/core';
import type { SetupSimulation } from '../simulate.js';

/**
 * How `moreau simulate` builds its simulation: the installed plugins plus the config's
 * `plugins`, the command line's stopping overrides set on every link of the chain that takes
 * them (`applyOverrides`: E_USAGE when none does), the scene file read and validated (E_SCENE
 * with every problem and its JSON path), then the engine (E_CONFIG / E_UNKNOWN_PLUGIN for the
 * config's dynamics keys).
 */
export const setupSimulation: SetupSimulation = async (sceneFile: string, loaded: LoadedConfig, overrides?: StopOverrides) => {
  const opened = await openRun(loaded);
  const { registry } = opened;
  const config = overrides ? { ...opened.config, solver: applyOverrides(opened.config.solver, registry, overrides) } : opened.config;
  const scene = readScene(sceneFile);
  const simulation = createSimulation(scene, config, { registry, source: sceneFile });
  return { simulation, scene: basename(sceneFile, extname(sceneFile)), frameStride: frameStride(scene) };
};

/** Steps between output frames: the scene's `output.every`, or its `output.interval` in steps (at least 1). */
export function frameStride(scene: Pick<Scene, 'output' | 'timeStep'>): number {
  const o = scene.output;
  return 'every' in o ? o.every : Math.max(1, Math.round(o.interval / scene.timeStep));
}
