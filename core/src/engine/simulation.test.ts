import { describe, expect, test } from 'vitest';
import { toyFail } from '../../test/toy-solvers.js';
import { EventBus } from '../contracts/events.js';
import { isMoreauError } from '../contracts/errors.js';
import { fixtureConfig, fixtureRegistry } from './__fixtures__/registry.js';
import { createSimulation } from '../run/create-simulation.js';
import type { StepStats } from '../contracts/events.js';

const G = 9.81;

/** A sphere of radius 0.1 (and given density) above the plane z = 0. */
function dropScene(extra: Record<string, unknown> = {}, sphere: Record<string, unknown> = {}) {
  return {
    timeStep: 1e-3,
    duration: 1,
    materials: { steel: { density: 1000 }, floor: { density: 1 } },
    friction: [{ between: ['steel', 'floor'], mu: 0.3 }],
    bodies: [
      { name: 'ball', shape: { type: 'sphere', radius: 0.1 }, kinematics: 'point-mass', material: 'steel', position: [0, 0, 1], ...sphere },
      { name: 'floor', shape: { type: 'plane', normal: [0, 0, 1] }, kinematics: 'point-mass', material: 'floor', motion: 'static', position: [0, 0, 0] },
    ],
    ...extra,
  };
}

const ballMass = 1000 * (4 / 3) * Math.PI * 0.1 ** 3;

describe('createSimulation on test doubles', () => {
  test('should integrate free fall exactly with the midpoint scheme (1e-12 over 1000 steps)', () => {
    // Midpoint with constant force: q+ = q + h u - g h²/2 exactly; only rounding remains (1e-12 absolute on |z| ≲ 5).
    const sim = createSimulation(dropScene({ duration: 1 }, { position: [0, 0, 100], velocity: [1, 0, 2] }), fixtureConfig, { registry: fixtureRegistry() });
    const summary = sim.run();
    expect(summary).toMatchObject({ steps: 1000, ended: 'until', failedSteps: 0 });
    const t = sim.time;
    expect(t).toBeCloseTo(1, 14);
    const p = sim.pose(0).position;
    expect(Math.abs(p[0] - t)).toBeLessThan(1e-12);
    expect(Math.abs(p[2] - (100 + 2 * t - 0.5 * G * t * t))).toBeLessThan(1e-12);
    expect(Math.abs(sim.velocity(0)[2] - (2 - G * t))).toBeLessThan(1e-12);
  });

  test('should bring a dropped sphere to rest on the plane with penetration below 1e-6 and r_N = m g h', () => {
    const sim = createSimulation(dropScene({ duration: 1 }, { position: [0, 0, 0.3] }), fixtureConfig, { registry: fixtureRegistry() });
    const stats: StepStats[] = [];
    sim.run({ onStep: (s) => stats.push(s) });
    const z = sim.pose(0).position[2];
    // Penetration: the quasi-inelastic law stops the ball at the plane up to rounding.
    expect(0.1 - z).toBeLessThan(1e-6);
    expect(z - 0.1).toBeLessThan(1e-6);
    expect(Math.abs(sim.velocity(0)[2])).toBeLessThan(1e-9);
    const last = stats.at(-1)!;
    expect(last).toMatchObject({ contacts: 1, converged: true, answeredBy: 'isotropic-gs', merit: 'siconos', fallbacks: 0 });
    // Reactions are impulses over the step: at rest r_N balances the weight's, m g h (solver tolerance 1e-12).
    expect(sim.reactions()[0] / sim.timeStep).toBeCloseTo(ballMass * G, 9);
    expect(sim.contacts().count).toBe(1);
    expect(sim.lastProblem()?.name).toBe('step 1000 t=1');
  });

  test('should assemble W = H M⁻¹ Hᵀ and q = H b + bias as a dense computation does, symmetric to the bit', () => {
    // Four spheres touching in a row and one on the floor: contacts share bodies on both sides.
    const bodies = [
      ...[0, 1, 2, 3].map((k) => ({
        name: `s${k}`, shape: { type: 'sphere', radius: 0.5 }, kinematics: 'point-mass', density: 1 + k,
        position: [k + 0.001 * k * k, 0.02 * k, 0.5 + 0.001 * k], velocity: [0.1 * k, -0.2, 0.3 - 0.1 * k],
      })),
      { name: 'floor', shape: { type: 'plane', normal: [0, 0.1, 1] }, kinematics: 'point-mass', motion: 'static', position: [0, 0, 0] },
    ];
    const h = 0.01;
    const sim = createSimulation({ timeStep: h, duration: 1, defaultFriction: { mu: 0.4 }, bodies }, fixtureConfig, { registry: fixtureRegistry() });
    sim.step();
    const p = sim.lastProblem()!;
    const set = sim.contacts();
    const nc = set.count;
    expect(nc).toBe(7); // three sphere pairs, four spheres on the floor
    const masses = [1, 2, 3, 4].map((d) => d * (4 / 3) * Math.PI * 0.125);
    // Dense H: 3nc × 3·5 (point masses: H = ±frame), W = H M⁻¹ Hᵀ over free bodies (r: impulses).
    const nb = 5;
    const H = new Float64Array(3 * nc * 3 * nb);
    for (let a = 0; a < nc; a++) {
      for (const [body, s] of [[set.bodyA[a], 1], [set.bodyB[a], -1]] as const) {
        for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) H[(3 * a + r) * 3 * nb + 3 * body + c] = s * set.frame[9 * a + 3 * r + c];
      }
    }
    const W = p.W.toDense();
    let maxAbs = 0;
    for (let i = 0; i < 3 * nc; i++) {
      for (let j = 0; j < 3 * nc; j++) {
        let w = 0;
        for (let b = 0; b < 4; b++) for (let c = 0; c < 3; c++) w += (1 / masses[b]) * H[i * 3 * nb + 3 * b + c] * H[j * 3 * nb + 3 * b + c];
        maxAbs = Math.max(maxAbs, Math.abs(W[i * 3 * nc + j] - w));
        expect(W[i * 3 * nc + j]).toBe(W[j * 3 * nc + i]);
      }
    }
    // Rounding of sums of three to six products of O(1/m) terms (m ≥ 0.5 here).
    expect(maxAbs).toBeLessThan(1e-14);
    expect(p.mu.every((m) => m === 0.4)).toBe(true);
    // The pattern is the contact graph: a stored block (α, β) exists iff α and β share a free body.
    for (let a = 0; a < nc; a++) {
      for (let b = 0; b < nc; b++) {
        const share = [set.bodyA[a], set.bodyB[a]].some((x) => x < 4 && (x === set.bodyA[b] || x === set.bodyB[b]));
        const stored = Array.from(p.W.colIdx.subarray(p.W.rowPtr[a], p.W.rowPtr[a + 1])).includes(b);
        expect(stored).toBe(share);
      }
    }
  });

  test('should skip the solver on steps without contacts and report no-contacts', () => {
    const events = new EventBus();
    let solverEnds = 0;
    events.on('solver:end', () => solverEnds++);
    const sim = createSimulation(dropScene({}, { position: [0, 0, 5] }), fixtureConfig, { registry: fixtureRegistry(), events });
    const s = sim.step();
    expect(s).toMatchObject({ contacts: 0, reason: 'no-contacts', converged: true, iterations: 0, answeredBy: '', fallbacks: 0 });
    expect(solverEnds).toBe(0);
    expect(sim.lastProblem()).toBeUndefined();
    expect(sim.reactions()).toHaveLength(0);
  });

  test('should emit step:start, contacts:detected and step:end with the statistics, in that order', () => {
    const events = new EventBus();
    const seen: string[] = [];
    events.on('step:start', (e) => seen.push(`start ${e.step}`));
    events.on('contacts:detected', (e) => seen.push(`detected ${e.step} ${e.contacts}`));
    events.on('step:end', (e) => seen.push(`end ${e.step} ${e.stats.contacts} ${e.stats.kinetic > 0}`));
    const sim = createSimulation(dropScene({}, { position: [0, 0, 0.1], velocity: [1, 0, 0] }), fixtureConfig, { registry: fixtureRegistry(), events });
    sim.step();
    sim.step();
    expect(seen).toEqual(['start 1', 'detected 1 1', 'end 1 1 true', 'start 2', 'detected 2 1', 'end 2 1 true']);
  });

  test('should slow a sliding sphere by Coulomb friction: Δv = μ g t while it slides', () => {
    const sim = createSimulation(dropScene({ duration: 0.1 }, { position: [0, 0, 0.1], velocity: [2, 0, 0] }), fixtureConfig, { registry: fixtureRegistry() });
    sim.run();
    // Point mass sliding: v(t) = 2 − μ g t exactly per step (the friction force is μ m g); solver tolerance 1e-12.
    expect(sim.velocity(0)[0]).toBeCloseTo(2 - 0.3 * G * 0.1, 9);
  });

  test('should drag a sphere along with a driven plane through friction', () => {
    const scene = dropScene({ duration: 0.5 }, { position: [0, 0, 0.1] });
    scene.bodies[1] = { ...scene.bodies[1], motion: { driven: { velocity: [1, 0, 0] } } } as never;
    const sim = createSimulation(scene, fixtureConfig, { registry: fixtureRegistry() });
    sim.run();
    // Friction accelerates the ball at μ g until it sticks (after 1/(μ g) ≈ 0.34 s), then it moves with the plane.
    expect(sim.velocity(0)[0]).toBeCloseTo(1, 9);
    expect(sim.pose(1).position[0]).toBeCloseTo(0.5, 12);
  });

  test('should use the scene restitution of a material pair (Newton law, e = 1 bounces back at the impact speed)', () => {
    const scene = dropScene({ friction: [{ between: ['steel', 'floor'], mu: 0, restitution: 1 }] }, { position: [0, 0, 0.1005], velocity: [0, 0, -1] });
    const sim = createSimulation(scene, fixtureConfig, { registry: fixtureRegistry() });
    sim.run({ until: 0.01 });
    // The ball leaves with the incoming speed; gravity changes it by less than g·0.01 over the run.
    const v = sim.velocity(0)[2];
    expect(v).toBeGreaterThan(1 - G * 0.01);
    expect(v).toBeLessThan(1 + G * 0.01);
  });

  test('should be deterministic: two runs give bit-identical states and reactions', () => {
    const run = () => {
      const sim = createSimulation(dropScene({}, { position: [0, 0, 0.2], velocity: [0.5, 0.2, 0] }), fixtureConfig, { registry: fixtureRegistry() });
      sim.run({ until: 0.3 });
      return [...sim.pose(0).position, ...sim.velocity(0), ...sim.reactions()];
    };
    expect(run()).toEqual(run());
  });

  test('should continue bit-identically from a checkpoint through JSON', () => {
    const scene = dropScene({}, { position: [0, 0, 0.15], velocity: [0.7, -0.1, 0] });
    const make = () => createSimulation(scene, fixtureConfig, { registry: fixtureRegistry() });
    const straight = make();
    straight.run({ until: 0.2 });
    const half = make();
    half.run({ until: 0.1 });
    const saved = JSON.parse(JSON.stringify(half.checkpoint()));
    const resumed = make();
    resumed.restore(saved);
    expect(resumed.steps).toBe(100);
    resumed.run({ until: 0.2 });
    expect(resumed.steps).toBe(200);
    expect([...resumed.pose(0).position, ...resumed.velocity(0)]).toEqual([...straight.pose(0).position, ...straight.velocity(0)]);
    expect(Array.from(resumed.reactions())).toEqual(Array.from(straight.reactions()));
  });

  test('should refuse a checkpoint of another scene (E_CONFIG) and a malformed one (E_FILE_FORMAT)', () => {
    const a = createSimulation(dropScene(), fixtureConfig, { registry: fixtureRegistry() });
    const b = createSimulation(dropScene({ timeStep: 2e-3 }), fixtureConfig, { registry: fixtureRegistry() });
    expect(() => b.restore(a.checkpoint())).toThrow(expect.objectContaining({ code: 'E_CONFIG' }));
    expect(() => b.restore({ format: 'x' } as never)).toThrow(expect.objectContaining({ code: 'E_FILE_FORMAT' }));
  });

  test('should record a failed solve and stop the run with onSolveFailure "stop"', () => {
    const registry = fixtureRegistry().register(toyFail);
    const scene = dropScene({}, { position: [0, 0, 0.1] });
    const stop = createSimulation(scene, { ...fixtureConfig, solver: { name: 'toy-fail' }, onSolveFailure: 'stop' }, { registry });
    const s1 = stop.run({ until: 0.01 });
    expect(s1).toMatchObject({ ended: 'solve-failed', steps: 1, failedSteps: 1 });
    const go = createSimulation(scene, { ...fixtureConfig, solver: { name: 'toy-fail' } }, { registry });
    const stats: StepStats[] = [];
    const s2 = go.run({ until: 0.01, onStep: (s) => stats.push(s) });
    expect(s2).toMatchObject({ ended: 'until', steps: 10, failedSteps: 10 });
    expect(stats[0]).toMatchObject({ converged: false, answeredBy: 'toy-fail', reason: 'max-iterations' });
  });

  test('should stop on request after the current step', () => {
    const sim = createSimulation(dropScene(), fixtureConfig, { registry: fixtureRegistry() });
    const summary = sim.run({ shouldStop: () => sim.steps >= 3 });
    expect(summary).toMatchObject({ ended: 'requested', steps: 3 });
  });

  test('should report every config problem with its path, E_UNKNOWN_PLUGIN when only names are unknown', () => {
    const registry = fixtureRegistry();
    const unknown = (() => {
      try {
        createSimulation(dropScene(), { ...fixtureConfig, integrator: { name: 'leapfrog' }, detector: { name: 'gjk' } }, { registry });
      } catch (e) { return e; }
    })();
    expect(isMoreauError(unknown, 'E_UNKNOWN_PLUGIN')).toBe(true);
    expect((unknown as { issues: string[] }).issues).toEqual([
      'integrator.name: unknown integrator "leapfrog"; known integrators: moreau-midpoint',
      'detector.name: unknown detector "gjk"; known detectors: spheres',
    ]);
    const bad = (() => {
      try {
        createSimulation(dropScene(), {
          ...fixtureConfig, integrator: { name: 'moreau-midpoint', options: { restitution: 2, theta: 1 } },
          kinematics: { 'point-mass': { stiffness: -1 } }, solver: { name: 'isotropic-gs', options: { tolerance: 0 } },
        }, { registry });
      } catch (e) { return e; }
    })();
    expect(isMoreauError(bad, 'E_CONFIG')).toBe(true);
    const issues = (bad as { issues: string[] }).issues;
    expect(issues.map((l) => l.split(':')[0])).toEqual([
      'integrator.options.theta', 'integrator.options.restitution', 'kinematics.point-mass.stiffness', 'solver.options.tolerance',
    ]);
  });

  test('should default the integrator to moreau-midpoint and the detector to contact-detection', () => {
    const registry = fixtureRegistry();
    expect(() => createSimulation(dropScene(), { solver: { name: 'isotropic-gs' } }, { registry })).toThrow(
      expect.objectContaining({ code: 'E_UNKNOWN_PLUGIN', issues: ['detector.name: unknown detector "contact-detection"; known detectors: spheres'] }),
    );
    const sim = createSimulation(dropScene(), { solver: { name: 'isotropic-gs' }, detector: { name: 'spheres' } }, { registry });
    expect(sim.step().step).toBe(1);
  });

  test('should name the scene body whose kinematics plugin is unknown', () => {
    const scene = dropScene();
    (scene.bodies[0] as { kinematics: string }).kinematics = 'pseudo-rigid';
    expect(() => createSimulation(scene, fixtureConfig, { registry: fixtureRegistry() })).toThrow(
      expect.objectContaining({ code: 'E_UNKNOWN_PLUGIN', issues: ['bodies[0].kinematics: unknown kinematics "pseudo-rigid"; known kinematics: point-mass'] }),
    );
  });

  // A misspelled name of any kind gets the suggestion a misspelled solver gets (`unknownPluginLine`);
  // merits: resolve.test.ts (a solver's options) and registry.test.ts (a plugin asking the run).
  const misspelled = (scene: unknown, config: unknown): string[] => {
    try {
      createSimulation(scene, config, { registry: fixtureRegistry() });
    } catch (e) {
      expect(isMoreauError(e, 'E_UNKNOWN_PLUGIN')).toBe(true);
      return (e as { issues: string[] }).issues;
    }
    throw new Error('createSimulation accepted a misspelled name');
  };

  test('should suggest the detector a misspelled detector name is close to', () => {
    expect(misspelled(dropScene(), { ...fixtureConfig, detector: { name: 'sphere' } }))
      .toEqual(['detector.name: unknown detector "sphere"; known detectors: spheres; did you mean "spheres"?']);
  });

  test('should suggest the integrator a misspelled integrator name is close to', () => {
    expect(misspelled(dropScene(), { ...fixtureConfig, integrator: { name: 'Moreau_Midpoint' } }))
      .toEqual(['integrator.name: unknown integrator "Moreau_Midpoint"; known integrators: moreau-midpoint; did you mean "moreau-midpoint"?']);
  });

  test('should suggest the kinematics a misspelled kinematics name is close to, in the config and in a scene body', () => {
    expect(misspelled(dropScene(), { ...fixtureConfig, kinematics: { 'point-mas': {} } }))
      .toEqual(['kinematics.point-mas: unknown kinematics "point-mas"; known kinematics: point-mass; did you mean "point-mass"?']);
    const scene = dropScene();
    (scene.bodies[0] as { kinematics: string }).kinematics = 'pointmass';
    expect(misspelled(scene, fixtureConfig))
      .toEqual(['bodies[0].kinematics: unknown kinematics "pointmass"; known kinematics: point-mass; did you mean "point-mass"?']);
  });
});
