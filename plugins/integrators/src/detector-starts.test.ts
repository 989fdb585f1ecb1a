import { createSimulation, type ContactDetector, type DetectorPlugin, type PreviousContacts } from '@moreau/core';
import detector from '@moreau/contact-detection';
import { describe, expect, test } from 'vitest';
import { simulationRegistry } from './__fixtures__/registry.js';
import { straightAndResumed } from './__fixtures__/resume.js';

const floor = { name: 'floor', shape: { type: 'plane', normal: [0, 0, 1] }, motion: 'static', material: 'floor', position: [0, 0, 0] };

/** Three ellipsoids falling onto each other and the floor; `late` makes the first of them (scene index 1) enter the scene then. */
function ellipsoids(late?: number) {
  const e = (name: string, position: number[], angle: number) => ({
    name, shape: { type: 'ellipsoid', semiAxes: [0.12, 0.08, 0.06] }, material: 'grain', position, rotation: { axis: [1, 2, 3], angle },
  });
  return {
    timeStep: 1e-3, duration: 0.4,
    materials: { grain: { density: 2000 }, floor: { density: 1 } },
    friction: [{ between: ['grain', 'floor'], mu: 0.4 }, { between: ['grain', 'grain'], mu: 0.3 }],
    bodies: [
      floor,
      { ...e('c', [-0.04, 0.03, 0.36], 2.3), ...(late === undefined ? {} : { appearsAt: late }) },
      e('a', [0, 0, 0.07], 0.2),
      e('b', [0.05, 0.02, 0.21], 1.1),
    ],
  };
}

const config = { solver: { name: 'gauss-seidel', options: { tolerance: 1e-10 } }, integrator: { name: 'moreau-midpoint' }, detector: { name: 'contact-detection' } };

/** The registry with the detector wrapped: a copy of every `previous` it is handed. */
function recording() {
  const given: Array<PreviousContacts | undefined> = [];
  const plugin: DetectorPlugin = {
    ...(detector as DetectorPlugin),
    name: 'recording',
    create(options, ctx) {
      const inner: ContactDetector = (detector as DetectorPlugin).create(options, ctx);
      return {
        name: 'recording',
        margin: inner.margin?.bind(inner),
        detect(bodies, out, previous) {
          given.push(previous && copy(previous));
          inner.detect(bodies, out, previous);
        },
      };
    },
  };
  const registry = simulationRegistry();
  registry.register(plugin, 'test');
  return { registry, given };
}

/** Ids and frames of the first `count` contacts, renumbered by `index`. */
function copy(p: PreviousContacts, index = (b: number) => b): PreviousContacts {
  const n = p.count;
  return {
    count: n, bodyA: Int32Array.from(p.bodyA.subarray(0, n), index), bodyB: Int32Array.from(p.bodyB.subarray(0, n), index),
    feature: p.feature.slice(0, n), frame: p.frame.slice(0, 9 * n),
  };
}

/**
 * Steps a simulation of the ellipsoids to `until`, checking that each detection is handed the contacts the
 * step before solved, in the detector's indices; returns how many of them held two ellipsoids touching.
 */
function checkStarts(late: number | undefined, until: number): number {
  const { registry, given } = recording();
  const sim = createSimulation(ellipsoids(late), { ...config, detector: { name: 'recording' } }, { registry });
  let compared = 0, last: PreviousContacts | undefined;
  while (sim.time < until - 1e-9) {
    sim.step();
    // One detection a step (no sleep here); the first has nothing to start from.
    expect(given).toHaveLength(sim.steps);
    const handed = given[sim.steps - 1];
    if (!last || last.count === 0) expect(handed).toBeUndefined();
    else {
      expect(handed).toEqual(last);
      // Counted where two ellipsoids touch (the floor is body 0): their Newton polish takes the start.
      if (Array.from(last.bodyB.subarray(0, last.count)).some((b) => b !== 0)) compared++;
    }
    // The contacts this step solved, in scene indices, as the next detection must see them: while
    // body 1 is absent, the detector's bodies are 0, 2, 3.
    const absent = late !== undefined && sim.time < late - 1e-12;
    const c = sim.contacts();
    last = copy({ count: c.count, bodyA: c.bodyA, bodyB: c.bodyB, feature: c.feature, frame: c.frame }, (b) => (absent && b > 1 ? b - 1 : b));
  }
  return compared;
}

const state = (sim: { pose(b: number): { position: Float64Array; linear: Float64Array }; velocity(b: number): Float64Array }) =>
  [1, 2, 3].flatMap((b) => [...sim.pose(b).position, ...sim.pose(b).linear, ...sim.velocity(b)]);

describe('the detector is handed the last step\'s contacts', () => {
  test('should be given, at each step, the contacts the step before solved (none at the first)', () => {
    expect(checkStarts(undefined, 0.2)).toBeGreaterThan(100);
  });

  test('should give them in the detector\'s indices while a body has not entered the scene', () => {
    expect(checkStarts(0.1, 0.2)).toBeGreaterThan(100);
  });

  test('should resume from a JSON checkpoint bit-identically: the checkpoint holds the detector\'s starts', () => {
    const { straight, stopped, resumed } = straightAndResumed(() => createSimulation(ellipsoids(0.05), config, { registry: simulationRegistry() }), 0.2);
    expect(stopped.contacts().count).toBeGreaterThan(1);
    expect(resumed.steps).toBe(straight.steps);
    const a = state(straight), b = state(resumed);
    expect(a.every((x, i) => Object.is(x, b[i]))).toBe(true);
  });
});
