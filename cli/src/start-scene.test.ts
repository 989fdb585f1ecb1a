import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runCli, tempFolder } from '../test/cli-harness.js';
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
    const history = second.stdout.slice(0, second.stdout.indexOf('This run per solver of the chain'));
    const rows = history.split('\n').filter((l) => /^\s*(gauss-seidel|semismooth-newton)/.test(l));
    expect(rows.map((l) => l.trim().split(/\s+/)[0])).toEqual(['gauss-seidel', 'semismooth-newton']);
    expect(readFileSync(join(dir, 'runs', START_HISTORY), 'utf8').split('\n').filter(Boolean)).toHaveLength(2);
  });

  test('should split the run\'s work per solver of the chain, the primary\'s share included', async () => {
    // A primary that stops after one iteration: the fallback finishes every step it cannot.
    const chain = { name: 'gauss-seidel', options: { maxIterations: 1 }, fallback: { name: 'semismooth-newton' } };
    const dir = tempFolder({ 'scene.json': JSON.stringify(scene), 'moreau.config.json': config(chain) });
    const json = await runCli(['start', '--json'], dir);
    expect(json.code, json.stderr).toBe(0);
    const report = JSON.parse(json.stdout) as {
      solvedSteps: number; fallbacks: number; iterations: { mean: number };
      attempts: { solver: string; steps: number; converged: number; iterations: { total: number; mean: number; max: number }; ms: number }[];
    };
    const [primary, fallback] = report.attempts;
    expect(report.attempts.map((a) => a.solver)).toEqual(['gauss-seidel', 'semismooth-newton']);
    expect(primary.steps).toBe(report.solvedSteps);
    expect(primary.iterations.max).toBe(1);
    expect(fallback.steps).toBe(report.fallbacks);
    expect(fallback.converged).toBe(fallback.steps);
    // Every attempt's iterations, and nothing else, make up the chain's iterations per step.
    expect(primary.iterations.total + fallback.iterations.total).toBeCloseTo(report.iterations.mean * report.solvedSteps, 6);
    // Each link's own solve time over the run.
    expect(primary.ms).toBeGreaterThan(0);
    expect(fallback.ms).toBeGreaterThan(0);

    const text = await runCli(['start'], dir);
    expect(text.code, text.stderr).toBe(0);
    const table = text.stdout.slice(text.stdout.indexOf('This run per solver of the chain'));
    expect(table).toMatch(new RegExp(`\\n\\s*gauss-seidel\\s+${report.solvedSteps} of ${report.solvedSteps}\\s+\\d+ of ${report.solvedSteps}\\s+[\\d.]+/1\\s+\\d+`));
    expect(table).toMatch(/\n\s*semismooth-newton\s+\d+ of \d+\s+(\d+) of \1\s/);
    // The last column, each link's share of the solvers' time, adds up to 100 (each share rounded).
    const shares = [...table.matchAll(/\n\s*(?:gauss-seidel|semismooth-newton)\s.*?(\d+)\s*$/gm)].map((m) => Number(m[1]));
    expect(shares).toHaveLength(2);
    expect(Math.abs(shares[0] + shares[1] - 100)).toBeLessThanOrEqual(1);
    expect(table).toMatch(/% of iters\s+% of time/);
  });

  test('should refuse a start scene that does not exist with a file error and exit 2', async () => {
    const dir = tempFolder({ 'moreau.config.json': JSON.stringify({ solver: { name: 'gauss-seidel' }, start: { scene: 'missing.json' } }) });
    const run = await runCli(['start'], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^E_FILE_IO: .*missing\.json/);
  });
});
