import { createSimulation, type StepStats } from '@moreau/core';
import { describe, expect, test } from 'vitest';
import { simulationRegistry } from './__fixtures__/registry.js';
import { straightAndResumed } from './__fixtures__/resume.js';

const G = 9.81;
const config = (integrator = 'moreau-midpoint', options: Record<string, unknown> = {}, detector: Record<string, unknown> = {}) => ({
  solver: { name: 'gauss-seidel', options: { tolerance: 1e-12 } },
  integrator: { name: integrator, options },
  detector: { name: 'contact-detection', options: detector },
});

const floor = { name: 'floor', shape: { type: 'plane', normal: [0, 0, 1] }, motion: 'static', material: 'floor', position: [0, 0, 0] };
const materials = { steel: { density: 7800 }, floor: { density: 1 } };

function sphereScene(sphere: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return {
    timeStep: 1e-3,
    duration: 1,
    materials,
    friction: [{ between: ['steel', 'floor'], mu: 0.5 }],
    bodies: [{ name: 'ball', shape: { type: 'sphere', radius: 0.1 }, material: 'steel', position: [0, 0, 1], ...sphere }, floor],
    ...extra,
  };
}

describe('mechanics with the rigid plugin, the detector and Gauss–Seidel', () => {
  test('should integrate free fall exactly with the midpoint scheme (1e-12 over 1000 steps)', () => {
    const sim = createSimulation(sphereScene({ position: [0, 0, 50], velocity: [0.5, -1, 3], angularVelocity: [1, 2, 3] }), config(), { registry: simulationRegistry() });
    sim.run();
    expect(sim.steps).toBe(1000);
    const t = sim.time;
    const p = sim.pose(0).position, v = sim.velocity(0);
    // The midpoint scheme is exact for a constant force; 1e-12 covers rounding over 1000 steps on |x| ≲ 50.
    const exact = [0.5 * t, -t, 50 + 3 * t - 0.5 * G * t * t];
    for (let k = 0; k < 3; k++) expect(Math.abs(p[k] - exact[k])).toBeLessThan(1e-12);
    expect(Math.abs(v[2] - (3 - G * t))).toBeLessThan(1e-12);
  });

  test('should bring a dropped sphere to rest on the plane with penetration below 1e-6', () => {
    const sim = createSimulation(sphereScene({ position: [0, 0, 0.5] }), config(), { registry: simulationRegistry() });
    const stats: StepStats[] = [];
    sim.run({ onStep: (s) => stats.push(s) });
    const z = sim.pose(0).position[2];
    // The detector reports contacts only once they touch (margin 0): the impact step leaves a
    // penetration of about v h / 2, which the stabilization drives out (factor 0.8 per step).
    expect(Math.abs(z - 0.1)).toBeLessThan(1e-6);
    expect(Math.hypot(...sim.velocity(0))).toBeLessThan(1e-6);
    expect(stats.every((s) => s.converged)).toBe(true);
    // At rest the normal impulse of a step balances the weight's, m g h; the last of the
    // stabilization push (under 1e-6 of penetration per h²) leaves a relative 1e-6.
    const m = 7800 * (4 / 3) * Math.PI * 0.1 ** 3;
    expect(Math.abs(sim.reactions()[0] / (m * G * 1e-3) - 1)).toBeLessThan(1e-6);
  });

  test('should hold a box on the plane: its contact forces sum to the weight', () => {
    const scene = {
      timeStep: 1e-3, duration: 0.2, materials, friction: [{ between: ['steel', 'floor'], mu: 0.5 }],
      bodies: [{ name: 'box', shape: { type: 'box', halfExtents: [0.2, 0.1, 0.05] }, material: 'steel', position: [0, 0, 0.05] }, floor],
    };
    const sim = createSimulation(scene, config(), { registry: simulationRegistry() });
    sim.run();
    const nc = sim.contacts().count;
    expect(nc).toBeGreaterThanOrEqual(4);
    const r = sim.reactions();
    let sum = 0;
    for (let a = 0; a < nc; a++) sum += r[3 * a] * sim.contacts().frame[9 * a + 2];
    const m = 7800 * 0.4 * 0.2 * 0.1;
    // Statically indeterminate, but the impulses sum to the weight's, m g h (Gauss–Seidel tolerance 1e-12, relative).
    expect(sum / (m * G * 1e-3)).toBeCloseTo(1, 6);
    expect(Math.abs(sim.pose(0).position[2] - 0.05)).toBeLessThan(1e-6);
  });

  test('should bounce a sphere back to its drop height with restitution 1 (within 2 %)', () => {
    const sim = createSimulation(sphereScene({ position: [0, 0, 0.6] }, { friction: [{ between: ['steel', 'floor'], mu: 0 }] }),
      config('moreau-midpoint', { impact: { restitution: 1 } }), { registry: simulationRegistry() });
    let bounced = false, apex = 0;
    sim.run({
      until: 0.8,
      onStep: () => {
        const z = sim.pose(0).position[2], vz = sim.velocity(0)[2];
        if (vz > 0) bounced = true;
        if (bounced) apex = Math.max(apex, z);
      },
    });
    expect(bounced).toBe(true);
    // Detection once touching and O(h) timing of the impact: the apex is within 2 % of 0.6.
    expect(Math.abs(apex - 0.6) / 0.5).toBeLessThan(0.02);
  });

  test('should make the linearly implicit scheme equal the midpoint scheme bit for bit for rigid bodies (K = 0)', () => {
    const scene = {
      timeStep: 2e-3, duration: 0.3, materials, friction: [{ between: ['steel', 'floor'], mu: 0.4 }],
      bodies: [
        { name: 'box', shape: { type: 'box', halfExtents: [0.2, 0.1, 0.05] }, material: 'steel', position: [0, 0, 0.2], rotation: { axis: [1, 1, 0], angle: 0.3 }, velocity: [1, 0, 0], angularVelocity: [0, 3, 5] },
        { name: 'ball', shape: { type: 'sphere', radius: 0.1 }, material: 'steel', position: [1, 0, 0.15], velocity: [-1, 0, 0] },
        floor,
      ],
    };
    const state = (integrator: string) => {
      const sim = createSimulation(scene, config(integrator), { registry: simulationRegistry() });
      sim.run();
      return [0, 1].flatMap((b) => [...sim.pose(b).position, ...sim.pose(b).linear, ...sim.velocity(b)]);
    };
    const a = state('moreau-midpoint'), b = state('linearly-implicit');
    expect(a.every((x, i) => Object.is(x, b[i]))).toBe(true);
  });

  test('should continue bit-identically from a JSON checkpoint (rigid bodies, detector, warm starts)', () => {
    const scene = {
      timeStep: 2e-3, duration: 0.4, materials, friction: [{ between: ['steel', 'floor'], mu: 0.4 }, { between: ['steel', 'steel'], mu: 0.2 }],
      bodies: [
        { name: 'box', shape: { type: 'box', halfExtents: [0.2, 0.1, 0.05] }, material: 'steel', position: [0, 0, 0.2], rotation: { axis: [1, 1, 0], angle: 0.3 }, velocity: [1, 0, 0], angularVelocity: [0, 3, 5] },
        { name: 'ball', shape: { type: 'sphere', radius: 0.1 }, material: 'steel', position: [0.6, 0, 0.15], velocity: [-1, 0, 0] },
        floor,
      ],
    };
    const make = () => createSimulation(scene, config('moreau-midpoint', {}, { margin: 1e-3 }), { registry: simulationRegistry() });
    const state = (sim: ReturnType<typeof make>) => [0, 1].flatMap((b) => [...sim.pose(b).position, ...sim.pose(b).linear, ...sim.velocity(b)]);
    const { straight, stopped, resumed } = straightAndResumed(make, 0.2);
    // The checkpoint falls while bodies touch, so the warm-start table matters.
    expect(stopped.contacts().count).toBeGreaterThan(0);
    expect(resumed.steps).toBe(straight.steps);
    const a = state(straight), b = state(resumed);
    expect(a.every((x, i) => Object.is(x, b[i]))).toBe(true);
  });

  test('should keep a box at rest on the plane with the quasi-static implicit Euler scheme', () => {
    const scene = {
      timeStep: 1e-2, duration: 1, materials, friction: [{ between: ['steel', 'floor'], mu: 0.5 }],
      bodies: [{ name: 'box', shape: { type: 'box', halfExtents: [0.2, 0.1, 0.05] }, material: 'steel', position: [0, 0, 0.05] }, floor],
    };
    // A margin keeps the resting contacts detected: at gap 0 exactly, rounding would drop them now and then.
    const sim = createSimulation(scene, config('implicit-euler', {}, { margin: 1e-3 }), { registry: simulationRegistry() });
    const summary = sim.run();
    expect(summary).toMatchObject({ steps: 100, failedSteps: 0 });
    expect(Math.abs(sim.pose(0).position[2] - 0.05)).toBeLessThan(1e-6);
    expect(Math.hypot(...sim.velocity(0))).toBeLessThan(1e-6);
  });
});
