import { describe, test } from 'vitest';
import type { KinematicsPlugin } from '@moreau/core';
import { prepareKinematics, type KinematicsSuiteOptions } from './kinematics-harness.js';
import { kinematicsProperties } from './kinematics-properties.js';
import { KINEMATICS_PROPERTY_NAMES } from './kinematics-property.js';
import { runKinematicsProperty, type KinematicsPropertyReport } from './kinematics-runner.js';
import { propertySeed, suiteSeed } from './solver-runner.js';

/**
 * Registers the kinematics conformance suite with vitest: one test per property of
 * KINEMATICS_PROPERTY_NAMES, in a describe block named after the plugin and its options.
 * Properties that do not apply (the deformable ones, for a rigid model) are registered as
 * skipped, with the reason in the title. A failure names the case, the seed and the
 * fast-check path that replay it. Bad options fail here, at registration, with E_CONFIG.
 */
export function kinematicsSuite(plugin: KinematicsPlugin, options: KinematicsSuiteOptions & { title?: string } = {}): void {
  const sut = prepareKinematics(plugin, options);
  const seed = suiteSeed(options.seed);
  const runs = options.runs ?? 25;
  const specs = kinematicsProperties(sut);
  const variant = options.options && Object.keys(options.options).length ? ` with ${JSON.stringify(options.options)}` : ' with default options';
  describe(options.title ?? `kinematics "${plugin.name}" conformance${variant}`, () => {
    for (const [i, name] of KINEMATICS_PROPERTY_NAMES.entries()) {
      const skip = specs[name].skip;
      if (skip !== undefined) {
        test.skip(`${name} (skipped: ${skip})`, () => {});
        continue;
      }
      test(name, () => {
        const report = runKinematicsProperty(name, specs[name], { runs, seed: propertySeed(seed, i) });
        if (report.status === 'fail' || report.status === 'inconclusive') throw new Error(describeKinematicsFailure(report, seed));
      });
    }
  });
}

/** The message of a failed or inconclusive property, with what replays it (`suiteSeed`: the seed the suite ran with). */
export function describeKinematicsFailure(r: KinematicsPropertyReport, suiteSeed?: number): string {
  const lines = [`${r.name}: ${r.status}`, `  ${r.reason ?? ''}`];
  if (r.counterexample) lines.push(`  counterexample: ${r.counterexample}`);
  const suite = suiteSeed === undefined ? '' : `kinematicsSuite(plugin, { seed: ${suiteSeed} }); `;
  const runs = r.status === 'fail' ? `failed on run ${r.runs}` : `${r.runs} runs`;
  lines.push(`  replay: ${suite}this property ran fast-check with seed ${r.seed}${r.path ? `, path "${r.path}"` : ''} (${runs})`);
  return lines.join('\n');
}
