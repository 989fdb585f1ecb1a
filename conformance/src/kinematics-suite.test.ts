import { describe, expect, test } from 'vitest';
import { isMoreauError, z, defineKinematics } from '@moreau/core';
import { KINEMATICS_PROPERTY_NAMES, prepareKinematics, runKinematicsConformance } from './index.js';
import { brokenKinematics, referenceKinematics } from '../test-fixtures/kinematics-fixtures.js';
import { brokenDeformableKinematics, referenceDeformableKinematics } from '../test-fixtures/deformable-kinematics-fixtures.js';

const SEED = 4242;
const DEFORMABLE: readonly string[] = Object.values(brokenDeformableKinematics).map((b) => b.breaks);

describe('the kinematics suite on the reference models', () => {
  test('should pass every property of a rigid model and skip the deformable ones, saying why', async () => {
    const report = await runKinematicsConformance(referenceKinematics('reference'), { runs: 25, seed: SEED });
    const failed = report.properties.filter((p) => p.status !== 'pass' && p.status !== 'skip').map((p) => `${p.name}: ${p.status} ${p.reason ?? ''}`);
    expect(failed).toEqual([]);
    expect(report.passed).toBe(true);
    expect(report.properties.map((p) => p.name)).toEqual([...KINEMATICS_PROPERTY_NAMES]);
    const skipped = report.properties.filter((p) => p.status === 'skip');
    expect(skipped.map((p) => p.name)).toEqual(DEFORMABLE);
    for (const p of skipped) expect(p.reason).toMatch(/supports\.deformable/);
    expect(report).toMatchObject({ plugin: 'reference', seed: SEED, runs: 25, options: {} });
  });

  test('should pass every property of a deformable model', async () => {
    const report = await runKinematicsConformance(referenceDeformableKinematics('deformable-reference'), { runs: 25, seed: SEED });
    const failed = report.properties.filter((p) => p.status !== 'pass').map((p) => `${p.name}: ${p.status} ${p.reason ?? ''}`);
    expect(failed).toEqual([]);
    expect(report.passed).toBe(true);
  }, 120_000);
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

  test('should name the body and its det F when an update turns a body inside out', async () => {
    const { plugin, breaks } = brokenDeformableKinematics['fast-deformation'];
    const report = await runKinematicsConformance(plugin, { runs: 25, seed: SEED, only: [breaks] });
    const property = report.properties.find((p) => p.name === breaks)!;
    expect(property.status).toBe('fail');
    expect(property.reason).toMatch(/^body \d+'s det F = -?\d[\d.e+-]* after step \d of (moreau-midpoint|linearly-implicit|implicit-euler)/);
    expect(Number(/det F = (\S+)/.exec(property.reason!)![1])).toBeLessThanOrEqual(0);
  });

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
