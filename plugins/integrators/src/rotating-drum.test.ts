import { readFileSync } from 'node:fs';
import { createSimulation, type SceneJson, type Simulation } from '@moreau/core';
import { describe, expect, test } from 'vitest';
import { simulationRegistry } from './__fixtures__/registry.js';

// Physics checks of the rotating drum (examples/scenes/rotating-drum, paper 000 §8.1) on a
// shortened run: the 100 rigid spheres of the committed scene, the drum set turning at
// t = 0.5 s instead of 1.23 s (once the first 81 have landed), 1.5 s simulated. The
// solver runs at a loose tolerance: these checks hold for whatever reactions the solver
// returns, since they test the engine's bookkeeping and the geometry, not the solver.

const file = new URL('../../../examples/scenes/rotating-drum/spheres-100.json', import.meta.url);
const ROTATE_AT = 0.5;
const UNTIL = 1.5;
const PIVOT = [0, 0.25, 0];

function shortDrum(): SceneJson {
  const scene = JSON.parse(readFileSync(file, 'utf8')) as SceneJson & { bodies: Array<Record<string, any>> };
  for (const b of scene.bodies) if (typeof b.motion === 'object') b.motion.driven.from = ROTATE_AT;
  return { ...scene, duration: UNTIL };
}

// Solfec's merit with over-relaxation, as the drum's moreau-gs config: fast, and every step
// converges. The integrator's law is the default but for the position correction: a
// displacement Δx at a fixed velocity changes Σ m x × v by Σ m Δx × v, which the balance below
// would have to count; without it the balance is exact to rounding.
const config = {
  solver: { name: 'gauss-seidel', options: { merit: 'energy', tolerance: 1e-8, relaxation: 1.5, maxIterations: 1000 } },
  integrator: { name: 'moreau-midpoint', options: { stabilization: 0 } },
};

/** Per free sphere: mass m and the moment of inertia j about any axis through its centre. */
function sphereMass(sim: Simulation, b: number, density: number): { m: number; j: number } {
  const s = sim.bodies[b].shape as { type: 'sphere'; radius: number };
  const m = (4 / 3) * Math.PI * s.radius ** 3 * density;
  return { m, j: 0.4 * m * s.radius ** 2 };
}

/** y-component of (a − pivot) × v. */
const crossY = (ax: number, az: number, vx: number, vz: number) => (az - PIVOT[2]) * vx - (ax - PIVOT[0]) * vz;

interface Run {
  /** Worst per-step |ΔL − gravity − contacts| relative to the step's largest term. */
  worstBalance: number;
  /** Drum torque about the axis and dL/dt − gravity torque, averaged over the rotating phase. */
  drumTorque: number;
  rateOfL: number;
  /** Largest distance of a sphere centre from the drum axis, and the y range of the centres. */
  maxRadius: number;
  yRange: [number, number];
  /** Bed slope (degrees, the major axis of the centres in the x-z plane) and centroid x, sampled every 10 ms. */
  slopes: { t: number; angle: number; cx: number }[];
}

function runDrum(): Run {
  const sim = createSimulation(shortDrum(), config, { registry: simulationRegistry() });
  const h = sim.timeStep;
  const particles = sim.bodies.flatMap((b, i) => (b.free ? [i] : []));
  const mass = new Map(particles.map((b) => [b, sphereMass(sim, b, 100)]));
  const g = -10;

  /** Angular momentum about the drum axis of the particles present: Σ m (x − p) × v + j ω_world. */
  const angularMomentum = (): number => {
    let L = 0;
    for (const b of particles) {
      const { m, j } = mass.get(b)!;
      const x = sim.pose(b).position, R = sim.pose(b).linear, u = sim.velocity(b);
      // ω_world = R ω_body (u = [v world; ω body]); its y-component is row 1 of R times ω_body.
      L += m * crossY(x[0], x[2], u[0], u[2]) + j * (R[3] * u[3] + R[4] * u[4] + R[5] * u[5]);
    }
    return L;
  };

  let worstBalance = 0, drumSum = 0, rateSum = 0, rotatingSteps = 0;
  let maxRadius = 0, yMin = Infinity, yMax = -Infinity;
  const slopes: Run['slopes'] = [];
  while (sim.time < UNTIL - 1e-9) {
    const t0 = sim.time;
    const L0 = angularMomentum();
    sim.step();
    const L1 = angularMomentum();
    // Gravity's angular impulse at the mid-step positions x − (h/2) v (the midpoint scheme's), present particles only.
    let gravity = 0;
    for (const b of particles) {
      if (sim.bodies[b].appearsAt > t0 + 1e-12) continue;
      const x = sim.pose(b).position, u = sim.velocity(b);
      gravity += crossY(x[0] - (h / 2) * u[0], x[2] - (h / 2) * u[2], 0, mass.get(b)!.m * g * h);
    }
    // Contact impulses on particles from the drum and end walls, about the axis (particle pairs cancel).
    const c = sim.contacts(), r = sim.reactions();
    let drum = 0, scale = Math.abs(gravity);
    for (let a = 0; a < c.count; a++) {
      const A = c.bodyA[a], B = c.bodyB[a];
      const aFree = sim.bodies[A].free, bFree = sim.bodies[B].free;
      if (aFree && bFree) continue;
      const sign = aFree ? 1 : -1; // the reaction acts on A, its opposite on B
      const f = c.frame, o = 9 * a;
      const rx = sign * (f[o] * r[3 * a] + f[o + 3] * r[3 * a + 1] + f[o + 6] * r[3 * a + 2]);
      const rz = sign * (f[o + 2] * r[3 * a] + f[o + 5] * r[3 * a + 1] + f[o + 8] * r[3 * a + 2]);
      const term = crossY(c.point[3 * a], c.point[3 * a + 2], rx, rz);
      drum += term;
      scale = Math.max(scale, Math.abs(term));
    }
    const dL = L1 - L0;
    scale = Math.max(scale, Math.abs(L0), Math.abs(L1));
    if (scale > 0) worstBalance = Math.max(worstBalance, Math.abs(dL - gravity - drum) / scale);
    if (t0 >= ROTATE_AT) {
      drumSum += drum / h;
      rateSum += (dL - gravity) / h;
      rotatingSteps++;
    }

    let sx = 0, sz = 0, n = 0;
    const present: [number, number][] = [];
    for (const b of particles) {
      if (sim.bodies[b].appearsAt > sim.time + 1e-12) continue;
      const x = sim.pose(b).position;
      maxRadius = Math.max(maxRadius, Math.hypot(x[0] - PIVOT[0], x[2] - PIVOT[2]));
      yMin = Math.min(yMin, x[1]);
      yMax = Math.max(yMax, x[1]);
      present.push([x[0], x[2]]);
      sx += x[0];
      sz += x[2];
      n++;
    }
    if (sim.steps % 10 === 0) {
      const cx = sx / n, cz = sz / n;
      let xx = 0, xz = 0, zz = 0;
      for (const [x, z] of present) {
        xx += (x - cx) ** 2;
        xz += (x - cx) * (z - cz);
        zz += (z - cz) ** 2;
      }
      slopes.push({ t: sim.time, angle: (0.5 * Math.atan2(2 * xz, xx - zz) * 180) / Math.PI, cx });
    }
  }
  return { worstBalance, drumTorque: drumSum / rotatingSteps, rateOfL: rateSum / rotatingSteps, maxRadius, yRange: [yMin, yMax], slopes };
}

describe('rotating drum: the committed scenes', () => {
  test('should be what drum.mjs generates, with the anchor\'s insertion counts', async () => {
    const { drumScene } = await import(new URL('../../../examples/scenes/rotating-drum/drum.mjs', import.meta.url).href);
    for (const [particles, first, second] of [['spheres', 81, 19], ['ellipsoids', 96, 4], ['pseudo-rigid', 96, 4]] as const) {
      const committed = JSON.parse(readFileSync(new URL(`../../../examples/scenes/rotating-drum/${particles}-100.json`, import.meta.url), 'utf8'));
      expect(committed).toEqual(JSON.parse(JSON.stringify(drumScene({ n: 100, particles }))));
      const times = committed.bodies.filter((b: { appearsAt?: number }) => b.appearsAt !== undefined).map((b: { appearsAt: number }) => b.appearsAt);
      expect([times.filter((t: number) => t === 0.001).length, times.filter((t: number) => t === 0.615).length]).toEqual([first, second]);
      expect(committed.bodies.filter((b: { motion?: unknown }) => typeof b.motion === 'object').every((b: { motion: { driven: { from: number } } }) => b.motion.driven.from === 1.23)).toBe(true);
    }
  });

  test('should give the pseudo-rigid scene the ellipsoid scene\'s bodies, its particles owned by the pseudo-rigid kinematics', () => {
    const read = (name: string) => JSON.parse(readFileSync(new URL(`../../../examples/scenes/rotating-drum/${name}`, import.meta.url), 'utf8'));
    const rigid = read('ellipsoids-100.json'), deformable = read('pseudo-rigid-100.json');
    const particles = deformable.bodies.filter((b: { appearsAt?: number }) => b.appearsAt !== undefined);
    expect(particles).toHaveLength(100);
    expect(particles.every((b: { kinematics?: string }) => b.kinematics === 'pseudo-rigid')).toBe(true);
    // Without the kinematics key every body, and everything but the description, is the ellipsoid scene's.
    const strip = ({ kinematics: _, ...b }: { kinematics?: string }) => b;
    expect(deformable.bodies.map(strip)).toEqual(rigid.bodies);
    expect({ ...deformable, bodies: [], description: '' }).toEqual({ ...rigid, bodies: [], description: '' });
    // Solfec's pseudo-rigid material: E = 1e6, ν = 0.25, density 100.
    expect(deformable.materials.particle).toEqual({ density: 100, young: 1e6, poisson: 0.25 });
  });

  test('should run the pseudo-rigid scene as Solfec does: linearly implicit, damping h, the Solfec solver settings', () => {
    for (const [file, solver] of [['solfec-pr-pqn', 'solfec-pqn'], ['solfec-pr-gs', 'solfec-gs']]) {
      const read = (name: string) => JSON.parse(readFileSync(new URL(`../../../examples/scenes/rotating-drum/${name}.config.json`, import.meta.url), 'utf8'));
      const config = read(file), scene = JSON.parse(readFileSync(new URL('../../../examples/scenes/rotating-drum/pseudo-rigid-100.json', import.meta.url), 'utf8'));
      expect(config.integrator).toEqual({ name: 'linearly-implicit' });
      expect(config.kinematics).toEqual({ 'pseudo-rigid': { damping: scene.timeStep } });
      expect(config.solver).toEqual(read(solver).solver);
    }
  });
});

// The run takes 20-40 s alone on a 2-core machine, several times that under load.
describe('rotating drum: physics of a shortened run (100 spheres, turning from 0.5 s to 1.5 s)', { timeout: 400_000 }, () => {
  let run: Run;
  const result = () => (run ??= runDrum());

  test('no particle leaves the drum: centres stay inside the pipe and between the end walls', () => {
    const { maxRadius, yRange } = result();
    // Sphere radius 0.08, the pipe's inner facets at apothem cos(π/32) ≈ 0.9952: a centre touching two
    // facets at a corner is (0.9952 − 0.08)/cos(π/32) ≈ 0.9196 from the axis; 5 mm of penetration allowed
    // (a sphere falling 3 mm per step onto the wall is detected one step late at worst).
    expect(maxRadius).toBeLessThan((0.9952 - 0.08) / Math.cos(Math.PI / 32) + 0.005);
    expect(yRange[0]).toBeGreaterThan(-0.002 + 0.08 - 0.005);
    expect(yRange[1]).toBeLessThan(0.502 - 0.08 + 0.005);
  });

  test('momentum balance: every step, the change of the bed\'s angular momentum about the axis is the drum\'s and gravity\'s angular impulse (to rounding)', () => {
    const { worstBalance, drumTorque, rateOfL } = result();
    // For spheres the midpoint scheme balances angular momentum exactly: only rounding remains.
    expect(worstBalance).toBeLessThan(1e-9);
    expect(Math.abs(drumTorque - rateOfL)).toBeLessThan(1e-9 * Math.abs(drumTorque) + 1e-12);
    // The drum drives the bed: a torque along +y (its own rotation) on average.
    expect(drumTorque).toBeGreaterThan(0);
  });

  test('the bed climbs the −x side and its slope settles to a steady dynamic angle of repose', () => {
    const { slopes } = result();
    const late = slopes.filter((s) => s.t >= UNTIL - 0.4);
    const mean = late.reduce((a, s) => a + s.angle, 0) / late.length;
    const sd = Math.sqrt(late.reduce((a, s) => a + (s.angle - mean) ** 2, 0) / late.length);
    console.info(`rotating drum (shortened): bed slope over the last 0.4 s ${mean.toFixed(1)}° ± ${sd.toFixed(1)}°, centroid x ${late.at(-1)!.cx.toFixed(3)}`);
    // With ω along +y the wall at the bottom moves towards −x: the bed's centroid moves to −x and
    // its surface rises towards −x (a negative slope of the centres' major axis in x-z).
    expect(late.every((s) => s.cx < 0)).toBe(true);
    expect(mean).toBeLessThan(-10);
    expect(mean).toBeGreaterThan(-60);
    expect(sd).toBeLessThan(5);
  });
});
