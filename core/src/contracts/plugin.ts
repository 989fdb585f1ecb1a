import type { z } from 'zod';
import type { EventBus } from './events.js';
import type { ContactDetector, Integrator, Kinematics, ShapeType } from './dynamics.js';
import type { ContactSolver, MeritFunction, SolverCapabilities } from './solver.js';

/**
 * The five contracts of DESIGN §3. A plugin package default-exports one plugin
 * object built with `defineSolver`, `defineMerit`, ... ; its `create` builds the
 * working object from validated options and a per-run context.
 */

export type PluginKind = 'solver' | 'merit' | 'kinematics' | 'detector' | 'integrator';

// ---------------------------------------------------------------- per-run context

/**
 * A solver in a config file: `{ name, options?, fallback? }`. The fallback runs
 * when the solver returns `converged: false`, starting from the solver's last
 * iterate (`start: 'previous'`, the default) or from the initial reactions.
 */
export interface SolverConfig {
  name: string;
  options?: Record<string, unknown>;
  start?: 'previous' | 'initial';
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
