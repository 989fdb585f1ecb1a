import type { EventBus } from '../contracts/events.js';
import type { ContactDetector, ContactSet, Integrator, Kinematics, Pose } from '../contracts/dynamics.js';
import type { ContactSolver } from '../contracts/solver.js';
import type { KinematicsCapabilities } from '../contracts/plugin.js';
import { MoreauError } from '../contracts/errors.js';
import type { FrictionContactProblem } from '../problem/friction-contact-problem.js';
import { BodyLoads } from './body-loads.js';
import { BodyTable } from './body-table.js';
import { EngineStepSystem } from './engine-step-system.js';
import { FrictionTable } from './friction-table.js';
import { checkpointFingerprint, checkpointRun, mismatchMessage, type CheckpointRun } from './checkpoint-run.js';
import { SleepTable, type SleepSettings } from './sleep.js';
import type { Scene } from './scene.js';
import type { LoadCallback, RunOptions, RunSummary, Simulation, SimulationBody, SimulationCheckpoint } from './simulation-api.js';
import type { StepStats } from '../contracts/events.js';

/** The resolved plugins and settings a simulation runs with (`createSimulation` in run/ builds them from a config). */
export interface SimulationParts {
  /** One instance per kinematics plugin name the scene uses. */
  kinematics: Map<string, Kinematics>;
  detector: ContactDetector;
  integrator: Integrator;
  /** The solver chain every step's contact problem goes to. */
  solver: ContactSolver;
  /** Whether the solver accepts a warm start. */
  warmStart: boolean;
  onSolveFailure: 'continue' | 'stop';
  /** The config with every option validated and defaulted: with the scene, it fingerprints checkpoints. */
  normalizedConfig: unknown;
  /** Per-body forces and torques at a time, added to the scene's own every time forces are evaluated. */
  loads?: LoadCallback;
  /** What each kinematics plugin name can hold (absent: the contract's defaults, rotations included). */
  kinematicsSupport?: ReadonlyMap<string, Required<KinematicsCapabilities>>;
  /** Islands at rest sleep (config `sleep`); absent: no body sleeps. */
  sleep?: SleepSettings;
}

/** A simulation of a parsed scene with resolved plugins, its events on `events`. */
export function buildSimulation(scene: Scene, parts: SimulationParts, events: EventBus): Simulation {
  const bodies = new BodyTable(scene.bodies, parts.kinematics);
  const rotates = scene.bodies.map((b) => parts.kinematicsSupport?.get(b.kinematics)?.rotations ?? true);
  const sleep = parts.sleep && new SleepTable(bodies, parts.sleep, Uint8Array.from(scene.bodies, (b) => (b.spec.motion.kind === 'driven' ? 1 : 0)), parts.loads !== undefined);
  const system = new EngineStepSystem({
    bodies,
    detector: parts.detector,
    friction: new FrictionTable(scene),
    solver: parts.solver,
    warmStart: parts.warmStart,
    gravity: Float64Array.from(scene.gravity),
    loads: new BodyLoads(bodies, scene.bodies, rotates, parts.loads),
    h: scene.timeStep,
    events,
    sleep,
  });
  return new EngineSimulation(scene, bodies, system, parts.integrator, parts.onSolveFailure, events, checkpointFingerprint(scene, parts.normalizedConfig), checkpointRun(scene, parts.normalizedConfig), sleep);
}

class EngineSimulation implements Simulation {
  readonly timeStep: number;
  readonly duration: number;
  readonly bodies: readonly SimulationBody[];
  private stepsTaken = 0;
  private readonly gravity: Float64Array;

  constructor(
    scene: Scene,
    private readonly table: BodyTable,
    private readonly system: EngineStepSystem,
    private readonly integrator: Integrator,
    private readonly onSolveFailure: 'continue' | 'stop',
    readonly events: EventBus,
    private readonly fingerprint: string,
    private readonly writtenBy: CheckpointRun,
    private readonly sleep: SleepTable | undefined,
  ) {
    this.timeStep = scene.timeStep;
    this.duration = scene.duration;
    this.gravity = Float64Array.from(scene.gravity);
    this.bodies = scene.bodies.map((b, i) => Object.freeze({
      name: b.spec.name, shape: b.spec.shape, kinematics: b.kinematics, free: table.movable[i] === 1, appearsAt: b.appearsAt,
    }));
  }

  get steps(): number {
    return this.stepsTaken;
  }

  /** Time as steps × h, so it does not drift and a restored run continues on the same grid. */
  get time(): number {
    return this.stepsTaken * this.timeStep;
  }

  pose(b: number, out?: Pose): Pose {
    this.checkBody(b);
    return this.table.kin[b].pose(this.table.local[b], out ?? { position: new Float64Array(3), linear: new Float64Array(9) });
  }

  velocity(b: number): Float64Array {
    this.checkBody(b);
    return Float64Array.from(this.table.kin[b].velocity(this.table.local[b]));
  }

  contacts(): ContactSet {
    return this.system.contacts;
  }

  reactions(): Float64Array {
    return this.system.result?.r ?? new Float64Array(0);
  }

  lastProblem(): FrictionContactProblem | undefined {
    const p = this.system.problem;
    return p && p.contacts > 0 ? p : undefined;
  }

  lastWarmStart(): Float64Array | undefined {
    const w = this.system.warmStart;
    return w && this.lastProblem() ? Float64Array.from(w) : undefined;
  }

  energy(): { kinetic: number; potential: number } {
    return this.table.energy(this.gravity);
  }

  step(): StepStats {
    const t0 = performance.now();
    const { system } = this;
    const step = this.stepsTaken + 1;
    this.events.emit('step:start', { step, time: this.time });
    system.begin(step, this.time);
    this.integrator.step(system);
    system.endStep();
    this.stepsTaken = step;
    const stats = this.stats(step, performance.now() - t0);
    this.events.emit('step:end', { step, time: this.time, stats });
    return stats;
  }

  run(options: RunOptions = {}): RunSummary {
    const t0 = performance.now();
    const until = options.until ?? this.duration;
    if (!Number.isFinite(until)) throw new MoreauError('E_CONFIG', `run: "until" must be a finite time, got ${until}`);
    let steps = 0, failedSteps = 0;
    let ended: RunSummary['ended'] = 'until';
    // A step ends the run once the time reaches `until`, up to rounding of steps × h.
    while (this.time < until - 1e-9 * this.timeStep) {
      const stats = this.step();
      steps++;
      options.onStep?.(stats);
      if (!stats.converged) {
        failedSteps++;
        if (this.onSolveFailure === 'stop') {
          ended = 'solve-failed';
          break;
        }
      }
      if (options.shouldStop?.()) {
        ended = 'requested';
        break;
      }
    }
    return { steps, time: this.time, ended, failedSteps, wallMs: performance.now() - t0 };
  }

  checkpoint(): SimulationCheckpoint {
    const kinematics: Record<string, number[]> = {};
    this.table.instanceNames.forEach((name, k) => {
      kinematics[name] = Array.from(this.table.instances[k].saveState());
    });
    return {
      format: 'moreau-checkpoint', version: 1, time: this.time, steps: this.stepsTaken,
      kinematics, reactions: this.system.warm.toRows(), fingerprint: this.fingerprint, run: this.writtenBy,
      ...(this.sleep ? { sleep: { island: Array.from(this.sleep.island), rest: Array.from(this.sleep.rest) } } : {}),
    };
  }

  restore(checkpoint: SimulationCheckpoint): void {
    const c = checkpoint as Partial<SimulationCheckpoint> | null;
    if (c?.format !== 'moreau-checkpoint' || c.version !== 1 || !Number.isInteger(c.steps) || c.steps! < 0
      || typeof c.kinematics !== 'object' || c.kinematics === null || !Array.isArray(c.reactions)) {
      throw new MoreauError('E_FILE_FORMAT', 'Not a Moreau checkpoint (expected { format: "moreau-checkpoint", version: 1, steps, kinematics, reactions, fingerprint }).');
    }
    if (c.fingerprint !== this.fingerprint) throw new MoreauError('E_CONFIG', mismatchMessage(c.run, this.writtenBy));
    this.table.instanceNames.forEach((name, k) => {
      const state = c.kinematics![name];
      if (!Array.isArray(state)) throw new MoreauError('E_FILE_FORMAT', `The checkpoint has no state for kinematics "${name}".`, { path: ['kinematics', name] });
      this.table.instances[k].loadState(Float64Array.from(state));
    });
    this.table.restoreAt(c.steps! * this.timeStep, this.timeStep);
    if (this.sleep) {
      const n = this.table.count, sl = c.sleep;
      const fits = (v: unknown): v is number[] => Array.isArray(v) && v.length === n && v.every((x) => Number.isFinite(x));
      if (!fits(sl?.island) || !fits(sl?.rest)) {
        throw new MoreauError('E_FILE_FORMAT', `The checkpoint has no sleep state for the ${n} bodies ("sleep": { "island", "rest" }, ${n} numbers each).`, { path: ['sleep'] });
      }
      this.sleep.load(sl.island, sl.rest);
    }
    this.system.warm.fromRows(c.reactions);
    this.system.begin(c.steps!, c.steps! * this.timeStep);
    this.stepsTaken = c.steps!;
  }

  private stats(step: number, totalMs: number): StepStats {
    const { system } = this;
    const res = system.result;
    const nc = system.contacts.count;
    const solved = res !== undefined && nc > 0;
    const attempts = solved ? res.attempts ?? [] : [];
    const { kinetic, potential } = this.energy();
    const { detect, assemble, correct, solve } = system.times;
    return {
      step,
      time: this.time,
      contacts: nc,
      iterations: !solved ? 0 : res.attempts ? res.attempts.reduce((s, a) => s + a.iterations, 0) : res.iterations,
      answeredBy: solved ? res.answeredBy : '',
      converged: solved ? res.converged : true,
      reason: solved ? res.reason : 'no-contacts',
      error: solved ? res.error : 0,
      merit: solved ? res.merit : '',
      fallbacks: Math.max(0, attempts.length - 1),
      attempts,
      kinetic,
      potential,
      penetration: system.penetration,
      correctionSweeps: system.correctionSweeps,
      ...(this.sleep ? { sleeping: this.sleep.asleep } : {}),
      ms: { detect, assemble, correct, solve, update: Math.max(0, totalMs - detect - assemble - correct - solve), total: totalMs },
    };
  }

  private checkBody(b: number): void {
    if (!Number.isInteger(b) || b < 0 || b >= this.table.count) {
      throw new MoreauError('E_CONFIG', `No body ${b}: the scene has bodies 0..${this.table.count - 1}.`, { index: b });
    }
  }
}
