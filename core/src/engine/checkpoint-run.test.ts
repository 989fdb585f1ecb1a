import { describe, expect, test } from 'vitest';
import { createSimulation } from '../run/create-simulation.js';
import { fixtureConfig, fixtureRegistry } from './__fixtures__/registry.js';
import { checkpointRun, mismatchMessage } from './checkpoint-run.js';
import { parseScene } from './scene.js';

/** A sphere above a floor, on the test doubles. */
function dropScene(extra: Record<string, unknown> = {}) {
  return {
    timeStep: 1e-3,
    duration: 1,
    materials: { steel: { density: 1000 }, floor: { density: 1 } },
    bodies: [
      { name: 'ball', shape: { type: 'sphere', radius: 0.1 }, kinematics: 'point-mass', material: 'steel', position: [0, 0, 1] },
      { name: 'floor', shape: { type: 'plane', normal: [0, 0, 1] }, kinematics: 'point-mass', material: 'floor', motion: 'static', position: [0, 0, 0] },
    ],
    ...extra,
  };
}

const scene = parseScene(dropScene());

describe('mismatchMessage', () => {
  test('should name each differing option of the config with both values, an option one run lacks as absent', () => {
    const saved = checkpointRun(scene, { solver: { name: 'gs', options: { tolerance: 1e-8, threads: 2 } } });
    const now = checkpointRun(scene, { solver: { name: 'gs', options: { tolerance: 1e-8, threads: 1, kernel: 'wasm' } } });
    const message = mismatchMessage(saved, now);
    expect(message).toMatch(/^The checkpoint's run had another config/);
    expect(message).toContain('solver.options.kernel was absent, is "wasm" now');
    expect(message).toContain('solver.options.threads was 2, is 1 now');
    expect(message).not.toContain('tolerance');
  });

  test('should name the --tol that resumes a run whose only differences are one tolerance', () => {
    const chain = (t1: number, t2: number) => ({ solver: { name: 'gs', options: { tolerance: t1, threads: 2 }, fallback: { name: 'pqn', options: { tolerance: t2 } } } });
    const hint = /Every option that differs is a tolerance, 0\.00001 in the checkpoint's run: a run made with --tol 0\.00001 resumes with --resume --tol 0\.00001\.$/;
    expect(mismatchMessage(checkpointRun(scene, chain(1e-5, 1e-5)), checkpointRun(scene, chain(1e-8, 1e-6)))).toMatch(hint);
    expect(mismatchMessage(checkpointRun(scene, { tolerance: 1e-5 }), checkpointRun(scene, { tolerance: 1e-8 }))).toMatch(hint);
    // Two tolerances in the checkpoint's run, another option besides, a tolerance absent, an option
    // whose name only starts with "tolerance", or one that is no number: no one --tol made it.
    const other = chain(1e-5, 1e-5);
    other.solver.options.threads = 1;
    const noHint = [
      [chain(1e-5, 1e-6), chain(1e-8, 1e-8)], [chain(1e-5, 1e-5), other], [chain(1e-5, 1e-5), { solver: { name: 'gs', options: { tolerance: 1e-5, threads: 2 } } }],
      [{ toleranceScale: 1e-5 }, { toleranceScale: 1e-8 }], [{ tolerance: 'x' }, { tolerance: 'y' }],
    ];
    for (const [saved, now] of noHint) expect(mismatchMessage(checkpointRun(scene, saved), checkpointRun(scene, now))).toMatch(/the Moreau and plugin versions that wrote it\.$/);
  });

  test('should list five differences and count the rest', () => {
    const options = (v: number) => Object.fromEntries(Array.from({ length: 8 }, (_, k) => [`o${k}`, v]));
    const message = mismatchMessage(checkpointRun(scene, options(1)), checkpointRun(scene, options(2)));
    expect(message.match(/ was 1, is 2 now/g)).toHaveLength(5);
    expect(message).toContain(', and 3 more.');
    // Five differences are all listed, and none is left to count.
    const five = (v: number) => Object.fromEntries(Array.from({ length: 5 }, (_, k) => [`o${k}`, v]));
    const all = mismatchMessage(checkpointRun(scene, five(1)), checkpointRun(scene, five(2)));
    expect(all.match(/ was 1, is 2 now/g)).toHaveLength(5);
    expect(all).not.toContain('more');
  });

  test('should say the scene differs, and fall back to both causes for a checkpoint that did not record its run', () => {
    const other = parseScene(dropScene({ timeStep: 2e-3 }));
    expect(mismatchMessage(checkpointRun(other, {}), checkpointRun(scene, {}))).toMatch(/^The checkpoint was written by a simulation of another scene;/);
    expect(mismatchMessage(undefined, checkpointRun(scene, {}))).toMatch(/another scene or config, or by other versions of its plugins/);
  });
});

describe('a checkpoint resumed into another run', () => {
  test('should be refused with E_CONFIG naming the option that differs', () => {
    const a = createSimulation(dropScene(), fixtureConfig, { registry: fixtureRegistry() });
    const b = createSimulation(dropScene(), { ...fixtureConfig, solver: { name: 'isotropic-gs', options: { tolerance: 1e-9 } } }, { registry: fixtureRegistry() });
    const saved = JSON.parse(JSON.stringify(a.checkpoint()));
    expect(saved.run.config.solver.options).toEqual({ tolerance: 1e-12, maxIterations: 500 });
    expect(() => b.restore(saved)).toThrow(expect.objectContaining({ code: 'E_CONFIG', message: expect.stringContaining('solver.options.tolerance was 1e-12, is 1e-9 now') }));
    // The same config resumes, with or without the record of the run (checkpoints written before it).
    const { run: _run, ...older } = saved;
    expect(() => createSimulation(dropScene(), fixtureConfig, { registry: fixtureRegistry() }).restore(older)).not.toThrow();
  });
});
