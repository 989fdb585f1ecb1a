import { describe, expect, test } from 'vitest';
import { fixtureConfig, fixtureRegistry } from './__fixtures__/registry.js';
import { createSimulation } from '../run/create-simulation.js';

/** Two spheres above a floor; the second enters at `appearsAt`, with an initial velocity. */
function scene(appearsAt: number) {
  return {
    timeStep: 1e-3,
    duration: 0.2,
    materials: { steel: { density: 1000 } },
    bodies: [
      { name: 'floor', shape: { type: 'plane', normal: [0, 0, 1] }, kinematics: 'point-mass', motion: 'static', position: [0, 0, 0] },
      { name: 'early', shape: { type: 'sphere', radius: 0.1 }, kinematics: 'point-mass', material: 'steel', position: [0, 0, 0.1] },
      // Resting inside the floor while it waits: it must take part in no contact until it enters.
      { name: 'late', shape: { type: 'sphere', radius: 0.1 }, kinematics: 'point-mass', material: 'steel', position: [1, 0, 0.05], velocity: [0, 0, 1], appearsAt },
    ],
  };
}

describe('bodies that enter the scene later (appearsAt)', () => {
  test('should hold a waiting body at rest, out of every contact, then let it in with its initial velocity', () => {
    const sim = createSimulation(scene(0.05), fixtureConfig, { registry: fixtureRegistry() });
    expect(sim.bodies[2].appearsAt).toBe(0.05);
    for (let k = 0; k < 50; k++) {
      sim.step();
      expect(Array.from(sim.pose(2).position)).toEqual([1, 0, 0.05]);
      expect(Array.from(sim.velocity(2))).toEqual([0, 0, 0]);
      const c = sim.contacts();
      for (let a = 0; a < c.count; a++) expect([c.bodyA[a], c.bodyB[a]]).not.toContain(2);
    }
    // The step starting at t = 0.05 is its first: it moves up from its initial velocity, and the floor now holds it.
    sim.step();
    expect(sim.pose(2).position[2]).toBeGreaterThan(0.05);
    const c = sim.contacts();
    const pairs = Array.from({ length: c.count }, (_, a) => [c.bodyA[a], c.bodyB[a]].sort().join('-'));
    expect(pairs).toContain('0-2');
    expect(pairs).toContain('0-1');
  });

  test('should resume from a checkpoint taken while a body waits bit-identically', () => {
    const straight = createSimulation(scene(0.05), fixtureConfig, { registry: fixtureRegistry() });
    straight.run({ until: 0.1 });
    const first = createSimulation(scene(0.05), fixtureConfig, { registry: fixtureRegistry() });
    first.run({ until: 0.02 });
    const resumed = createSimulation(scene(0.05), fixtureConfig, { registry: fixtureRegistry() });
    resumed.restore(JSON.parse(JSON.stringify(first.checkpoint())));
    resumed.run({ until: 0.1 });
    for (const b of [1, 2]) {
      expect(Array.from(resumed.pose(b).position)).toEqual(Array.from(straight.pose(b).position));
      expect(Array.from(resumed.velocity(b))).toEqual(Array.from(straight.velocity(b)));
    }
  });

  test('should refuse appearsAt on an obstacle, with its path', () => {
    const s = scene(0);
    (s.bodies[0] as Record<string, unknown>).appearsAt = 1;
    expect(() => createSimulation(s, fixtureConfig, { registry: fixtureRegistry() })).toThrow(/bodies\[0\]\.appearsAt: only a free body enters the scene later/);
  });
});
