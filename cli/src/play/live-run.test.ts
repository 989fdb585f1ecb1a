import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';
import { createSimulation, isMoreauError, openRegistry, type PluginRegistry, type Simulation } from '@moreau/core';
import { bundlePlayEngine } from './bundle.js';
import { EXAMPLES_DIR } from './examples.js';
import type { CurveAttempt, LiveRun } from './live-run.js';
import { writePoses } from '../simulate/frame-poses.js';

// The playground's engine as the page runs it: the worker's bundle (the engine, every built-in
// plugin, the WebAssembly kernel's bytes embedded), here imported in Node. Its poses must equal,
// bit for bit, those of createSimulation with the plugins the commands discover: the same code,
// whichever way it was packaged. Then the one thing the playground adds, a config change between
// two steps.

const dominoes = JSON.parse(readFileSync(join(EXAMPLES_DIR, 'dominoes.json'), 'utf8')) as unknown;
const GS = { solver: { name: 'gauss-seidel' } };
const PQN = { solver: { name: 'pqn' } };

let createLiveRun: () => LiveRun;
let registry: PluginRegistry;

beforeAll(async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'moreau-play-engine-')), 'engine.js');
  await bundlePlayEngine(file);
  ({ createLiveRun } = (await import(pathToFileURL(file).href)) as { createLiveRun: () => LiveRun });
  ({ registry } = await openRegistry({ baseDir: process.cwd() }));
}, 120_000);

function poses(sim: Simulation): number[] {
  return writePoses(sim, new Array<number>(12 * sim.bodies.length));
}

function stepLive(run: LiveRun, steps: number) {
  return Array.from({ length: steps }, () => run.step());
}

describe('the playground engine bundle in Node', () => {
  test('should register every solver the commands find installed', () => {
    expect(createLiveRun().registry.names('solver')).toEqual(registry.names('solver'));
    expect(createLiveRun().registry.names('kinematics')).toEqual(registry.names('kinematics'));
  });

  test('should give the final poses of createSimulation bit for bit (dominoes, 150 steps, contacts on every step)', () => {
    const run = createLiveRun();
    run.load(dominoes, GS, 'dominoes');
    const records = stepLive(run, 150);
    const reference = createSimulation(dominoes, GS, { registry });
    const stats = Array.from({ length: 150 }, () => reference.step());
    // toEqual on numbers is Object.is: bit for bit, -0 apart from 0 included.
    expect(Array.from(run.poses())).toEqual(poses(reference));
    expect(records.map((r) => [r.contacts, r.iterations, r.error])).toEqual(stats.map((s) => [s.contacts, s.iterations, s.error]));
    expect(records.every((r) => r.contacts > 0)).toBe(true);
  });

  test('should lose nothing across a config change: applying the same config midway gives the uninterrupted run', () => {
    const run = createLiveRun();
    run.load(dominoes, GS, 'dominoes');
    stepLive(run, 40);
    expect(run.apply(GS)).toBe(41);
    stepLive(run, 40);
    const reference = createSimulation(dominoes, GS, { registry });
    for (let k = 0; k < 80; k++) reference.step();
    expect(Array.from(run.poses())).toEqual(poses(reference));
  });

  test('should answer with the new solver from the step after the change, and say which config each step ran with', () => {
    const run = createLiveRun();
    run.load(dominoes, GS, 'dominoes');
    const before = stepLive(run, 5);
    const from = run.apply(PQN);
    const after = stepLive(run, 5);
    expect(from).toBe(6);
    expect(before.map((r) => [r.answeredBy, r.revision])).toEqual(Array(5).fill(['gauss-seidel', 0]));
    expect(after.map((r) => [r.step, r.answeredBy, r.revision])).toEqual([6, 7, 8, 9, 10].map((s) => [s, 'pqn', 1]));
  });

  test('should record each step\'s convergence while asked, across a config change, without changing a bit of the run', () => {
    const watched = createLiveRun();
    watched.watchIterations(true);
    watched.load(dominoes, GS, 'dominoes');
    const plain = createLiveRun();
    plain.load(dominoes, GS, 'dominoes');
    const curves: { iterations: number; answeredBy: string; curve: CurveAttempt[] }[] = [];
    const run = (steps: number) => {
      for (let k = 0; k < steps; k++) {
        const r = watched.step();
        curves.push({ iterations: r.iterations, answeredBy: r.answeredBy, curve: watched.curve.slice() });
        plain.step();
      }
    };
    run(20);
    watched.apply(PQN);
    plain.apply(PQN);
    run(10);
    expect(Array.from(watched.poses())).toEqual(Array.from(plain.poses()));
    // One attempt a step here (no fallback), by the solver that answered, its count the step's;
    // Gauss–Seidel evaluates its merit on every sweep for a listener (checkEvery 1), PQN at every Newton step.
    for (const { iterations, answeredBy, curve } of curves) {
      expect(curve.map((a) => a.solver)).toEqual([answeredBy]);
      expect(curve[0].iterations).toBe(iterations);
      expect(curve[0].iteration).toEqual(Array.from({ length: iterations }, (_, k) => k + 1));
      expect(curve[0].error.every((e) => Number.isFinite(e) && e >= 0)).toBe(true);
    }
    expect(curves.slice(0, 20).every((c) => c.answeredBy === 'gauss-seidel')).toBe(true);
    expect(curves.slice(20).every((c) => c.answeredBy === 'pqn')).toBe(true);
    // Switched off: no listener left on the run's bus, and no curve.
    watched.watchIterations(false);
    expect(watched.simulation.events.listenerCount('solver:iteration')).toBe(0);
    watched.step();
    expect(watched.curve).toEqual([]);
  });

  test('should refuse an invalid option with the schema message, and run on with the config before', () => {
    const run = createLiveRun();
    run.load(dominoes, GS, 'dominoes');
    stepLive(run, 2);
    let error: unknown;
    try {
      run.apply({ solver: { name: 'gauss-seidel', options: { tolerance: -1 } } });
    } catch (e) {
      error = e;
    }
    expect(isMoreauError(error, 'E_CONFIG')).toBe(true);
    expect((error as Error).message).toMatch(/solver\.options\.tolerance: .*(>0|greater than 0|positive)/i);
    expect(run.revision).toBe(0);
    expect(run.step()).toMatchObject({ step: 3, answeredBy: 'gauss-seidel', revision: 0 });
  });

  test('should refuse a scene with every problem and its JSON path, keeping the scene that ran', () => {
    const run = createLiveRun();
    run.load(dominoes, GS, 'dominoes');
    const bad = { timeStep: -1, bodies: [{ shape: { type: 'sphere', radius: 'big' } }] };
    expect(() => run.load(bad, GS, 'bad')).toThrow(expect.objectContaining({ code: 'E_SCENE', message: expect.stringMatching(/timeStep: must be positive[\s\S]*bodies\[0\]\.shape\.radius: /) }));
    expect(run.step()).toMatchObject({ step: 1, answeredBy: 'gauss-seidel' });
  });

  test('should start over at time 0 on reset, with the config in use', () => {
    const run = createLiveRun();
    run.load(dominoes, GS, 'dominoes');
    const start = Array.from(run.poses());
    stepLive(run, 3);
    run.apply(PQN);
    run.step();
    run.reset();
    expect(run.simulation.steps).toBe(0);
    expect(Array.from(run.poses())).toEqual(start);
    expect(run.step().answeredBy).toBe('pqn');
  });
});
