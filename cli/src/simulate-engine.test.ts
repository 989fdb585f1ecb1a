import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runCli, tempFolder } from '../test/cli-harness.js';
import { findAll, numbers, parseXml } from '../../core/src/io/__fixtures__/mini-xml.js';
import { SiconosMerit, readProblem, readSolutionJson } from '@moreau/core';
import { findConfig } from '@moreau/core';
import { setupSimulation } from './simulate/setup.js';

// `moreau simulate` on the real engine and the installed plugins (rigid kinematics,
// contact detection, the integrators, the solvers), on scenes small enough to run in
// well under a second.

const ground = { name: 'ground', shape: { type: 'plane', normal: [0, 0, 1] }, motion: 'static', position: [0, 0, 0] };

/** A ball rolling off, a tilted crate falling on the ground: 80 steps, a frame every 10. */
const mixed = {
  timeStep: 0.005,
  duration: 0.4,
  output: { interval: 0.05 },
  materials: { steel: { density: 7800 } },
  bodies: [
    ground,
    { name: 'ball', shape: { type: 'sphere', radius: 0.1 }, material: 'steel', position: [0, 0, 0.12], velocity: [1, 0, 0] },
    { name: 'crate', shape: { type: 'box', halfExtents: [0.1, 0.2, 0.1] }, material: 'steel', position: [1, 0, 0.2], rotation: { axis: [1, 1, 0], angle: 0.3 } },
  ],
};

/**
 * Balls only, each contact between a ball and the ground or another ball: W = H M⁻¹ Hᵀ is
 * positive definite (fewer contacts than each ball's 6 unknowns), so for these friction
 * coefficients the contact problem has one solution, which every solver must find.
 */
const stack = {
  timeStep: 0.01,
  duration: 0.3,
  materials: { wood: { density: 700 } },
  defaultFriction: { mu: 0.3 },
  bodies: [
    ground,
    { name: 'low', shape: { type: 'sphere', radius: 0.1 }, material: 'wood', position: [0, 0, 0.1] },
    { name: 'high', shape: { type: 'sphere', radius: 0.1 }, material: 'wood', position: [0.02, 0, 0.3], velocity: [0, 0.1, 0] },
    { name: 'slider', shape: { type: 'sphere', radius: 0.05 }, material: 'wood', position: [1, 0, 0.05], velocity: [0.5, 0.2, 0] },
  ],
};

const folder = (scene: object, extra: Record<string, string> = {}) => tempFolder({ 'scene.json': JSON.stringify(scene), ...extra });
const lines = (file: string) => readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const pad = (k: number) => String(k).padStart(6, '0');

describe('moreau simulate on the engine: bad input', () => {
  test('should list every scene problem with its JSON path, exit 2, and write nothing', async () => {
    const bad = { ...mixed, timeStep: -1, bodies: [ground, { ...mixed.bodies[1], shape: { type: 'sphere', radius: 0 } }] };
    const dir = folder(bad);
    const run = await runCli(['simulate', 'scene.json', '--out', 'out'], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^E_SCENE: Invalid scene in .*scene\.json \(2 problems\):/);
    expect(run.stderr).toMatch(/\n {2}timeStep: /);
    expect(run.stderr).toMatch(/\n {2}bodies\[1\]\.shape\.radius: /);
    expect(run.stdout).toBe('');
    expect(readdirSync(dir)).toEqual(['scene.json']);
  });

  test('should refuse an unknown integrator in the config with its code, exit 2, and write nothing', async () => {
    const dir = folder(mixed, { 'moreau.config.json': JSON.stringify({ solver: { name: 'gauss-seidel' }, integrator: { name: 'leapfrog' } }) });
    const run = await runCli(['simulate', 'scene.json', '--out', 'out'], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^E_(UNKNOWN_PLUGIN|CONFIG): .*leapfrog/s);
    expect(run.stderr).toMatch(/moreau-midpoint/); // the known names are listed
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });
});

describe('moreau simulate on the engine: outputs', () => {
  test('should write frames whose surfaces, contacts and poses agree with the steps', async () => {
    const dir = folder(mixed);
    const run = await runCli(['simulate', 'scene.json', '--out', 'out', '--json'], dir);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report).toMatchObject({ steps: 80, step: 80, ended: 'until', frames: 9 });
    const out = join(dir, 'out');
    const steps = lines(join(out, 'steps.jsonl'));
    expect(steps).toHaveLength(80);
    expect(Math.max(...steps.map((s) => s.contacts))).toBe(report.contacts.max);

    const frames = lines(join(out, 'frames.jsonl'));
    expect(frames.map((f) => f.step)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80]);
    for (const f of frames) {
      // Rigid bodies: the linear part of every pose is a rotation (RᵀR = I to rounding).
      for (let b = 0; b < 3; b++) {
        const R = f.pose.slice(12 * b + 3, 12 * b + 12);
        for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) {
          const dot = R[i] * R[j] + R[3 + i] * R[3 + j] + R[6 + i] * R[6 + j];
          expect(Math.abs(dot - (i === j ? 1 : 0))).toBeLessThan(1e-12);
        }
      }
      const bodies = findAll(parseXml(readFileSync(join(out, `bodies_${pad(f.frame)}.vtp`), 'utf8')), 'Piece')[0];
      expect(bodies.attrs).toMatchObject({ NumberOfPoints: String(4 + 114 + 8), NumberOfPolys: String(1 + 128 + 6) });
      const arrays = Object.fromEntries(findAll(bodies, 'DataArray').map((a) => [a.attrs.Name, numbers(a)]));
      // The ball's north pole is its centre plus R·(0, 0, r).
      const c = f.pose.slice(12, 15), R = f.pose.slice(15, 24);
      const pole = arrays.Points.slice(3 * 4, 3 * 5);
      for (let d = 0; d < 3; d++) expect(pole[d]).toBeCloseTo(c[d] + 0.1 * R[3 * d + 2], 14);
      const contacts = findAll(parseXml(readFileSync(join(out, `contacts_${pad(f.frame)}.vtp`), 'utf8')), 'Piece')[0];
      expect(contacts.attrs.NumberOfPoints).toBe(String(f.step === 0 ? 0 : steps[f.step - 1].contacts));
    }
  });

  test('should dump problems identical to the engine\'s, and every solver should find the reactions stored with them', async () => {
    const dir = folder(stack, { 'moreau.config.json': JSON.stringify({ solver: { name: 'gauss-seidel', options: { tolerance: 1e-12 } } }) });
    const run = await runCli(['simulate', 'scene.json', '--out', 'out', '--dump-problems', '10', '--json'], dir);
    expect(run.code, run.stderr).toBe(0);
    const files = readdirSync(join(dir, 'out', 'problems')).sort();
    expect(files.length).toBe(JSON.parse(run.stdout).problems);
    expect(files.length).toBeGreaterThanOrEqual(2);

    // The same scene stepped here reproduces the dumped steps bit for bit (runs are deterministic).
    const { simulation } = await setupSimulation(join(dir, 'scene.json'), findConfig(dir));
    const dumped = new Set(files.map((f) => Number(/step-(\d+)/.exec(f)![1])));
    const { plugins } = JSON.parse((await runCli(['plugins', '--json'], dir)).stdout) as { plugins: { kind: string; name: string; supports?: { friction?: boolean } }[] };
    // Solvers of frictionless problems only (gpminres, mprgp) refuse these steps (μ = 0.3), checked below.
    const solvers = plugins.filter((p) => p.kind === 'solver' && p.supports?.friction !== false).map((p) => p.name);
    const frictionless = plugins.filter((p) => p.kind === 'solver' && p.supports?.friction === false).map((p) => p.name);
    expect(solvers).toEqual(expect.arrayContaining(['gauss-seidel', 'pqn', 'semismooth-newton', 'apgd']));
    const siconos = new SiconosMerit();
    while (dumped.size > 0) {
      simulation.step();
      if (!dumped.delete(simulation.steps)) continue;
      const file = join(dir, 'out', 'problems', `step-${pad(simulation.steps)}.hdf5`);
      const { problem, solution } = await readProblem(file);
      const engine = simulation.lastProblem()!;
      expect(problem.W.values).toEqual(engine.W.values);
      expect(problem.W.colIdx).toEqual(engine.W.colIdx);
      expect(problem.q).toEqual(engine.q);
      expect(problem.mu).toEqual(engine.mu);
      expect(solution!.r).toEqual(simulation.reactions());
      const scale = Math.max(...solution!.r.map(Math.abs));
      for (const solver of solvers) {
        const sol = join(dir, `${solver}-${simulation.steps}.json`);
        const solved = await runCli(['solve', file, '--solver', solver, '--tol', '1e-12', '--merit', 'siconos', '--out', sol, '--json'], dir);
        expect(solved.code, `${solver} on step ${simulation.steps}: ${solved.stdout}${solved.stderr}`).toBe(0);
        const { r } = (await readSolutionJson(sol)).solution;
        expect(siconos.evaluate(problem, r), `${solver}: ${solved.stdout}`).toBeLessThan(1e-10);
        // One solution: the engine's answer and each solver's, both to 1e-12 in the siconos
        // merit, agree to 1e-7 of the largest reaction (the merit is relative to max(‖q‖, ‖r‖,
        // ‖u‖) and this W's condition number, about 1e3, amplifies it into r).
        for (let i = 0; i < r.length; i++) expect(Math.abs(r[i] - solution!.r[i]) / scale, `${solver}, step ${simulation.steps}, r[${i}]`).toBeLessThan(1e-6);
      }
      for (const solver of frictionless) {
        const refused = await runCli(['solve', file, '--solver', solver, '--json'], dir);
        expect(refused.code, `${solver} on step ${simulation.steps}: ${refused.stdout}${refused.stderr}`).toBe(2);
        expect(refused.stderr).toContain('E_UNSUPPORTED');
      }
    }
  });
});

/**
 * A ball resting on the ground without rolling resistance, and from 0.05 s a ball rolling on it
 * with ρ = R/20 and σ = R/50: the steps before 0.05 s have ordinary contacts only, the later
 * ones a contact with resistance (two block rows of W, paper 002's cone).
 */
const rolling = {
  timeStep: 0.01,
  duration: 0.1,
  materials: { wood: { density: 700 }, steel: { density: 7800 }, floor: { density: 2400 } },
  friction: [
    { between: ['wood', 'floor'], mu: 0.3 },
    { between: ['steel', 'floor'], mu: 0.5, rollingResistance: 0.005, spinningResistance: 0.002 },
  ],
  bodies: [
    { ...ground, material: 'floor' },
    { name: 'plain', shape: { type: 'sphere', radius: 0.1 }, material: 'wood', position: [0, 0, 0.1] },
    { name: 'roller', shape: { type: 'sphere', radius: 0.1 }, material: 'steel', position: [1, 0, 0.1], velocity: [1, 0, 0], angularVelocity: [0, 10, 2], appearsAt: 0.05 },
  ],
};

describe('moreau simulate on the engine: dumps of contacts with rolling resistance', () => {
  test('should write such steps as JSON holding the engine\'s problem, pairs and reactions, the others as FCLIB, and say so once', async () => {
    const dir = folder(rolling, { 'moreau.config.json': JSON.stringify({ solver: { name: 'gauss-seidel', options: { tolerance: 1e-12 } } }) });
    const run = await runCli(['simulate', 'scene.json', '--out', 'out', '--dump-problems', '1', '--json'], dir);
    expect(run.code, run.stderr).toBe(0);
    const files = readdirSync(join(dir, 'out', 'problems')).sort();
    expect(JSON.parse(run.stdout).problems).toBe(10);
    // Steps 1 to 5 end before the roller appears (t = 0.05); from step 6 it touches the ground.
    expect(files).toEqual([1, 2, 3, 4, 5].map((k) => `step-${pad(k)}.hdf5`).concat([6, 7, 8, 9, 10].map((k) => `step-${pad(k)}.json`)));
    expect(run.stderr.match(/--dump-problems: step 6 has contacts with rolling or spinning resistance, which FCLIB cannot hold/g)).toHaveLength(1);
    expect(run.stderr).toContain(join('problems', `step-${pad(6)}.json`));

    // The same scene stepped here gives the dumped problems bit for bit (runs are deterministic).
    const { simulation } = await setupSimulation(join(dir, 'scene.json'), findConfig(dir));
    for (let k = 1; k <= 10; k++) {
      simulation.step();
      const file = join(dir, 'out', 'problems', files[k - 1]);
      const { problem, solution } = await readProblem(file);
      const engine = simulation.lastProblem()!;
      // Bit for bit, but for the sign of zero: JSON writes −0 as 0 (docs/problem-json.md).
      const bits = (a: ArrayLike<number>) => Array.from(a, (v) => v + 0);
      expect(bits(problem.W.values)).toEqual(bits(engine.W.values));
      expect(problem.W.colIdx).toEqual(engine.W.colIdx);
      expect(bits(problem.q)).toEqual(bits(engine.q));
      expect(bits(problem.mu)).toEqual(bits(engine.mu));
      expect(bits(solution!.r)).toEqual(bits(simulation.reactions()));
      if (k <= 5) {
        expect(engine.rolling).toBeUndefined();
        continue;
      }
      // One contact of each ball with the ground, and the roller's torque block after them.
      expect(problem.contacts).toBe(3);
      expect(problem.rolling).toBeDefined();
      expect([...problem.rolling!.force]).toEqual([...engine.rolling!.force]);
      expect([...problem.rolling!.torque]).toEqual([2]);
      expect([...problem.rolling!.rho]).toEqual([0.005]);
      expect([...problem.rolling!.sigma]).toEqual([0.002]);
      // The stored answer solves the stored problem (the engine's solve, 1e-12 in siconos).
      expect(new SiconosMerit().evaluate(problem, solution!.r)).toBeLessThan(1e-10);
    }
    // A fresh run in the folder removes the earlier run's dumps, JSON ones too.
    expect((await runCli(['simulate', 'scene.json', '--out', 'out', '--until', '0.02'], dir)).code).toBe(0);
    expect(readdirSync(join(dir, 'out', 'problems'))).toEqual([]);
  });
});

describe('moreau simulate on the engine: checkpoints', () => {
  function finalState(out: string) {
    return {
      checkpoint: JSON.parse(readFileSync(join(out, 'checkpoint.json'), 'utf8')),
      frames: readFileSync(join(out, 'frames.jsonl'), 'utf8'),
      steps: lines(join(out, 'steps.jsonl')).map((s) => [s.step, s.time, s.contacts, s.iterations, s.error, s.kinetic, s.potential]),
      pvd: readFileSync(join(out, 'contacts.pvd'), 'utf8'),
      lastContacts: readFileSync(join(out, `contacts_${pad(8)}.vtp`), 'utf8'),
    };
  }

  test('should give the same run, bit for bit, when run to T/2 and resumed to T', async () => {
    const dir = folder(mixed);
    expect((await runCli(['simulate', 'scene.json', '--out', 'whole'], dir)).code).toBe(0);
    expect((await runCli(['simulate', 'scene.json', '--out', 'split', '--until', '0.2'], dir)).code).toBe(0);
    expect(lines(join(dir, 'split', 'steps.jsonl'))).toHaveLength(40);
    const resumed = await runCli(['simulate', 'scene.json', '--out', 'split', '--resume', '--json'], dir);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ from: { step: 40 }, steps: 40, step: 80 });
    const whole = finalState(join(dir, 'whole')), split = finalState(join(dir, 'split'));
    expect(split.checkpoint.kinematics).toEqual(whole.checkpoint.kinematics);
    expect(split).toEqual(whole);
  });

  test('should refuse a checkpoint from another scene with a coded error', async () => {
    const dir = folder(mixed, { 'other.json': JSON.stringify({ ...mixed, duration: 0.5 }) });
    await runCli(['simulate', 'scene.json', '--out', 'out', '--until', '0.1'], dir);
    const run = await runCli(['simulate', 'other.json', '--out', 'out', '--resume'], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^E_[A-Z_]+: /);
    expect(lines(join(dir, 'out', 'steps.jsonl'))).toHaveLength(20); // untouched
  });
});

describe('moreau simulate on the engine: --tol', () => {
  // A chain held to 1e-12 in the energy merit by its config, and the same run with --tol 1e-3.
  const config = JSON.stringify({
    solver: {
      name: 'gauss-seidel', options: { merit: 'energy', tolerance: 1e-12 },
      fallback: { name: 'pqn', options: { merit: 'energy', tolerance: 1e-12 } },
    },
  });
  const solved = (out: string) => lines(join(out, 'steps.jsonl')).filter((s) => s.contacts > 0);

  test('should stop every step at the given tolerance instead of the config\'s', async () => {
    const dir = folder(stack, { 'moreau.config.json': config });
    const summary = await runCli(['simulate', 'scene.json', '--out', 'tight'], dir);
    expect(summary.code).toBe(0);
    expect(summary.stdout).toMatch(/\nconverged means +energy ≤ 1e-12\n/);
    const loose = await runCli(['simulate', 'scene.json', '--out', 'loose', '--tol', '1e-3', '--json'], dir);
    expect(loose.code, loose.stderr).toBe(0);
    expect(JSON.parse(loose.stdout).attempts[0]).toMatchObject({ solver: 'gauss-seidel', merit: 'energy', tolerance: 1e-3 });
    const tight = solved(join(dir, 'tight')), looser = solved(join(dir, 'loose'));
    expect(looser.length).toBeGreaterThan(10);
    for (const s of tight) expect(s.error).toBeLessThanOrEqual(1e-12);
    for (const s of looser) {
      expect(s.converged).toBe(true);
      expect(s.merit).toBe('energy');
      expect(s.error).toBeLessThanOrEqual(1e-3);
    }
    // Some step stopped above the config's tolerance: the flag, not the config, set the stop.
    expect(looser.some((s) => s.error > 1e-12)).toBe(true);
    const sum = (steps: { iterations: number }[]) => steps.reduce((t, s) => t + s.iterations, 0);
    expect(sum(looser)).toBeLessThan(sum(tight));
  });

  test('should say, when a run made with --tol is resumed without it, which --tol resumes it', async () => {
    const dir = folder(stack, { 'moreau.config.json': config });
    const first = await runCli(['simulate', 'scene.json', '--out', 'out', '--tol', '1e-3', '--until', '0.02'], dir);
    expect(first.code, first.stderr).toBe(0);
    const without = await runCli(['simulate', 'scene.json', '--out', 'out', '--resume', '--until', '0.04'], dir);
    expect(without.code).toBe(2);
    expect(without.stderr).toMatch(/^E_CONFIG: The checkpoint's run had another config .*solver\.fallback\.options\.tolerance was 0\.001, is 1e-12 now; solver\.options\.tolerance was 0\.001, is 1e-12 now\./);
    expect(without.stderr).toContain('Every option that differs is a tolerance, 0.001 in the checkpoint\'s run: a run made with --tol 0.001 resumes with --resume --tol 0.001.');
    const resumed = await runCli(['simulate', 'scene.json', '--out', 'out', '--resume', '--tol', '0.001', '--until', '0.04'], dir);
    expect(resumed.code, resumed.stderr).toBe(0);
  });

  test('should refuse a tolerance outside 1e-14 to 0.1 before it writes anything', async () => {
    const dir = folder(stack, { 'moreau.config.json': config });
    const run = await runCli(['simulate', 'scene.json', '--out', 'out', '--tol', '0.5'], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^E_USAGE: --tol expects a tolerance from 1e-14 to 0\.1 \(each solver's stop, in its own merit\), got 0\.5\./);
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });
});
