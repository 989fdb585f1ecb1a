import { createSimulation, isMoreauError, type Simulation } from '@moreau/core';
import { describe, expect, test } from 'vitest';
import { simulationRegistry } from './__fixtures__/registry.js';

// Config `sleep`: islands at rest leave the problem until an awake body touches them.
const solver = { name: 'gauss-seidel', options: { tolerance: 1e-10 } };
const sleep = { speed: 1e-3, time: 0.05 };
const create = (scene: unknown, config: Record<string, unknown> = {}): Simulation =>
  createSimulation(scene, { solver, ...config }, { registry: simulationRegistry() });

/** A floor and a ball of radius 0.1 resting on it at x = 0, and more bodies as given. */
function restingBall(extra: unknown[] = [], duration = 1) {
  return {
    timeStep: 1e-3, duration, materials: { steel: { density: 7800 } }, defaultFriction: { mu: 0.5 },
    bodies: [
      { name: 'floor', shape: { type: 'plane', normal: [0, 0, 1] }, motion: 'static', position: [0, 0, 0] },
      { name: 'ball', shape: { type: 'sphere', radius: 0.1 }, material: 'steel', position: [0, 0, 0.1] },
      ...extra,
    ],
  };
}

/** Five wooden boxes stacked on a floor, each a little offset (examples/scenes/box-stack.json, μ = 0.6 throughout). */
function boxStack() {
  const offsets = [[0, 0], [0.02, 0], [0, 0.02], [-0.02, 0], [0, -0.02]];
  return {
    timeStep: 0.002, duration: 2, materials: { wood: { density: 700 } }, defaultFriction: { mu: 0.6 },
    bodies: [
      { name: 'floor', shape: { type: 'plane', normal: [0, 0, 1] }, motion: 'static', position: [0, 0, 0] },
      ...offsets.map(([x, y], k) => ({ name: `box-${k + 1}`, shape: { type: 'box', halfExtents: [0.2, 0.2, 0.1] }, material: 'wood', position: [x, y, 0.1 + 0.2 * k] })),
    ],
  };
}

describe('sleeping bodies', () => {
  test('should leave a run without `sleep` as it was: no sleeping count, no sleep state in the checkpoint', () => {
    const sim = create(boxStack());
    const stats = sim.step();
    expect(stats).not.toHaveProperty('sleeping');
    expect(sim.checkpoint()).not.toHaveProperty('sleep');
  });

  test('should put a ball at rest to sleep after `time`, then hold it exactly still with no contact', () => {
    const sim = create(restingBall(), { sleep });
    const counts: number[] = [];
    let contactsAsleep = 0;
    sim.run({ until: 0.2, onStep: (s) => { counts.push(s.sleeping!); if (s.sleeping) contactsAsleep += s.contacts; } });
    // Rest is counted from the first step's end: asleep at the end of the step that makes 0.05 s.
    const fell = counts.indexOf(1);
    expect(fell).toBeGreaterThanOrEqual(49);
    expect(fell).toBeLessThanOrEqual(51);
    const z = sim.pose(1).position[2];
    sim.run({ until: 0.4 });
    expect(sim.pose(1).position[2]).toBe(z);
    expect([...sim.velocity(1)].every((v) => v === 0)).toBe(true);
    // The steps after the one it fell asleep in have no contact: a sleeping body and the floor are both static.
    expect(contactsAsleep).toBeLessThanOrEqual(1);
  });

  test('should wake a sleeping ball when another ball hits it, in the step of the contact', () => {
    // A second ball enters at 0.3 s, rolling at 2 m/s towards the first from 0.5 m away.
    const striker = { name: 'striker', shape: { type: 'sphere', radius: 0.1 }, material: 'steel', position: [-0.5, 0, 0.1], velocity: [2, 0, 0], appearsAt: 0.3 };
    const sim = create(restingBall([striker]), { sleep });
    let sleepingBefore = 0, wokeAt = -1;
    sim.run({
      until: 0.6,
      onStep: (s) => {
        if (s.time <= 0.3) sleepingBefore = s.sleeping!;
        if (wokeAt < 0 && s.time > 0.3 && sim.velocity(1)[0] > 0) wokeAt = s.time;
      },
    });
    expect(sleepingBefore).toBe(1);
    // The striker reaches it about 0.3 m / 2 m/s = 0.15 s after entering; the struck ball moves in that step.
    expect(wokeAt).toBeGreaterThan(0.4);
    expect(wokeAt).toBeLessThan(0.5);
    expect(sim.velocity(1)[0]).toBeGreaterThan(0.1);
  });

  test('should keep an island awake while one body moves: a box under a spinning box sleeps with it, not before', () => {
    const box = (name: string, z: number, extra = {}) => ({ name, shape: { type: 'box', halfExtents: [0.1, 0.1, 0.1] }, material: 'wood', position: [0, 0, z], ...extra });
    const scene = {
      timeStep: 1e-3, duration: 2, materials: { wood: { density: 700 } }, defaultFriction: { mu: 0.5 },
      bodies: [
        { name: 'floor', shape: { type: 'plane', normal: [0, 0, 1] }, motion: 'static', position: [0, 0, 0] },
        box('below', 0.1),
        box('above', 0.3, { angularVelocity: [0, 0, 3] }),
      ],
    };
    const sim = create(scene, { sleep });
    const counts = new Set<number>();
    let bothAsleepAt = -1, spinSlowAt = -1;
    sim.run({
      until: 1,
      onStep: (s) => {
        counts.add(s.sleeping!);
        if (s.sleeping === 2 && bothAsleepAt < 0) bothAsleepAt = s.time;
        // The upper box's corners (√3 · 0.1 m from its centre) move slower than `speed` from here.
        if (spinSlowAt < 0 && Math.abs(sim.velocity(2)[5]) * Math.sqrt(3) * 0.1 <= sleep.speed) spinSlowAt = s.time;
      },
    });
    // Never one alone: the lower box rests from the start, but its island holds the spinning one.
    expect([...counts].sort()).toEqual([0, 2]);
    // The island sleeps `time` after its last body slowed down, to a step.
    expect(spinSlowAt).toBeGreaterThan(0.01);
    expect(Math.abs(bothAsleepAt - (spinSlowAt + sleep.time))).toBeLessThanOrEqual(1.5e-3);
  });

  test('should not put to sleep a box on a driven platform, which later carries it', () => {
    const scene = {
      timeStep: 1e-3, duration: 1, materials: { wood: { density: 700 } }, defaultFriction: { mu: 0.8 },
      bodies: [
        { name: 'platform', shape: { type: 'box', halfExtents: [1, 1, 0.05] }, position: [0, 0, -0.05], motion: { driven: { velocity: [0.1, 0, 0], from: 0.2 } } },
        { name: 'box', shape: { type: 'box', halfExtents: [0.1, 0.1, 0.1] }, material: 'wood', position: [0, 0, 0.1] },
      ],
    };
    const sim = create(scene, { sleep });
    let most = 0;
    sim.run({ until: 0.5, onStep: (s) => { most = Math.max(most, s.sleeping!); } });
    expect(most).toBe(0);
    expect(sim.velocity(1)[0]).toBeGreaterThan(0.09);
  });

  test('should keep every body awake when a load callback is given', () => {
    const sim = createSimulation(restingBall(), { solver, sleep }, { registry: simulationRegistry(), loads: () => undefined });
    let most = 0;
    sim.run({ until: 0.2, onStep: (s) => { most = Math.max(most, s.sleeping!); } });
    expect(most).toBe(0);
  });

  test('should stand a box stack as it stands awake, to 1e-9 m, and sleep all five boxes', () => {
    const scene = boxStack();
    const awake = create(scene), asleep = create(scene, { sleep });
    awake.run();
    let last = 0;
    asleep.run({ onStep: (s) => { last = s.sleeping!; } });
    expect(last).toBe(5);
    for (let b = 1; b <= 5; b++) {
      const p = awake.pose(b).position, q = asleep.pose(b).position;
      for (let k = 0; k < 3; k++) expect(Math.abs(p[k] - q[k])).toBeLessThan(1e-9);
    }
  });

  test('should resume a checkpoint with sleeping bodies bit for bit', () => {
    const striker = { name: 'striker', shape: { type: 'sphere', radius: 0.1 }, material: 'steel', position: [-0.5, 0, 0.1], velocity: [2, 0, 0], appearsAt: 0.3 };
    const scene = restingBall([striker]);
    const through = create(scene, { sleep });
    through.run({ until: 0.2 });
    const checkpoint = JSON.parse(JSON.stringify(through.checkpoint()));
    expect(checkpoint.sleep.island[1]).toBeGreaterThanOrEqual(0);
    through.run({ until: 0.6 });
    const resumed = create(scene, { sleep });
    resumed.restore(checkpoint);
    resumed.run({ until: 0.6 });
    for (const b of [1, 2]) {
      expect([...resumed.pose(b).position]).toEqual([...through.pose(b).position]);
      expect([...resumed.velocity(b)]).toEqual([...through.velocity(b)]);
    }
  });

  test('should refuse a checkpoint without sleep state, and bad settings with their path', () => {
    const plain = create(restingBall());
    plain.run({ until: 0.01 });
    const sim = create(restingBall(), { sleep });
    const checkpoint = { ...plain.checkpoint(), fingerprint: sim.checkpoint().fingerprint };
    expect(() => sim.restore(checkpoint)).toThrow(/no sleep state/);
    for (const bad of [{ speed: 0, time: 1 }, { speed: 1e-3, time: -1 }, { speed: 1e-3 }, { speed: 1e-3, time: 1, other: 1 }]) {
      try {
        create(restingBall(), { sleep: bad });
        expect.unreachable();
      } catch (e) {
        expect(isMoreauError(e, 'E_CONFIG')).toBe(true);
        expect(String((e as Error).message)).toContain('sleep');
      }
    }
  });
});
