import type { z } from 'zod';
import type { FrictionContactProblem } from '../problem/friction-contact-problem.js';
import type { EventBus } from '../events/event-bus.js';
import type { ContactDetector, Integrator, Kinematics, ShapeType } from './dynamics-contracts.js';

export * from './dynamics-contracts.js';

/**
 * The five contracts of DESIGN §3. A plugin package default-exports one plugin
 * object built with `defineSolver`, `defineMerit`, ... ; its `create` builds the
 * working object from validated options and a per-run context.
 */

export type PluginKind = 'solver' | 'merit' | 'kinematics' | 'detector' | 'integrator';

// ---------------------------------------------------------------- merit functions

/**
 * An error measure: non-negative, zero exactly at a solution.
 * `u` is W r + q when the caller has it; a merit that needs u recomputes it
 * when it is omitted (the `siconos` merit always recomputes, as Siconos does).
 */
export interface MeritFunction {
  readonly name: string;
  evaluate(problem: FrictionContactProblem, r: Float64Array, u?: Float64Array): number;
}

// ---------------------------------------------------------------- contact solvers

export interface SolveOptions {
  /** Initial reactions (length 3·nc). Solvers that do not support warm starts reject it at resolve time. */
  warmStart?: Float64Array;
  /** Overrides the solver's own iteration cap when smaller. */
  maxIterations?: number;
  /** Wall-clock budget in milliseconds; the solver stops (not converged) once it is spent. */
  timeBudgetMs?: number;
}

/**
 * Why a solver stopped. Core's answer check (docs/convergence.md) adds three: 'rejected'
 * (a claimed convergence failed a check), 'diverged' (‖r‖ ran away while a contact still
 * approaches) and 'infeasible' (the problem provably has no solution; no solver ran).
 */
export type StopReason =
  | 'converged' | 'max-iterations' | 'time-budget' | 'breakdown' | 'stalled'
  | 'rejected' | 'diverged' | 'infeasible';

/** The checks of core's answer check, in the order they run (docs/convergence.md). */
export type AnswerCheckName = 'infeasible' | 'cone' | 'merit' | 'approach' | 'diverged';

/** What core's answer check found wrong with a result; absent when nothing was. */
export interface AnswerCheckFailure {
  failed: AnswerCheckName;
  /** The contact that shows it (every check but 'merit'). */
  contact?: number;
  /** One line with the numbers, for people. */
  message: string;
}

export interface SolveResult {
  r: Float64Array;
  u: Float64Array;
  converged: boolean;
  reason: StopReason;
  iterations: number;
  /** Final error in the solver's configured merit. */
  error: number;
  /** Name of the merit `error` is measured in. */
  merit: string;
  /** The solver that produced r (set by the fallback chain; equals the solver's own name otherwise). */
  answeredBy: string;
  /** Wall-clock time of the solve, milliseconds. */
  ms: number;
  /** Solver-specific statistics (mat-vec products, linear iterations, merit history...). */
  stats?: Record<string, unknown>;
  /** Every solver the chain ran, in order (one entry without a fallback). */
  attempts?: SolveAttempt[];
  /** Set by the solver chain when its answer check refused a claim, saw divergence or proved infeasibility. */
  check?: AnswerCheckFailure;
}

export interface SolveAttempt {
  solver: string;
  converged: boolean;
  reason: StopReason;
  iterations: number;
  error: number;
  merit: string;
  ms: number;
}

/** See FrictionContactProblem for the problem statement. Never returns NaN; never claims convergence it has not checked. */
export interface ContactSolver {
  readonly name: string;
  solve(problem: FrictionContactProblem, options?: SolveOptions): SolveResult;
}

/** What a solver plugin declares it supports; `resolve()` and the conformance suite read it. */
export interface SolverCapabilities {
  /** Accepts `warmStart`. */
  warmStart: boolean;
  /** Which cone problem it solves: the exact Coulomb problem, the convex relaxation, or either by option. */
  cone: 'coulomb' | 'relaxed' | 'both';
  /** False when it solves frictionless (μ = 0) problems only. */
  friction: boolean;
}

// ---------------------------------------------------------------- per-run context

/** What `create` receives besides its options: the run's event bus and lookups into the registry. */
export interface PluginContext {
  readonly events: EventBus;
  /** A merit function by registered name (E_UNKNOWN_PLUGIN listing known names otherwise). */
  merit(name: string): MeritFunction;
}

// ---------------------------------------------------------------- plugin objects

interface PluginBase<S extends z.ZodType> {
  /** Registry name: the folder name, the package name's last part, and what users write in a config. */
  name: string;
  /** One line for `moreau plugins`. */
  summary: string;
  /** Semver range of @moreau/core this plugin was written for (informative). */
  core?: string;
  /** Zod schema of the options; defaults live here. */
  options: S;
}

export interface SolverPlugin<S extends z.ZodType = z.ZodType> extends PluginBase<S> {
  kind: 'solver';
  supports: SolverCapabilities;
  create(options: z.output<S>, ctx: PluginContext): ContactSolver;
}

export interface MeritPlugin<S extends z.ZodType = z.ZodType> extends PluginBase<S> {
  kind: 'merit';
  create(options: z.output<S>, ctx: PluginContext): MeritFunction;
}

// Kinematics, detection and integration: see dynamics-contracts.ts.

export interface KinematicsPlugin<S extends z.ZodType = z.ZodType> extends PluginBase<S> {
  kind: 'kinematics';
  /**
   * What the model is, read by the conformance suite: `deformable` bodies (default false) get
   * sample materials their step can resolve (an elastic body's fastest mode must be resolved by
   * the suite's explicit harness, and a soft body spinning fast tears), rigid ones any material.
   */
  supports?: { deformable?: boolean };
  create(options: z.output<S>, ctx: PluginContext): Kinematics;
}

export interface DetectorPlugin<S extends z.ZodType = z.ZodType> extends PluginBase<S> {
  kind: 'detector';
  /**
   * What the detector handles, read by the conformance suite (`moreau conformance` tests these):
   * `shapes` (default sphere, box, plane) and the solid shapes it also takes under a general
   * linear map with det > 0 (`affine`, a deformed body; default none).
   */
  supports?: { shapes?: readonly ShapeType[]; affine?: readonly ShapeType[] };
  create(options: z.output<S>, ctx: PluginContext): ContactDetector;
}

export interface IntegratorPlugin<S extends z.ZodType = z.ZodType> extends PluginBase<S> {
  kind: 'integrator';
  create(options: z.output<S>, ctx: PluginContext): Integrator;
}

export type AnyPlugin = SolverPlugin | MeritPlugin | KinematicsPlugin | DetectorPlugin | IntegratorPlugin;
