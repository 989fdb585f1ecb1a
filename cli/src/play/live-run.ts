import { createSimulation, type PluginRegistry, type Simulation, type StepStats } from '@moreau/core/simulation';
import type { BodiesFile } from '@moreau/core/formats';
import { bodiesFile, planeHalfSizes } from '../simulate/bodies-file.js';
import { writePoses } from '../simulate/frame-poses.js';

/** The fields of a step's statistics the page keeps (the per-attempt detail and energies left out). */
type KeptStats = 'step' | 'time' | 'contacts' | 'iterations' | 'answeredBy' | 'converged' | 'reason' | 'error' | 'merit' | 'fallbacks' | 'ms';

/** What the page keeps of a step: its statistics without the per-attempt detail, and the config it ran with. */
export interface StepRecord extends Pick<StepStats, KeptStats> {
  /** Which config the step ran with: 0 the one loaded, then one more for every change applied. */
  revision: number;
}

/**
 * One live simulation of the playground, driven step by step: the engine of `moreau simulate`
 * (createSimulation with the same scene schema and the same resolve()), with a config that can
 * change between two steps. No DOM and no Node API: the page's Web Worker runs it, and the tests
 * run the same bundle in Node.
 */
export class LiveRun {
  #sim: Simulation | undefined;
  #scene: unknown;
  #config: unknown;
  #revision = 0;

  constructor(readonly registry: PluginRegistry) {}

  /**
   * Starts `scene` (scene JSON) with `config` (a moreau.config.json) at time 0. Throws E_SCENE,
   * E_CONFIG, E_UNKNOWN_PLUGIN or E_UNSUPPORTED as `moreau simulate` does, and then keeps what
   * ran before.
   */
  load(scene: unknown, config: unknown, name: string): BodiesFile {
    const sim = createSimulation(scene, config, { registry: this.registry, source: name });
    this.#sim = sim;
    this.#scene = scene;
    this.#config = config;
    this.#revision = 0;
    return bodiesFile(sim, { scene: name, frameStride: 1, planeHalfSize: planeHalfSizes(sim) });
  }

  /** Back to time 0 with the config in use now. */
  reset(): void {
    this.#sim = createSimulation(this.#scene, this.#config, { registry: this.registry });
  }

  /**
   * Runs the next steps with `config`; the state so far carries over through a checkpoint, as
   * `moreau simulate --resume` carries a run over (bodies, warm starts, time). The checkpoint's
   * fingerprint, which guards a resume against another run's file, is the new simulation's: the
   * scene is the same and the config change is the point. A config that resolve() refuses
   * throws, and the run goes on with the one before.
   * @returns the first step that runs with it
   */
  apply(config: unknown): number {
    const sim = this.simulation;
    const next = createSimulation(this.#scene, config, { registry: this.registry });
    next.restore({ ...sim.checkpoint(), fingerprint: next.checkpoint().fingerprint });
    this.#sim = next;
    this.#config = config;
    this.#revision++;
    return next.steps + 1;
  }

  step(): StepRecord {
    const s = this.simulation.step();
    return {
      step: s.step, time: s.time, contacts: s.contacts, iterations: s.iterations, answeredBy: s.answeredBy,
      converged: s.converged, reason: s.reason, error: s.error, merit: s.merit, fallbacks: s.fallbacks,
      ms: s.ms, revision: this.#revision,
    };
  }

  /** Every body's pose, 12 numbers each, as a frame of frames.jsonl holds them. */
  poses(out = new Float64Array(12 * this.simulation.bodies.length)): Float64Array {
    return writePoses(this.simulation, out);
  }

  /** True once a scene is loaded. */
  get loaded(): boolean {
    return this.#sim !== undefined;
  }

  get simulation(): Simulation {
    if (!this.#sim) throw new Error('LiveRun: no scene loaded');
    return this.#sim;
  }

  get config(): unknown {
    return this.#config;
  }

  get revision(): number {
    return this.#revision;
  }
}
