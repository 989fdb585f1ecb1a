import type { z } from 'zod';
import type { EventBus } from './events.js';
import type { ContactDetector, Integrator, Kinematics, ShapeType } from './dynamics.js';
import type { ChainStart, ContactSolver, MeritFunction, SolverCapabilities } from './solver.js';

/**
 * The five contracts of DESIGN §3. A plugin package default-exports one plugin
 * object built with `defineSolver`, `defineMerit`, ... ; its `create` builds the
 * working object from validated options and a per-run context.
 */

export type PluginKind = 'solver' | 'merit' | 'kinematics' | 'detector' | 'integrator';

// ---------------------------------------------------------------- per-run context

/**
 * A solver in a config file: `{ name, options?, fallback? }`. The fallback runs
 * when the solver returns `converged: false`, starting where its `start` says.
 */
export interface SolverConfig {
  name: string;
  options?: Record<string, unknown>;
  start?: ChainStart;
  fallback?: SolverConfig;
}

/** What `create` receives besides its options: the run's event bus and lookups into the registry. */
export interface PluginContext {
  readonly events: EventBus;
  /** A merit function by registered name (E_UNKNOWN_PLUGIN listing known names otherwise). */
  merit(name: string): MeritFunction;
  /**
   * A solver chain built from `config` by name through the run's registry, exactly as a config
   * file's chain (options validated, every answer checked, one fallback loop): how a plugin
   * composes other solvers without importing them. Its events go to `options.events` (default:
   * the run's bus). E_UNKNOWN_PLUGIN / E_CONFIG, listing every problem, for a config the
   * registry cannot build.
   */
  solverChain(config: SolverConfig, options?: { events?: EventBus }): ContactSolver;
}

/** Builds a solver chain from a config through a run's registry (what `PluginContext.solverChain` calls). */
export type SolverChainFactory = (config: SolverConfig, options?: { events?: EventBus }) => ContactSolver;

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

// Kinematics, detection and integration: their working objects are in dynamics.ts.

/** A part of a scene's `driven` motion, named as the scene names it. */
export type DrivenMotionKind = 'velocity' | 'angularVelocity';

/** What a kinematics model can hold (`KinematicsPlugin.supports`). */
export interface KinematicsCapabilities {
  /**
   * Deformable bodies (default false): the suite gives them sample materials their step can
   * resolve (an elastic body's fastest mode must be resolved by the suite's explicit harness, and
   * a soft body spinning fast tears), rigid ones any material; the engine refuses the deformable
   * fields of a scene body (`initialDeformation`, ...) on a model without them.
   */
  deformable?: boolean;
  /**
   * Bodies that turn (default true). A model without rotations (a 3-dof point mass) is never given
   * an angular velocity, a turned body or a driven rotation: the engine refuses such a scene and
   * the suite skips the properties that need one.
   */
  rotations?: boolean;
  /**
   * The parts of a `driven` motion the model can prescribe (default: `velocity`, and
   * `angularVelocity` when it has rotations). A driven body using another part is refused.
   */
  driven?: readonly DrivenMotionKind[];
  /**
   * Angular velocity rows (default false): the model implements `Kinematics.angularOperator`, so
   * its bodies can take part in contacts with rolling and spinning resistance (the scene's
   * `rollingResistance`, `spinningResistance`). A scene giving resistance to a material pair one of
   * the model's bodies may touch is refused (E_UNSUPPORTED).
   */
  rolling?: boolean;
}

export interface KinematicsPlugin<S extends z.ZodType = z.ZodType> extends PluginBase<S> {
  kind: 'kinematics';
  /** What the model can hold, read by the engine (a scene asking for more is refused) and the conformance suite. */
  supports?: KinematicsCapabilities;
  create(options: z.output<S>, ctx: PluginContext): Kinematics;
}

export interface DetectorPlugin<S extends z.ZodType = z.ZodType> extends PluginBase<S> {
  kind: 'detector';
  /**
   * What the detector handles, read by the conformance suite (`moreau conformance` tests these)
   * and by `createSimulation`, which refuses a scene with a shape not listed (E_UNSUPPORTED):
   * `shapes` (default sphere, box, plane) and the solid shapes it also takes under a general
   * linear map with det > 0 (`affine`, a deformed body, i.e. a free body of a deformable
   * kinematics; default none).
   */
  supports?: { shapes?: readonly ShapeType[]; affine?: readonly ShapeType[] };
  create(options: z.output<S>, ctx: PluginContext): ContactDetector;
}

export interface IntegratorPlugin<S extends z.ZodType = z.ZodType> extends PluginBase<S> {
  kind: 'integrator';
  create(options: z.output<S>, ctx: PluginContext): Integrator;
}

export type AnyPlugin = SolverPlugin | MeritPlugin | KinematicsPlugin | DetectorPlugin | IntegratorPlugin;
