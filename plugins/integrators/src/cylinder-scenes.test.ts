import { createRegistry, createSimulation, type PluginRegistry, type StepStats } from '@moreau/core';
import detector from '@moreau/contact-detection';
import gaussSeidel from '@moreau/gauss-seidel';
import rigid from '@moreau/kinematics-rigid';
import { describe, expect, test } from 'vitest';
import { plugins as integrators } from './index.js';

// A solid cylinder through the whole engine (rigid bodies, the detector's cylinder routines,
// the midpoint integrator, Gauss–Seidel to 1e-12), against closed forms. As in
// closed-form.test.ts an incline is gravity tilted by θ about y over a horizontal floor, so
// the floor's frames stay exact and the motion is along +x.

const G = 9.81;
const R = 0.1, HALF = 0.1; // radius and half length: a cylinder 0.2 long, as wide as it is long

function registry(): PluginRegistry {
  const r = createRegistry();
  for (const p of [rigid, detector, gaussSeidel, ...integrators]) r.register(p, 'test');
  return r;
}

const tilted = (theta: number): [number, number, number] => [G * Math.sin(theta), 0, -G * Math.cos(theta)];

function scene(theta: number, mu: number, body: Record<string, unknown>, duration = 1, restitution?: number) {
  return {
    timeStep: 1e-3,
    duration,
    gravity: tilted(theta),
    materials: { steel: { density: 7800 }, floor: { density: 1 } },
    friction: [{ between: ['steel', 'floor'], mu, ...(restitution === undefined ? {} : { restitution }) }],
    bodies: [
      { name: 'floor', shape: { type: 'plane', normal: [0, 0, 1] }, motion: 'static', material: 'floor', position: [0, 0, 0] },
      { name: 'cylinder', material: 'steel', shape: { type: 'cylinder', radius: R, halfLength: HALF }, ...body },
    ],
  };
}

const config = {
  solver: { name: 'gauss-seidel', options: { tolerance: 1e-12 } },
  integrator: { name: 'moreau-midpoint' },
  detector: { name: 'contact-detection' },
};

/** Runs the scene and records, after every step, the cylinder's centre, its tilt (the angle of its axis from world z) and its velocity u = [v; ω in the body frame]. */
function run(s: unknown) {
  const sim = createSimulation(s, config, { registry: registry() });
  const stats: StepStats[] = [], centre: number[][] = [], tilt: number[] = [];
  sim.run({
    onStep: (st) => {
      stats.push(st);
      const { position, linear } = sim.pose(1);
      centre.push([...position]);
      tilt.push(Math.acos(Math.min(1, Math.abs(linear[8]))));
    },
  });
  return { sim, stats, centre, tilt, u: [...sim.velocity(1)], L: [...sim.pose(1).linear] };
}

// Turned about its axis, so the rim points holding it are not lined up with the slope.
const standing = { position: [0.2, -0.1, HALF], rotation: { axis: [0, 0, 1], angle: 0.3 } };
// Axis along world y (a quarter turn about x), resting on its side.
const lying = { position: [0, 0, R], rotation: { axis: [1, 0, 0], angle: Math.PI / 2 } };

describe('a cylinder standing on its end', () => {
  test('should rest still on a level floor for 1 s: no drift, no rocking', () => {
    const { stats, centre, tilt } = run(scene(0, 0.5, standing));
    expect(stats.every((s) => s.converged)).toBe(true);
    // Four rim points hold it (the detector's square on the end); the step solves each to 1e-12
    // relative, so what is left is rounding: 1e-9 m and 1e-9 rad are what "still" asks for.
    const drift = Math.max(...centre.map((c) => Math.hypot(c[0] - 0.2, c[1] + 0.1, c[2] - HALF)));
    expect(drift).toBeLessThan(1e-9);
    expect(Math.max(...tilt)).toBeLessThan(1e-9);
    expect(Math.min(...stats.map((s) => s.contacts))).toBe(4);
  });

  test('should rest still on an incline with tan θ = 0.3 below μ = 0.5 and below r/half length = 1 (it neither slides nor tips)', () => {
    const { stats, centre, tilt } = run(scene(Math.atan(0.3), 0.5, standing));
    expect(stats.every((s) => s.converged)).toBe(true);
    const drift = Math.max(...centre.map((c) => Math.hypot(c[0] - 0.2, c[1] + 0.1, c[2] - HALF)));
    expect(drift).toBeLessThan(1e-9);
    expect(Math.max(...tilt)).toBeLessThan(1e-9);
  });

  test('should stop on the floor when dropped on its end with restitution 0: no bounce, no rocking', () => {
    // Dropped from 5 cm: it lands at t = √(2·0.05/g) ≈ 0.101 s at 0.99 m/s.
    const { stats, centre, tilt, u } = run(scene(0, 0.5, { ...standing, position: [0, 0, HALF + 0.05] }, 0.4, 0));
    expect(stats.every((s) => s.converged)).toBe(true);
    const landed = centre.findIndex((c) => c[2] <= HALF + 1e-3);
    expect(landed).toBeGreaterThan(90);
    expect(landed).toBeLessThan(110);
    // After landing it never rises again (a bounce would lift it by e² · 5 cm), and it ends at rest on the floor.
    const after = centre.slice(landed + 5);
    expect(Math.max(...after.map((c) => c[2]))).toBeLessThan(HALF + 1e-6);
    expect(Math.abs(centre[centre.length - 1][2] - HALF)).toBeLessThan(1e-6);
    expect(Math.hypot(...u)).toBeLessThan(1e-6);
    expect(Math.max(...tilt)).toBeLessThan(1e-9);
  });
});

describe('a cylinder lying on its side on an incline', () => {
  // The acceleration is constant, which the midpoint step integrates exactly: what is left is
  // the solver's 1e-12 tolerance and rounding over 1000 steps, well inside 1e-9 relative.
  test('should roll without slipping at a = (2/3) g sin θ (to 1e-9) when μ ≥ (1/3) tan θ', () => {
    const theta = 0.5, mu = 0.5; // (1/3) tan 0.5 ≈ 0.18 < μ
    const { stats, centre, u, L } = run(scene(theta, mu, lying));
    expect(stats.every((s) => s.converged)).toBe(true);
    const x = centre[centre.length - 1][0], exact = 0.5 * (2 / 3) * G * Math.sin(theta);
    expect(Math.abs(x / exact - 1)).toBeLessThan(1e-9);
    // Rolling: the contact line is at rest, v = ω_y r, with ω in the world frame = L ω_body.
    const wy = L[3] * u[3] + L[4] * u[4] + L[5] * u[5];
    expect(Math.abs((wy * R) / u[0] - 1)).toBeLessThan(1e-9);
    // It rolls straight down: no drift along its axis, still on the floor.
    expect(Math.abs(centre[centre.length - 1][1])).toBeLessThan(1e-6 * x);
    expect(Math.abs(centre[centre.length - 1][2] - R)).toBeLessThan(1e-6);
  });

  test('should slip at a = g (sin θ − μ cos θ) (to 1e-9) when μ < (1/3) tan θ', () => {
    const theta = 0.5, mu = 0.1; // (1/3) tan 0.5 ≈ 0.18 > μ
    const { stats, centre } = run(scene(theta, mu, lying));
    expect(stats.every((s) => s.converged)).toBe(true);
    const x = centre[centre.length - 1][0], exact = 0.5 * G * (Math.sin(theta) - mu * Math.cos(theta));
    expect(Math.abs(x / exact - 1)).toBeLessThan(1e-9);
  });

  test('should slide without turning at a = g sin θ (to 1e-9) when μ = 0', () => {
    const theta = 0.5;
    const { stats, centre, u } = run(scene(theta, 0, lying));
    expect(stats.every((s) => s.converged)).toBe(true);
    const x = centre[centre.length - 1][0], exact = 0.5 * G * Math.sin(theta);
    expect(Math.abs(x / exact - 1)).toBeLessThan(1e-9);
    // No friction, no torque about the centre: it does not start to turn.
    expect(Math.hypot(u[3], u[4], u[5])).toBeLessThan(1e-9);
  });
});
