import type { KinematicsPlugin } from '@moreau/core';
import { prepareKinematics, type KinematicsSuiteOptions } from './kinematics-harness.js';
import { kinematicsProperties } from './kinematics-properties.js';
import { KINEMATICS_PROPERTY_NAMES, type KinematicsPropertyName, type KinematicsPropertySpec } from './kinematics-property.js';
import {
  propertySeed, runSolverProperty, suiteSeed, type NamedPropertyReport, type SuiteReport,
} from './solver-runner.js';

/** The outcome of one kinematics property (the shape of the solver suite's PropertyReport). */
export type KinematicsPropertyReport = NamedPropertyReport<KinematicsPropertyName>;

/** The outcome of the kinematics suite for one plugin and one set of options (the shape `moreau conformance` prints). */
export type KinematicsConformanceReport = SuiteReport<KinematicsPropertyName>;

export interface KinematicsRunnerOptions extends KinematicsSuiteOptions {
  /** Run only these properties (the others are reported as skipped, 'not selected'). */
  only?: readonly KinematicsPropertyName[];
  /** Called after each property, e.g. to print progress. */
  onProperty?: (report: KinematicsPropertyReport) => void;
}


/**
 * Runs one kinematics property `runs` times with fast-check (shrinking a failure) and
 * reports it; never throws for a failing plugin. The solver suite's runner does the work:
 * it only carries the name through.
 */
export function runKinematicsProperty(name: KinematicsPropertyName, spec: KinematicsPropertySpec, options: { runs: number; seed: number }): KinematicsPropertyReport {
  return { ...runSolverProperty(name as never, spec, options), name };
}

/**
 * Runs the kinematics conformance suite on `plugin` without vitest (what a
 * `moreau conformance` command can call): every property of KINEMATICS_PROPERTY_NAMES,
 * `runs` times each, reported as pass / fail / skip / inconclusive with seeds and
 * counterexamples. Throws MoreauError for a malformed plugin (E_PLUGIN_CONTRACT) or
 * invalid options (E_CONFIG).
 */
export async function runKinematicsConformance(plugin: KinematicsPlugin, options: KinematicsRunnerOptions = {}): Promise<KinematicsConformanceReport> {
  const sut = prepareKinematics(plugin, options);
  const seed = suiteSeed(options.seed);
  const runs = options.runs ?? 25;
  const specs = kinematicsProperties(sut);
  const properties: KinematicsPropertyReport[] = [];
  for (const [i, name] of KINEMATICS_PROPERTY_NAMES.entries()) {
    const pseed = propertySeed(seed, i);
    const selected = !options.only || options.only.includes(name);
    const report = selected
      ? runKinematicsProperty(name, specs[name], { runs, seed: pseed })
      : { name, status: 'skip' as const, reason: 'not selected', seed: pseed, runs: 0, inconclusive: 0, ms: 0 };
    properties.push(report);
    options.onProperty?.(report);
    // Let output written by onProperty reach the terminal between properties.
    await new Promise((done) => setImmediate(done));
  }
  return {
    plugin: plugin.name,
    options: sut.options,
    seed,
    runs,
    passed: properties.every((p) => p.status === 'pass' || p.status === 'skip'),
    properties,
  };
}
