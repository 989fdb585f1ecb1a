import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runCli, tempFolder } from '../../test/cli-harness.js';
import { START_HISTORY } from './start-scene.js';

// `moreau start` with a "start" scene in the config: the real engine and plugins on a
// scene small enough to run in a fraction of a second.

const scene = {
  timeStep: 0.005,
  duration: 1,
  materials: { wood: { density: 700 } },
  bodies: [
    { name: 'ground', shape: { type: 'plane', normal: [0, 0, 1] }, motion: 'static', position: [0, 0, 0] },
    { name: 'low', shape: { type: 'sphere', radius: 0.1 }, material: 'wood', position: [0, 0, 0.1] },
    { name: 'high', shape: { type: 'sphere', radius: 0.1 }, material: 'wood', position: [0.02, 0, 0.3] },
  ],
};

const config = (solver: object) => JSON.stringify({ solver, start: { scene: 'scene.json', until: 0.2, out: 'runs/start' } });

describe('moreau start with a scene', () => {
  test('should run the scene, print the run table and where the VTK went, and add a row per solver chain', async () => {
    const dir = tempFolder({ 'scene.json': JSON.stringify(scene), 'moreau.config.json': config({ name: 'gauss-seidel' }) });
    const first = await runCli(['start'], dir);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^solver: gauss-seidel/);
    expect(first.stdout).toMatch(/This run; iterations per step/);
    expect(first.stdout).toMatch(/VTK output .*runs\/start/);
    expect(existsSync(join(dir, 'runs/start/bodies.pvd'))).toBe(true);
    const steps = readFileSync(join(dir, 'runs/start/steps.jsonl'), 'utf8').split('\n').filter(Boolean);
    expect(steps).toHaveLength(40);

    // Another solver: its row joins the first one's.
    writeFileSync(join(dir, 'moreau.config.json'), config({ name: 'semismooth-newton' }));
    const second = await runCli(['start'], dir);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/The latest run of each solver chain \(2\)/);
    const rows = second.stdout.split('\n').filter((l) => /^\s*(gauss-seidel|semismooth-newton)/.test(l));
    expect(rows.map((l) => l.trim().split(/\s+/)[0])).toEqual(['gauss-seidel', 'semismooth-newton']);
    expect(readFileSync(join(dir, 'runs', START_HISTORY), 'utf8').split('\n').filter(Boolean)).toHaveLength(2);
  });

  test('should refuse a start scene that does not exist with a file error and exit 2', async () => {
    const dir = tempFolder({ 'moreau.config.json': JSON.stringify({ solver: { name: 'gauss-seidel' }, start: { scene: 'missing.json' } }) });
    const run = await runCli(['start'], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^E_FILE_IO: .*missing\.json/);
  });
});
