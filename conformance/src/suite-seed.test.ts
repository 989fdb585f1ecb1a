import fc from 'fast-check';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { referenceKinematics } from '../test-fixtures/kinematics-fixtures.js';
import { runKinematicsConformance } from './kinematics-runner.js';
import { randomSeed, suiteSeed } from './solver-runner.js';

// Every suite and runner draws its seed through suiteSeed/randomSeed: these tests pin
// where that seed comes from, so `npm test` samples the same cases on every run.
const saved = fc.readConfigureGlobal();
afterEach(() => {
  fc.configureGlobal(saved);
  vi.unstubAllEnvs();
});

/** fast-check's global settings without a seed (as under MOREAU_FC_SEED=random). */
function withoutGlobalSeed(): void {
  const { seed: _dropped, ...rest } = saved;
  fc.resetConfigureGlobal();
  fc.configureGlobal(rest);
}

describe('suiteSeed and randomSeed', () => {
  test('should take the seed given', () => {
    fc.configureGlobal({ ...saved, seed: 5 });
    expect(suiteSeed(17)).toBe(17);
  });

  test("should take fast-check's global seed when none is given, in suites and runners alike", async () => {
    fc.configureGlobal({ ...saved, seed: 123_457 });
    expect(suiteSeed()).toBe(123_457);
    expect(randomSeed()).toBe(123_457);
    const report = await runKinematicsConformance(referenceKinematics('reference'), { runs: 1 });
    expect(report.seed).toBe(123_457);
  });

  test('should take an integer MOREAU_FC_SEED when no global seed is set', () => {
    withoutGlobalSeed();
    vi.stubEnv('MOREAU_FC_SEED', '777');
    expect(suiteSeed()).toBe(777);
    expect(randomSeed()).toBe(777);
  });

  test('should draw a fresh seed in range only when nothing fixes one (MOREAU_FC_SEED=random)', () => {
    withoutGlobalSeed();
    vi.stubEnv('MOREAU_FC_SEED', 'random');
    for (let k = 0; k < 20; k++) {
      const s = suiteSeed();
      expect(Number.isInteger(s) && s >= 0 && s < 0x7fffffff).toBe(true);
    }
  });
});
