import { createSimulation, type EventBus, type PluginRegistry, type Simulation, type StepStats } from '@moreau/core/simulation';
import type { SolverIterationEvent } from '@moreau/core/contracts';
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
 * One attempt of the solver chain in a step, as its `solver:iteration` events told it: the
 * iterations that carried the merit's value, and that value (a solver evaluates it on the
 * iterations it checks: see its `checkEvery`).
 */
export interface CurveAttempt {
  solver: string;
  iteration: number[];
  error: number[];
  /** The attempt's last iteration, with or without an error. */
  iterations: number;
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
  #watching = false;
  /** The bus the iteration listener is on (the simulation's, which a config change or a reset replaces). */
  #heard: EventBus | undefined;
  #curve: CurveAttempt[] = [];

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
    this.#listen();
    return bodiesFile(sim, { scene: name, frameStride: 1, planeHalfSize: planeHalfSizes(sim) });
  }

  /** Back to time 0 with the config in use now. */
  reset(): void {
    this.#sim = createSimulation(this.#scene, this.#config, { registry: this.registry });
    this.#curve = [];
    this.#listen();
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
    this.#listen();
    return next.steps + 1;
  }

  step(): StepRecord {
    if (this.#watching) this.#curve = [];
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

  /**
   * Records the convergence of each step (`curve`) while `on`. Only then is there a listener to
   * `solver:iteration`, so that a solver which evaluates its merit more often for a listener
   * (Gauss–Seidel, for one) does so only while the page draws the curve. The steps' results do
   * not change: a solver stops at the same iteration either way.
   */
  watchIterations(on: boolean): void {
    this.#watching = on;
    if (!on) this.#curve = [];
    this.#listen();
  }

  /** The last step's attempts, in the chain's order, while watching (empty otherwise, and without contacts). */
  get curve(): CurveAttempt[] {
    return this.#curve;
  }

  readonly #onIteration = (e: SolverIterationEvent): void => {
    // `auto` passes its links' events on under its own name, the link's in `link`.
    const solver = typeof e.link === 'string' ? e.link : e.solver;
    let attempt = this.#curve[this.#curve.length - 1];
    // A new solver, or a count that starts again, is the chain's next attempt.
    if (!attempt || attempt.solver !== solver || e.iteration <= attempt.iterations) {
      attempt = { solver, iteration: [], error: [], iterations: 0 };
      this.#curve.push(attempt);
    }
    attempt.iterations = e.iteration;
    if (typeof e.error === 'number' && Number.isFinite(e.error)) {
      attempt.iteration.push(e.iteration);
      attempt.error.push(e.error);
    }
  };

  #listen(): void {
    const bus = this.#watching ? this.#sim?.events : undefined;
    if (bus === this.#heard) return;
    this.#heard?.off('solver:iteration', this.#onIteration);
    bus?.on('solver:iteration', this.#onIteration);
    this.#heard = bus;
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
