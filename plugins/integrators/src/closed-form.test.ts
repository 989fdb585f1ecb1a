import { createRegistry, createSimulation, type PluginRegistry, type StepStats } from '@moreau/core';
import apgd from '@moreau/apgd';
import detector from '@moreau/contact-detection';
import gaussSeidel from '@moreau/gauss-seidel';
import rigid from '@moreau/kinematics-rigid';
import pqn from '@moreau/pqn';
import semismoothNewton from '@moreau/semismooth-newton';
import { describe, expect, test } from 'vitest';
import { plugins as integrators } from './index.js';

// Closed-form mechanics through the whole engine: rigid bodies, the detector, the
// midpoint integrator and each solver chosen by config alone. An incline is modelled
// by tilting gravity by θ about y over a horizontal floor, so the floor's frames stay
// exact and the expected motion is along +x.

const G = 9.81;

function registry(): PluginRegistry {
  const r = createRegistry();
  for (const p of [rigid, detector, gaussSeidel, pqn, apgd, semismoothNewton, ...integrators]) r.register(p, 'test');
  return r;
}

const tilted = (theta: number): [number, number, number] => [G * Math.sin(theta), 0, -G * Math.cos(theta)];

function scene(theta: number, mu: number, body: Record<string, unknown>, duration = 1) {
  return {
    timeStep: 1e-3,
    duration,
    gravity: tilted(theta),
    materials: { steel: { density: 7800 }, floor: { density: 1 } },
    friction: [{ between: ['steel', 'floor'], mu }],
    bodies: [
      { name: 'floor', shape: { type: 'plane', normal: [0, 0, 1] }, motion: 'static', material: 'floor', position: [0, 0, 0] },
      { name: 'body', material: 'steel', ...body },
    ],
  };
}

const solver = (name = 'gauss-seidel', options: Record<string, unknown> = { tolerance: 1e-12 }) => ({
  solver: { name, options },
  integrator: { name: 'moreau-midpoint' },
  detector: { name: 'contact-detection' },
});

function run(s: unknown, config: unknown): { x: number[]; stats: StepStats[]; sim: ReturnType<typeof createSimulation> } {
  const sim = createSimulation(s, config, { registry: registry() });
  const stats: StepStats[] = [];
  sim.run({ onStep: (st) => stats.push(st) });
  return { x: [...sim.pose(1).position], stats, sim };
}

const box = { shape: { type: 'box', halfExtents: [0.1, 0.1, 0.05] }, position: [0, 0, 0.05] };
const sphere = { shape: { type: 'sphere', radius: 0.1 }, position: [0, 0, 0.1] };

describe('a box on an incline', () => {
  test('should stay at rest when tan θ < μ (drift below 1e-9 m over 1 s)', () => {
    const theta = Math.atan(0.4);
    const { x, stats } = run(scene(theta, 0.5, box), solver());
    expect(stats.every((s) => s.converged)).toBe(true);
    // Sticking: the tangential velocity is solved to the solver's 1e-12 relative tolerance each
    // step, so the drift is rounding-sized; 1e-9 m is the bound the mechanics asks for.
    expect(Math.hypot(x[0], x[1])).toBeLessThan(1e-9);
    expect(Math.abs(x[2] - 0.05)).toBeLessThan(1e-9);
  });

  test('should slide with s(t) = ½ g (sin θ − μ cos θ) t² within 1 % when tan θ > μ', () => {
    const theta = Math.atan(0.8), mu = 0.3;
    const { x, stats } = run(scene(theta, mu, box), solver());
    expect(stats.every((s) => s.converged)).toBe(true);
    const exact = 0.5 * G * (Math.sin(theta) - mu * Math.cos(theta)) * 1 ** 2;
    expect(Math.abs(x[0] / exact - 1)).toBeLessThan(0.01);
    // Four sliding corners share the load unevenly (W is singular for a box on a plane), so the
    // box yaws a little; the sideways drift stays below 0.1 % of the distance slid.
    expect(Math.abs(x[1])).toBeLessThan(1e-3 * x[0]);
  });
});

describe('a sphere on an incline', () => {
  test('should roll without slip at 5/7 g sin θ (within 1 %) when μ ≥ (2/7) tan θ', () => {
    const theta = 0.5, mu = 0.5; // (2/7) tan 0.5 ≈ 0.156 < μ
    const { x, stats } = run(scene(theta, mu, sphere), solver());
    expect(stats.every((s) => s.converged)).toBe(true);
    const exact = 0.5 * (5 / 7) * G * Math.sin(theta);
    expect(Math.abs(x[0] / exact - 1)).toBeLessThan(0.01);
  });

  test('should slip at g (sin θ − μ cos θ) (within 1 %) when μ < (2/7) tan θ', () => {
    const theta = 0.5, mu = 0.08;
    const { x, stats } = run(scene(theta, mu, sphere), solver());
    expect(stats.every((s) => s.converged)).toBe(true);
    const exact = 0.5 * G * (Math.sin(theta) - mu * Math.cos(theta));
    expect(Math.abs(x[0] / exact - 1)).toBeLessThan(0.01);
  });
});

// 0.5 s, not longer: a stack that sinks at all has sunk measurably by then (Gauss–Seidel held
// only to tolerance 1e-3 drifts 0.14 mm in 0.5 s; with its defaults 4e-10 m), and the run costs a
// quarter of the 2 s one.
describe('a stack of 10 boxes', () => {
  const stack = (n: number) => ({
    timeStep: 1e-3,
    duration: 0.5,
    materials: { wood: { density: 700 }, floor: { density: 1 } },
    friction: [{ between: ['wood', 'wood'], mu: 0.5 }, { between: ['wood', 'floor'], mu: 0.5 }],
    bodies: [
      { name: 'floor', shape: { type: 'plane', normal: [0, 0, 1] }, motion: 'static', material: 'floor', position: [0, 0, 0] },
      ...Array.from({ length: n }, (_, k) => ({
        name: `box${k}`, shape: { type: 'box', halfExtents: [0.2, 0.2, 0.05] }, material: 'wood', position: [0, 0, 0.05 + 0.1 * k],
      })),
    ],
  });

  // Each solver by config alone, with its defaults.
  for (const name of ['gauss-seidel', 'pqn', 'apgd', 'semismooth-newton']) {
    test(`should stay at rest for 0.5 s with ${name} (drift below 1e-6 m)`, { timeout: 400_000 }, () => {
      const sim = createSimulation(stack(10), solver(name, {}), { registry: registry() });
      const stats: StepStats[] = [];
      sim.run({ onStep: (st) => stats.push(st) });
      const unconverged = stats.filter((s) => !s.converged).length;
      let drift = 0;
      for (let k = 1; k <= 10; k++) {
        const p = sim.pose(k).position;
        drift = Math.max(drift, Math.hypot(p[0], p[1], p[2] - (0.05 + 0.1 * (k - 1))));
      }
      expect({ name, unconverged }).toEqual({ name, unconverged: 0 });
      expect(drift).toBeLessThan(1e-6);
    });
  }
});

// Per-body constant loads (scene `force` and `torque`, world frame, every step besides gravity).
describe('constant forces and torques', () => {
  const free = (body: Record<string, unknown>, gravity: number[] = [0, 0, 0]) => ({
    timeStep: 1e-3, duration: 1, gravity, materials: { steel: { density: 7800 } },
    bodies: [{ name: 'body', material: 'steel', ...body }],
  });
  const sim = (s: unknown) => {
    const it = createSimulation(s, solver(), { registry: registry() });
    it.run();
    return it;
  };

  test('should move a free spinning box\'s centre along x0 + v0 t + (g + F/m) t²/2 (midpoint: exact to 1e-12 relative)', () => {
    // The force acts on the mass centre, so the centre's motion is decoupled from the spin; the
    // midpoint step is exact for a constant acceleration and only rounding remains.
    const halfExtents = [0.1, 0.2, 0.05], F = [3, -2, 40], x0 = [1, 2, 3], v0 = [0.5, 0, 1], g = [0, 0, -9.81];
    const mass = 7800 * 8 * 0.1 * 0.2 * 0.05;
    const s = sim(free({ shape: { type: 'box', halfExtents }, position: x0, velocity: v0, angularVelocity: [3, -1, 2], force: F }, g));
    const t = s.time, x = s.pose(0).position;
    const want = [0, 1, 2].map((k) => x0[k] + v0[k] * t + 0.5 * (g[k] + F[k] / mass) * t * t);
    const scale = Math.hypot(...want);
    for (let k = 0; k < 3; k++) expect(Math.abs(x[k] - want[k])).toBeLessThan(1e-12 * scale);
    // Without the force the same box lands elsewhere: the test can fail.
    expect(Math.abs(sim(free({ shape: { type: 'box', halfExtents }, position: x0, velocity: v0 }, g)).pose(0).position[2] - want[2])).toBeGreaterThan(0.01);
  });

  test('should spin a sphere up at ω = τ t / I under a constant world torque, whatever its orientation (1e-12 relative)', () => {
    // A sphere has no gyroscopic torque (J isotropic), so ω̇ = τ / I exactly and the midpoint step
    // integrates it exactly; ω is read in the body frame (u = [v; ω_body]) and turned to the world.
    // The start is turned about x, so a torque applied in the wrong frame would point elsewhere.
    const r = 0.1, tau = [0.3, -0.2, 0.5];
    const I = 0.4 * 7800 * (4 / 3) * Math.PI * r ** 3 * r * r;
    const s = sim(free({ shape: { type: 'sphere', radius: r }, position: [0, 0, 0], rotation: { axis: [1, 0, 0], angle: 1 }, torque: tau }));
    const u = s.velocity(0), R = s.pose(0).linear, t = s.time;
    const w = [0, 1, 2].map((i) => R[3 * i] * u[3] + R[3 * i + 1] * u[4] + R[3 * i + 2] * u[5]);
    for (let k = 0; k < 3; k++) expect(Math.abs(w[k] - (tau[k] * t) / I)).toBeLessThan(1e-12 * Math.hypot(...tau) * t / I);
    // The torque moves no centre.
    expect(Math.hypot(...s.pose(0).position)).toBeLessThan(1e-15);
  });

  test('should hold a box on a frictionless incline with a force equal to the downhill pull of gravity (drift below 1e-9 m over 1 s)', () => {
    const theta = 0.3;
    const mass = 7800 * 0.2 * 0.2 * 0.1;
    const hold = [-mass * tilted(theta)[0], 0, 0];
    const held = run(scene(theta, 0, { ...box, force: hold }), solver());
    expect(held.stats.every((st) => st.converged)).toBe(true);
    // The pull and the force cancel to rounding (m g sin θ ≈ 92 N, rounding 1e-14 N) and μ = 0 gives no tangential reaction: it stays.
    expect(Math.hypot(held.x[0], held.x[1])).toBeLessThan(1e-9);
    expect(Math.abs(held.x[2] - 0.05)).toBeLessThan(1e-9);
    // Without the force it slides down at g sin θ: s = ½ g sin θ t² within 1 %.
    const loose = run(scene(theta, 0, box), solver());
    expect(Math.abs(loose.x[0] / (0.5 * G * Math.sin(theta)) - 1)).toBeLessThan(0.01);
  });
});
