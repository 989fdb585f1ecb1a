import { EventBus } from '../contracts/events.js';
import { parseScene } from '../engine/scene.js';
import { buildSimulation } from '../engine/simulation.js';
import type { Simulation } from '../engine/simulation-api.js';
import type { PluginRegistry } from './registry.js';
import { resolveDynamics } from './resolve-dynamics.js';

export interface CreateSimulationOptions {
  registry: PluginRegistry;
  /** The bus every event of the run goes to (a new one when omitted). */
  events?: EventBus;
  /** File name or label of the scene, for messages. */
  source?: string;
}

/**
 * Builds a simulation from a scene (JSON as in docs/scene-json.md, or a parsed `Scene`) and
 * a config (`moreau.config.json`: solver chain, integrator, detector, kinematics options).
 * Throws E_SCENE for a bad scene and E_CONFIG / E_UNKNOWN_PLUGIN for a bad config, each
 * listing every problem with its path.
 */
export function createSimulation(scene: unknown, config: unknown, opts: CreateSimulationOptions): Simulation {
  const parsed = parseScene(scene, opts.source);
  const events = opts.events ?? new EventBus();
  const uses = parsed.bodies.map((b, i) => ({ name: b.kinematics, path: ['bodies', i, 'kinematics'] }));
  const dyn = resolveDynamics(config, uses, opts.registry, events);
  return buildSimulation(parsed, {
    kinematics: dyn.kinematics,
    detector: dyn.detector,
    integrator: dyn.integrator,
    solver: dyn.run.solver,
    warmStart: dyn.warmStart,
    onSolveFailure: dyn.onSolveFailure,
    normalizedConfig: dyn.normalized,
  }, events);
}
