import { describe, expect, test } from 'vitest';
import { isMoreauError } from '@moreau/core';
import type { AnyPlugin } from '@moreau/core';
import { suitesFor, type SuiteOutcome } from './conformance.js';
import { plugins as toyDynamics } from './__fixtures__/toy-dynamics.js';

const outcome = (plugin: string): Promise<SuiteOutcome> => Promise.resolve({ plugin, options: {}, seed: 1, runs: 1, passed: true, properties: [] });
const kinematics = toyDynamics[0] as AnyPlugin, detector = toyDynamics[1] as AnyPlugin, integrator = toyDynamics[2] as AnyPlugin;

describe('moreau conformance: a suite per plugin kind', () => {
  test('should pick the runner function matching each plugin\'s kind', async () => {
    const calls: string[] = [];
    const runner = {
      runKinematicsConformance: (p: AnyPlugin) => (calls.push(`kinematics:${p.name}`), outcome(p.name)),
      runDetectorConformance: (p: AnyPlugin) => (calls.push(`detector:${p.name}`), outcome(p.name)),
      runIntegratorConformance: (p: AnyPlugin) => (calls.push(`integrator:${p.name}`), outcome(p.name)),
    };
    const suites = suitesFor([integrator, kinematics, detector] as never, runner);
    for (const [i, p] of [integrator, kinematics, detector].entries()) await suites[i](p, {});
    expect(calls).toEqual(['integrator:toy-integrator', 'kinematics:toy-body', 'detector:toy-detector']);
  });

  test('should report a kind the installed runner has no suite for as E_UNSUPPORTED, before running anything', () => {
    let ran = false;
    const runner = { runKinematicsConformance: () => ((ran = true), outcome('x')) };
    try {
      suitesFor([kinematics, detector, integrator] as never, runner);
      expect.unreachable();
    } catch (e) {
      expect(isMoreauError(e, 'E_UNSUPPORTED')).toBe(true);
      expect((e as Error).message).toMatch(/^No conformance suite available for detector, integrator plugins \(detector "toy-detector", integrator "toy-integrator"\)/);
    }
    expect(ran).toBe(false);
  });
});
