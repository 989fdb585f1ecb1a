import { createRegistry, createSimulation, type PluginRegistry, type StepStats } from '@moreau/core';
import apgd from '@moreau/apgd';
import detector from '@moreau/contact-detection';
import gaussSeidel from '@moreau/gauss-seidel';
import rigid from '@moreau/kinematics-rigid';
import pqn from '@moreau/pqn';
import semismoothNewton from '@moreau/semismooth-newton';
import { describe, expect, test } from 'vitest';
import { plugins as integrators } from './index.js';

// The contact law of a step (docs/simulation.md, "The contact law"): predictive activation,
// a penetration correction by position that adds no velocity, Newton restitution at closing.

function registry(): PluginRegistry {
  const r = createRegistry();
  for (const p of [rigid, detector, gaussSeidel, pqn, apgd, semismoothNewton, ...integrators]) r.register(p, 'test');
  return r;
}

const SOLVERS = ['gauss-seidel', 'pqn', 'apgd', 'semismooth-newton'];
/** The law before predictive activation and the position correction. */
const MARGIN_AND_PUSH = { activation: 'margin', correction: 'velocity', stabilization: 0.2 };

/**
 * Two bodies meeting head on at 3 m/s in all, no gravity. ±0.202 puts the first mid-step gap the
 * detector's margin (1 mm) would see at 1.5 mm, so without look-ahead the contact is first found
 * 1.5 mm deep (the case of the measurement that showed the bounce).
 */
function headOn(shape: Record<string, unknown>, restitution: number) {
  return {
    timeStep: 1e-3, duration: 0.15, gravity: [0, 0, 0],
    materials: { steel: { density: 7800 } },
    friction: [{ between: ['steel', 'steel'], mu: 0.3, restitution }],
    bodies: [
      { name: 'a', shape, material: 'steel', position: [-0.202, 0, 0], velocity: [1.5, 0, 0] },
      { name: 'b', shape, material: 'steel', position: [0.202, 0, 0], velocity: [-1.5, 0, 0] },
    ],
  };
}

function collide(shape: Record<string, unknown>, e: number, solver: string, law: Record<string, unknown> = {}) {
  // Each solver with its defaults but a tolerance that makes 1e-6 of the approach speed meaningful.
  const options = solver === 'apgd' ? { tolerance: 1e-10 } : { tolerance: 1e-12 };
  const sim = createSimulation(headOn(shape, e), { solver: { name: solver, options }, integrator: { name: 'moreau-midpoint', options: law } }, { registry: registry() });
  let penetration = 0;
  sim.run({ onStep: (s) => { penetration = Math.max(penetration, s.penetration); } });
  const separation = sim.velocity(1)[0] - sim.velocity(0)[0];
  return { separation, penetration, gap: sim.pose(1).position[0] - sim.pose(0).position[0] - 0.2 };
}

const sphere = { type: 'sphere', radius: 0.1 };
const box = { type: 'box', halfExtents: [0.1, 0.1, 0.1] };

describe('head-on impacts, every built-in solver', () => {
  for (const solver of SOLVERS) {
    for (const [label, shape] of [['spheres', sphere], ['boxes', box]] as const) {
      test(`${label}, ${solver}: e = 0 leaves a common velocity (1e-6 of the approach speed), touching, never overlapping`, () => {
        const { separation, penetration, gap } = collide(shape, 0, solver);
        expect(Math.abs(separation) / 3).toBeLessThan(1e-6);
        expect(Math.abs(gap)).toBeLessThan(1e-6);
        expect(penetration).toBeLessThan(1e-6);
      });
      test(`${label}, ${solver}: e = 0.5 and 1 separate at e × the approach speed (1e-6 relative)`, () => {
        for (const e of [0.5, 1]) expect(Math.abs(collide(shape, e, solver).separation / 3 - e)).toBeLessThan(1e-6);
      });
    }
  }

  test('the margin-only law with a velocity push (the former default) bounces a plastic impact at a tenth of the approach speed', () => {
    // What the default law removes: the contact is found 1.5 mm deep and 0.2·1.5 mm/h is added to q_N.
    const { separation, penetration } = collide(sphere, 0, 'gauss-seidel', MARGIN_AND_PUSH);
    expect(penetration).toBeCloseTo(1.5e-3, 9);
    expect(separation / 3).toBeCloseTo(0.1, 9);
  });
});

/** A steel ball of radius 0.1 dropped from 0.5 m above a floor. */
function dropScene(duration: number, restitution?: number) {
  return {
    timeStep: 1e-3, duration,
    materials: { steel: { density: 7800 }, floor: { density: 1 } },
    friction: [{ between: ['steel', 'floor'], mu: 0.5, ...(restitution === undefined ? {} : { restitution }) }],
    bodies: [
      { name: 'floor', shape: { type: 'plane', normal: [0, 0, 1] }, motion: 'static', material: 'floor', position: [0, 0, 0] },
      { name: 'ball', shape: { type: 'sphere', radius: 0.1 }, material: 'steel', position: [0, 0, 0.6] },
    ],
  };
}

function drop(duration: number, restitution?: number, law: Record<string, unknown> = {}) {
  const sim = createSimulation(dropScene(duration, restitution), { solver: { name: 'gauss-seidel', options: { tolerance: 1e-12 } }, integrator: { name: 'moreau-midpoint', options: law } }, { registry: registry() });
  const heights: number[] = [], stats: StepStats[] = [];
  const e0 = sim.energy().kinetic + sim.energy().potential;
  sim.run({ onStep: (s) => { heights.push(sim.pose(1).position[2] - 0.1); stats.push(s); } });
  return { heights, stats, e0, sim };
}

describe('a ball dropped on a floor', () => {
  test('stops where it lands: no hop (apex below 1e-6 m), no overlap (below 1e-6 m) 0.1 s later', () => {
    const { heights, stats } = drop(0.6);
    const landed = heights.findIndex((z) => z < 1e-6);
    expect(landed).toBeGreaterThan(0);
    expect(Math.max(...heights.slice(landed))).toBeLessThan(1e-6);
    expect(Math.max(...heights.slice(landed + 100).map((z) => -z))).toBeLessThan(1e-6);
    expect(stats.every((s) => s.converged)).toBe(true);
  });

  test('the former default hopped and left an overlap: what the test above would catch', () => {
    const { heights } = drop(0.6, undefined, MARGIN_AND_PUSH);
    const landed = heights.findIndex((z) => z < 1e-6);
    expect(Math.max(...heights.slice(landed))).toBeGreaterThan(1e-4);
    const unpushed = drop(0.6, undefined, { ...MARGIN_AND_PUSH, stabilization: 0 }).heights;
    expect(-unpushed.at(-1)!).toBeGreaterThan(1e-4);
  });

  test('with e = 1 it bounces for 10⁴ steps and keeps its energy to 1e-9 relative', () => {
    const { stats, e0, heights } = drop(10, 1);
    const worst = Math.max(...stats.map((s) => Math.abs(s.kinetic + s.potential - e0) / Math.abs(e0)));
    expect(stats.length).toBe(10_000);
    expect(worst).toBeLessThan(1e-9);
    // It bounced: it came near the floor and back up more than once, and never into it.
    const bounces = heights.filter((z, k) => k > 0 && z > heights[k - 1] && heights[k - 1] < 0.01 && heights[k - 1] <= (heights[k - 2] ?? Infinity)).length;
    expect(bounces).toBeGreaterThan(2);
    expect(Math.min(...heights)).toBeGreaterThan(-1e-9);
  });
});

describe('the position correction', () => {
  /** A ball placed 2 mm into the floor, at rest, in zero gravity. */
  const overlapping = {
    timeStep: 1e-3, duration: 0.05, gravity: [0, 0, 0],
    materials: { steel: { density: 7800 }, floor: { density: 1 } },
    friction: [{ between: ['steel', 'floor'], mu: 0.5 }],
    bodies: [
      { name: 'floor', shape: { type: 'plane', normal: [0, 0, 1] }, motion: 'static', material: 'floor', position: [0, 0, 0] },
      { name: 'ball', shape: { type: 'sphere', radius: 0.1 }, material: 'steel', position: [0, 0, 0.098] },
    ],
  };
  const run = (law: Record<string, unknown>) => {
    const sim = createSimulation(overlapping, { solver: { name: 'gauss-seidel', options: { tolerance: 1e-12 } }, integrator: { name: 'moreau-midpoint', options: law } }, { registry: registry() });
    sim.step();
    const first = { z: sim.pose(1).position[2], v: sim.velocity(1)[2] };
    sim.run();
    return { first, z: sim.pose(1).position[2], v: sim.velocity(1)[2] };
  };

  test('moves the ball out in one step and gives it no velocity', () => {
    const { first, z, v } = run({});
    expect(first.z).toBeCloseTo(0.1, 12);
    expect(first.v).toBe(0);
    expect(z).toBeCloseTo(0.1, 12);
    expect(v).toBe(0);
  });

  test('by a fraction β per step with stabilization β', () => {
    expect(run({ stabilization: 0.25 }).first.z).toBeCloseTo(0.1 - 0.75 * 0.002, 12);
  });

  test('the velocity correction instead sends the ball off at β·depth/h', () => {
    const { first } = run({ correction: 'velocity', stabilization: 0.25 });
    expect(first.v).toBeCloseTo((0.25 * 0.002) / 1e-3, 9);
  });

  test('is timed as its own phase of the step, apart from assembly', () => {
    const firstStep = (law: Record<string, unknown>): StepStats =>
      createSimulation(overlapping, { solver: { name: 'gauss-seidel' }, integrator: { name: 'moreau-midpoint', options: law } }, { registry: registry() }).step();
    const position = firstStep({});
    expect(position.correctionSweeps).toBeGreaterThan(0);
    expect(position.ms.correct).toBeGreaterThan(0);
    const { detect, assemble, correct, solve, update, total } = position.ms;
    expect(detect + assemble + correct + solve + update).toBeCloseTo(total, 9);
    const velocity = firstStep({ correction: 'velocity', stabilization: 0.25 });
    expect(velocity.correctionSweeps).toBe(0);
    expect(velocity.ms.correct).toBe(0);
  });
});

describe('a box spinning onto another', () => {
  // Two cubes of a pour of 4,000 (half extent 5 cm, wood, μ 0.5), as they were one step before
  // the upper one, falling at 2.7 m/s and turning at 30 rad/s, put a corner 4.9 mm into the
  // lower one's face: one step earlier the pair was held apart by one contact at its closest
  // points, and the corner that came down was not that point. Separated boxes held by one point
  // now keep the reference face's points too (contact-detection, speculative-face.ts).
  const corners = [-0.05, 0.05].flatMap((x) => [-0.05, 0.05].flatMap((y) => [-0.05, 0.05].map((z) => [x, y, z])));
  const scene = (cube: Record<string, unknown>) => ({
    timeStep: 1e-3, duration: 0.03, materials: { wood: { density: 700 } }, defaultFriction: { mu: 0.5 },
    bodies: [
      {
        name: 'below', shape: cube, material: 'wood',
        position: [-0.9107661466308469, -0.704661601054777, 0.7663926498052563],
        rotation: [-0.14235301346803597, -0.09273868120322011, 0.6879008728571097, 0.7056398129978801],
        velocity: [-0.5739880573380659, 0.002956760561356726, -0.14310967976504682],
        angularVelocity: [-11.992772123735012, -25.2547714875461, -0.3208593879156917],
      },
      {
        name: 'spinning', shape: cube, material: 'wood',
        position: [-0.9001339803629718, -0.7007671648412154, 0.8874424666178472],
        rotation: [0.7178444147574224, -0.4475292915105566, -0.5329592935709873, -0.01926968702255231],
        velocity: [-0.03403797630995147, -0.2695384189260716, -2.671955967398643],
        angularVelocity: [17.525647715996953, 23.537185185310072, 5.223134300446892],
      },
    ],
  });

  // A box pair, and the same cubes as hulls (the polytope pair).
  for (const [label, cube] of [['boxes', { type: 'box', halfExtents: [0.05, 0.05, 0.05] }], ['hulls', { type: 'hull', points: corners }]] as const) {
    test(`${label}: no corner goes into the face below (no overlap above 1e-6 m in 30 steps; 4.9 mm with one point)`, () => {
      const sim = createSimulation(scene(cube), { solver: { name: 'gauss-seidel' } }, { registry: registry() });
      let penetration = 0, contactSteps = 0;
      sim.run({ onStep: (s) => { penetration = Math.max(penetration, s.penetration); if (s.contacts > 0) contactSteps++; } });
      expect(contactSteps).toBeGreaterThan(0);
      expect(penetration).toBeLessThan(1e-6);
    });
  }
});
