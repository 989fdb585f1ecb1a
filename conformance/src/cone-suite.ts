import fc from 'fast-check';
import { describe, test } from 'vitest';
import { CONE_PROPERTY_NAMES, coneProperties, type ConeImpl } from './cone-properties.js';

export interface ConeSuiteOptions {
  /** Runs per property. Default 1000. */
  numRuns?: number;
  /** fast-check seed, to replay a reported failure. Default: random (fast-check prints it on failure). */
  seed?: number;
  /** Title of the describe block. Default 'cone conformance'. */
  title?: string;
}

/**
 * Registers the cone conformance suite with vitest: one test per property of
 * `coneProperties(impl)` (projection onto K_μ and its polar, the smoothed projection and
 * its gradient, C_ω and its X, Y blocks, the projections onto the rolling cone Z and its
 * polar), each run `numRuns` times. `impl` replaces any of core's kernels; those it leaves
 * out are core's.
 */
export function coneSuite(impl: Partial<ConeImpl> = {}, options: ConeSuiteOptions = {}): void {
  const { numRuns = 1000, seed, title = 'cone conformance' } = options;
  const props = coneProperties(impl);
  describe(title, () => {
    for (const name of CONE_PROPERTY_NAMES) {
      test(name, () => {
        fc.assert(props[name], seed === undefined ? { numRuns } : { numRuns, seed });
      });
    }
  });
}
