import {
  bsrMul, createRegistry, describeGivenPlugin, EventBus, resolve, RunContext,
  type ContactSolver, type FrictionContactProblem, type MeritFunction, type SolveOptions, type SolveResult,
  type PluginRegistry, type SolverEndEvent, type SolverIterationEvent, type SolverPlugin,
} from '@moreau/core';
import { judgeSiconosError } from './siconos-judge.js';
import { check, CheckFailure, checkShape } from './solver-checks.js';
import type { SolverPropertyName } from './solver-property.js';
import { watched } from './solver-watch.js';

/** Options of `solverSuite` and `runSolverConformance`. Every field is optional. */
export interface SolverSuiteOptions {
  /** The plugin's options, validated and completed by core's `resolve()` as in real use. Default {}. */
  options?: Record<string, unknown>;
  /** The stopping tolerance convergence claims are checked against. Default: the resolved `tolerance` option. */
  tolerance?: number;
  /** Runs per property. Default 25. */
  runs?: number;
  /** fast-check seed of the first property (property i uses seed + i). Default: random, reported. */
  seed?: number;
  /**
   * Run only these properties; the others are reported as skipped ('not selected'). With
   * the seed of a failed run, replays that run's failures of these properties exactly.
   */
  only?: readonly SolverPropertyName[];
  /** Iteration cap the suite passes to every solve (SolveOptions.maxIterations). Default 1000. */
  maxIterations?: number;
  /** Time budget the suite passes to every solve, ms. Default 250. */
  timeBudgetMs?: number;
  /**
   * Which problem these options make a `cone: 'both'` plugin solve. Default: 'relaxed'
   * for a plugin declaring `cone: 'relaxed'`, else 'coulomb'.
   */
  cone?: 'coulomb' | 'relaxed';
  /**
   * Where another process can load the plugin from (a path, file URL or package name, resolved
   * from `cwd`; the plugin is picked among its exports by name), for the cross-process
   * determinism property and for the watchdog. Without it that property is skipped and the
   * suite runs in the caller's thread. `moreau conformance` sets it.
   */
  module?: { specifier: string; cwd?: string };
  /**
   * Run the properties in a worker thread that is terminated when a solve outlives its limit
   * (solver-watch.ts), so a plugin that never returns fails the property instead of hanging the
   * run. Needs `module` (the worker loads the plugin from it) and the compiled suite (`npm run
   * build`). Default: true when `module` is given.
   */
  watchdog?: boolean;
  /**
   * Solver plugins the one under test builds chains of by name (`PluginContext.solverChain`, as
   * `auto` does), registered beside it in this thread. A companion with the plugin's own name is
   * left out.
   */
  companions?: readonly SolverPlugin[];
  /**
   * Where another process (the watchdog's worker, the cross-process property's child) loads
   * companions from, as `module` says where it loads the plugin: each module's solver plugins
   * are registered beside the plugin there. `moreau conformance` passes every installed solver
   * package.
   */
  companionModules?: readonly { specifier: string; cwd?: string }[];
}

/** A solver plugin ready to be certified: options validated, capabilities read, fresh instances on demand. */
export interface SolverUnderTest {
  readonly plugin: SolverPlugin;
  /** The validated options with defaults filled in. */
  readonly options: Record<string, unknown>;
  readonly tolerance: number | undefined;
  /**
   * The merit convergence claims are judged by: the one the options request (`merit`), by
   * default 'siconos' ('projected-gradient' for the relaxed cone problem). Never the one a
   * result names.
   */
  readonly meritName: string;
  /** True when the suite may vary the plugin's numeric `tolerance` option (it has one, and no tolerance was imposed). */
  readonly tolerances: boolean;
  readonly cone: 'coulomb' | 'relaxed';
  readonly friction: boolean;
  readonly warmStart: boolean;
  readonly maxIterations: number;
  readonly timeBudgetMs: number;
  /** Where another process loads the plugin from (SolverSuiteOptions.module). */
  readonly module?: { specifier: string; cwd?: string };
  /** Where another process loads the plugin's companions from (SolverSuiteOptions.companionModules). */
  readonly companionModules?: readonly { specifier: string; cwd?: string }[];
  /** A fresh instance of the plugin's own solver (no fallback chain), with the event bus of its run. */
  instance(overrides?: Record<string, unknown>): { solver: ContactSolver; events: EventBus };
  /** A fresh instance whose `tolerance` option is `tol` (the default when undefined), and the tolerance claims are held to. */
  withTolerance(tol: number | undefined): { run: { solver: ContactSolver; events: EventBus }; tolerance: number | undefined };
  /** The plugin as core runs it: `resolve()`'s solver chain of this one plugin, answer check and capability checks included. */
  chain(): ContactSolver;
  /** Core's implementation of the merit named `name` (not the plugin's). */
  merit(name: string): MeritFunction;
}

/**
 * Validates `plugin` and `opts.options` through core's `resolve()` with a registry holding
 * the plugin (so options are checked and defaults filled exactly as in real use), and
 * returns a factory of the plugin's own solver: the suite certifies the plugin, so it
 * runs it without the fallback chain, whose NaN guard would hide a broken plugin.
 * Throws MoreauError E_PLUGIN_CONTRACT for a malformed plugin and E_CONFIG for bad options.
 */
export function prepareSolver(plugin: SolverPlugin, opts: SolverSuiteOptions = {}): SolverUnderTest {
  if (typeof (plugin as Partial<SolverPlugin> | null)?.create !== 'function' || plugin.kind !== 'solver') {
    throw new TypeError(`expected a solver plugin (defineSolver({...})), got ${describeGivenPlugin(plugin)}`);
  }
  const registry = createRegistry();
  registry.register(plugin, 'the conformance suite');
  registerCompanions(registry, plugin.name, opts.companions ?? []);
  const config = { name: plugin.name, options: opts.options ?? {} };
  const options = resolve(config, registry).config.options;
  const checker = new RunContext(createRegistry(), new EventBus());
  const tolerance = opts.tolerance ?? (typeof options.tolerance === 'number' ? options.tolerance : undefined);
  const cone = opts.cone ?? (plugin.supports.cone === 'relaxed' ? 'relaxed' : 'coulomb');
  const meritName = typeof options.merit === 'string' ? options.merit : cone === 'relaxed' ? 'projected-gradient' : 'siconos';
  const tolerances = typeof options.tolerance === 'number' && (opts.tolerance === undefined || opts.tolerance === options.tolerance);
  const instance = (overrides: Record<string, unknown> = {}) => {
    const run = resolve({ ...config, options: { ...config.options, ...overrides } }, registry);
    return { solver: plugin.create(run.config.options, run.context), events: run.events };
  };
  return {
    plugin,
    options,
    tolerance,
    meritName,
    tolerances,
    cone,
    friction: plugin.supports.friction,
    warmStart: plugin.supports.warmStart,
    maxIterations: opts.maxIterations ?? 1000,
    timeBudgetMs: opts.timeBudgetMs ?? 250,
    ...(opts.module ? { module: opts.module } : {}),
    ...(opts.companionModules?.length ? { companionModules: opts.companionModules } : {}),
    instance,
    withTolerance(tol) {
      if (tol === undefined || !tolerances) return { run: instance(), tolerance };
      return { run: instance({ tolerance: tol }), tolerance: tol };
    },
    chain: () => resolve(config, registry).solver,
    merit: (name) => checker.merit(name),
  };
}

/** The tolerance (`tol`, default the suite's), or a failure saying how to provide one. */
export function requireTolerance(sut: SolverUnderTest, tol: number | undefined = sut.tolerance): number {
  check(tol !== undefined && tol > 0,
    () => 'the plugin has no numeric "tolerance" option, so convergence claims cannot be checked; pass { tolerance } to the suite (--tol on the command line)');
  return tol;
}

/**
 * The merit the options request (`sut.meritName`) at r, with u = W r + q and the problem's
 * own μ: the siconos error of the Coulomb problem by the suite's own judge (core's merit
 * would pass a bug of its own), any other merit by core's implementation. Never the merit a
 * result names.
 */
export function judgedMerit(sut: SolverUnderTest, p: FrictionContactProblem, r: Float64Array): { value: number; rounding: number } {
  if (sut.meritName === 'siconos' && sut.cone === 'coulomb') {
    const { error, rounding } = judgeSiconosError(p, r);
    return { value: error, rounding };
  }
  const u = bsrMul(p.W, r, new Float64Array(p.size));
  for (let i = 0; i < u.length; i++) u[i] += p.q[i];
  return { value: sut.merit(sut.meritName).evaluate(p, r, u), rounding: 0 };
}

/** What one observed solve produced. */
export interface Observed {
  result: SolveResult;
  /** Wall-clock time of the call, measured by the suite, ms. */
  ms: number;
  /**
   * CPU time the process spent during the call, ms: unlike the wall clock, other processes
   * on a busy machine do not add to it (a plugin's own worker threads do).
   */
  cpuMs: number;
  ends: SolverEndEvent[];
  iterations: SolverIterationEvent[];
}

/**
 * Solves with the suite's default budget (`extra` overrides it), recording the events the
 * solver emits. A throw is a failure (the problems given are valid); a result of the wrong
 * shape too.
 */
export function observe(sut: SolverUnderTest, run: { solver: ContactSolver; events: EventBus }, p: FrictionContactProblem, extra: SolveOptions = {}): Observed {
  const ends: SolverEndEvent[] = [], iterations: SolverIterationEvent[] = [];
  const onEnd = (e: SolverEndEvent) => ends.push(e), onIteration = (e: SolverIterationEvent) => iterations.push(e);
  run.events.on('solver:end', onEnd);
  run.events.on('solver:iteration', onIteration);
  const options: SolveOptions = { maxIterations: sut.maxIterations, timeBudgetMs: sut.timeBudgetMs, ...extra };
  const t0 = performance.now(), cpu0 = process.cpuUsage();
  let result: SolveResult;
  try {
    result = watched(`solve of ${p.name || 'a problem'} (${p.contacts} contacts)`, options.timeBudgetMs, () => run.solver.solve(p, options));
  } catch (e) {
    const err = e as { code?: string; message?: string };
    throw new CheckFailure(`solve threw ${err?.code ?? (e as Error)?.name ?? 'an exception'}: ${err?.message ?? String(e)}`);
  } finally {
    run.events.off('solver:end', onEnd);
    run.events.off('solver:iteration', onIteration);
  }
  const ms = performance.now() - t0, cpu = process.cpuUsage(cpu0);
  checkShape(p, result);
  return { result, ms, cpuMs: (cpu.user + cpu.system) / 1000, ends, iterations };
}

/** Solves once on a fresh instance (see `observe`). */
export function solveFresh(sut: SolverUnderTest, p: FrictionContactProblem, extra: SolveOptions = {}): Observed {
  return observe(sut, sut.instance(), p, extra);
}

/** Registers the solver plugins among `companions` beside the plugin named `name`, each name once. */
export function registerCompanions(registry: PluginRegistry, name: string, companions: readonly unknown[]): void {
  for (const c of companions) {
    const p = c as Partial<SolverPlugin> | null;
    if (p?.kind !== 'solver' || typeof p.name !== 'string' || p.name === name || registry.has('solver', p.name)) continue;
    registry.register(p as SolverPlugin, 'the conformance suite (a companion)');
  }
}
