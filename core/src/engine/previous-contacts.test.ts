import { describe, expect, test } from 'vitest';
import { defineDetector } from '../contracts/define.js';
import type { ContactSet, PreviousContacts } from '../contracts/dynamics.js';
import { createSimulation } from '../run/create-simulation.js';
import { fixtureConfig, fixtureRegistry } from './__fixtures__/registry.js';
import { SphereDetector } from './__fixtures__/sphere-detector.js';
import { PreviousInDetectorIndices } from './previous-contacts.js';

/** Ids and frames of the first `count` rows, renumbered by `index` (copies). */
function copy(p: PreviousContacts, index = (b: number) => b): PreviousContacts {
  const n = p.count;
  return {
    count: n, bodyA: Int32Array.from(p.bodyA.subarray(0, n), index), bodyB: Int32Array.from(p.bodyB.subarray(0, n), index),
    feature: p.feature.slice(0, n), frame: p.frame.slice(0, 9 * n),
  };
}

describe('PreviousInDetectorIndices', () => {
  test('should renumber the rows, keep their order, features and frames, and leave out rows of absent bodies', () => {
    const previous: PreviousContacts = {
      count: 4, bodyA: Int32Array.of(1, 2, 3, 3, 9), bodyB: Int32Array.of(0, 0, 1, 2, 9), feature: Int32Array.of(0, 5, 1, 2, 9),
      frame: Float64Array.from({ length: 45 }, (_, k) => k + 0.5),
    };
    // Scene bodies 0, 2, 3 present (detector indices 0, 1, 2); body 1 absent.
    const index = [0, -1, 1, 2];
    const map = new PreviousInDetectorIndices();
    const mapped = copy(map.map(previous, (b) => index[b]));
    expect(mapped).toEqual({
      count: 2, bodyA: Int32Array.of(1, 2), bodyB: Int32Array.of(0, 1), feature: Int32Array.of(5, 2),
      frame: Float64Array.from([...previous.frame.subarray(9, 18), ...previous.frame.subarray(27, 36)]),
    });
    // Its buffers grow for a longer table and serve again for a shorter one.
    const longer: PreviousContacts = { count: 5, bodyA: Int32Array.of(0, 0, 0, 0, 0), bodyB: Int32Array.of(0, 0, 0, 0, 0), feature: Int32Array.of(0, 1, 2, 3, 4), frame: new Float64Array(45).fill(2) };
    expect(copy(map.map(longer, (b) => b))).toEqual(copy(longer));
    expect(copy(map.map(previous, (b) => index[b]))).toEqual(mapped);
  });
});

/** Three spheres on a floor, the first (scene index 1) entering at `late` when given; a detector that records each `previous` it is handed. */
function recordedRun(late: number | undefined) {
  const handed: Array<PreviousContacts | undefined> = [];
  const plugin = defineDetector({
    name: 'recording-spheres', summary: 'records what the engine hands it', options: fixtureRegistry().get('detector', 'spheres').options,
    create: () => {
      const inner = new SphereDetector(0);
      return { name: 'recording-spheres', detect: (bodies, out, previous) => { handed.push(previous && copy(previous)); inner.detect(bodies, out); } };
    },
  });
  const registry = fixtureRegistry();
  registry.register(plugin, 'test');
  const sphere = (name: string, x: number, z: number) => ({ name, shape: { type: 'sphere', radius: 0.1 }, kinematics: 'point-mass', material: 'steel', position: [x, 0, z] });
  const scene = {
    timeStep: 1e-3, duration: 0.1, materials: { steel: { density: 1000 } },
    bodies: [
      { name: 'floor', shape: { type: 'plane', normal: [0, 0, 1] }, kinematics: 'point-mass', motion: 'static', position: [0, 0, 0] },
      { ...sphere('late', 1, 0.1), ...(late === undefined ? {} : { appearsAt: late }) },
      sphere('a', 0, 0.1),
      sphere('b', 0.05, 0.29),
    ],
  };
  const sim = createSimulation(scene, { ...fixtureConfig, detector: { name: 'recording-spheres' } }, { registry });
  return { sim, handed };
}

describe('the engine hands the detector the last step\'s contacts', () => {
  for (const late of [undefined, 0.05]) {
    test(`should hand each detection the contacts the step before solved, in the detector's indices${late ? ' while a body waits to enter' : ''}`, () => {
      const { sim, handed } = recordedRun(late);
      let expected: PreviousContacts | undefined, compared = 0;
      while (sim.time < 0.1 - 1e-9) {
        sim.step();
        expect(handed).toHaveLength(sim.steps);
        expect(handed[sim.steps - 1]).toEqual(expected);
        if (expected) compared++;
        // While body 1 waits, the detector sees bodies 0, 2, 3 as 0, 1, 2.
        const waiting = late !== undefined && sim.time < late - 1e-12;
        const c: ContactSet = sim.contacts();
        expected = c.count === 0 ? undefined : copy(c, (b) => (waiting && b > 1 ? b - 1 : b));
      }
      // The spheres rest on the floor and on each other the whole time: a table at every step but the first.
      expect(compared).toBe(sim.steps - 1);
      expect(handed.some((p) => p && Array.from(p.bodyB.subarray(0, p.count)).some((b) => b !== 0))).toBe(true);
    });
  }
});
