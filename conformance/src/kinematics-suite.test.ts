import { describe, expect, test } from 'vitest';
import { createRegistry, createSimulation, defineIntegrator, isMoreauError, z, defineKinematics } from '@moreau/core';
import { KINEMATICS_PROPERTY_NAMES, prepareKinematics, runKinematicsConformance } from './index.js';
import { brokenKinematics, referenceKinematics } from '../test-fixtures/kinematics-fixtures.js';
import { brokenDeformableKinematics, referenceDeformableKinematics } from '../test-fixtures/deformable-kinematics-fixtures.js';
import { pointMassKinematics } from '../test-fixtures/point-mass-kinematics-fixtures.js';
import { spherePlanePlugin } from '../test-fixtures/detector-fixtures.js';
import { jacobiPlugin } from '../test-fixtures/jacobi-solvers.js';

const SEED = 4242;
const DEFORMABLE: readonly string[] = Object.values(brokenDeformableKinematics).map((b) => b.breaks);
const ROTATING_DRIVE = 'driven bodies rest before their start, then follow their prescribed motion';
const TRANSLATING_DRIVE = 'driven bodies without rotation rest before their start, then translate';
const STARTS_MOVING = 'a free body starts with the velocity and angular velocity it was given';
const ANGULAR = 'angular rows give the spin of the velocity field: H_ω u = E axial(skew ∇v)';
const CORNERS = 'boxCornerSpeed is the speed of the fastest corner of the box, under u and under v';

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

  test('should pass every property of a point-mass model that declares no rotations, skipping the driven rotation and saying why', async () => {
    const report = await runKinematicsConformance(pointMassKinematics('point-mass'), { runs: 25, seed: SEED });
    const failed = report.properties.filter((p) => p.status !== 'pass' && p.status !== 'skip').map((p) => `${p.name}: ${p.status} ${p.reason ?? ''}`);
    expect(failed).toEqual([]);
    expect(report.passed).toBe(true);
    const skipped = report.properties.filter((p) => p.status === 'skip');
    expect(skipped.map((p) => p.name)).toEqual([ROTATING_DRIVE, ...DEFORMABLE, ANGULAR, CORNERS]);
    expect(skipped[0].reason).toBe('a model without rotations: the plugin declares supports.rotations: false');
    expect(skipped.at(-2)!.reason).toMatch(/supports\.rolling/);
    expect(skipped.at(-1)!.reason).toMatch(/no boxCornerSpeed/);
    // Its driven bodies are still checked, translating.
    expect(report.properties.find((p) => p.name === TRANSLATING_DRIVE)!.status).toBe('pass');
  });

  test('should fail the rotation properties of the same point-mass model when it does not declare rotations: false', async () => {
    const report = await runKinematicsConformance(pointMassKinematics('undeclared-point-mass', { undeclared: true }), { runs: 25, seed: SEED });
    const failed = report.properties.filter((p) => p.status === 'fail');
    expect(failed.map((p) => p.name).sort()).toEqual([ROTATING_DRIVE, STARTS_MOVING].sort());
    expect(report.properties.filter((p) => p.status !== 'fail').every((p) => p.status === 'pass' || DEFORMABLE.includes(p.name) || p.name === ANGULAR || p.name === CORNERS)).toBe(true);
    expect(failed.find((p) => p.name === STARTS_MOVING)!.reason).toMatch(/^body \d+ as added: H u at a material point is .* expected E \(v \+ ω × \(p − c\)\)/);
    expect(report.passed).toBe(false);
  });

  test('should pass every property of a deformable model (its angular rows, which it does not declare, and the corners\' speed, which it does not give, skipped)', async () => {
    const report = await runKinematicsConformance(referenceDeformableKinematics('deformable-reference'), { runs: 25, seed: SEED });
    const failed = report.properties.filter((p) => p.status !== 'pass' && p.name !== ANGULAR && p.name !== CORNERS).map((p) => `${p.name}: ${p.status} ${p.reason ?? ''}`);
    expect(failed).toEqual([]);
    expect(report.properties.find((p) => p.name === ANGULAR)!.status).toBe('skip');
    expect(report.properties.find((p) => p.name === CORNERS)!.status).toBe('skip');
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

describe('the engine and the point-mass model (supports.rotations: false)', () => {
  // The midpoint step with the quasi-inelastic law, enough to run the model in an engine.
  const midpoint = defineIntegrator({
    name: 'midpoint', summary: 'test fixture', options: z.object({}),
    create: () => ({
      name: 'midpoint',
      step(s) {
        s.advance(s.h / 2, s.time);
        s.prepareOperator(0);
        s.detect();
        s.freeVelocities(s.h, s.time + s.h / 2);
        s.applyReactions(s.solve(s.assemble((g, _u, h) => Math.max(0, g) / h)).r);
        s.advance(s.h / 2, s.time + s.h / 2);
      },
    }),
  });
  const registry = () => {
    const r = createRegistry();
    for (const p of [pointMassKinematics('point-mass'), jacobiPlugin('jacobi'), spherePlanePlugin('sphere-plane'), midpoint]) r.register(p, 'test');
    return r;
  };
  const config = { solver: { name: 'jacobi' }, integrator: { name: 'midpoint' }, detector: { name: 'sphere-plane', options: { margin: 0.05 } } };
  const floor = { name: 'floor', shape: { type: 'plane', normal: [0, 0, 1] }, kinematics: 'point-mass', motion: 'static', position: [0, 0, 0] };
  const ball = { name: 'spinner', kinematics: 'point-mass', shape: { type: 'sphere', radius: 0.1 }, density: 1000, position: [0, 0, 0.1] };
  const refusal = (body: Record<string, unknown>): string => {
    try {
      createSimulation({ timeStep: 0.01, duration: 0.1, bodies: [floor, body] }, config, { registry: registry() });
    } catch (e) {
      if (isMoreauError(e)) return `${e.code}: ${e.message}`;
      throw e;
    }
    return 'accepted';
  };

  test('should refuse a scene with a spinning body for it when the simulation is created, naming the body', () => {
    expect(refusal({ ...ball, angularVelocity: [0, 0, 5] })).toBe('E_UNSUPPORTED: The scene asks for what its plugins do not support (1 problem):\n'
      + '  bodies[1] ("spinner").angularVelocity: kinematics "point-mass" has no rotations (supports.rotations: false), so a body cannot start turning; give [0, 0, 0]');
  });

  test('should refuse a shape the detector does not support, listing what it supports', () => {
    expect(refusal({ ...ball, name: 'pill', shape: { type: 'capsule', radius: 0.1, halfLength: 0.2 } })).toBe('E_UNSUPPORTED: The scene asks for what its plugins do not support (1 problem):\n'
      + '  bodies[1] ("pill").shape: detector "sphere-plane" does not support a capsule; it supports sphere, box, plane');
  });

  test('should run the same body without the spin, a ball coming to rest on the floor (to 1e-6 m)', () => {
    // The contact is seen open within the margin (0.05 m > the 0.02 m a step covers at the impact
    // speed of 2 m/s) and the quasi-inelastic law closes it to gap 0 without crossing.
    const sim = createSimulation({ timeStep: 0.01, duration: 0.5, bodies: [floor, { ...ball, position: [0, 0, 0.3] }] }, config, { registry: registry() });
    sim.run();
    expect(Math.abs(sim.pose(1).position[2] - 0.1)).toBeLessThan(1e-6);
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
