import { createRegistry, createSimulation, isMoreauError, type PluginRegistry, type StepStats } from '@moreau/core';
import detector from '@moreau/contact-detection';
import gaussSeidel from '@moreau/gauss-seidel';
import rigid from '@moreau/kinematics-rigid';
import pqn from '@moreau/pqn';
import { describe, expect, test } from 'vitest';
import { plugins as integrators } from './index.js';

// Rolling and spinning resistance (paper 002's cone Z) through the whole engine: rigid bodies,
// the detector, the midpoint integrator and Gauss–Seidel (one of the solvers that declare
// `supports.rolling`, with APGD and auto). A steel sphere of radius R, mass m and I = (2/5) m R² on a plane, normal
// force N = m g cos θ (an incline is gravity tilted by θ about y over a level floor, as in
// closed-form.test.ts, so the motion is along +x).
//
// Rolling (x along the slope, ω_y the spin that rolls the ball forward, v = R ω_y without slip),
// with friction F along x and the rolling torque −ρ N about y (it opposes ω_y while the ball rolls):
//   m a = m g sin θ + F,   I ω̇_y = −R F − ρ N,   a = R ω̇_y
//   ⇒ a (m + I/R²) = m g sin θ − (ρ/R) m g cos θ
//   ⇒ a = g (sin θ − (ρ/R) cos θ) / (1 + I/(m R²)) = (5/7) g (sin θ − (ρ/R) cos θ),
// which needs |F| = m g ((2/7) sin θ + (5/7)(ρ/R) cos θ) ≤ μ N, i.e. μ ≥ (2/7) tan θ + (5/7) ρ/R.
// On a level plane (θ = 0) a ball launched rolling at v0 decelerates at (5/7)(ρ/R) g and stops
// after v0 / a, at distance v0² / (2a). At rest, the torque needed to hold the ball is R F with
// F = m g sin θ, within ρ N exactly when tan θ ≤ ρ/R: below that slope a ball at rest stays.
// Spinning about the normal at ω_z, the torque −σ N (no friction arm: the contact point is on
// the axis) gives I ω̇_z = −σ m g, so the spin stops at t = I ω0 / (σ m g).
//
// Each step is exact for these motions but for the solver's tolerance: the impulses of a step are
// constant-force impulses (the normal impulse is m g h, the resistances ρ m g h and σ m g h), so
// velocities fall by exactly a h per step, and the midpoint position update is exact for a
// constant acceleration. What is left: the step where the motion stops (the ball stops within
// it, at a step boundary, not at t_stop), and the solver's residual.

const G = 9.81;
const R = 0.1;
const DENSITY = 7800;
const MASS = DENSITY * (4 / 3) * Math.PI * R ** 3;
const H = 1e-3;
/** Gauss–Seidel's residual: each step's reactions are solved to 1e-12 relative (siconos). */
const TOLERANCE = 1e-12;

function registry(extra: Parameters<PluginRegistry['register']>[0][] = []): PluginRegistry {
  const r = createRegistry();
  for (const p of [rigid, detector, gaussSeidel, ...extra, ...integrators]) r.register(p, 'test');
  return r;
}

const config = (name = 'gauss-seidel') => ({
  solver: { name, options: { tolerance: TOLERANCE } },
  integrator: { name: 'moreau-midpoint' },
  detector: { name: 'contact-detection' },
});

const tilted = (theta: number) => [G * Math.sin(theta), 0, -G * Math.cos(theta)];

function ballScene(law: Record<string, number>, ball: Record<string, unknown>, opts: { theta?: number; duration: number }) {
  return {
    timeStep: H,
    duration: opts.duration,
    gravity: tilted(opts.theta ?? 0),
    materials: { steel: { density: DENSITY }, floor: { density: 1 } },
    friction: [{ between: ['steel', 'floor'], mu: 0.5, ...law }],
    bodies: [
      { name: 'floor', shape: { type: 'plane', normal: [0, 0, 1] }, motion: 'static', material: 'floor', position: [0, 0, 0] },
      { name: 'ball', material: 'steel', shape: { type: 'sphere', radius: R }, position: [0, 0, R], ...ball },
    ],
  };
}

/** Runs the scene, calling `each` after every step; every step must converge. */
function run(scene: unknown, each?: (sim: ReturnType<typeof createSimulation>, step: number) => void) {
  const sim = createSimulation(scene, config(), { registry: registry() });
  const stats: StepStats[] = [];
  sim.run({ onStep: (s) => { stats.push(s); each?.(sim, s.step); } });
  expect(stats.filter((s) => !s.converged).length).toBe(0);
  return sim;
}

describe('a sphere rolling on a level plane with rolling resistance ρ', () => {
  const rho = 0.005, v0 = 1; // ρ/R = 0.05; μ = 0.5 ≥ (5/7) ρ/R
  const a = (5 / 7) * (rho / R) * G;
  const tStop = v0 / a, distance = (v0 * v0) / (2 * a); // 2.854 s, 1.427 m

  test('should decelerate at (5/7)(ρ/R) g, roll without slip, and stop at v0²/(2a) at the first step after v0/a', () => {
    let atOne: Float64Array | undefined, xAtOne = 0, stopped = -1;
    const sim = run(ballScene({ rollingResistance: rho }, { velocity: [v0, 0, 0], angularVelocity: [0, v0 / R, 0] }, { duration: 3.2 }), (s, step) => {
      const v = s.velocity(1);
      if (step === 1000) {
        atOne = v;
        xAtOne = s.pose(1).position[0];
      }
      if (stopped < 0 && Math.abs(v[0]) < 1e-9) stopped = step;
    });
    // v(1 s) = v0 − a: a thousand steps, each exact to the solver's 1e-12, so 1e-9 of v0 bounds
    // what they add up to (measured 1e-14).
    expect(Math.abs(atOne![0] - (v0 - a))).toBeLessThan(1e-9 * v0);
    // x(1 s) = v0 − a/2: the midpoint update is exact for constant deceleration (measured 1.4e-13 m).
    expect(Math.abs(xAtOne - (v0 - a / 2))).toBeLessThan(1e-9);
    // No slip at the contact point: v − R ω_y (ω body = world, the ball turns about y only).
    expect(Math.abs(atOne![0] - R * atOne![4])).toBeLessThan(1e-9 * v0);
    // It stops within the step that holds t = v0/a, and stays.
    expect(stopped).toBe(Math.ceil(tStop / H));
    const v = sim.velocity(1);
    expect(Math.hypot(v[0], v[1], v[3], v[4], v[5])).toBeLessThan(1e-9);
    // Distance: the last step ends at rest a full step after v = a h at most, so the discrete
    // distance exceeds v0²/(2a) by at most a h²/2 (measured 3.1e-8 m; bound 1.75e-7 m).
    expect(Math.abs(sim.pose(1).position[0] - distance)).toBeLessThan(a * H * H);
  });
});

describe('a sphere on an incline with rolling resistance ρ', () => {
  const rho = 0.005; // ρ/R = 0.05

  test('should stay at rest below the threshold slope tan θ = ρ/R (drift below 1e-9 m over 1 s), and roll without the resistance', () => {
    const theta = Math.atan(0.8 * (rho / R));
    const held = run(ballScene({ rollingResistance: rho }, {}, { theta, duration: 1 })).pose(1).position;
    // Held: the solver holds the contact still to its 1e-12 tolerance each step (measured 2e-16 m).
    expect(Math.hypot(held[0], held[1], held[2] - R)).toBeLessThan(1e-9);
    // The same slope without rolling resistance rolls it ½ (5/7) g sin θ t² ≈ 0.14 m: the test can fail.
    const free = run(ballScene({}, {}, { theta, duration: 1 })).pose(1).position;
    expect(free[0]).toBeGreaterThan(0.1);
  });

  test('should roll above it at (5/7) g (sin θ − (ρ/R) cos θ)', () => {
    const theta = Math.atan(3 * (rho / R)); // μ = 0.5 ≥ (2/7) tan θ + (5/7) ρ/R ≈ 0.08
    const a = (5 / 7) * G * (Math.sin(theta) - (rho / R) * Math.cos(theta));
    const x = run(ballScene({ rollingResistance: rho }, {}, { theta, duration: 1 })).pose(1).position;
    // s(1 s) = ½ a: a thousand steps exact but for the solver's 1e-12 each, so 1e-9 relative
    // (measured 8e-13).
    expect(Math.abs(x[0] / (0.5 * a) - 1)).toBeLessThan(1e-9);
    // Without the resistance it goes (5/7) g sin θ: ρ makes a difference of a third here.
    expect(Math.abs(x[0] / (0.5 * (5 / 7) * G * Math.sin(theta)) - 1)).toBeGreaterThan(0.3);
  });
});

describe('a sphere spinning about the normal with spinning resistance σ', () => {
  test('should slow its spin at σ m g / I_z and stop at t = I_z ω0 / (σ m g), its centre still', () => {
    const sigma = 0.002, w0 = 5;
    const Iz = 0.4 * MASS * R * R;
    const alpha = (sigma * MASS * G) / Iz; // 4.905 rad/s²
    const tStop = (Iz * w0) / (sigma * MASS * G); // 1.019 s
    let atHalf = 0, stopped = -1;
    const sim = run(ballScene({ spinningResistance: sigma }, { angularVelocity: [0, 0, w0] }, { duration: 1.2 }), (s, step) => {
      const w = s.velocity(1)[5];
      if (step === 500) atHalf = w;
      if (stopped < 0 && Math.abs(w) < 1e-9) stopped = step;
    });
    // ω(0.5 s) = ω0 − α/2: 500 exact steps to 1e-12 each (measured 1e-12 rad/s).
    expect(Math.abs(atHalf - (w0 - alpha / 2))).toBeLessThan(1e-9 * w0);
    expect(stopped).toBe(Math.ceil(tStop / H));
    expect(Math.abs(sim.velocity(1)[5])).toBeLessThan(1e-9);
    // No friction acts (the contact point is on the spin axis): the centre stays put (measured 2e-16 m).
    const x = sim.pose(1).position;
    expect(Math.hypot(x[0], x[1], x[2] - R)).toBeLessThan(1e-9);
  });
});

describe('without resistance', () => {
  // Spheres and boxes, spinning and sliding, so contacts of every kind are in the problems.
  const scene = (law: Record<string, number>) => ({
    timeStep: H, duration: 0.2, gravity: [0, 0, -G],
    materials: { steel: { density: DENSITY }, floor: { density: 1 } },
    friction: [{ between: ['steel', 'floor'], mu: 0.4, ...law }],
    defaultFriction: { mu: 0.3, ...law },
    bodies: [
      { name: 'floor', shape: { type: 'plane', normal: [0, 0, 1] }, motion: 'static', material: 'floor', position: [0, 0, 0] },
      { name: 'ball', material: 'steel', shape: { type: 'sphere', radius: R }, position: [0, 0, R], velocity: [1, 0.2, 0], angularVelocity: [0, 3, 8] },
      { name: 'box', material: 'steel', shape: { type: 'box', halfExtents: [0.1, 0.08, 0.05] }, position: [0.5, 0, 0.06], velocity: [-0.5, 0, 0], angularVelocity: [0, 0, 2] },
      { name: 'loose', shape: { type: 'sphere', radius: 0.05 }, density: 2000, position: [0.5, 0, 0.2] },
    ],
  });

  test('should give bit-identical poses and velocities with rollingResistance = spinningResistance = 0 as without the keys, and problems without torque blocks', () => {
    const a = createSimulation(scene({}), config(), { registry: registry() });
    const b = createSimulation(scene({ rollingResistance: 0, spinningResistance: 0 }), config(), { registry: registry() });
    let contacts = 0;
    for (let k = 0; k < 200; k++) {
      a.step();
      b.step();
      const p = b.lastProblem();
      contacts = Math.max(contacts, p?.contacts ?? 0);
      expect(p?.rolling).toBeUndefined();
      expect(p?.contacts).toBe(a.lastProblem()?.contacts);
    }
    expect(contacts).toBeGreaterThanOrEqual(5);
    for (let i = 1; i < 4; i++) {
      expect(Array.from(b.pose(i).position)).toEqual(Array.from(a.pose(i).position));
      expect(Array.from(b.pose(i).linear)).toEqual(Array.from(a.pose(i).linear));
      expect(Array.from(b.velocity(i))).toEqual(Array.from(a.velocity(i)));
    }
  });
});

describe('with resistance, through the run machinery', () => {
  test('should resume from a checkpoint bit for bit, torque warm starts included', () => {
    const s = ballScene({ rollingResistance: 0.005, spinningResistance: 0.002 }, { velocity: [1, 0, 0], angularVelocity: [0, 10, 4] }, { duration: 1 });
    const whole = createSimulation(s, config(), { registry: registry() });
    for (let k = 0; k < 100; k++) whole.step();
    const half = createSimulation(s, config(), { registry: registry() });
    for (let k = 0; k < 50; k++) half.step();
    expect(half.lastProblem()?.rolling?.count).toBe(1);
    const resumed = createSimulation(s, config(), { registry: registry() });
    resumed.restore(JSON.parse(JSON.stringify(half.checkpoint())));
    for (let k = 0; k < 50; k++) resumed.step();
    expect(Array.from(resumed.velocity(1))).toEqual(Array.from(whole.velocity(1)));
    expect(Array.from(resumed.pose(1).position)).toEqual(Array.from(whole.pose(1).position));
    expect(Array.from(resumed.reactions())).toEqual(Array.from(whole.reactions()));
  });

  test('should refuse, when the simulation is created, a solver chain that does not support them, and say which solver does', () => {
    const s = ballScene({ rollingResistance: 0.005 }, {}, { duration: 1 });
    let err: unknown;
    try {
      createSimulation(s, { ...config('pqn'), solver: { name: 'pqn' } }, { registry: registry([pqn]) });
    } catch (e) {
      err = e;
    }
    expect(isMoreauError(err) && err.code).toBe('E_UNSUPPORTED');
    expect(isMoreauError(err) && err.issues).toEqual(['solver: solver "pqn" does not support them (its supports.rolling is not true)']);
    expect((err as Error).message).toContain('"solver": { "name": "gauss-seidel" }');
    // Every link's problem at once: a supporting solver measuring in another merit, then one that does not support them.
    const chain = { name: 'gauss-seidel', options: { merit: 'energy' }, fallback: { name: 'pqn', start: 'initial' } };
    try {
      createSimulation(s, { ...config(), solver: chain }, { registry: registry([pqn]) });
    } catch (e) {
      err = e;
    }
    expect(isMoreauError(err) && err.issues).toEqual([
      'solver.options.merit: solver "gauss-seidel" measures its error in merit "energy", which is not defined on them; use "siconos"',
      'solver.fallback: solver "pqn" does not support them (its supports.rolling is not true)',
    ]);
  });
});
