import type { DetectorPlugin, ShapeType } from '@moreau/core';
import { prepareDetector, type DetectorSuiteOptions, type DetectorUnderTest } from './detector-harness.js';
import { detectorProperties } from './detector-properties.js';
import { DETECTOR_PROPERTY_NAMES, type DetectorPropertyName } from './detector-property.js';
import type { SolverPropertyName, SolverPropertySpec } from './solver-property.js';
import {
  propertySeed, randomSeed, runSolverProperty, type NamedPropertyReport, type SuiteReport,
} from './solver-runner.js';

/** The outcome of one detector property (the solver report's shape, with a detector property's name). */
export type DetectorPropertyReport = NamedPropertyReport<DetectorPropertyName>;

/** The outcome of the detector suite for one plugin and one set of options, with the shapes and margin it ran on. */
export interface DetectorConformanceReport extends SuiteReport<DetectorPropertyName> {
  shapes: readonly ShapeType[];
  margin: number;
}

export interface DetectorRunnerOptions extends DetectorSuiteOptions {
  /** Run only these properties (the others are reported as skipped, 'not selected'). */
  only?: readonly DetectorPropertyName[];
  /** Called after each property, e.g. to print progress. */
  onProperty?: (report: DetectorPropertyReport) => void;
}

/**
 * Runs one detector property `runs` times with fast-check and reports it, never throwing
 * for a failing plugin. The solver suite's runner does the work: it depends on the
 * property's arbitrary and predicate only, not on its name.
 */
export function runDetectorProperty(name: DetectorPropertyName, spec: SolverPropertySpec, options: { runs: number; seed: number }): DetectorPropertyReport {
  return { ...runSolverProperty(name as unknown as SolverPropertyName, spec, options), name };
}

/**
 * Runs the detector conformance suite on `plugin` without vitest: every property of
 * DETECTOR_PROPERTY_NAMES `runs` times (default 25) on generated pairs and small scenes of
 * the declared shapes, reporting pass, fail, skip or inconclusive per property with seeds and
 * counterexamples. Throws MoreauError for a malformed plugin (E_PLUGIN_CONTRACT) or invalid
 * options (E_CONFIG), TypeError for something that is not a detector plugin.
 */
export async function runDetectorConformance(plugin: DetectorPlugin, options: DetectorRunnerOptions = {}): Promise<DetectorConformanceReport> {
  const sut = prepareDetector(plugin, options);
  const seed = options.seed ?? randomSeed();
  const runs = options.runs ?? 25;
  const specs = detectorProperties(sut);
  const properties: DetectorPropertyReport[] = [];
  for (const [i, name] of DETECTOR_PROPERTY_NAMES.entries()) {
    const pseed = propertySeed(seed, i);
    const selected = !options.only || options.only.includes(name) || specs[name].skip !== undefined;
    const report = selected
      ? runDetectorProperty(name, specs[name], { runs, seed: pseed })
      : { name, status: 'skip' as const, reason: 'not selected', seed: pseed, runs: 0, inconclusive: 0, ms: 0 };
    properties.push(report);
    options.onProperty?.(report);
    // Let output written by onProperty reach the terminal between properties.
    await new Promise((done) => setImmediate(done));
  }
  return summarize(sut, seed, runs, properties);
}

function summarize(sut: DetectorUnderTest, seed: number, runs: number, properties: DetectorPropertyReport[]): DetectorConformanceReport {
  return {
    plugin: sut.plugin.name,
    options: sut.options,
    shapes: sut.shapes,
    margin: sut.margin,
    seed,
    runs,
    passed: properties.every((p) => p.status === 'pass' || p.status === 'skip'),
    properties,
  };
}
