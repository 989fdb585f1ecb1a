import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { isMoreauError, type MoreauError } from '../contracts/errors.js';
import { readScene } from './read-scene.js';
import { parseScene } from './scene.js';

const minimal = {
  timeStep: 0.001,
  duration: 1,
  bodies: [{ shape: { type: 'sphere', radius: 0.1 }, density: 1000, position: [0, 0, 1] }],
};

function issuesOf(input: unknown): string[] {
  try {
    parseScene(input);
  } catch (e) {
    expect(isMoreauError(e, 'E_SCENE')).toBe(true);
    return (e as MoreauError).issues!;
  }
  throw new Error('expected E_SCENE');
}

describe('parseScene', () => {
  test('should fill every default and convert the body to a BodySpec', () => {
    const s = parseScene(minimal);
    expect(s.gravity).toEqual([0, 0, -9.81]);
    expect(s.output).toEqual({ every: 1 });
    expect(s.defaultFriction).toEqual({ mu: 0.5, restitution: undefined });
    expect(s.bodies[0]).toEqual({
      kinematics: 'rigid',
      material: undefined,
      appearsAt: 0,
      spec: {
        name: 'body-0', shape: { type: 'sphere', radius: 0.1 }, density: 1000, position: [0, 0, 1],
        rotation: [1, 0, 0, 0, 1, 0, 0, 0, 1], velocity: [0, 0, 0], angularVelocity: [0, 0, 0],
        motion: { kind: 'free' }, material: {},
      },
    });
  });

  test('should take density and further numbers from the material, the body density overriding', () => {
    const s = parseScene({
      ...minimal,
      materials: { granite: { density: 2700, young: 5e10, poisson: 0.25, damping: 0.1 } },
      bodies: [
        { shape: { type: 'box', halfExtents: [1, 2, 3] }, material: 'granite', position: [0, 0, 0] },
        { shape: { type: 'box', halfExtents: [1, 2, 3] }, material: 'granite', density: 10, position: [5, 0, 0] },
      ],
    });
    expect(s.bodies[0].spec.density).toBe(2700);
    expect(s.bodies[0].spec.material).toEqual({ density: 2700, young: 5e10, poisson: 0.25, damping: 0.1 });
    expect(s.bodies[1].spec.density).toBe(10);
  });

  test('should convert quaternions and axis-angle rotations to the same matrix (1e-15)', () => {
    const half = Math.PI / 6;
    const s = parseScene({
      ...minimal,
      bodies: [
        { ...minimal.bodies[0], rotation: [2 * Math.cos(half), 0, 0, 2 * Math.sin(half)] },
        { ...minimal.bodies[0], rotation: { axis: [0, 0, 3], angle: Math.PI / 3 } },
      ],
    });
    const c = Math.cos(Math.PI / 3), sn = Math.sin(Math.PI / 3);
    const expected = [c, -sn, 0, sn, c, 0, 0, 0, 1];
    for (const b of s.bodies) b.spec.rotation.forEach((v, k) => expect(Math.abs(v - expected[k])).toBeLessThan(1e-15));
  });

  test('should convert driven and static motions', () => {
    const s = parseScene({
      ...minimal,
      bodies: [
        { shape: { type: 'plane', normal: [0, 0, 1] }, motion: 'static', position: [0, 0, 0] },
        { shape: { type: 'box', halfExtents: [1, 1, 1] }, motion: { driven: { velocity: [1, 0, 0], from: 0.5 } }, position: [0, 0, 0] },
      ],
    });
    expect(s.bodies[0].spec.motion).toEqual({ kind: 'static' });
    expect(s.bodies[1].spec.motion).toEqual({ kind: 'driven', velocity: [1, 0, 0], angularVelocity: [0, 0, 0], from: 0.5 });
  });

  test('should list every problem with its JSON path in one E_SCENE error', () => {
    const issues = issuesOf({
      timeStep: -1,
      duration: 1,
      output: { interval: 0.5 },
      materials: { steel: { density: 7800 } },
      friction: [
        { between: ['steel', 'rubber'], mu: 0.4 },
        { between: ['steel', 'steel'], mu: -1 },
        { between: ['steel', 'steel'], mu: 0.2 },
      ],
      bodies: [
        { name: 'a', shape: { type: 'sphere', radius: 0 }, material: 'steel', position: [0, 0, 0] },
        { name: 'a', shape: { type: 'plane', normal: [0, 0, 0] }, position: [0, 0, 0] },
        { shape: { type: 'box', halfExtents: [1, 1, 1] }, material: 'wood', position: [0, 0] },
        { shape: { type: 'sphere', radius: 1 }, position: [0, 0, 0] },
        { shape: { type: 'sphere', radius: 1 }, motion: 'static', velocity: [1, 0, 0], density: 1, position: [0, 0, 0] },
      ],
    });
    const paths = issues.map((l) => l.slice(0, l.indexOf(':')));
    expect(paths).toEqual(expect.arrayContaining([
      'timeStep', 'friction[1].mu', 'bodies[0].shape.radius', 'bodies[1].shape.normal', 'bodies[2].position',
      'friction[0].between[1]', 'friction[2].between', 'bodies[1].name', 'bodies[2].material', 'bodies[1].motion',
      'bodies[3]', 'bodies[4].velocity',
    ]));
    expect(issues.find((l) => l.startsWith('bodies[0].shape.radius'))).toBe('bodies[0].shape.radius: must be positive');
    expect(issues.find((l) => l.startsWith('bodies[2].material'))).toBe('bodies[2].material: unknown material "wood"; known materials: steel');
  });

  test('should refuse a material named __proto__ (listed as known, then dropped by parsing: a free body got density 0)', () => {
    const issues = issuesOf(JSON.parse('{ "timeStep": 0.001, "duration": 0.01, "materials": { "__proto__": { "density": 1000 } }, '
      + '"bodies": [{ "name": "ball", "shape": { "type": "sphere", "radius": 0.1 }, "material": "__proto__", "position": [0, 0, 1] }] }'));
    expect(issues).toEqual([
      'materials.__proto__: a material cannot be named "__proto__" (a name on every object\'s prototype); rename it',
      'bodies[0].material: unknown material "__proto__"; known materials: (none defined in "materials")',
    ]);
  });

  test('should refuse a friction coefficient above the problem\'s bound, in a pair and as the default', () => {
    const issues = issuesOf({
      ...minimal, materials: { steel: { density: 7800 } },
      friction: [{ between: ['steel', 'steel'], mu: 1e300 }], defaultFriction: { mu: 1e7 },
    });
    expect(issues).toEqual(expect.arrayContaining([
      expect.stringMatching(/^friction\[0\]\.mu: must be at most 1000000: beyond it the siconos measure/),
      expect.stringMatching(/^defaultFriction\.mu: must be at most 1000000/),
    ]));
  });

  test('should refuse lengths, coordinates and densities past their bounds with their paths (huge bodies overflowed mass and inertia)', () => {
    const e = 1e200;
    const issues = issuesOf({
      ...minimal, materials: { lead: { density: 1e300 } },
      bodies: [
        { name: 'b', shape: { type: 'box', halfExtents: [1e154, 1, 1] }, density: 1000, position: [0, 0, 1] },
        { name: 'h', shape: { type: 'hull', points: [[0, 0, 0], [e, 0, 0], [0, e, 0], [0, 0, e]] }, density: 1000, position: [0, 0, 5] },
        { name: 's', shape: { type: 'sphere', radius: 1 }, material: 'lead', position: [-2e6, 0, 0] },
      ],
    });
    const paths = issues.map((l) => l.slice(0, l.indexOf(':')));
    expect(paths).toEqual(expect.arrayContaining([
      'materials.lead.density', 'bodies[0].shape.halfExtents[0]', 'bodies[1].shape.points[1][0]', 'bodies[2].position[0]',
    ]));
    expect(issues.find((l) => l.startsWith('bodies[0]'))).toMatch(/must be at most 1000000 in size/);
  });

  test('should refuse non-finite numbers, unknown keys and an empty body list', () => {
    const issues = issuesOf({ ...minimal, duration: Infinity, gravity: [0, Number.NaN, 0], colour: 'red', bodies: [] });
    const paths = issues.map((l) => l.slice(0, l.indexOf(':')));
    expect(paths).toEqual(expect.arrayContaining(['duration', 'gravity[1]', '(root)', 'bodies']));
  });

  test('should answer a misspelt key with the keys allowed there and the closest one', () => {
    const sphere = (shape: object) => issuesOf({ ...minimal, bodies: [{ shape, density: 1000, position: [0, 0, 1] }] });
    expect(sphere({ type: 'sphere', raduis: 0.1 })).toEqual([
      'bodies[0].shape.radius: Invalid input: expected number, received undefined',
      'bodies[0].shape: unknown key "raduis"; known keys: type, radius; did you mean "radius"?',
    ]);
    expect(issuesOf({ ...minimal, timestep: 0.001 })).toEqual([
      '(root): unknown key "timestep"; known keys: $schema, description, gravity, timeStep, duration, output, materials, friction, defaultFriction, bodies; did you mean "timeStep"?',
    ]);
    // Several at once, each with its suggestion; one far from every key gets none.
    expect(issuesOf({ ...minimal, bodies: [{ ...minimal.bodies[0], densty: 1000, colour: 'red' }] })[0])
      .toMatch(/^bodies\[0\]: unknown keys "densty" \(did you mean "density"\?\), "colour"; known keys: name, shape, kinematics, /);
  });

  test('should answer a misspelt shape type with the shape types and the closest one', () => {
    expect(issuesOf({ ...minimal, bodies: [{ shape: { type: 'sphre', radius: 0.1 }, density: 1000, position: [0, 0, 1] }] })).toEqual([
      'bodies[0].shape.type: unknown type "sphre"; known types: sphere, box, ellipsoid, capsule, cylinder, hull, plane; did you mean "sphere"?',
    ]);
    expect(issuesOf({ ...minimal, bodies: [{ shape: { type: 'cone', radius: 0.1 }, density: 1000, position: [0, 0, 1] }] })).toEqual([
      'bodies[0].shape.type: unknown type "cone"; known types: sphere, box, ellipsoid, capsule, cylinder, hull, plane',
    ]);
  });

  test('should reject an output interval shorter than the time step', () => {
    expect(issuesOf({ ...minimal, output: { interval: 0.0001 } })).toEqual(['output.interval: must be at least the time step (0.001)']);
  });
});

describe('readScene', () => {
  const dir = mkdtempSync(join(tmpdir(), 'moreau-scene-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('should read a valid file', () => {
    const file = join(dir, 'ok.json');
    writeFileSync(file, JSON.stringify(minimal));
    expect(readScene(file).source).toBe(file);
  });

  test('should name the file in E_SCENE and E_FILE_IO errors', () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ ...minimal, timeStep: 0 }));
    expect(() => readScene(bad)).toThrow(expect.objectContaining({ code: 'E_SCENE', where: { file: bad } }));
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{ "timeStep": ');
    expect(() => readScene(broken)).toThrow(expect.objectContaining({ code: 'E_SCENE', where: { file: broken } }));
    expect(() => readScene(join(dir, 'missing.json'))).toThrow(expect.objectContaining({ code: 'E_FILE_IO' }));
    expect(() => readScene(dir)).toThrow(expect.objectContaining({ code: 'E_FILE_IO' }));
  });
});
