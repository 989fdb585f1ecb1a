import {
  bsrMul, describeGivenPlugin, EventBus, formatIssues, MoreauError, PluginRegistry, RunContext,
  type FrictionContactProblem, type MeritFunction, type MeritPlugin,
} from '@moreau/core';
import { CheckFailure } from './solver-checks.js';

/** Options of `meritSuite` and `runMeritConformance`. Every field is optional. */
export interface MeritSuiteOptions {
  /** The plugin's options, validated and completed by its own schema. Default {}. */
  options?: Record<string, unknown>;
  /**
   * The problem the merit measures: 'coulomb' (the default: r ∈ K, De Saxcé's ũ ∈ K*, r ⟂ ũ) or
   * 'relaxed' (its convex relaxation, u ∈ K*, whose solutions differ where a contact slides).
   * The suite's exact solutions are then solutions of that problem.
   */
  cone?: 'coulomb' | 'relaxed';
  /** Runs per property. Default 25. */
  runs?: number;
  /** fast-check seed of the first property (property i uses seed + i). Default: random, reported. */
  seed?: number;
}

/** A merit plugin ready to be certified: options validated, fresh instances on demand. */
export interface MeritUnderTest {
  readonly plugin: MeritPlugin;
  readonly options: Record<string, unknown>;
  readonly cone: 'coulomb' | 'relaxed';
  /** A fresh merit function built by the plugin's `create`. */
  instance(): MeritFunction;
}

/**
 * Checks the plugin's shape with core's registry (E_PLUGIN_CONTRACT) and its options with its
 * own schema (E_CONFIG, one line per issue). The registry is an empty one: core's own merits
 * are certified by this suite too, and a registry with the built-ins would hold their names.
 */
export function prepareMerit(plugin: MeritPlugin, opts: MeritSuiteOptions = {}): MeritUnderTest {
  if (typeof (plugin as Partial<MeritPlugin> | null)?.create !== 'function' || plugin.kind !== 'merit') {
    throw new TypeError(`expected a merit plugin (defineMerit({...})), got ${describeGivenPlugin(plugin)}`);
  }
  const registry = new PluginRegistry().register(plugin, 'the conformance suite');
  const parsed = plugin.options.safeParse(opts.options ?? {});
  if (!parsed.success) {
    const lines = formatIssues(parsed.error.issues, ['options']);
    const err = new MoreauError('E_CONFIG', `Invalid options for merit "${plugin.name}":\n${lines.map((l) => `  ${l}`).join('\n')}`);
    err.issues = lines;
    throw err;
  }
  const options = parsed.data as Record<string, unknown>;
  const cone = opts.cone ?? 'coulomb';
  if (cone !== 'coulomb' && cone !== 'relaxed') throw new MoreauError('E_CONFIG', `cone: expected "coulomb" or "relaxed", got ${JSON.stringify(cone)}`);
  return { plugin, options, cone, instance: () => plugin.create(options, new RunContext(registry, new EventBus())) };
}

/** u = W r + q, as the suite computes it (core's mat-vec). */
export function velocityOf(p: FrictionContactProblem, r: Float64Array): Float64Array {
  const u = bsrMul(p.W, r, new Float64Array(p.size));
  for (let i = 0; i < u.length; i++) u[i] += p.q[i];
  return u;
}

/** The merit's value; a throw is a failure (every input the suite gives is a valid one). */
export function evaluateMerit(m: MeritFunction, p: FrictionContactProblem, r: Float64Array, u?: Float64Array): number {
  let value: unknown;
  try {
    value = m.evaluate(p, r, u);
  } catch (e) {
    const err = e as { code?: string; message?: string };
    throw new CheckFailure(`evaluate threw ${err?.code ?? (e as Error)?.name ?? 'an exception'}: ${err?.message ?? String(e)}`);
  }
  if (typeof value !== 'number') throw new CheckFailure(`evaluate returned ${typeof value} ${String(value)}, not a number`);
  return value;
}
