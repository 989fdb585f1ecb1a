import type { EventBus } from '../contracts/events.js';
import type { ContactSolver, SolveResult } from '../contracts/solver.js';
import type { ContactDetector, DetectorBody, NormalBias, PositionCorrection, StepSystem } from '../contracts/dynamics.js';
import { MoreauError } from '../contracts/errors.js';
import { FrictionContactProblem } from '../problem/friction-contact-problem.js';
import { ApproachFilter } from './approach-filter.js';
import { BodyReach } from './body-reach.js';
import type { BodyLoads } from './body-loads.js';
import type { BodyTable } from './body-table.js';
import { ContactAssembly } from './contact-assembly.js';
import { ContactBuffer } from './contact-buffer.js';
import type { FrictionTable } from './friction-table.js';
import { growF64 } from '../linalg/grow.js';
import { PositionProjection } from './position-correction.js';
import { PreviousInDetectorIndices } from './previous-contacts.js';
import type { SleepTable } from './sleep.js';
import { collectTorqueRows, noTorqueRows, rollingInput, type TorqueRows } from './torque-rows.js';
import { WarmStartTable } from './warm-start.js';

/** Wall time spent in each phase of the current step, milliseconds. */
export interface PhaseTimes {
  detect: number;
  /** Building W and q, the projection's time taken out. */
  assemble: number;
  /** The position projection (`PositionProjection.project`), a solve over W's normal rows. */
  correct: number;
  solve: number;
}

export interface EngineParts {
  bodies: BodyTable;
  detector: ContactDetector;
  friction: FrictionTable;
  solver: ContactSolver;
  /** Whether the solver chain's first solver accepts a warm start. */
  warmStart: boolean;
  gravity: Float64Array;
  /** Per-body forces and torques besides gravity (the scene's constant ones and a callback's), if any. */
  loads?: BodyLoads;
  h: number;
  events: EventBus;
  /** Sleeping islands (config `sleep`); absent: every body stays awake. */
  sleep?: SleepTable;
}

/**
 * The engine's side of the integrator contract (DESIGN §3): the primitives of one
 * step over every body and contact, which an `Integrator` sequences. Free velocities b
 * live here, apart from the bodies' velocities u, until `applyReactions`.
 */
export class EngineStepSystem implements StepSystem {
  readonly h: number;
  time = 0;
  /** 1-based index of the step being taken. */
  step = 0;
  readonly contacts = new ContactBuffer();
  readonly times: PhaseTimes = { detect: 0, assemble: 0, correct: 0, solve: 0 };
  /** The answer of this step's solve; undefined when the step had no contacts or did not solve. */
  result: SolveResult | undefined;
  problem: FrictionContactProblem | undefined;
  /** The warm start this step's solve was given (a view, valid until the next solve), if any. */
  warmStart: Float64Array | undefined;
  /** The deepest penetration this step's detection found (0: none), before any correction. */
  penetration = 0;
  /** Sweeps of this step's position correction (0: none was needed or asked for). */
  correctionSweeps = 0;

  private readonly parts: EngineParts;
  private readonly assembly: ContactAssembly;
  readonly warm = new WarmStartTable();
  private readonly b: Float64Array;
  private readonly f: Float64Array;
  private readonly aInvF: Float64Array;
  private mu: Float64Array = new Float64Array(0);
  private restitution: Float64Array = new Float64Array(0);
  /** This step's contacts with rolling or spinning resistance, whose torque blocks follow the contacts in W. */
  private torque: TorqueRows = noTorqueRows();
  private warmBuffer: Float64Array = new Float64Array(0);
  private detected = false;
  /** Whether b was computed in this step (predictive activation then also bounds speeds by it). */
  private freeComputed = false;
  private readonly reach: BodyReach;
  private readonly approach: ApproachFilter;
  private readonly projection = new PositionProjection();
  private readonly previousMap = new PreviousInDetectorIndices();
  /** The position correction the last assembly found, per body dof; applied by the next `advance`. */
  private readonly displacement: Float64Array;
  private readonly savedVelocity: Float64Array;
  private displacementPending = false;
  /** The interval and time of this step's `freeVelocities`, for bodies woken after it. */
  private freeDt = 0;
  private freeT = 0;

  constructor(parts: EngineParts) {
    this.parts = parts;
    this.h = parts.h;
    this.assembly = new ContactAssembly(parts.bodies);
    this.b = new Float64Array(parts.bodies.totalDofs);
    this.f = new Float64Array(parts.bodies.maxDofs);
    this.aInvF = new Float64Array(parts.bodies.maxDofs);
    this.reach = new BodyReach(parts.bodies);
    this.approach = new ApproachFilter(parts.bodies);
    this.displacement = new Float64Array(parts.bodies.totalDofs);
    this.savedVelocity = new Float64Array(parts.bodies.totalDofs);
  }

  /** Prepares the step `step` starting at `time`: forgets the previous step's contacts and answer. */
  begin(step: number, time: number): void {
    this.step = step;
    this.time = time;
    this.times.detect = this.times.assemble = this.times.correct = this.times.solve = 0;
    this.result = undefined;
    this.problem = undefined;
    this.warmStart = undefined;
    this.detected = false;
    this.freeComputed = false;
    this.displacementPending = false;
    this.penetration = 0;
    this.correctionSweeps = 0;
    this.contacts.clear();
    this.assembly.reset();
    this.parts.bodies.admit(time, this.h);
  }

  advance(dt: number, t: number): void {
    if (this.displacementPending && dt > 0) {
      this.advanceCorrected(dt, t);
      return;
    }
    for (const k of this.parts.bodies.instances) k.advance(dt, t);
  }

  /**
   * `advance` with the pending position correction: free bodies move by their velocity plus
   * Δq/dt over dt (a displacement spread over the motion), then get their velocity back bit
   * for bit. Driven and static bodies move as always.
   */
  private advanceCorrected(dt: number, t: number): void {
    const { bodies } = this.parts;
    const { displacement, savedVelocity } = this;
    for (let i = 0; i < bodies.count; i++) {
      if (!bodies.free[i]) continue;
      const u = bodies.kin[i].velocity(bodies.local[i]), o = bodies.offset[i];
      for (let d = 0; d < bodies.dofs[i]; d++) {
        savedVelocity[o + d] = u[d];
        u[d] += displacement[o + d] / dt;
      }
    }
    for (const k of bodies.instances) k.advance(dt, t);
    for (let i = 0; i < bodies.count; i++) {
      if (bodies.free[i]) bodies.kin[i].velocity(bodies.local[i]).set(savedVelocity.subarray(bodies.offset[i], bodies.offset[i] + bodies.dofs[i]));
    }
    this.displacementPending = false;
  }

  zeroVelocities(): void {
    const { bodies } = this.parts;
    for (let i = 0; i < bodies.count; i++) if (bodies.free[i]) bodies.kin[i].velocity(bodies.local[i]).fill(0);
  }

  prepareOperator(c: number): void {
    for (const k of this.parts.bodies.instances) k.prepareOperator(c);
  }

  freeVelocities(dt: number, t: number): void {
    for (let i = 0; i < this.parts.bodies.count; i++) this.freeVelocity(i, dt, t);
    this.freeDt = dt;
    this.freeT = t;
    this.freeComputed = true;
  }

  /** b of body i: its velocity plus dt · M⁻¹ f at time t (free bodies), its velocity (others), 0 before it enters. */
  private freeVelocity(i: number, dt: number, t: number): void {
    const { bodies, gravity } = this.parts;
    const loads = this.parts.loads?.any ? this.parts.loads : undefined;
    const { b, f, aInvF } = this;
    const kin = bodies.kin[i], local = bodies.local[i], dofs = bodies.dofs[i], o = bodies.offset[i];
    const u = kin.velocity(local);
    // A body that has not entered yet is held at rest: no force, no motion.
    if (!bodies.present[i]) {
      for (let d = 0; d < dofs; d++) b[o + d] = 0;
      return;
    }
    if (!bodies.free[i]) {
      for (let d = 0; d < dofs; d++) b[o + d] = u[d];
      return;
    }
    kin.force(local, t, gravity, f, 0, dt);
    loads?.addTo(i, t, f);
    kin.applyInverse(local, f, 0, aInvF, 0);
    for (let d = 0; d < dofs; d++) b[o + d] = u[d] + dt * aInvF[d];
  }

  /**
   * The end of a step: with `sleep` configured, rest times and islands that fall asleep.
   * @returns bodies asleep after it
   */
  endStep(): number {
    const sleep = this.parts.sleep;
    if (!sleep) return 0;
    // The bodies' speeds at their poses after the step, whichever way the model gives them
    // (its own `boxCornerSpeed` reads its state; core's reads the detector's pose).
    this.parts.bodies.refreshPoses();
    sleep.afterStep(this.contacts, this.h, (i) => this.reach.speed(i));
    return sleep.asleep;
  }

  detect(lookAhead = 0): number {
    const t0 = performance.now();
    const { bodies, detector, friction, events } = this.parts;
    const set = this.contacts;
    if (!(lookAhead >= 0 && Number.isFinite(lookAhead))) {
      throw new MoreauError('E_PLUGIN_CONTRACT', `StepSystem.detect: lookAhead must be a finite time ≥ 0, got ${lookAhead}.`);
    }
    const present = bodies.refreshPoses();
    this.detectPresent(present, lookAhead);
    // A sleeping island an awake body touches wakes whole, and the step sees it moving: the woken
    // bodies' free velocities join b, and detection runs again with them (until no island wakes).
    const sleep = this.parts.sleep;
    while (sleep && sleep.wakeTouched(set) > 0) {
      if (this.freeComputed) for (const i of sleep.woken) this.freeVelocity(i, this.freeDt, this.freeT);
      this.detectPresent(present, lookAhead);
    }
    // Detectors sort (the contract asks them to; the warm-start merge needs the order): `sort`
    // then costs one pass that finds them in order.
    set.sort();
    this.checkContacts();
    // A detector that does not say its margin keeps every contact it reports (nothing to filter against).
    if (lookAhead > 0 && detector.margin) this.approach.apply(set, detector.margin(present), lookAhead, this.freeComputed ? this.b : undefined);
    const nc = set.count;
    this.torque = collectTorqueRows(set, friction, this.torque);
    const rows = nc + this.torque.count;
    this.mu = growF64(this.mu, rows);
    this.restitution = growF64(this.restitution, nc);
    for (let a = 0; a < nc; a++) {
      this.mu[a] = friction.muOf(set.bodyA[a], set.bodyB[a]);
      this.restitution[a] = friction.restitutionOf(set.bodyA[a], set.bodyB[a]);
    }
    // A torque block's μ is unused and 0 (the pair's μ is its contact's).
    this.mu.fill(0, nc, rows);
    if (nc === 0) this.warm.clear();
    let deepest = 0;
    for (let a = 0; a < nc; a++) if (-set.gap[a] > deepest) deepest = -set.gap[a];
    this.penetration = deepest;
    this.assembly.reset();
    this.detected = true;
    this.times.detect += performance.now() - t0;
    events.emit('contacts:detected', { step: this.step, contacts: nc });
    return nc;
  }

  /** The detector's contacts among the present bodies, in scene indices. */
  private detectPresent(present: readonly DetectorBody[], lookAhead: number): void {
    const { bodies, detector } = this.parts;
    const set = this.contacts;
    this.reach.update(lookAhead, this.freeComputed ? this.b : undefined);
    // The last step's contacts as the detector's starts: the warm-start table holds them (and the
    // checkpoint too), so a resumed run starts each search where the unbroken one did.
    const previous = this.warm.count === 0 ? undefined : bodies.allPresent ? this.warm.previous : this.previousMap.map(this.warm.previous, (b) => bodies.detectorIndex(b));
    detector.detect(present, set, previous);
    // The detector saw the present bodies only: back to scene indices (order-preserving).
    if (!bodies.allPresent) {
      for (let a = 0; a < set.count; a++) {
        set.bodyA[a] = bodies.sceneIndex(set.bodyA[a]);
        set.bodyB[a] = bodies.sceneIndex(set.bodyB[a]);
      }
    }
  }

  assemble(bias: NormalBias, correction?: PositionCorrection): FrictionContactProblem {
    if (!this.detected) throw new MoreauError('E_PLUGIN_CONTRACT', 'StepSystem.assemble was called before detect() in this step: an integrator detects first.');
    const t0 = performance.now();
    const nc = this.contacts.count;
    const torque = this.torque.count > 0 ? this.torque : undefined;
    const { W, q } = this.assembly.assemble(this.contacts, this.b, torque);
    let gap: Float64Array = this.contacts.gap;
    let correctMs = 0;
    if (correction) {
      const t1 = performance.now();
      if (this.projection.project(W, gap, nc, correction)) {
        this.assembly.normalDisplacement(this.projection.p, this.displacement);
        this.displacementPending = true;
        this.correctionSweeps = this.projection.sweeps;
        gap = this.projection.gap;
      }
      correctMs = performance.now() - t1;
      this.times.correct += correctMs;
    }
    this.assembly.addBias(gap, this.h, bias, this.restitution);
    const name = `step ${this.step} t=${+(this.time + this.h).toPrecision(12)}`;
    const problem = torque ? new FrictionContactProblem(W, q, this.mu.subarray(0, nc + torque.count), name, rollingInput(nc, torque))
      : new FrictionContactProblem(W, q, this.mu.subarray(0, nc), name);
    this.problem = problem;
    this.times.assemble += performance.now() - t0 - correctMs;
    return problem;
  }

  solve(problem: FrictionContactProblem): SolveResult {
    const t0 = performance.now();
    let result: SolveResult;
    if (problem.contacts === 0) {
      result = {
        r: new Float64Array(0), u: new Float64Array(0), converged: true, reason: 'converged', iterations: 0,
        error: 0, merit: '', answeredBy: '', ms: 0, attempts: [],
      };
    } else {
      // Contact ids are known for the problem this step assembled only.
      const own = problem === this.problem;
      this.warmBuffer = growF64(this.warmBuffer, problem.size);
      const warmStart = own && this.parts.warmStart ? this.warm.lookUp(this.contacts, this.warmBuffer.subarray(0, problem.size), this.torque) : undefined;
      this.warmStart = warmStart;
      result = this.parts.solver.solve(problem, warmStart ? { warmStart } : {});
    }
    if (problem === this.problem) this.warm.store(this.contacts, result.r, this.torque);
    this.result = result;
    this.times.solve += performance.now() - t0;
    return result;
  }

  applyReactions(r: Float64Array): void {
    const nc = this.assembly.count, torques = this.assembly.rows - nc;
    if (r.length !== 3 * (nc + torques)) {
      const what = torques > 0 ? `${nc} contacts and ${torques} torque blocks of the last assembly (3 each)` : `${nc} contacts of the last assembly (3 per contact)`;
      throw new MoreauError('E_PLUGIN_CONTRACT', `StepSystem.applyReactions got ${r.length} reactions for the ${what}.`);
    }
    this.assembly.applyReactions(r, this.b);
  }

  /** A detector's output is trusted by the assembly only after these checks. */
  private checkContacts(): void {
    const set = this.contacts;
    const { bodies, detector } = this.parts;
    for (let a = 0; a < set.count; a++) {
      const A = set.bodyA[a], B = set.bodyB[a];
      let why = '';
      if (!(A >= 0 && A < bodies.count && B >= 0 && B < bodies.count)) why = `names bodies ${A} and ${B} of ${bodies.count}`;
      else if (A === B) why = `pairs body ${A} with itself`;
      else if (!bodies.free[A] && !bodies.free[B]) why = `pairs bodies ${A} and ${B}, neither of which is free`;
      else if (!Number.isFinite(set.gap[a])) why = `has gap ${set.gap[a]}`;
      if (why) throw new MoreauError('E_PLUGIN_CONTRACT', `Detector "${detector.name}": contact ${a} ${why}.`, { index: a });
    }
  }
}
