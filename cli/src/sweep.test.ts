import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { runCli, tempFolder } from '../test/cli-harness.js';
import type { BenchRecord } from './bench/record.js';
import { formatNumber } from './table.js';
import type { SceneRecord, SceneRun } from './jobs/scene-job.js';

const examples = fileURLToPath(new URL('../../examples/problems/', import.meta.url));
const tiny = ['FrictionContact3D_1c.dat', 'Rover1040.dat', 'FC3D_Example1_SBM.dat'].map((f) => join(examples, f));

/** The small sweep of these tests: pqn at two δ on three tiny problems, six jobs. */
const sweepFolder = () => tempFolder({ 'spec.json': JSON.stringify({ solver: 'pqn', options: { delta: [0, 1] }, problems: tiny }) });

const lines = (dir: string) => readFileSync(join(dir, 'results.jsonl'), 'utf8').trim().split('\n');
const records = (dir: string): BenchRecord[] => lines(dir).map((l) => JSON.parse(l));
/** A record without its wall-clock times: what must not depend on who ran the job. */
const untimed = ({ ms: _ms, msCold: _msCold, ...rest }: BenchRecord) => rest;

describe('moreau sweep', () => {
  test('should give the same records in this process and on a pool of two workers, timings apart', async () => {
    const dir = sweepFolder();
    const inProcess = await runCli(['sweep', 'spec.json', '--repeat', '1', '--out', 'a'], dir);
    expect(inProcess.code).toBe(0);
    const pooled = await runCli(['sweep', 'spec.json', '--repeat', '1', '--out', 'b', '--jobs', '2'], dir);
    expect(pooled.code).toBe(0);
    expect(pooled.stderr).toContain('= 6 jobs on 2 worker threads');
    const a = records(join(dir, 'a')), b = records(join(dir, 'b'));
    expect(a).toHaveLength(6);
    expect(new Set(a.map((r) => r.key)).size).toBe(6);
    expect(a.map((r) => r.solver)).toEqual(['pqn {"delta":0}', 'pqn {"delta":1}', 'pqn {"delta":0}', 'pqn {"delta":1}', 'pqn {"delta":0}', 'pqn {"delta":1}']);
    expect(a.every((r) => r.solved)).toBe(true);
    expect(b.map(untimed)).toEqual(a.map(untimed));
    expect(readFileSync(join(dir, 'b', 'table.md'), 'utf8')).toMatch(/\| pqn \{"delta":1\} \| 3 \/ 3 \|/);
  });

  test('should resume: run only the jobs results.jsonl has no record of, ignoring a last line cut short', async () => {
    const dir = sweepFolder();
    expect((await runCli(['sweep', 'spec.json', '--repeat', '1', '--out', 'full'], dir)).code).toBe(0);
    const full = lines(join(dir, 'full'));
    // A run killed after three jobs, in the middle of writing the fourth.
    const half = tempFolder({ 'results.jsonl': `${full.slice(0, 3).join('\n')}\n${full[3].slice(0, 40)}` });
    const run = await runCli(['sweep', 'spec.json', '--repeat', '1', '--out', half, '--progress'], dir);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('3 of 6 jobs already recorded; running the other 3.');
    // --progress off a terminal: one line per job started, here only the three not recorded.
    expect(run.stderr.match(/^bench \d+\/6 /gm)).toEqual(['bench 3/6 ', 'bench 4/6 ', 'bench 5/6 ']);
    expect(run.stderr).toMatch(/^bench 5\/6 \(2 done, 3 skipped, 0 failed, 1 left\)/m);
    const resumed = lines(half);
    // The recorded three are kept as they were (their times too: they did not run again).
    expect(resumed.slice(0, 3)).toEqual(full.slice(0, 3));
    expect(resumed.map((l) => untimed(JSON.parse(l)))).toEqual(full.map((l) => untimed(JSON.parse(l))));

    const again = await runCli(['sweep', 'spec.json', '--repeat', '1', '--out', half], dir);
    expect(again.stderr).toContain('6 of 6 jobs already recorded; running the other 0.');
    expect(lines(half)).toEqual(resumed);
  });

  test('should refuse an unknown solver and an unknown option with E_CONFIG before any solve', async () => {
    const dir = tempFolder({
      'typo.json': JSON.stringify({ solver: 'pqm', options: { delta: [0, 1] }, problems: tiny[0] }),
      'option.json': JSON.stringify({ solver: 'pqn', options: { deltas: [0, 1] }, problems: tiny[0] }),
    });
    const typo = await runCli(['sweep', 'typo.json', '--out', 'out'], dir);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/^E_CONFIG: typo\.json: invalid sweep .*\n {2}solver: unknown solver "pqm".*did you mean "pqn"/);
    const option = await runCli(['sweep', 'option.json', '--out', 'out'], dir);
    expect(option.code).toBe(2);
    expect(option.stderr).toMatch(/options\.deltas: "pqn" has no option "deltas"; did you mean "delta"/);
  });
});

const boxStack = fileURLToPath(new URL('../../examples/scenes/box-stack.json', import.meta.url));
/** Two points of Gauss–Seidel's relaxation on the box stack for 25 steps (0.05 s): two short simulations. */
const sceneFolder = (extra: Record<string, unknown> = {}) =>
  tempFolder({ 'spec.json': JSON.stringify({ solver: 'gauss-seidel', options: { relaxation: [1, 1.5] }, scenes: boxStack, until: 0.05, ...extra }) });
const sceneRecords = (dir: string) => records(dir) as unknown as (SceneRecord & SceneRun)[];
/** A scene record without its timings: what must not depend on who ran the job. */
const untimedRun = ({ wallMs: _w, stepMs: _s, msPerStep: _m, split: _p, attempts, ...rest }: SceneRun) =>
  ({ ...rest, attempts: attempts.map(({ ms: _t, ...link }) => link) });

describe('moreau sweep over scenes', () => {
  test('should give bit-identical simulation records in this process and on a pool of two workers, timings apart', async () => {
    const dir = sceneFolder();
    const inProcess = await runCli(['sweep', 'spec.json', '--out', 'a'], dir);
    expect(inProcess.code).toBe(0);
    const pooled = await runCli(['sweep', 'spec.json', '--out', 'b', '--jobs', '2'], dir);
    expect(pooled.code).toBe(0);
    expect(pooled.stderr).toContain('1 scene × 2 points of gauss-seidel = 2 jobs on 2 worker threads');
    const a = sceneRecords(join(dir, 'a')), b = sceneRecords(join(dir, 'b'));
    expect(a.map((r) => [r.kind, r.scene, r.solver, r.ended, r.steps])).toEqual([
      ['scene', 'box-stack', 'gauss-seidel {"relaxation":1}', 'until', 25],
      ['scene', 'box-stack', 'gauss-seidel {"relaxation":1.5}', 'until', 25],
    ]);
    // The swept option reached the solver: over-relaxation changes the sweeps per step.
    expect(a[0].firstSolver.mean).toBeGreaterThan(0);
    expect(a[1].firstSolver.mean).not.toBe(a[0].firstSolver.mean);
    expect(a[0].key).not.toBe(a[1].key);
    expect(b.map(untimedRun)).toEqual(a.map(untimedRun));
    const table = readFileSync(join(dir, 'b', 'table.md'), 'utf8');
    expect(table).toMatch(/^\| scene \| relaxation \| steps \|/m);
    expect(table).toContain(`| box-stack | 1.5 | 25 | ${formatNumber(a[1].contacts.mean)} | ${formatNumber(a[1].firstSolver.mean)} | ${a[1].attempts[0].iterations.total} |`);
    expect(readFileSync(join(dir, 'b', 'plot.svg'), 'utf8')).toMatch(/<polyline points="[^"]+"/);
  });

  test('should resume: a scene job that results.jsonl records is not run again', async () => {
    const dir = sceneFolder();
    expect((await runCli(['sweep', 'spec.json', '--out', 'full'], dir)).code).toBe(0);
    const full = lines(join(dir, 'full'));
    const half = tempFolder({ 'results.jsonl': `${full[1]}\n` });
    const run = await runCli(['sweep', 'spec.json', '--out', half], dir);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('1 of 2 jobs already recorded; running the other 1.');
    const resumed = lines(half);
    // The recorded job kept its line whole (its wall time too: it did not run again), now in job order.
    expect(resumed[1]).toBe(full[1]);
    expect(resumed.map((l) => untimedRun(JSON.parse(l)))).toEqual(full.map((l) => untimedRun(JSON.parse(l))));
  });

  test('should refuse a spec with both problems and scenes with E_CONFIG naming the file, before any job', async () => {
    const dir = sceneFolder({ problems: tiny[0] });
    const run = await runCli(['sweep', 'spec.json', '--out', 'out'], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^E_CONFIG: spec\.json: invalid sweep .*\n {2}problems, scenes, generator: problems and scenes are given; a sweep runs over exactly one of them/);
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  test('should refuse a config whose first solver is not the swept one, naming the spec', async () => {
    const dir = sceneFolder({ config: 'pqn.config.json' });
    writeFileSync(join(dir, 'pqn.config.json'), JSON.stringify({ solver: { name: 'pqn' } }));
    const run = await runCli(['sweep', 'spec.json', '--out', 'out'], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^E_CONFIG: spec\.json: solver "gauss-seidel" is not the first solver of pqn\.config\.json's chain \("pqn"\)/);
  });

  test('should refuse an option value the solver refuses, naming the spec and the option, before any simulation', async () => {
    const dir = sceneFolder({ options: { relaxation: [1, -1] } });
    const run = await runCli(['sweep', 'spec.json', '--out', 'out'], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^E_CONFIG: spec\.json: Invalid configuration .*\n {2}options\.relaxation: /);
    expect(existsSync(join(dir, 'out', 'results.jsonl'))).toBe(false);
  });

  test('should record a scene job past its time limit as timed-out, and go on', async () => {
    const dir = sceneFolder({ until: 2 });
    const run = await runCli(['sweep', 'spec.json', '--out', 'out', '--jobs', '2', '--job-time-limit', '200'], dir);
    expect(run.code).toBe(0);
    const rs = sceneRecords(join(dir, 'out'));
    expect(rs).toHaveLength(2);
    for (const r of rs) expect(r).toMatchObject({ kind: 'scene', scene: 'box-stack', reason: 'timed-out', failure: expect.stringMatching(/after 200 ms/) });
    expect(readFileSync(join(dir, 'out', 'table.md'), 'utf8')).toMatch(/\| box-stack \| 1\.5 \| ✗ timed-out \|/);
  });
});

const incline = fileURLToPath(new URL('../../examples/scenes/incline.json', import.meta.url));
/** The box on the 30° incline at μ = 0.3 (it slides) and 0.8 (> tan 30°: it stays), 0.2 s, its speed sampled every 0.05 s. */
const inclineFolder = (extra: Record<string, unknown> = {}) => tempFolder({
  'spec.json': JSON.stringify({
    solver: 'gauss-seidel', scenes: incline, until: 0.2, fields: { '/friction/0/mu': [0.3, 0.8] },
    observe: [{ name: 'speed', type: 'mean-velocity', every: 0.05 }], ...extra,
  }),
});

describe('moreau sweep over scene fields, generators and observables', () => {
  test('should replace a scene field per point and sample the observable, the same in this process and on two workers', async () => {
    const dir = inclineFolder();
    const inProcess = await runCli(['sweep', 'spec.json', '--out', 'a'], dir);
    expect(inProcess.code).toBe(0);
    const pooled = await runCli(['sweep', 'spec.json', '--out', 'b', '--jobs', '2'], dir);
    expect(pooled.code).toBe(0);
    expect(pooled.stderr).toContain('1 scene × 2 points of gauss-seidel = 2 jobs on 2 worker threads');
    const a = sceneRecords(join(dir, 'a')), b = sceneRecords(join(dir, 'b'));
    expect(a.map((r) => [r.solver, r.fields])).toEqual([
      ['gauss-seidel {"/friction/0/mu":0.3}', { '/friction/0/mu': 0.3 }], ['gauss-seidel {"/friction/0/mu":0.8}', { '/friction/0/mu': 0.8 }],
    ]);
    expect(b.map(untimedRun)).toEqual(a.map(untimedRun));
    // Sliding at μ = 0.3: speed g (sin 30° − μ cos 30°) t = 2.356 t; the 1 % covers the solver's
    // tolerance and the first step's contact. At μ = 0.8 > tan 30° the box stays (speed below 1e-6).
    const slide = 9.81 * (0.5 - 0.3 * Math.cos(Math.PI / 6));
    const [sliding, sticking] = a.map((r) => r.observables!.speed);
    expect(sliding.t.map((t) => Math.round(t * 100))).toEqual([0, 5, 10, 15, 20]);
    sliding.t.forEach((t, k) => expect(sliding.value[k]).toBeCloseTo(slide * t, 2));
    expect(Math.abs(sliding.value[4] - slide * 0.2) / (slide * 0.2)).toBeLessThan(0.01);
    expect(Math.max(...sticking.value)).toBeLessThan(1e-6);
    const table = readFileSync(join(dir, 'b', 'table.md'), 'utf8');
    expect(table).toMatch(/^\| scene \| \/friction\/0\/mu \| speed \| steps \|/m);
    expect(table).toContain(`| incline | 0.3 | ${formatNumber(sliding.value[4])} (t = 0.2) | 200 |`);
    expect(table).toContain('## speed over time');
    expect(readFileSync(join(dir, 'b', 'plot.svg'), 'utf8')).toContain('>speed over time</text>');
  });

  test('should redraw the plot from the records when only "plot" changes, and run again when an observable is added', async () => {
    const dir = inclineFolder();
    expect((await runCli(['sweep', 'spec.json', '--out', 'out'], dir)).code).toBe(0);
    writeFileSync(join(dir, 'spec.json'), JSON.stringify({
      solver: 'gauss-seidel', scenes: incline, until: 0.2, fields: { '/friction/0/mu': [0.3, 0.8] },
      observe: [{ name: 'speed', type: 'mean-velocity', every: 0.05 }], plot: { x: 'swept' },
    }));
    const redraw = await runCli(['sweep', 'spec.json', '--out', 'out'], dir);
    expect(redraw.stderr).toContain('2 of 2 jobs already recorded; running the other 0.');
    expect(readFileSync(join(dir, 'out', 'plot.svg'), 'utf8')).toContain('gauss-seidel: speed (last sample) against /friction/0/mu');
    writeFileSync(join(dir, 'spec.json'), JSON.stringify({
      solver: 'gauss-seidel', scenes: incline, until: 0.2, fields: { '/friction/0/mu': [0.3, 0.8] },
      observe: [{ name: 'speed', type: 'mean-velocity', every: 0.05 }, { name: 'low', type: 'count-below', z: 0, every: 0.1 }],
    }));
    const more = await runCli(['sweep', 'spec.json', '--out', 'out'], dir);
    expect(more.stderr).not.toContain('already recorded');
    expect(sceneRecords(join(dir, 'out')).slice(0, 2).map((r) => Object.keys(r.observables!))).toEqual([['speed', 'low'], ['speed', 'low']]);
  });

  test('should refuse a pointer that names nothing and a value the scene refuses, naming the place in the spec, before any job', async () => {
    const missing = inclineFolder({ fields: { '/friction/1/mu': [0.3, 0.8] } });
    const run = await runCli(['sweep', 'spec.json', '--out', 'out'], missing);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^E_CONFIG: spec\.json: invalid sweep \(1 problem\):\n {2}fields\["\/friction\/1\/mu"\]: .*incline\.json: "\/friction" has 1 entry \(indices 0 to 0\), so no 1/);
    expect(existsSync(join(missing, 'out'))).toBe(false);
    const negative = inclineFolder({ fields: {}, list: [{ '/friction/0/mu': 0.3 }, { '/friction/0/mu': -1 }] });
    const refused = await runCli(['sweep', 'spec.json', '--out', 'out'], negative);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^E_CONFIG: spec\.json: invalid sweep \(1 problem\):\n {2}list\.1\["\/friction\/0\/mu"\] = -1: the scene .*incline\.json becomes invalid: friction\[0\]\.mu: /);
  });

  test('should call a generator with each point\'s arguments on two workers and record them', async () => {
    // A ball dropped from `height` over a floor far below; it passes z = 0.5 at sqrt(2 (height − 0.5)/g):
    // 0.319 s from height 1 (counted from the sample at 0.4 s), 0.553 s from height 2 (not within 0.5 s).
    const dir = tempFolder({
      'drop.mjs': 'export default ({ height }) => ({ timeStep: 0.01, duration: 1, bodies: [{ shape: { type: "sphere", radius: 0.05 }, density: 1000, position: [0, 0, height] }] });',
      'spec.json': JSON.stringify({
        solver: 'gauss-seidel', generator: { module: 'drop.mjs', args: { height: [1, 2] } }, until: 0.5,
        observe: [{ name: 'low', type: 'count-below', z: 0.5, every: 0.1 }],
      }),
    });
    const run = await runCli(['sweep', 'spec.json', '--out', 'out', '--jobs', '2'], dir);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('the generator drop.mjs × 2 points of gauss-seidel = 2 jobs on 2 worker threads');
    const rs = sceneRecords(join(dir, 'out'));
    expect(rs.map((r) => [r.scene, r.file, r.args, r.observables!.low.value])).toEqual([
      ['drop', 'drop.mjs', { height: 1 }, [0, 0, 0, 0, 1, 1]],
      ['drop', 'drop.mjs', { height: 2 }, [0, 0, 0, 0, 0, 0]],
    ]);
    expect(readFileSync(join(dir, 'out', 'table.md'), 'utf8')).toMatch(/^\| drop \| 1 \| 1 \(t = 0\.5\) \| 50 \|/m);
  });
});
