import { describe, test } from 'vitest';
import type { DetectorPlugin } from '@moreau/core';
import { prepareDetector, type DetectorSuiteOptions } from './detector-harness.js';
import { detectorProperties } from './detector-properties.js';
import { DETECTOR_PROPERTY_NAMES } from './detector-property.js';
import { runDetectorProperty } from './detector-runner.js';
import { describeFailure } from './solver-suite.js';
import { propertySeed, suiteSeed, type PropertyReport } from './solver-runner.js';

/**
 * Registers the detector conformance suite with vitest: one test per property of
 * DETECTOR_PROPERTY_NAMES, in a describe block named after the plugin, its options and its
 * shapes. Properties needing shapes the plugin does not declare (`shapes` option) are
 * registered as skipped, with the reason in the title. A failure names the case and the
 * seed and fast-check path that replay it. Bad options fail here, at registration (E_CONFIG).
 */
export function detectorSuite(plugin: DetectorPlugin, options: DetectorSuiteOptions & { title?: string } = {}): void {
  if (typeof (plugin as Partial<DetectorPlugin> | null)?.create !== 'function') throw new TypeError('detectorSuite: expected a detector plugin');
  const sut = prepareDetector(plugin, options);
  const seed = suiteSeed(options.seed);
  const runs = options.runs ?? 25;
  const specs = detectorProperties(sut);
  const variant = options.options && Object.keys(options.options).length ? ` with ${JSON.stringify(options.options)}` : ' with default options';
  describe(options.title ?? `detector "${plugin.name}" conformance${variant} on ${sut.shapes.join(', ')}`, () => {
    for (const [i, name] of DETECTOR_PROPERTY_NAMES.entries()) {
      const spec = specs[name];
      if (spec.skip !== undefined) {
        test.skip(`${name} (skipped: ${spec.skip})`, () => {});
        continue;
      }
      test(name, () => {
        const report = runDetectorProperty(name, spec, { runs, seed: propertySeed(seed, i) });
        if (report.status === 'fail' || report.status === 'inconclusive') {
          throw new Error(describeFailure(report as unknown as PropertyReport, seed, { suite: 'detectorSuite', only: false }));
        }
      });
    }
  });
}
