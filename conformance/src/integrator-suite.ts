import { describe, test } from 'vitest';
import type { IntegratorPlugin } from '@moreau/core';
import { INTEGRATOR_PROPERTY_NAMES, integratorProperties } from './integrator-properties.js';
import { prepareIntegrator, runIntegratorProperty, type IntegratorPropertyReport, type IntegratorSuiteOptions } from './integrator-runner.js';
import { propertySeed, suiteSeed } from './solver-runner.js';

/**
 * Registers the integrator conformance suite with vitest: one test per property of
 * INTEGRATOR_PROPERTY_NAMES, run on a fake point-mass system through the StepSystem
 * contract. Properties that do not apply (free flight for a quasi-static scheme) are
 * registered as skipped with the reason in the title.
 */
export function integratorSuite(plugin: IntegratorPlugin, options: IntegratorSuiteOptions & { title?: string } = {}): void {
  const sut = prepareIntegrator(plugin, options);
  const seed = suiteSeed(options.seed);
  const runs = options.runs ?? 25;
  const specs = integratorProperties(sut.make);
  const variant = options.options && Object.keys(options.options).length ? ` with ${JSON.stringify(options.options)}` : ' with default options';
  describe(options.title ?? `integrator "${plugin.name}" conformance${variant}`, () => {
    for (const [i, name] of INTEGRATOR_PROPERTY_NAMES.entries()) {
      const spec = specs[name];
      if (spec.skip !== undefined) {
        test.skip(`${name} (skipped: ${spec.skip})`, () => {});
        continue;
      }
      test(name, () => {
        const report = runIntegratorProperty(name, spec, { runs, seed: propertySeed(seed, i) });
        if (report.status === 'fail') throw new Error(describeIntegratorFailure(report, seed));
      });
    }
  });
}

/** The message of a failed property, with what replays it. */
export function describeIntegratorFailure(r: IntegratorPropertyReport, seedOfSuite?: number): string {
  const lines = [`${r.name}: ${r.status}`, `  ${r.reason ?? ''}`];
  if (r.counterexample) lines.push(`  counterexample: ${r.counterexample}`);
  const suite = seedOfSuite === undefined ? '' : `integratorSuite(plugin, { seed: ${seedOfSuite} }); `;
  lines.push(`  replay: ${suite}this property ran fast-check with seed ${r.seed}${r.path ? `, path "${r.path}"` : ''}`);
  return lines.join('\n');
}
