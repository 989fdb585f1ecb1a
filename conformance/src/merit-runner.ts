import type { MeritPlugin } from '@moreau/core';
import { prepareMerit, type MeritSuiteOptions } from './merit-harness.js';
import { meritProperties } from './merit-properties.js';
import { MERIT_PROPERTY_NAMES, type MeritPropertyName, type MeritPropertySpec } from './merit-property.js';
import { propertySeed, randomSeed, runSolverProperty, type NamedPropertyReport, type SuiteReport } from './solver-runner.js';

/** The outcome of one merit property (the shape of the solver suite's PropertyReport). */
export type MeritPropertyReport = NamedPropertyReport<MeritPropertyName>;

/** The outcome of the merit suite for one plugin and one set of options, with the problem it measured. */
export interface MeritConformanceReport extends SuiteReport<MeritPropertyName> {
  cone: 'coulomb' | 'relaxed';
}

export interface MeritRunnerOptions extends MeritSuiteOptions {
  /** Run only these properties (the others are reported as skipped, 'not selected'). */
  only?: readonly MeritPropertyName[];
  /** Called after each property, e.g. to print progress. */
  onProperty?: (report: MeritPropertyReport) => void;
}

/** Runs one merit property `runs` times with fast-check and reports it; never throws for a failing plugin. */
export function runMeritProperty(name: MeritPropertyName, spec: MeritPropertySpec, options: { runs: number; seed: number }): MeritPropertyReport {
  return { ...runSolverProperty(name as never, spec, options), name };
}

/**
 * Runs the merit conformance suite on `plugin` without vitest (what `moreau conformance`
 * calls): every property of MERIT_PROPERTY_NAMES `runs` times (default 25), reported as pass,
 * fail, skip or inconclusive with seeds and counterexamples. Throws MoreauError for a
 * malformed plugin (E_PLUGIN_CONTRACT) or invalid options (E_CONFIG).
 */
export async function runMeritConformance(plugin: MeritPlugin, options: MeritRunnerOptions = {}): Promise<MeritConformanceReport> {
  const sut = prepareMerit(plugin, options);
  const seed = options.seed ?? randomSeed();
  const runs = options.runs ?? 25;
  const specs = meritProperties(sut);
  const properties: MeritPropertyReport[] = [];
  for (const [i, name] of MERIT_PROPERTY_NAMES.entries()) {
    const pseed = propertySeed(seed, i);
    const report = !options.only || options.only.includes(name)
      ? runMeritProperty(name, specs[name], { runs, seed: pseed })
      : { name, status: 'skip' as const, reason: 'not selected', seed: pseed, runs: 0, inconclusive: 0, ms: 0 };
    properties.push(report);
    options.onProperty?.(report);
    // Let output written by onProperty reach the terminal between properties.
    await new Promise((done) => setImmediate(done));
  }
  return {
    plugin: plugin.name, options: sut.options, cone: sut.cone, seed, runs,
    passed: properties.every((p) => p.status === 'pass' || p.status === 'skip'),
    properties,
  };
}
