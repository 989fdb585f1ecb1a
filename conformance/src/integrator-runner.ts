import fc from 'fast-check';
import { createRegistry, describeGivenPlugin, EventBus, MoreauError, RunContext, formatIssues, type Integrator, type IntegratorPlugin } from '@moreau/core';
import {
  INTEGRATOR_PROPERTY_NAMES, integratorProperties,
  type IntegratorPropertyName, type IntegratorPropertySpec,
} from './integrator-properties.js';
import { propertySeed, randomSeed, type NamedPropertyReport, type SuiteReport } from './solver-runner.js';

/** Options of `integratorSuite` and `runIntegratorConformance`. Every field is optional. */
export interface IntegratorSuiteOptions {
  /** The plugin's options, validated by its own schema. Default {}. */
  options?: Record<string, unknown>;
  /** Runs per property. Default 25. */
  runs?: number;
  /** fast-check seed of the first property (property i uses seed + i). Default: random, reported. */
  seed?: number;
}

/** The outcome of one integrator property (the shape of the solver suite's PropertyReport). */
export type IntegratorPropertyReport = NamedPropertyReport<IntegratorPropertyName>;

/** The outcome of the integrator suite for one plugin and one set of options. */
export type IntegratorConformanceReport = SuiteReport<IntegratorPropertyName>;

export interface IntegratorRunnerOptions extends IntegratorSuiteOptions {
  only?: readonly IntegratorPropertyName[];
  onProperty?: (report: IntegratorPropertyReport) => void;
}

/** An integrator plugin with validated options, and a factory of fresh instances. */
export interface IntegratorUnderTest {
  plugin: IntegratorPlugin;
  options: Record<string, unknown>;
  make(): Integrator;
}

/**
 * Checks the plugin's shape (E_PLUGIN_CONTRACT) and options (E_CONFIG, one line per
 * problem), and returns a factory of instances created as the engine creates them.
 */
export function prepareIntegrator(plugin: IntegratorPlugin, opts: IntegratorSuiteOptions = {}): IntegratorUnderTest {
  if (plugin?.kind !== 'integrator') {
    throw new TypeError(`expected an integrator plugin (defineIntegrator({...})), got ${describeGivenPlugin(plugin)}`);
  }
  const registry = createRegistry();
  registry.register(plugin, 'the conformance suite');
  const parsed = plugin.options.safeParse(opts.options ?? {});
  if (!parsed.success) {
    const lines = formatIssues(parsed.error.issues, ['options']);
    const err = new MoreauError('E_CONFIG', `Invalid options for integrator "${plugin.name}":\n${lines.map((l) => `  ${l}`).join('\n')}`);
    err.issues = lines;
    throw err;
  }
  const options = parsed.data as Record<string, unknown>;
  return {
    plugin,
    options,
    make: () => plugin.create(options, new RunContext(registry, new EventBus())),
  };
}

/** Runs one property `runs` times with fast-check; a failure is reported, never thrown. */
export function runIntegratorProperty(name: IntegratorPropertyName, spec: IntegratorPropertySpec, options: { runs: number; seed: number }): IntegratorPropertyReport {
  const { runs, seed } = options;
  if (spec.skip !== undefined) return { name, status: 'skip', reason: spec.skip, seed, runs: 0, inconclusive: 0, ms: 0 };
  const t0 = performance.now();
  const out = fc.check(fc.property(spec.arbitrary, (c) => spec.predicate(c)), { numRuns: runs, seed });
  const ms = performance.now() - t0;
  if (out.failed) {
    const err = out.errorInstance as { message?: string } | null;
    return {
      name, status: 'fail', reason: err?.message ?? 'the property failed', counterexample: out.counterexample?.[0]?.label,
      seed, path: out.counterexamplePath ?? undefined, runs: out.numRuns, inconclusive: 0, ms,
    };
  }
  return { name, status: 'pass', seed, runs: out.numRuns, inconclusive: 0, ms };
}

/**
 * Runs the integrator conformance suite on `plugin` without vitest (what `moreau conformance`
 * can call): every property of INTEGRATOR_PROPERTY_NAMES on the suite's fake point-mass
 * system, `runs` times each, reported like the solver suite.
 */
export async function runIntegratorConformance(plugin: IntegratorPlugin, options: IntegratorRunnerOptions = {}): Promise<IntegratorConformanceReport> {
  const sut = prepareIntegrator(plugin, options);
  const seed = options.seed ?? randomSeed();
  const runs = options.runs ?? 25;
  const specs = integratorProperties(sut.make);
  const properties: IntegratorPropertyReport[] = [];
  for (const [i, name] of INTEGRATOR_PROPERTY_NAMES.entries()) {
    const pseed = propertySeed(seed, i);
    const report = !options.only || options.only.includes(name)
      ? runIntegratorProperty(name, specs[name], { runs, seed: pseed })
      : { name, status: 'skip' as const, reason: 'not selected', seed: pseed, runs: 0, inconclusive: 0, ms: 0 };
    properties.push(report);
    options.onProperty?.(report);
    await new Promise((done) => setImmediate(done));
  }
  return {
    plugin: plugin.name, options: sut.options, seed, runs,
    passed: properties.every((p) => p.status === 'pass' || p.status === 'skip'),
    properties,
  };
}
