import { detectorCapabilities, kinematicsCapabilities } from '../contracts/capabilities.js';
import { EventBus } from '../contracts/events.js';
import { parseScene } from '../engine/scene.js';
import { assertSceneSupported, type PluginSupport } from '../engine/scene-support.js';
import { buildSimulation } from '../engine/simulation.js';
import type { LoadCallback, Simulation } from '../engine/simulation-api.js';
import type { PluginRegistry } from './registry.js';
import { resolveDynamics } from './resolve-dynamics.js';
import { assertChainTakesResistance } from './rolling-support.js';

export interface CreateSimulationOptions {
  registry: PluginRegistry;
  /** The bus every event of the run goes to (a new one when omitted). */
  events?: EventBus;
  /** File name or label of the scene, for messages. */
  source?: string;
  /**
   * Forces and torques on the bodies besides gravity: called as `loads(body, time)` for every free
   * body in the scene whenever the integrator evaluates forces (once a step, at the mid-step for
   * the midpoint schemes); it returns `{ force?, torque? }` in the world frame (force on the mass
   * centre), added to the body's scene `force` and `torque`, or undefined for none.
   */
  loads?: LoadCallback;
}

/**
 * Builds a simulation from a scene (JSON as in docs/scene-json.md, or a parsed `Scene`) and
 * a config (`moreau.config.json`: solver chain, integrator, detector, kinematics options).
 * Throws E_SCENE for a bad scene and E_CONFIG / E_UNKNOWN_PLUGIN for a bad config, each
 * listing every problem with its path, and E_UNSUPPORTED, listing every body, when the scene
 * asks for what its kinematics or the detector do not declare (a spinning body on a model
 * without rotations, a shape the detector does not handle), or gives rolling or spinning
 * resistance that a solver of the chain cannot take.
 */
export function createSimulation(scene: unknown, config: unknown, opts: CreateSimulationOptions): Simulation {
  const parsed = parseScene(scene, opts.source);
  const events = opts.events ?? new EventBus();
  const uses = parsed.bodies.map((b, i) => ({ name: b.kinematics, path: ['bodies', i, 'kinematics'] }));
  const dyn = resolveDynamics(config, uses, opts.registry, events);
  const support = pluginSupport(opts.registry, dyn.detectorName);
  assertSceneSupported(parsed, support);
  assertChainTakesResistance(parsed, dyn.run.config, opts.registry);
  return buildSimulation(parsed, {
    kinematics: dyn.kinematics,
    detector: dyn.detector,
    integrator: dyn.integrator,
    solver: dyn.run.solver,
    warmStart: dyn.warmStart,
    onSolveFailure: dyn.onSolveFailure,
    sleep: dyn.sleep,
    normalizedConfig: dyn.normalized,
    loads: opts.loads,
    kinematicsSupport: support.kinematics,
  }, events);
}

/** The capabilities every registered kinematics plugin and detector declares, defaults filled in. */
function pluginSupport(registry: PluginRegistry, detector: string): PluginSupport {
  const kinematics = new Map(registry.names('kinematics').map((n) => [n, kinematicsCapabilities(registry.get('kinematics', n))]));
  const detectors = new Map(registry.names('detector').map((n) => [n, detectorCapabilities(registry.get('detector', n))]));
  return { kinematics, detectors, detector };
}
