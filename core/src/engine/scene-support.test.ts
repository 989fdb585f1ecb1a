import { describe, expect, test } from 'vitest';
import { kinematicsCapabilities } from '../contracts/capabilities.js';
import { isMoreauError, type MoreauError } from '../contracts/errors.js';
import { createSimulation } from '../run/create-simulation.js';
import { fixtureConfig, fixtureRegistry } from './__fixtures__/registry.js';
import { parseScene } from './scene.js';
import { unsupportedSceneProblems, type PluginSupport } from './scene-support.js';

// The test doubles declare what they hold: point-mass `rotations: false, driven: ['velocity']`,
// the spheres detector `shapes: ['sphere', 'plane']`.

const floor = { name: 'floor', shape: { type: 'plane', normal: [0, 0, 1] }, kinematics: 'point-mass', motion: 'static', position: [0, 0, 0] };
const ball = { name: 'ball', shape: { type: 'sphere', radius: 0.1 }, kinematics: 'point-mass', density: 1000, position: [0, 0, 1] };
const scene = (...bodies: Record<string, unknown>[]) => ({ timeStep: 1e-3, duration: 0.01, bodies: [floor, ...bodies] });

/** The error createSimulation throws for the scene, on the test doubles. */
function refusal(s: unknown): MoreauError {
  try {
    createSimulation(s, fixtureConfig, { registry: fixtureRegistry() });
  } catch (e) {
    if (isMoreauError(e)) return e;
    throw e;
  }
  throw new Error('expected a MoreauError');
}

describe('createSimulation refuses what the plugins do not declare', () => {
  test('should refuse a spinning body on a model without rotations, naming the body and the field', () => {
    const err = refusal(scene({ ...ball, angularVelocity: [0, 0, 5] }));
    expect(err.code).toBe('E_UNSUPPORTED');
    expect(err.issues).toEqual([
      'bodies[1] ("ball").angularVelocity: kinematics "point-mass" has no rotations (supports.rotations: false), so a body cannot start turning; give [0, 0, 0]',
    ]);
    expect(err.message).toBe(`The scene asks for what its plugins do not support (1 problem):\n  ${err.issues![0]}`);
  });

  test('should refuse a torque and a driven rotation on a model without rotations, every problem in one error', () => {
    const driven = { ...ball, name: 'paddle', motion: { driven: { velocity: [1, 0, 0], angularVelocity: [0, 1, 0] } } };
    const err = refusal(scene({ ...ball, torque: [0, 0, 1] }, driven));
    expect(err.code).toBe('E_UNSUPPORTED');
    expect(err.issues).toEqual([
      'bodies[1] ("ball").torque: kinematics "point-mass" has no rotations (supports.rotations: false), so a torque has nothing to turn',
      'bodies[2] ("paddle").motion.driven.angularVelocity: kinematics "point-mass" has no rotations (supports.rotations: false), so it cannot drive a rotation',
    ]);
  });

  test('should take what a model without rotations holds: a turned body, a force, a driven translation', () => {
    const driven = { ...ball, name: 'pusher', position: [5, 0, 1], motion: { driven: { velocity: [1, 0, 0] } } };
    const turned = { ...ball, name: 'turned', position: [-5, 0, 1], rotation: { axis: [0, 0, 1], angle: 0.3 }, force: [1, 0, 0] };
    expect(() => createSimulation(scene(turned, driven), fixtureConfig, { registry: fixtureRegistry() })).not.toThrow();
  });

  test('should refuse the deformable fields on a model that is not deformable', () => {
    const err = refusal(scene({ ...ball, initialDeformation: [[1.1, 0, 0], [0, 1, 0], [0, 0, 1]], initialVelocityGradient: [[0, 0, 0], [0, 0, 0], [0, 0, 0]] }));
    expect(err.code).toBe('E_UNSUPPORTED');
    expect(err.issues).toEqual([
      'bodies[1] ("ball").initialDeformation: kinematics "point-mass" is not deformable (supports.deformable is not true), so a body cannot start deformed',
      'bodies[1] ("ball").initialVelocityGradient: kinematics "point-mass" is not deformable (supports.deformable is not true), so a body cannot start with a velocity gradient',
    ]);
  });

  test('should refuse a shape the configured detector does not support, listing what it supports', () => {
    const err = refusal(scene({ ...ball, name: 'crate', shape: { type: 'box', halfExtents: [0.1, 0.1, 0.1] } }));
    expect(err.code).toBe('E_UNSUPPORTED');
    expect(err.issues).toEqual(['bodies[1] ("crate").shape: detector "spheres" does not support a box; it supports sphere, plane']);
    expect(err.where).toEqual(undefined);
  });

  test('should name the scene file when it has one', () => {
    let err: unknown;
    try {
      createSimulation(scene({ ...ball, angularVelocity: [1, 0, 0] }), fixtureConfig, { registry: fixtureRegistry(), source: 'spin.json' });
    } catch (e) {
      err = e;
    }
    expect(isMoreauError(err, 'E_UNSUPPORTED') && err.message.startsWith('The scene in spin.json asks for what its plugins do not support (1 problem):')).toBe(true);
  });
});

describe('unsupportedSceneProblems', () => {
  const rigid = kinematicsCapabilities({});
  const soft = kinematicsCapabilities({ supports: { deformable: true } });
  const noSpin = kinematicsCapabilities({ supports: { rotations: false } });
  const support = (detectorShapes: string[], affine: string[] = []): PluginSupport => ({
    kinematics: new Map([['rigid', rigid], ['soft', soft], ['point-mass', noSpin]]),
    detectors: new Map([
      ['narrow', { shapes: detectorShapes as never, affine: affine as never }],
      ['wide', { shapes: ['sphere', 'box', 'ellipsoid', 'capsule', 'hull', 'plane'], affine: ['sphere', 'ellipsoid', 'box', 'hull'] }],
    ]),
    detector: 'narrow',
  });

  test('should suggest the registered plugins that would take the body', () => {
    const s = parseScene({ timeStep: 1, duration: 1, bodies: [{ name: 'p', kinematics: 'point-mass', shape: { type: 'capsule', radius: 1, halfLength: 1 }, density: 1, position: [0, 0, 0], angularVelocity: [1, 0, 0] }] });
    expect(unsupportedSceneProblems(s, support(['sphere', 'plane']))).toEqual([
      'bodies[0] ("p").angularVelocity: kinematics "point-mass" has no rotations (supports.rotations: false), so a body cannot start turning; give [0, 0, 0]; registered kinematics that do: rigid, soft',
      'bodies[0] ("p").shape: detector "narrow" does not support a capsule; it supports sphere, plane; registered detectors that do: wide',
    ]);
  });

  test('should refuse a free body of a deformable model in a shape the detector does not take deformed, and not a static one', () => {
    const egg = { kinematics: 'soft', shape: { type: 'ellipsoid', semiAxes: [1, 2, 3] }, density: 1, position: [0, 0, 0] };
    const s = parseScene({ timeStep: 1, duration: 1, bodies: [{ ...egg, name: 'free-egg' }, { ...egg, name: 'fixed-egg', motion: 'static' }] });
    expect(unsupportedSceneProblems(s, support(['ellipsoid'], ['sphere']))).toEqual([
      'bodies[0] ("free-egg").shape: detector "narrow" does not support a deformed ellipsoid, and kinematics "soft" deforms a free body; it supports deformed sphere; registered detectors that do: wide',
    ]);
    expect(unsupportedSceneProblems(s, support(['ellipsoid'], ['ellipsoid']))).toEqual([]);
  });

  test('should find nothing to refuse in a rigid scene on the defaults', () => {
    const s = parseScene({ timeStep: 1, duration: 1, bodies: [{ shape: { type: 'box', halfExtents: [1, 1, 1] }, density: 1, position: [0, 0, 0], angularVelocity: [1, 2, 3], torque: [1, 0, 0] }] });
    expect(unsupportedSceneProblems(s, support(['box']))).toEqual([]);
  });
});

describe('unsupportedSceneProblems with rolling and spinning resistance', () => {
  const support: PluginSupport = {
    kinematics: new Map([['rigid', kinematicsCapabilities({ supports: { rolling: true } })], ['soft', kinematicsCapabilities({ supports: { deformable: true } })]]),
    detectors: new Map([['any', { shapes: ['sphere', 'plane'], affine: ['sphere'] }]]),
    detector: 'any',
  };
  const bodies = [
    { name: 'floor', shape: { type: 'plane', normal: [0, 0, 1] }, motion: 'static', material: 'floor', position: [0, 0, 0] },
    { name: 'blob', kinematics: 'soft', shape: { type: 'sphere', radius: 0.1 }, material: 'rubber', position: [0, 0, 0.1] },
    { name: 'ball', shape: { type: 'sphere', radius: 0.1 }, material: 'steel', position: [1, 0, 0.1] },
  ];
  const sceneWith = (friction: unknown[], defaultFriction?: unknown) => parseScene({
    timeStep: 1, duration: 1, bodies, friction, ...(defaultFriction ? { defaultFriction } : {}),
    materials: { floor: { density: 1 }, rubber: { density: 1000 }, steel: { density: 7800 }, glass: { density: 2500 } },
  });

  test('should refuse a body whose model gives no angular rows when its material meets another with resistance, naming the law', () => {
    expect(unsupportedSceneProblems(sceneWith([{ between: ['rubber', 'floor'], mu: 0.5, rollingResistance: 0.01 }]), support)).toEqual([
      'bodies[1] ("blob").kinematics: kinematics "soft" gives no angular velocity rows (supports.rolling is not true), so its contacts can have no rolling or spinning resistance, but friction[0] gives its contacts with material "floor" rollingResistance 0.01 and spinningResistance 0; give that pair none; registered kinematics that do: rigid',
    ]);
    expect(unsupportedSceneProblems(sceneWith([], { mu: 0.3, spinningResistance: 0.02 }), support)).toEqual([
      'bodies[1] ("blob").kinematics: kinematics "soft" gives no angular velocity rows (supports.rolling is not true), so its contacts can have no rolling or spinning resistance, but defaultFriction gives its contacts with material "floor" rollingResistance 0 and spinningResistance 0.02; give that pair none; registered kinematics that do: rigid',
    ]);
  });

  test('should take resistance the body never meets: a pair with an absent material, its own material with no second body, a pair given none', () => {
    const laws = [
      { between: ['rubber', 'glass'], mu: 0.5, rollingResistance: 0.01 },
      { between: ['rubber', 'rubber'], mu: 0.5, spinningResistance: 0.01 },
      { between: ['rubber', 'floor'], mu: 0.5 },
      { between: ['rubber', 'steel'], mu: 0.5, rollingResistance: 0, spinningResistance: 0 },
    ];
    expect(unsupportedSceneProblems(sceneWith(laws, { mu: 0.5, rollingResistance: 0.01 }), support)).toEqual([]);
  });
});

describe('kinematicsCapabilities', () => {
  test('should default to rotations and every driven part, and drop a driven rotation for a model without rotations', () => {
    expect(kinematicsCapabilities({})).toEqual({ deformable: false, rotations: true, driven: ['velocity', 'angularVelocity'], rolling: false });
    expect(kinematicsCapabilities({ supports: { rotations: false } })).toEqual({ deformable: false, rotations: false, driven: ['velocity'], rolling: false });
    expect(kinematicsCapabilities({ supports: { driven: [] } }).driven).toEqual([]);
  });

  test('should take angular velocity rows only when declared, and never without rotations', () => {
    expect(kinematicsCapabilities({ supports: { rolling: true } }).rolling).toBe(true);
    expect(kinematicsCapabilities({ supports: { rolling: true, rotations: false } }).rolling).toBe(false);
  });
});
