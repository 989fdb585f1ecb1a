import { describe, expect, test } from 'vitest';
import { createRegistry, createSimulation } from '@moreau/core';
import type { Simulation } from '@moreau/core';
import detector from '@moreau/contact-detection';
import gaussSeidel from '@moreau/gauss-seidel';
import { plugins as integrators } from '@moreau/integrators';
import rigid from '@moreau/kinematics-rigid';
import { Observer, observableSchema, unobservable, type Observable } from './observables.js';

const registry = createRegistry();
for (const plugin of [rigid, detector, gaussSeidel, ...integrators]) registry.register(plugin);

const G = 10, Z0 = 1;
/** A ball falling from z = 1 under g = 10, a static floor far below (never reached, never counted), and a ball that enters at t = 0.2. */
function freeFall(timeStep: number, kinematics?: string): Simulation {
  return createSimulation({
    gravity: [0, 0, -G], timeStep, duration: 1,
    bodies: [
      { name: 'floor', shape: { type: 'plane', normal: [0, 0, 1] }, motion: 'static', position: [0, 0, -100] },
      { name: 'ball', shape: { type: 'sphere', radius: 0.05 }, density: 1000, position: [0, 0, Z0], ...(kinematics ? { kinematics } : {}) },
      { name: 'late', shape: { type: 'sphere', radius: 0.05 }, density: 1000, position: [5, 0, -1], appearsAt: 0.2 },
    ],
  }, { solver: { name: 'gauss-seidel' } }, { registry });
}

/** Runs to `until` sampling as the scene job runner does: once before the first step, once after each. */
function observe(sim: Simulation, list: Observable[], until: number) {
  const observer = new Observer(list, sim);
  observer.sample();
  sim.run({ until, onStep: () => observer.sample() });
  return observer.result();
}

describe('observables', () => {
  // The midpoint scheme integrates a constant acceleration exactly: z_n = z0 − g (n h)²/2 at every
  // step end (half steps at v_n and v_{n+1} = v_n − g h), so the closed form holds to rounding and
  // a sample's count is decided by t_k against the crossing time, with no tolerance beyond that.
  test('should count a falling ball below z = c from the first sample after t = sqrt(2 (z0 − c)/g), not before', () => {
    const c = 0.5, crossing = Math.sqrt((2 * (Z0 - c)) / G); // 0.3162 s: between the samples at 0.30 and 0.32
    const { below } = observe(freeFall(0.002), [{ name: 'below', type: 'count-below', z: c, every: 0.02 }], 0.4);
    expect(below.t.map((t) => Math.round(t * 1000))).toEqual(Array.from({ length: 21 }, (_, k) => 20 * k));
    for (let k = 0; k < below.t.length; k++) {
      // The late ball (below c, at rest) counts from its appearsAt, 0.2 s; the ball from the crossing.
      expect(below.value[k]).toBe((below.t[k] >= 0.2 - 1e-9 ? 1 : 0) + (below.t[k] > crossing ? 1 : 0));
    }
    expect(below.value[15]).toBe(1); // t = 0.30 < 0.3162
    expect(below.value[16]).toBe(2); // t = 0.32 > 0.3162
  });

  test('should count the ball inside a box while its centre is between the box faces', () => {
    // Enters the box z ≤ 0.9 at sqrt(0.02) = 0.141 s, leaves it below z = 0.5 at 0.316 s.
    const { box } = observe(freeFall(0.002), [{ name: 'box', type: 'count-inside', min: [-1, -1, 0.5], max: [1, 1, 0.9], every: 0.02 }], 0.4);
    const expected = box.t.map((t) => (t > Math.sqrt(0.02) && t < Math.sqrt(0.1) ? 1 : 0));
    expect(box.value).toEqual(expected);
    expect(expected.filter((v) => v === 1)).toHaveLength(8); // 0.16 … 0.30
  });

  test('should average the centre velocity of the bodies present: v_z = −g t for the ball, −g (t − 0.2) for the late one once in', () => {
    const { vz, speed } = observe(freeFall(0.002), [
      { name: 'vz', type: 'mean-velocity', axis: 'z', every: 0.1 },
      { name: 'speed', type: 'mean-velocity', every: 0.1 },
    ], 0.4);
    expect(vz.t).toHaveLength(5);
    vz.t.forEach((t, k) => {
      const speeds = t >= 0.2 - 1e-9 ? [G * t, G * (t - 0.2)] : [G * t];
      const mean = speeds.reduce((a, b) => a + b) / speeds.length;
      // v_n = −g n h exactly in exact arithmetic; 1e-12 covers the rounding of 200 steps.
      expect(vz.value[k]).toBeCloseTo(-mean, 12);
      expect(speed.value[k]).toBeCloseTo(mean, 12);
    });
  });

  test('should sample at t = 0 and at the first step end at or after each multiple of every', () => {
    const { n } = observe(freeFall(0.01), [{ name: 'n', type: 'count-below', z: -50, every: 0.025 }], 0.1);
    expect(n.t.map((t) => Math.round(t * 100))).toEqual([0, 3, 5, 8, 10]);
    expect(n.value).toEqual([0, 0, 0, 0, 0]);
  });

  test('should refuse a mean velocity over bodies whose velocity is not the centre\'s first', () => {
    const sim = freeFall(0.002);
    expect(unobservable([{ name: 'v', type: 'mean-velocity', every: 1 }], sim)).toBeUndefined();
    const fake = { bodies: [{ ...sim.bodies[1], kinematics: 'pseudo-rigid' }] } as unknown as Simulation;
    expect(unobservable([{ name: 'v', type: 'mean-velocity', every: 1 }], fake)).toMatch(/bodies\[0\] \("ball"\) is pseudo-rigid/);
    expect(unobservable([{ name: 'n', type: 'count-below', z: 0, every: 1 }], fake)).toBeUndefined();
  });

  test('should refuse a malformed observable: unknown type, bad name, empty box, non-positive interval', () => {
    expect(observableSchema.safeParse({ name: 'x', type: 'count-abov', z: 0, every: 1 }).success).toBe(false);
    expect(observableSchema.safeParse({ name: '1x', type: 'count-below', z: 0, every: 1 }).success).toBe(false);
    expect(observableSchema.safeParse({ name: 'x', type: 'count-inside', min: [0, 0, 1], max: [1, 1, 0], every: 1 }).success).toBe(false);
    expect(observableSchema.safeParse({ name: 'x', type: 'count-below', z: 0, every: 0 }).success).toBe(false);
    expect(observableSchema.safeParse({ name: 'x', type: 'count-below', z: 0, every: 0.5 }).success).toBe(true);
  });
});
