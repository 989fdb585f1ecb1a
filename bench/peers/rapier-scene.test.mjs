// The scene → Rapier conversion of bench/peers.mjs, checked against Moreau on the same scene JSON.
import RAPIER from '@dimforge/rapier3d-compat';
import { createRegistry, createSimulation, parseScene } from '@moreau/core';
import detector from '@moreau/contact-detection';
import gaussSeidel from '@moreau/gauss-seidel';
import { plugins as integrators } from '@moreau/integrators';
import rigid, { massProperties } from '@moreau/kinematics-rigid';
import { beforeAll, describe, expect, test } from 'vitest';
import { driftAlong } from './measures.mjs';
import { perCollider, rapierPose, rapierWorld } from './rapier-scene.mjs';
import { INCLINE, stackScene, stickScene } from './scenes.mjs';

const G = 9.81, H = 1e-3;
// Rapier computes in 32-bit floats: about 7 significant digits.
const SINGLE = 1e-6;

function moreau(scene) {
  const registry = createRegistry();
  for (const p of [rigid, detector, gaussSeidel, ...integrators]) registry.register(p, 'test');
  return createSimulation(scene, { solver: { name: 'gauss-seidel' } }, { registry });
}

const scene = (bodies, extra = {}) => ({ timeStep: H, duration: 1, materials: { steel: { density: 7800 } }, bodies, ...extra });
const ball = (z) => ({ name: 'ball', shape: { type: 'sphere', radius: 0.1 }, material: 'steel', position: [0, 0, z] });

beforeAll(async () => {
  await RAPIER.init();
});

describe('scene → Rapier', () => {
  test('should let a sphere fall 0.1 s as each engine integrates: Moreau exactly, Rapier by symplectic Euler on its substeps', () => {
    const json = scene([ball(1)]), n = 100, t = n * H;
    const sim = moreau(json);
    for (let k = 0; k < n; k++) sim.step();
    const { world, bodies } = rapierWorld(RAPIER, json);
    for (let k = 0; k < n; k++) world.step();
    const zMoreau = sim.pose(0).position[2], zRapier = bodies[0].translation().z;
    // Rapier's solver iterations are substeps of h / s, each v += g h / s, then x += v h / s.
    const s = world.integrationParameters.numSolverIterations, m = s * n, hs = H / s;
    world.free();
    // The midpoint rule is exact under constant gravity; the substeps lag by g (h / s) t / 2 (0.12 mm here).
    expect(Math.abs(zMoreau - (1 - (G * t * t) / 2))).toBeLessThan(1e-12);
    expect(Math.abs(zRapier - (1 - (G * hs * hs * m * (m + 1)) / 2))).toBeLessThan(SINGLE);
    expect(Math.abs(zMoreau - zRapier - (G * hs * t) / 2)).toBeLessThan(SINGLE);
  });

  test('should give a box the mass and principal inertia of Moreau\'s rigid kinematics', () => {
    const box = { type: 'box', halfExtents: [0.1, 0.2, 0.3] };
    const { world, bodies } = rapierWorld(RAPIER, scene([{ shape: box, material: 'steel', position: [0, 0, 1], rotation: { axis: [1, 2, 3], angle: 0.7 } }]));
    const expected = massProperties(box, 7800);
    const mass = bodies[0].mass(), { x, y, z } = bodies[0].principalInertia();
    world.free();
    expect(Math.abs(mass / expected.mass - 1)).toBeLessThan(SINGLE);
    [x, y, z].forEach((j, i) => expect(Math.abs(j / expected.inertia[i] - 1)).toBeLessThan(SINGLE));
  });

  test('should start a turned body with the same rotation matrix in both engines', () => {
    const json = scene([
      { shape: { type: 'box', halfExtents: [0.1, 0.2, 0.3] }, material: 'steel', position: [0, 0, 1], rotation: { axis: [1, 2, 3], angle: 2.5 } },
      { shape: { type: 'box', halfExtents: [0.1, 0.2, 0.3] }, material: 'steel', position: [1, 0, 1], rotation: [0.1, -0.7, 0.2, 0.6] },
    ]);
    const sim = moreau(json);
    const { world, bodies } = rapierWorld(RAPIER, json);
    const rotations = bodies.map((b) => rapierPose(b).rotation);
    world.free();
    rotations.forEach((R, b) => {
      const linear = sim.pose(b).linear;
      R.forEach((x, k) => expect(Math.abs(x - linear[k])).toBeLessThan(SINGLE));
    });
  });

  test('should keep the box of the stick case face down and in place on its tilted plane in both engines (the plane\'s side and tilt, the friction)', () => {
    const json = stickScene(), n = 200, c = 0.05;
    const normal = [Math.sin(INCLINE.angle), 0, Math.cos(INCLINE.angle)];
    const height = ([x, y, z]) => x * normal[0] + y * normal[1] + z * normal[2];
    const sim = moreau(json);
    const start = [...sim.pose(1).linear];
    for (let k = 0; k < n; k++) sim.step();
    const { world, bodies } = rapierWorld(RAPIER, json);
    for (let k = 0; k < n; k++) world.step();
    const rapier = rapierPose(bodies[1]);
    const allowed = world.integrationParameters.normalizedAllowedLinearError * world.integrationParameters.lengthUnit;
    world.free();
    expect(Math.abs(height(sim.pose(1).position) - c)).toBeLessThan(1e-6);
    // Rapier leaves overlaps up to its allowed linear error uncorrected.
    expect(Math.abs(height(rapier.position) - c)).toBeLessThan(allowed);
    // Still turned as it started (a box on the wrong plane would tip over onto a face), and held
    // by friction: without it (μ = 0) the box would have slid g sin θ t² / 2 ≈ 98 mm.
    for (const R of [sim.pose(1).linear, rapier.rotation]) R.forEach((x, k) => expect(Math.abs(x - start[k])).toBeLessThan(1e-3));
    for (const p of [[...sim.pose(1).position], rapier.position]) expect(driftAlong(normal, json.bodies[1].position, p)).toBeLessThan(1e-3);
  });

  test('should reproduce every friction pair of the stack with one number per collider', () => {
    const friction = perCollider(parseScene(stackScene(3)), (law) => law.mu, 'friction');
    expect(friction.rule).toBe('Max');
    expect(Math.max(friction.of('wood'), friction.of('wood'))).toBe(0.6);
    expect(Math.max(friction.of('wood'), friction.of('concrete'))).toBe(0.7);
  });

  test('should refuse friction pairs that no per-collider number reproduces', () => {
    const json = scene([ball(1), { ...ball(2), name: 'rubber ball', material: 'rubber' }], {
      materials: { steel: { density: 7800 }, rubber: { density: 1100 } },
      friction: [{ between: ['steel', 'steel'], mu: 0.2 }, { between: ['rubber', 'rubber'], mu: 0.2 }, { between: ['steel', 'rubber'], mu: 0.9 }],
    });
    expect(() => rapierWorld(RAPIER, json)).toThrow(/cannot be written as one number per collider/);
  });

  test('should refuse a shape it does not convert, naming the body', () => {
    const json = scene([{ name: 'egg', shape: { type: 'ellipsoid', semiAxes: [0.1, 0.1, 0.2] }, material: 'steel', position: [0, 0, 1] }]);
    expect(() => rapierWorld(RAPIER, json)).toThrow(/body 0 \("egg"\) has shape "ellipsoid"/);
  });
});
