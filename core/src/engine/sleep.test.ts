import { describe, expect, test } from 'vitest';
import { fixtureConfig, fixtureRegistry } from './__fixtures__/registry.js';
import { createSimulation } from '../run/create-simulation.js';

// Config `sleep` on the engine's test doubles (point masses, the sphere detector); the scenes
// with the real plugins are in plugins/integrators/src/sleep-scenes.test.ts.
const sleep = { speed: 1e-3, time: 0.02 };
const ball = (name: string, x: number, z: number, extra: Record<string, unknown> = {}) => ({
  name, shape: { type: 'sphere', radius: 0.1 }, kinematics: 'point-mass', material: 'steel', position: [x, 0, z], ...extra,
});
function scene(balls: unknown[]) {
  return {
    timeStep: 1e-3, duration: 1,
    materials: { steel: { density: 1000 }, floor: { density: 1 } },
    friction: [{ between: ['steel', 'floor'], mu: 0.3 }, { between: ['steel', 'steel'], mu: 0.3 }],
    bodies: [
      { name: 'floor', shape: { type: 'plane', normal: [0, 0, 1] }, kinematics: 'point-mass', material: 'floor', motion: 'static', position: [0, 0, 0] },
      ...balls,
    ],
  };
}
const create = (balls: unknown[], extra: Record<string, unknown> = { sleep }) =>
  createSimulation(scene(balls), { ...fixtureConfig, ...extra }, { registry: fixtureRegistry() });

describe('sleeping islands on the test doubles', () => {
  test('should count rest from the step a body is slow, sleep it `time` later, and keep it bit-still with no contact', () => {
    const sim = create([ball('a', 0, 0.1)]);
    const log: { sleeping: number; contacts: number }[] = [];
    sim.run({ until: 0.1, onStep: (s) => log.push({ sleeping: s.sleeping!, contacts: s.contacts }) });
    const fell = log.findIndex((s) => s.sleeping === 1);
    // Resting from the first step: asleep at the end of step 20 (index 19), within a step of rounding.
    expect(fell).toBeGreaterThanOrEqual(18);
    expect(fell).toBeLessThanOrEqual(20);
    expect(log.slice(fell + 1).every((s) => s.sleeping === 1 && s.contacts === 0)).toBe(true);
    const z = sim.pose(1).position[2];
    sim.run({ until: 0.2 });
    expect(sim.pose(1).position[2]).toBe(z);
  });

  test('should not sleep a falling body, and sleep it once it has landed and rested', () => {
    const sim = create([ball('a', 0, 0.3)]);
    let firstAsleep = -1;
    sim.run({ until: 0.5, onStep: (s) => { if (firstAsleep < 0 && s.sleeping === 1) firstAsleep = s.time; } });
    // It falls 0.2 m: about 0.2 s of flight, then `time` at rest.
    expect(firstAsleep).toBeGreaterThan(Math.sqrt((2 * 0.2) / 9.81) + sleep.time - 2e-3);
    expect(firstAsleep).toBeLessThan(0.4);
  });

  test('should wake a sleeping ball that a falling one lands on, in the step of the contact', () => {
    // a rests on the floor; b enters at 0.1 s, 0.05 m above it, and falls onto it.
    const sim = create([ball('a', 0, 0.1), ball('b', 0, 0.35, { appearsAt: 0.1 })]);
    let asleepAtEntry = -1, wakeStep = -1, contactsThen = 0;
    let previous = 0;
    sim.run({
      until: 0.3,
      onStep: (s) => {
        if (s.step === 100) asleepAtEntry = s.sleeping!;
        if (s.step > 100 && wakeStep < 0 && s.sleeping! < previous) { wakeStep = s.step; contactsThen = s.contacts; }
        previous = s.sleeping!;
      },
    });
    expect(asleepAtEntry).toBe(1);
    expect(wakeStep).toBeGreaterThan(100);
    // Woken in detection: that step's problem holds both balls' contacts, the floor's and theirs.
    expect(contactsThen).toBe(2);
    // b rests on a, a on the floor: a carries both weights, so it was in the solve.
    expect(sim.pose(2).position[2]).toBeGreaterThan(0.29);
    expect(sim.pose(2).position[2]).toBeLessThan(0.31);
  });

  test('should sleep an island whole: a ball at rest beside a sliding one sleeps with it, not before', () => {
    // Touching side by side (the detector's margin keeps the pair); b slides along the contact and stops by friction.
    const sim = create([ball('a', 0, 0.1), ball('b', 0.2, 0.1, { velocity: [0, 0.05, 0] })]);
    const counts = new Set<number>();
    let bothAt = -1, bStoppedAt = -1;
    sim.run({
      until: 0.2,
      onStep: (s) => {
        counts.add(s.sleeping!);
        if (bStoppedAt < 0 && Math.hypot(...sim.velocity(2)) <= sleep.speed) bStoppedAt = s.time;
        if (bothAt < 0 && s.sleeping === 2) bothAt = s.time;
      },
    });
    expect([...counts].sort()).toEqual([0, 2]);
    expect(bStoppedAt).toBeGreaterThan(0.005);
    expect(Math.abs(bothAt - (bStoppedAt + sleep.time))).toBeLessThanOrEqual(1.5e-3);
    // The island's id is its smallest body index, whatever the order of its contacts.
    expect(sim.checkpoint().sleep!.island).toEqual([-1, 1, 1]);
  });

  test("should name an island by its smallest body index, and let a body rest on a static one", () => {
    // Three balls in a row, the middle one listed last: contacts (1, 3) and (2, 3) join them.
    const row = create([ball('a', 0, 0.1), ball('c', 0.4, 0.1), ball('b', 0.2, 0.1)]);
    row.run({ until: 0.1 });
    expect(row.checkpoint().sleep!.island).toEqual([-1, 1, 1, 1]);
    // A ball on a static sphere listed before it sleeps; only driven bodies keep islands awake.
    const post = create([ball('post', 0, 0.1, { motion: 'static' }), ball('a', 0, 0.3)]);
    post.run({ until: 0.1 });
    expect(post.checkpoint().sleep!.island).toEqual([-1, -1, 2]);
  });

  test('should wake only the island that is touched', () => {
    // a and c rest apart and sleep as two islands; b (listed first, so the sleeping ball is the
    // second body of their contact) lands on a.
    const sim = create([ball('b', 0, 0.35, { appearsAt: 0.1 }), ball('a', 0, 0.1), ball('c', 2, 0.1)]);
    const seen: number[] = [];
    let cAsleep: number[] | undefined, islandsWhenWoken: number[] | undefined;
    sim.run({
      until: 0.3,
      onStep: (s) => {
        if (seen.at(-1) !== s.sleeping) {
          seen.push(s.sleeping!);
          if (s.sleeping === 1) islandsWhenWoken = sim.checkpoint().sleep!.island;
        }
        if (s.sleeping === 2 && !cAsleep) cAsleep = [...sim.pose(3).position];
      },
    });
    // Both asleep, then a wakes (c sleeps on), then a and b sleep together.
    expect(seen).toEqual([0, 2, 1, 3]);
    expect(islandsWhenWoken).toEqual([-1, -1, -1, 3]);
    expect([...sim.pose(3).position]).toEqual(cAsleep);
  });

  test('should wake body 0 too, and no island for a contact between two awake bodies', () => {
    // a (body 0) and e (body 1) rest apart and sleep; c and d fall side by side, touching, far
    // from both; b enters later and lands on a.
    const sc = scene([
      ball('a', 0, 0.1), ball('e', -3, 0.1), ball('c', 3, 0.5), ball('d', 3.2, 0.5),
      ball('b', 0, 0.35, { appearsAt: 0.1 }),
    ]);
    sc.bodies.push(sc.bodies.shift()!); // the floor last: a is body 0
    const sim = createSimulation(sc, { ...fixtureConfig, sleep }, { registry: fixtureRegistry() });
    let bothSleptWhileCdFell = true, aWoke = false;
    sim.run({
      until: 0.3,
      onStep: (s) => {
        const island = sim.checkpoint().sleep!.island;
        if (s.time > 0.03 && s.time <= 0.1 && !(island[0] === 0 && island[1] === 1)) bothSleptWhileCdFell = false;
        if (s.time > 0.1 && island[0] === -1) aWoke = true;
      },
    });
    expect(bothSleptWhileCdFell).toBe(true);
    expect(aWoke).toBe(true);
  });

  test('should keep an island awake when its driven contact comes before the contact that joins it', () => {
    // x rests on a driven post and y on a static one; x and y touch. Contacts in order:
    // (post, x) marks x's island, then (x, y) joins y to it.
    const sim = create([
      ball('post', 0, 0.1, { motion: { driven: { velocity: [0, 0, 0] } } }), ball('x', 0, 0.3),
      ball('y', 0.2, 0.3), ball('stand', 0.2, 0.1, { motion: 'static' }),
    ]);
    let most = 0;
    sim.run({ until: 0.1, onStep: (s) => { most = Math.max(most, s.sleeping!); } });
    expect(most).toBe(0);
  });

  test('should not sleep an island that touches a driven body, nor anything while a load callback is given', () => {
    const onDriven = scene([ball('a', 0, 0.1)]);
    (onDriven.bodies[0] as Record<string, unknown>).motion = { driven: { velocity: [0, 0, 0] } };
    let most = 0;
    createSimulation(onDriven, { ...fixtureConfig, sleep }, { registry: fixtureRegistry() })
      .run({ until: 0.1, onStep: (s) => { most = Math.max(most, s.sleeping!); } });
    expect(most).toBe(0);
    // A driven sphere (listed before the ball, so it is the first body of their contact) holding a ball up.
    const onDrivenSphere = scene([ball('post', 0, 0.1, { motion: { driven: { velocity: [0, 0, 0] } } }), ball('a', 0, 0.3)]);
    createSimulation(onDrivenSphere, { ...fixtureConfig, sleep }, { registry: fixtureRegistry() })
      .run({ until: 0.1, onStep: (s) => { most = Math.max(most, s.sleeping!); } });
    expect(most).toBe(0);
    createSimulation(scene([ball('a', 0, 0.1)]), { ...fixtureConfig, sleep }, { registry: fixtureRegistry(), loads: () => undefined })
      .run({ until: 0.1, onStep: (s) => { most = Math.max(most, s.sleeping!); } });
    expect(most).toBe(0);
  });

  test('should keep the state of a run without `sleep` out of the statistics and the checkpoint', () => {
    const sim = create([ball('a', 0, 0.1)], {});
    expect(sim.step()).not.toHaveProperty('sleeping');
    expect(sim.checkpoint()).not.toHaveProperty('sleep');
  });

  test('should restore who sleeps from a checkpoint, and refuse one whose sleep state does not fit', () => {
    const a = create([ball('a', 0, 0.1), ball('b', 1, 0.3)]);
    a.run({ until: 0.1 });
    const checkpoint = JSON.parse(JSON.stringify(a.checkpoint()));
    // a sleeps (its own island), b is still falling.
    expect(checkpoint.sleep.island[1]).toBe(1);
    expect(checkpoint.sleep.island[2]).toBe(-1);
    const b = create([ball('a', 0, 0.1), ball('b', 1, 0.3)]);
    b.restore(checkpoint);
    a.run({ until: 0.4 });
    b.run({ until: 0.4 });
    expect([...b.pose(2).position]).toEqual([...a.pose(2).position]);
    expect(b.checkpoint().sleep).toEqual(a.checkpoint().sleep);
    // The count of sleepers comes back with the state.
    const c = create([ball('a', 0, 0.1), ball('b', 1, 0.3)]);
    c.restore(checkpoint);
    expect(c.step().sleeping).toBe(1);
    // A checkpoint that says nobody sleeps wakes whoever slept.
    c.restore({ ...checkpoint, sleep: { island: [-1, -1, -1], rest: [0, 0, 0] } });
    expect(c.step().sleeping).toBe(0);
    expect(c.contacts().count).toBeGreaterThan(0);
    // An island whose id is 0: the ball listed before the floor.
    const ballFirst = () => {
      const sc = scene([ball('a', 0, 0.1)]);
      sc.bodies.reverse();
      return createSimulation(sc, { ...fixtureConfig, sleep }, { registry: fixtureRegistry() });
    };
    const d = ballFirst();
    d.run({ until: 0.1 });
    const zero = JSON.parse(JSON.stringify(d.checkpoint()));
    expect(zero.sleep.island).toEqual([0, -1]);
    const e = ballFirst();
    e.restore(zero);
    const first = e.step();
    expect([first.sleeping, first.contacts]).toEqual([1, 0]);
    const bad = { ...checkpoint, sleep: { island: [-1, 1], rest: [0, 0] } };
    expect(() => b.restore(bad)).toThrow(/no sleep state for the 3 bodies/);
  });
});
