import { describe, test } from 'vitest';
import type { MeritPlugin } from '@moreau/core';
import { prepareMerit, type MeritSuiteOptions } from './merit-harness.js';
import { meritProperties } from './merit-properties.js';
import { MERIT_PROPERTY_NAMES } from './merit-property.js';
import { runMeritProperty, type MeritPropertyReport } from './merit-runner.js';
import { propertySeed, suiteSeed } from './solver-runner.js';

/**
 * Registers the merit conformance suite with vitest: one test per property of
 * MERIT_PROPERTY_NAMES, in a describe block named after the plugin, its options and the
 * problem it measures. A failure names the case and the seed that replays it. Bad options
 * fail here, at registration (E_CONFIG).
 */
export function meritSuite(plugin: MeritPlugin, options: MeritSuiteOptions & { title?: string } = {}): void {
  const sut = prepareMerit(plugin, options);
  const seed = suiteSeed(options.seed);
  const runs = options.runs ?? 25;
  const specs = meritProperties(sut);
  const variant = options.options && Object.keys(options.options).length ? ` with ${JSON.stringify(options.options)}` : ' with default options';
  describe(options.title ?? `merit "${plugin.name}" conformance${variant} (${sut.cone} problem)`, () => {
    for (const [i, name] of MERIT_PROPERTY_NAMES.entries()) {
      test(name, () => {
        const report = runMeritProperty(name, specs[name], { runs, seed: propertySeed(seed, i) });
        if (report.status === 'fail' || report.status === 'inconclusive') throw new Error(describeMeritFailure(report, seed));
      });
    }
  });
}

/** The message of a failed or inconclusive property, with what replays it. */
export function describeMeritFailure(r: MeritPropertyReport, seedOfSuite?: number): string {
  const lines = [`${r.name}: ${r.status}`, `  ${r.reason ?? ''}`];
  if (r.counterexample) lines.push(`  counterexample: ${r.counterexample}`);
  const suite = seedOfSuite === undefined ? '' : `meritSuite(plugin, { seed: ${seedOfSuite} }); `;
  lines.push(`  replay: ${suite}this property ran fast-check with seed ${r.seed}${r.path ? `, path "${r.path}"` : ''}`);
  return lines.join('\n');
}
