import { arbBodySpec, deformableSample, kinematicsSuite, runKinematicsConformance } from '@moreau/conformance';
import { expect, test } from 'vitest';
import type { BodySpec } from '@moreau/core';
import plugin from './index.js';

// The plugin declares `supports.deformable`, so the suite's samples carry materials its explicit
// harness can step (`deformableSample`: E = 100 ρ a², spin at most a / b), exactly as
// `moreau conformance ./plugins/kinematics-pseudorigid` runs it.
kinematicsSuite(plugin);

/** The suite's boxes turned into ellipsoids (a box's half extents as semi-axes). */
const ellipsoids = arbBodySpec().map((s): BodySpec => deformableSample(s.shape.type === 'box' ? { ...s, shape: { type: 'ellipsoid', semiAxes: s.shape.halfExtents } } : s));
kinematicsSuite(plugin, { bodies: ellipsoids, title: 'kinematics "pseudo-rigid" conformance on ellipsoids' });
kinematicsSuite(plugin, { options: { damping: 1e-3 } });

// What the declaration is for: the same plugin without it, given the suite's rigid-body samples
// (E = 1e6 Pa at any size, full spin), inverts bodies under the explicit harness. If this ever
// passes, `deformableSample` is no longer needed and should go.
test('without supports.deformable the suite\'s rigid samples invert bodies', async () => {
  const undeclared = { ...plugin, supports: {} };
  const report = await runKinematicsConformance(undeclared, { seed: 20261125, runs: 10, only: ['under gravity the centre follows x0 + v0 t + ½ g t² (midpoint scheme)'] });
  const failed = report.properties.filter((p) => p.status === 'fail');
  expect(failed.map((p) => p.name)).toEqual(['under gravity the centre follows x0 + v0 t + ½ g t² (midpoint scheme)']);
  expect(failed[0].reason).toMatch(/inverted/);
}, 120_000);
