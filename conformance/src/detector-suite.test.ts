import { describe, expect, test } from 'vitest';
import { isMoreauError } from '@moreau/core';
import { DETECTOR_PROPERTY_NAMES, detectorSuite, prepareDetector, runDetectorConformance, type DetectorPropertyName } from './index.js';
import { brokenDetectors, spherePlanePlugin } from '../test-fixtures/detector-fixtures.js';

const SHAPES = ['sphere', 'plane'] as const;

// The suite on a correct detector of spheres and planes: the box properties skipped, the rest pass.
detectorSuite(spherePlanePlugin('reference-spheres'), { shapes: SHAPES });
detectorSuite(spherePlanePlugin('reference-spheres'), { shapes: SHAPES, options: { margin: 0.2 }, runs: 15 });

const failing = (r: Awaited<ReturnType<typeof runDetectorConformance>>) => r.properties.filter((p) => p.status === 'fail').map((p) => p.name);

describe('detector suite catches broken detectors', () => {
  for (const [label, { plugin, breaks }] of Object.entries(brokenDetectors)) {
    test(`should fail "${label}" on "${breaks}"`, async () => {
      // The property it breaks, and one it keeps.
      const kept: DetectorPropertyName = breaks === 'two bodies that are not free are never reported'
        ? 'frames are orthonormal and right-handed, normal first'
        : 'two bodies that are not free are never reported';
      const report = await runDetectorConformance(plugin, { shapes: SHAPES, runs: 25, seed: 42, only: [breaks, kept] });
      expect(report.properties.find((p) => p.name === kept)!.status).toBe('pass');
      expect(report.passed).toBe(false);
      expect(failing(report)).toContain(breaks);
      const failure = report.properties.find((p) => p.name === breaks)!;
      expect(failure.reason).toBeTruthy();
      expect(failure.counterexample).toMatch(/seed=\d+/);
      expect(failure.seed).toBe(42 + DETECTOR_PROPERTY_NAMES.indexOf(breaks));
    });
  }

  test('should pass the reference detector on the same seed (the failures come from the defects)', async () => {
    const only = [...new Set(Object.values(brokenDetectors).map((b) => b.breaks))];
    const report = await runDetectorConformance(spherePlanePlugin('reference-spheres'), { shapes: SHAPES, runs: 25, seed: 42, only });
    expect(failing(report)).toEqual([]);
    expect(report.properties.filter((p) => only.includes(p.name)).map((p) => p.status)).toEqual(only.map(() => 'pass'));
  });

  test('should report the same failure for the same seed', async () => {
    const { plugin, breaks } = brokenDetectors['gap-off-by-radius'];
    const a = await runDetectorConformance(plugin, { shapes: SHAPES, runs: 25, seed: 7, only: [breaks] });
    const b = await runDetectorConformance(plugin, { shapes: SHAPES, runs: 25, seed: 7, only: [breaks] });
    const i = DETECTOR_PROPERTY_NAMES.indexOf(breaks);
    expect(a.properties[i].status).toBe('fail');
    expect(b.properties[i]).toEqual({ ...a.properties[i], ms: b.properties[i].ms });
  });
});

describe('detector suite shows the gap a detector reported beside the expected one', () => {
  const reasonOf = async (label: keyof typeof brokenDetectors, property: DetectorPropertyName) => {
    const report = await runDetectorConformance(brokenDetectors[label].plugin, { shapes: SHAPES, runs: 25, seed: 42, only: [property] });
    return report.properties.find((p) => p.name === property)!.reason ?? '';
  };

  test('should show the gap a detector computes for a pair its wrong gap left out ("gap-off-by-radius")', async () => {
    const reason = await reasonOf('gap-off-by-radius', 'analytic: sphere-sphere gap, normal and point');
    const m = /^gap (\S+) is within the margin 0, yet no contact was reported; with \S+ more reach on each body it reports them, with gap (\S+)$/.exec(reason);
    expect(m, reason).not.toBeNull();
    // It leaves the second radius out of the gap: its gap exceeds the suite's by that radius.
    expect(Number(m![2])).toBeGreaterThan(Number(m![1]));
  });

  test('should show the gap of a contact reported beyond the margin ("ignores-margin")', async () => {
    const reason = await reasonOf('ignores-margin', 'analytic: sphere-sphere gap, normal and point');
    const m = /^gap (\S+) is above the margin 0, yet 1 contact\(s\) were reported, with gap (\S+)$/.exec(reason);
    expect(m, reason).not.toBeNull();
    // Its gap is right; its margin is not.
    expect(m![2]).toBe(m![1]);
  });
});

describe('detector suite reads the declared shapes', () => {
  test('should skip the properties needing undeclared shapes, saying why', async () => {
    const report = await runDetectorConformance(spherePlanePlugin('reference-spheres'), { shapes: SHAPES, runs: 5, seed: 1, only: ['frames are orthonormal and right-handed, normal first'] });
    const status = Object.fromEntries(report.properties.map((p) => [p.name, `${p.status}: ${p.reason ?? ''}`]));
    expect(status['sampled: box-box gap matches the distance between sampled surfaces']).toMatch(/^skip: needs boxes/);
    expect(status['analytic: ellipsoid, capsule, cylinder and hull against a plane: lowest point, normals, ends']).toMatch(/^skip: needs a plane and an ellipsoid, capsule, cylinder or hull/);
    expect(status['bracketed: pairs with an ellipsoid, capsule, cylinder or hull: gap, normal and point within independent bounds']).toMatch(/^skip: needs an ellipsoid, capsule, cylinder or hull/);
    expect(status['analytic: sphere-box and box-plane gaps and normals']).toMatch(/^skip: needs spheres and boxes, or boxes and planes/);
    expect(status['frames are orthonormal and right-handed, normal first']).toBe('pass: ');
    expect(report.passed).toBe(true);
    expect(report.shapes).toEqual(SHAPES);
  });

  test('should skip everything when no two declared shapes can touch', async () => {
    const report = await runDetectorConformance(spherePlanePlugin('planes-only'), { shapes: ['plane'], runs: 5, seed: 1 });
    expect(report.properties.every((p) => p.status === 'skip')).toBe(true);
  });
});

describe('prepareDetector', () => {
  test('should validate options against the schema, fill defaults and take the margin from them', () => {
    const sut = prepareDetector(spherePlanePlugin('reference-spheres'), { options: { margin: 0.3 } });
    expect(sut.options).toEqual({ margin: 0.3 });
    expect(sut.margin).toBe(0.3);
    expect(prepareDetector(spherePlanePlugin('reference-spheres')).margin).toBe(0);
    for (const bad of [{ affine: ['ellipsoid'] }, { shapes: ['sphere'], affine: ['plane'] }, { shapes: ['cone'] }] as const) {
      let thrown: unknown;
      try {
        prepareDetector(spherePlanePlugin('reference-spheres'), bad as never);
      } catch (e) {
        thrown = e;
      }
      expect(isMoreauError(thrown, 'E_CONFIG')).toBe(true);
    }
    expect(prepareDetector(spherePlanePlugin('reference-spheres'), { shapes: ['sphere', 'plane'], affine: ['sphere'] }).affine).toEqual(['sphere']);
    for (const options of [{ margin: -1 }, { colour: 'red' }]) {
      let thrown: unknown;
      try {
        prepareDetector(spherePlanePlugin('reference-spheres'), { options });
      } catch (e) {
        thrown = e;
      }
      expect(isMoreauError(thrown, 'E_CONFIG')).toBe(true);
    }
  });

  test('should refuse something that is not a detector plugin', () => {
    // @ts-expect-error: check the runtime guard
    expect(() => prepareDetector({ name: 'x' })).toThrow(TypeError);
    expect(() => detectorSuite(null as never)).toThrow(TypeError);
  });
});
