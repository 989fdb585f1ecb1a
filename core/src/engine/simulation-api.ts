import type { EventBus } from '../contracts/events.js';
import type { FrictionContactProblem } from '../problem/friction-contact-problem.js';
import type { StepStats } from '../contracts/events.js';
import type { ContactSet, Pose, Shape } from '../contracts/dynamics.js';

/**
 * The programmatic face of a simulation (`createSimulation(scene, config)`), what
 * `moreau simulate` drives and what a user scripts against.
 */

/** A body as a viewer or writer sees it. */
export interface SimulationBody {
  name: string;
  shape: Shape;
  /** Name of the kinematics plugin that owns it. */
  kinematics: string;
  free: boolean;
  /** Time the body enters the scene; before it, it waits at rest and has no contacts. */
  appearsAt: number;
}

/** What a load callback returns for a body at a time: a world force on its mass centre and a world torque (each optional). */
export interface LoadAt {
  force?: ArrayLike<number>;
  torque?: ArrayLike<number>;
}

/**
 * Per-body loads of a simulation (`createSimulation(..., { loads })`): called for every free body
 * that is in the scene whenever the integrator evaluates forces, with the time it evaluates them
 * at (the mid-step for the midpoint schemes); undefined for no load. Added to the scene's own
 * constant `force` and `torque`.
 */
export type LoadCallback = (body: number, time: number) => LoadAt | undefined | void;

export interface RunOptions {
  /** Simulated time to stop at (default: the scene's duration). */
  until?: number;
  /** Checked between steps; when it returns true the run stops after the current step. */
  shouldStop?: () => boolean;
  onStep?: (stats: StepStats) => void;
}

export interface RunSummary {
  steps: number;
  time: number;
  /** Why the run ended: reached `until`, stopped on request, or stopped on a failed solve (config `onSolveFailure: 'stop'`). */
  ended: 'until' | 'requested' | 'solve-failed';
  failedSteps: number;
  wallMs: number;
}

/** Everything needed to continue a run bit-identically; plain JSON. */
export interface SimulationCheckpoint {
  format: 'moreau-checkpoint';
  version: 1;
  time: number;
  steps: number;
  /** Per kinematics plugin name, its saveState() as numbers. */
  kinematics: Record<string, number[]>;
  /** The warm-start table: rows of contact key "bodyA:bodyB:feature", reaction [N, T1, T2], point (3), frame (9). */
  reactions: Array<[string, ...number[]]>;
  /** A fingerprint of the scene and config, so a checkpoint is not resumed into another run. */
  fingerprint: string;
  /**
   * The run that wrote it: a digest of the scene and the config as normalized (defaults
   * included), so a refused resume can say what differs. Absent from older checkpoints.
   */
  run?: { scene: string; config: unknown };
  /** With config `sleep`: per body, the island it sleeps in (−1: awake) and its seconds at rest. */
  sleep?: { island: number[]; rest: number[] };
}

export interface Simulation {
  readonly events: EventBus;
  /** Simulated time now. */
  readonly time: number;
  /** Steps taken so far. */
  readonly steps: number;
  /** Step length h and the scene's duration. */
  readonly timeStep: number;
  readonly duration: number;
  readonly bodies: readonly SimulationBody[];
  /** Current pose of body b (index into `bodies`). */
  pose(b: number, out?: Pose): Pose;
  /** Current generalised velocity of body b (a copy). */
  velocity(b: number): Float64Array;
  /** The last step's contacts and reactions r (3 per contact, normal first; impulses over the step: the average force is r / h). */
  contacts(): ContactSet;
  reactions(): Float64Array;
  /**
   * The last step's contact problem (undefined before the first step or when it had no contacts).
   * Its W and q are views on the engine's buffers, valid until the next step: copy what must outlive it.
   */
  lastProblem(): FrictionContactProblem | undefined;
  /** The warm start the last step's solver was given (reactions by contact id from the step before), if any. */
  lastWarmStart(): Float64Array | undefined;
  step(): StepStats;
  run(options?: RunOptions): RunSummary;
  energy(): { kinetic: number; potential: number };
  checkpoint(): SimulationCheckpoint;
  restore(checkpoint: SimulationCheckpoint): void;
}
