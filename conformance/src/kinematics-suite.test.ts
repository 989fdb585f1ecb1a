import { describe, expect, test } from 'vitest';
import { isMoreauError, z, defineKinematics } from '@moreau/core';
import { KINEMATICS_PROPERTY_NAMES, prepareKinematics, runKinematicsConformance } from './index.js';
import { brokenKinematics, referenceKinematics } from '../test-fixtures/kinematics-fixtures.js';

const SEED = 4242;

describe('the kinematics suite on the reference model', () => {
  test('should pass every property', async () => {
    const report = await runKinematicsConformance(referenceKinematics('reference'), { runs: 25, seed: SEED });
    const failed = report.properties.filter((p) => p.status !== 'pass').map((p) => `${p.name}: ${p.status} ${p.reason ?? ''}`);
    expect(failed).toEqual([]);
    expect(report.passed).toBe(true);
    expect(report.properties.map((p) => p.name)).toEqual([...KINEMATICS_PROPERTY_NAMES]);
    expect(report).toMatchObject({ plugin: 'reference', seed: SEED, runs: 25, options: {} });
  });
});

describe('the kinematics suite on deliberately broken models', () => {
  for (const [defect, { plugin, breaks }] of Object.entries(brokenKinematics)) {
    test(`should fail "${breaks}" for ${defect}`, async () => {
      const report = await runKinematicsConformance(plugin, { runs: 25, seed: SEED, only: [breaks] });
      const property = report.properties.find((p) => p.name === breaks)!;
      expect(property.status, property.reason).toBe('fail');
      expect(property.counterexample).toBeTruthy();
      expect(report.passed).toBe(false);
      // The others were not selected.
      expect(report.properties.filter((p) => p.name !== breaks).every((p) => p.status === 'skip')).toBe(true);
    });
  }

  test('should give every property a fixture that breaks it', () => {
    expect(new Set(Object.values(brokenKinematics).map((b) => b.breaks))).toEqual(new Set(KINEMATICS_PROPERTY_NAMES));
  });
});

describe('prepareKinematics', () => {
  test('should refuse options the plugin schema rejects with E_CONFIG', () => {
    const plugin = defineKinematics({ name: 'strict', summary: 's', options: z.object({ k: z.number().default(1) }), create: () => { throw new Error('unused'); } });
    let err: unknown;
    try {
      prepareKinematics(plugin, { options: { k: 'x' } });
    } catch (e) {
      err = e;
    }
    expect(isMoreauError(err, 'E_CONFIG')).toBe(true);
  });

  test('should refuse a plugin of another kind', () => {
    // @ts-expect-error: check the runtime guard
    expect(() => prepareKinematics({ kind: 'solver', name: 'x', create: () => ({}) })).toThrow(TypeError);
  });
});
