import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { tempFolder } from '../test/cli-harness.js';
import { findAll, numbers, parseXml } from '../../core/src/io/__fixtures__/mini-xml.js';
import { readProblem } from '@moreau/core';
import type { FakeScene } from './__fixtures__/fake-simulation.js';
import { fakeSetup, runSimulate } from './__fixtures__/simulate-harness.js';
import type { SetupSimulation } from './simulate.js';

// Tests of `moreau simulate` with a stand-in engine (FakeSimulation): arguments,
// outputs, dumps, checkpoints and interruption, independent of the real plugins.
// simulate-engine.test.ts runs the same command on the real engine.

/** Three balls: one resting on the ground, two falling and sliding; 40 steps, a frame every 5. */
const scene: FakeScene = {
  name: 'balls',
  spheres: [[0, 0, 0.1, 0.5, 0, 0], [1, 0, 0.3, 0, 2, 0], [2, 0, 0.6, -1, 0, 0]],
  timeStep: 0.01,
  duration: 0.4,
  frameEvery: 0.05,
};
const SPHERE_POINTS = 2 + 16 * 7;

function folder(extra: Record<string, string> = {}): string {
  return tempFolder({ 'scene.json': JSON.stringify(scene), ...extra });
}

const lines = (file: string) => readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));

describe('moreau simulate: arguments', () => {
  const { setup } = fakeSetup();
  test.each([
    [[], /one scene file, got 0/],
    [['scene.json', '--dump-problems', '2'], /--dump-problems writes into the --out folder/],
    [['scene.json', '--resume'], /--resume continues the run in the --out folder/],
    [['scene.json', '--until', 'soon'], /--until expects a positive number/],
    [['scene.json', '--tol', '0'], /--tol expects a positive number, got "0"/],
    [['scene.json', '--dump-problems', '1.5', '--out', 'o'], /--dump-problems expects a positive integer/],
    [['scene.json', '--frames'], /Unknown option '--frames'/],
    [['scene.json', '--out', 'o', '--vtk-format', 'hex'], /--vtk-format expects one of binary, ascii, got "hex"/],
    [['scene.json', '--vtk-format', 'ascii'], /--vtk-format says how the --out folder's .vtp files are written/],
    [['scene.json', '--out', 'o', '--vtk-bodies', 'spheres'], /--vtk-bodies expects one of surfaces, centres, got "spheres"/],
    [['scene.json', '--vtk-bodies', 'centres'], /--vtk-bodies says how the --out folder's bodies frames draw the bodies/],
  ])('should refuse %j as a usage error, exit 2, and write nothing', async (args, message) => {
    const dir = folder();
    const run = await runSimulate(setup, args, dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^E_USAGE: /);
    expect(run.stderr).toMatch(message);
    expect(readdirSync(dir)).toEqual(['scene.json']);
  });

  test('should refuse an --out that is a file before running, leaving the file alone', async () => {
    const dir = folder({ taken: 'mine' });
    const run = await runSimulate(setup, ['scene.json', '--out', 'taken'], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^E_USAGE: --out .*taken is a file/);
    expect(readFileSync(join(dir, 'taken'), 'utf8')).toBe('mine');
  });

  // Node's recursive mkdir never returns on /proc/<new> (Linux): the folder is made one level at a time.
  test.runIf(process.platform === 'linux' && existsSync('/proc/self'))('should answer an --out that cannot be created (under /proc) with E_FILE_IO at once, not hang', async () => {
    const run = await runSimulate(setup, ['scene.json', '--out', '/proc/moreau-out/run'], folder());
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^E_FILE_IO: \/proc\/moreau-out\/run: could not be created \(ENOENT, creating \/proc\/moreau-out\)/);
  });

  test('should refuse --resume without a checkpoint with E_FILE_IO', async () => {
    const dir = folder();
    mkdirSync(join(dir, 'out'));
    const run = await runSimulate(setup, ['scene.json', '--out', 'out', '--resume'], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^E_FILE_IO: --resume needs .*checkpoint\.json/);
  });

  test('should refuse a bad scene with its code, exit 2, and create no output folder', async () => {
    const dir = tempFolder({ 'scene.json': '{"timeStep": 0.01}' });
    const run = await runSimulate(setup, ['scene.json', '--out', 'out', '--dump-problems', '1'], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^E_SCENE: Invalid scene .*\n {2}spheres: required/);
    expect(existsSync(join(dir, 'out'))).toBe(false);
    expect(run.stdout).toBe('');
  });
});

describe('moreau simulate: a run', () => {
  test('should print the summary as JSON with the statistics a script needs, and exit 0', async () => {
    const { setup } = fakeSetup();
    const run = await runSimulate(setup, ['scene.json', '--json'], folder());
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    const r = JSON.parse(run.stdout);
    expect(r).toMatchObject({ scene: 'balls', ended: 'until', steps: 40, step: 40, notConverged: 0, fallbacks: 0, from: { step: 0, time: 0 } });
    expect(r.time).toBeCloseTo(0.4, 12);
    expect(r.contacts.max).toBe(3);
    // FakeSimulation takes 1 + (step mod 3) iterations on steps with contacts and times each phase 0.1/0.2/0.3/0.4 of 1 ms.
    expect(r.iterations.max).toBe(3);
    expect(r.iterations.median).toBeGreaterThanOrEqual(1);
    expect(r.msPerStep).toBe(1);
    // Sums of 40 rounded decimals: equal to 1e-9 %.
    for (const [phase, share] of Object.entries({ detect: 10, assemble: 20, solve: 30, update: 40, other: 0 })) expect(r.split[phase]).toBeCloseTo(share, 9);
    expect(r.out).toBeUndefined();
  });

  test('should print a table with the summary rows', async () => {
    const { setup } = fakeSetup();
    const run = await runSimulate(setup, ['scene.json', '--until', '0.2'], folder());
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^balls: t = 0\.2 of 0\.2 s, reached the end time/);
    for (const row of ['steps', 'wall time', 'ms per step', 'contacts per step', 'iterations per step with contacts', 'steps not converged', 'fallbacks', 'time split']) {
      expect(run.stdout).toMatch(new RegExp(`\\n${row} +`));
    }
    expect(run.stdout).toMatch(/time split +detect 10\.0 %, assemble 20\.0 %, solve 30\.0 %, update 40\.0 %/);
  });

  test('should exit 1 and say how many steps did not converge', async () => {
    const { setup } = fakeSetup();
    const dir = tempFolder({ 'scene.json': JSON.stringify({ ...scene, failEvery: 10 }) });
    const run = await runSimulate(setup, ['scene.json', '--json'], dir);
    expect(run.code).toBe(1);
    const r = JSON.parse(run.stdout);
    expect(r.notConverged).toBe(4); // steps 10, 20, 30, 40 all have contacts (ball 0 rests throughout)
    expect(run.stderr).toMatch(/^4 of \d+ steps with contacts did not converge/);
  });
});

describe('moreau simulate --out', () => {
  test('should write steps, bodies, frames, VTK surfaces and contacts, and .pvd collections that agree', async () => {
    const { setup } = fakeSetup();
    const dir = folder();
    const run = await runSimulate(setup, ['scene.json', '--out', 'out/run1', '--json'], dir);
    expect(run.code).toBe(0);
    const out = join(dir, 'out/run1');
    expect(JSON.parse(run.stdout)).toMatchObject({ out: join('out', 'run1'), frames: 9 });

    const steps = lines(join(out, 'steps.jsonl'));
    expect(steps.map((s) => s.step)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    for (const key of ['time', 'contacts', 'iterations', 'converged', 'reason', 'ms', 'kinetic', 'potential']) expect(steps[0]).toHaveProperty(key);

    const bodies = JSON.parse(readFileSync(join(out, 'bodies.json'), 'utf8'));
    expect(bodies).toMatchObject({ format: 'moreau-bodies', version: 1, frameStride: 5, timeStep: 0.01 });
    expect(bodies.bodies.map((b: { name: string }) => b.name)).toEqual(['ground', 'ball0', 'ball1', 'ball2']);
    expect(bodies.bodies[0].planeHalfSize).toBeGreaterThan(2); // covers the farthest ball, 2 m out

    const frames = lines(join(out, 'frames.jsonl'));
    expect(frames.map((f) => [f.frame, f.step])).toEqual(Array.from({ length: 9 }, (_, k) => [k, 5 * k]));
    for (const f of frames) expect(f.pose).toHaveLength(4 * 12);
    expect(frames[0].pose.slice(12, 24)).toEqual([0, 0, 0.1, 1, 0, 0, 0, 1, 0, 0, 0, 1]); // ball 0 at its start, identity map

    for (const f of frames) {
      const vtp = parseXml(readFileSync(join(out, `bodies_${String(f.frame).padStart(6, '0')}.vtp`), 'utf8'));
      const piece = findAll(vtp, 'Piece')[0];
      expect(piece.attrs.NumberOfPoints).toBe(String(4 + 3 * SPHERE_POINTS));
      expect(piece.attrs.NumberOfPolys).toBe(String(1 + 3 * 16 * 8));
      const arrays = Object.fromEntries(findAll(piece, 'DataArray').map((a) => [a.attrs.Name, numbers(a)]));
      expect(new Set(arrays.body_id)).toEqual(new Set([0, 1, 2, 3]));
      expect(arrays.speed).toHaveLength(4 + 3 * SPHERE_POINTS);
      // The first sphere point is its north pole: centre + radius · e_z, the centre read from frames.jsonl.
      const p = arrays.Points.slice(3 * 4, 3 * 5);
      expect(p).toEqual([f.pose[12], f.pose[13], f.pose[14] + 0.1]);

      const contacts = parseXml(readFileSync(join(out, `contacts_${String(f.frame).padStart(6, '0')}.vtp`), 'utf8'));
      const cp = findAll(contacts, 'Piece')[0];
      const expected = f.step === 0 ? 0 : steps[f.step - 1].contacts;
      expect(cp.attrs).toMatchObject({ NumberOfPoints: String(expected), NumberOfVerts: String(expected) });
      const reaction = numbers(findAll(cp, 'DataArray').find((a) => a.attrs.Name === 'normal_reaction')!);
      expect(reaction).toHaveLength(3 * expected);
      // Normal reactions push the balls up: along +z, never pulling.
      for (let c = 0; c < expected; c++) expect(reaction[3 * c + 2]).toBeGreaterThanOrEqual(0);
    }

    for (const name of ['bodies', 'contacts']) {
      const pvd = findAll(parseXml(readFileSync(join(out, `${name}.pvd`), 'utf8')), 'DataSet');
      expect(pvd.map((d) => [Number(d.attrs.timestep), d.attrs.file])).toEqual(frames.map((f) => [f.time, `${name}_${String(f.frame).padStart(6, '0')}.vtp`]));
    }
    expect(JSON.parse(readFileSync(join(out, 'checkpoint.json'), 'utf8'))).toMatchObject({ format: 'moreau-checkpoint', steps: 40 });
    expect(readdirSync(out).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  test('should write the same frames as text with --vtk-format ascii, and binary by default', async () => {
    const { setup } = fakeSetup();
    const dir = folder();
    for (const [name, extra] of [['binary', []], ['ascii', ['--vtk-format', 'ascii']]] as const) {
      expect((await runSimulate(setup, ['scene.json', '--out', name, '--until', '0.1', ...extra], dir)).code).toBe(0);
    }
    for (const file of ['bodies_000002.vtp', 'contacts_000002.vtp']) {
      const read = (name: string) => findAll(parseXml(readFileSync(join(dir, name, file), 'utf8')), 'DataArray');
      const [binary, ascii] = [read('binary'), read('ascii')];
      expect(new Set(binary.map((a) => a.attrs.format))).toEqual(new Set(['binary']));
      expect(new Set(ascii.map((a) => a.attrs.format))).toEqual(new Set(['ascii']));
      expect(binary.map((a) => [a.attrs.Name, numbers(a)])).toEqual(ascii.map((a) => [a.attrs.Name, numbers(a)]));
    }
  });

  test('should draw each body as one point with its radius and linear map with --vtk-bodies centres', async () => {
    const { setup } = fakeSetup();
    const dir = folder();
    for (const [name, extra] of [['surfaces', []], ['centres', ['--vtk-bodies', 'centres']]] as const) {
      expect((await runSimulate(setup, ['scene.json', '--out', name, '--until', '0.1', ...extra], dir)).code).toBe(0);
    }
    const frames = lines(join(dir, 'centres', 'frames.jsonl'));
    const read = (name: string, file: string) => parseXml(readFileSync(join(dir, name, file), 'utf8'));
    const arrays = (x: ReturnType<typeof parseXml>) => Object.fromEntries(findAll(x, 'DataArray').map((a) => [a.attrs.Name, numbers(a)]));
    for (const f of frames) {
      const file = `bodies_${String(f.frame).padStart(6, '0')}.vtp`;
      const x = read('centres', file);
      const piece = findAll(x, 'Piece')[0];
      expect([piece.attrs.NumberOfPoints, piece.attrs.NumberOfVerts, piece.attrs.NumberOfPolys]).toEqual(['4', '4', '0']);
      const a = arrays(x);
      // The points and linear maps are the poses of frames.jsonl (12 numbers a body: position, then the map).
      expect(a.Points).toEqual([0, 1, 2, 3].flatMap((b) => f.pose.slice(12 * b, 12 * b + 3)));
      expect(a.linear).toEqual([0, 1, 2, 3].flatMap((b) => f.pose.slice(12 * b + 3, 12 * b + 12)));
      expect(a.radius).toEqual([0, 0.1, 0.1, 0.1]);
      expect(a.body_id).toEqual([0, 1, 2, 3]);
      // The same velocities as the surfaces frame's, one per body instead of one per surface point.
      const s = arrays(read('surfaces', file));
      const firstPoint = [0, 4, 4 + SPHERE_POINTS, 4 + 2 * SPHERE_POINTS];
      expect(a.velocity).toEqual(firstPoint.flatMap((p) => s.velocity.slice(3 * p, 3 * p + 3)));
      expect(a.speed).toEqual(firstPoint.map((p) => s.speed[p]));
    }
    // One bodies frame for each pose record.
    expect(readdirSync(join(dir, 'centres')).filter((f) => f.startsWith('bodies_'))).toHaveLength(frames.length);
  });

  test('should resume a run in the body style of its frames, and refuse another', async () => {
    const { setup } = fakeSetup();
    const dir = folder();
    expect((await runSimulate(setup, ['scene.json', '--out', 'out', '--until', '0.1', '--vtk-bodies', 'centres'], dir)).code).toBe(0);
    const piece = (frame: number) => findAll(parseXml(readFileSync(join(dir, 'out', `bodies_${String(frame).padStart(6, '0')}.vtp`), 'utf8')), 'Piece')[0].attrs;
    const other = await runSimulate(setup, ['scene.json', '--out', 'out', '--resume', '--until', '0.2', '--vtk-bodies', 'surfaces'], dir);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/^E_USAGE: The run in .*out draws its bodies as centres; resume it with --vtk-bodies centres/);
    expect(lines(join(dir, 'out', 'steps.jsonl'))).toHaveLength(10);
    expect((await runSimulate(setup, ['scene.json', '--out', 'out', '--resume', '--until', '0.2'], dir)).code).toBe(0);
    expect(lines(join(dir, 'out', 'steps.jsonl'))).toHaveLength(20);
    for (const frame of [2, 4]) expect([piece(frame).NumberOfVerts, piece(frame).NumberOfPolys]).toEqual(['4', '0']);
  });

  test('should refuse, before writing anything, a run whose frames could not fit on any disk', async () => {
    const { setup } = fakeSetup();
    const dir = folder();
    // A frame every 0.05 s for 1e12 s: 2e13 frames of some 40 kB, about 1e18 bytes.
    const run = await runSimulate(setup, ['scene.json', '--out', 'out', '--until', '1e12'], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^E_TOO_LARGE: The run's frames would take up to [\d.]+ TB \(20000000000001 bodies frames of up to \d+ kB, the bodies as surfaces\), more than the [\d.]+ [kMG]B free where --out is; nothing was written\. Write fewer frames .*--vtk-bodies centres, up to \d+ kB a frame\) or a shorter run \(--until\)\.$/m);
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  test('should replace an earlier run\'s files in the folder and leave other files alone', async () => {
    const { setup } = fakeSetup();
    const dir = folder();
    await runSimulate(setup, ['scene.json', '--out', 'out', '--dump-problems', '10'], dir);
    writeFileSync(join(dir, 'out', 'notes.txt'), 'keep me');
    const run = await runSimulate(setup, ['scene.json', '--out', 'out', '--until', '0.1'], dir);
    expect(run.code).toBe(0);
    const files = readdirSync(join(dir, 'out')).sort();
    expect(files.filter((f) => f.startsWith('bodies_'))).toEqual(['bodies_000000.vtp', 'bodies_000001.vtp', 'bodies_000002.vtp']);
    expect(files).toContain('notes.txt');
    expect(readdirSync(join(dir, 'out', 'problems'))).toEqual([]);
    expect(lines(join(dir, 'out', 'steps.jsonl'))).toHaveLength(10);
  });

  test('should keep the statistics of the steps before a step that failed, and write no checkpoint', async () => {
    const { setup } = fakeSetup();
    const dir = tempFolder({ 'scene.json': JSON.stringify({ ...scene, throwAt: 13 }) });
    const run = await runSimulate(setup, ['scene.json', '--out', 'out'], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^E_NOT_FINITE: velocity of ball0 is NaN at step 13/);
    expect(lines(join(dir, 'out', 'steps.jsonl'))).toHaveLength(12);
    expect(existsSync(join(dir, 'out', 'checkpoint.json'))).toBe(false);
  });

  test('should dump every n-th step with contacts as FCLIB HDF5 holding the step\'s W, q, mu and reactions', async () => {
    const { setup, sims } = fakeSetup();
    const dir = folder();
    const run = await runSimulate(setup, ['scene.json', '--out', 'out', '--dump-problems', '7', '--json'], dir);
    expect(run.code).toBe(0);
    const history = sims[0].history;
    const contactSteps = [...history.keys()];
    const expected = contactSteps.filter((_, k) => (k + 1) % 7 === 0);
    const files = readdirSync(join(dir, 'out', 'problems')).sort();
    expect(files).toEqual(expected.map((s) => `step-${String(s).padStart(6, '0')}.hdf5`));
    expect(JSON.parse(run.stdout).problems).toBe(expected.length);
    for (const step of expected) {
      const { problem, solution, info } = await readProblem(join(dir, 'out', 'problems', `step-${String(step).padStart(6, '0')}.hdf5`));
      const original = history.get(step)!;
      // Written and read back entry by entry: bit-identical.
      expect(problem.W.values).toEqual(original.problem.W.values);
      expect(problem.W.colIdx).toEqual(original.problem.W.colIdx);
      expect(problem.q).toEqual(original.problem.q);
      expect(problem.mu).toEqual(original.problem.mu);
      expect(solution?.r).toEqual(original.r);
      expect(info?.title).toBe(`balls step ${step}`);
    }
  });
});

describe('moreau simulate: checkpoints', () => {
  /** Everything that must not depend on how the run was split. */
  function finalState(out: string) {
    const checkpoint = JSON.parse(readFileSync(join(out, 'checkpoint.json'), 'utf8'));
    return {
      checkpoint: { ...checkpoint },
      frames: readFileSync(join(out, 'frames.jsonl'), 'utf8'),
      steps: lines(join(out, 'steps.jsonl')).map((s) => [s.step, s.time, s.contacts, s.converged]),
      pvd: readFileSync(join(out, 'bodies.pvd'), 'utf8'),
      lastFrame: readFileSync(join(out, 'bodies_000008.vtp'), 'utf8'),
      problems: readdirSync(join(out, 'problems')).sort(),
    };
  }

  test('should continue with --resume bit-identically: a run to T equals a run to T/2 plus a resume to T', async () => {
    const { setup } = fakeSetup();
    const dir = folder();
    expect((await runSimulate(setup, ['scene.json', '--out', 'whole', '--dump-problems', '3'], dir)).code).toBe(0);
    expect((await runSimulate(setup, ['scene.json', '--out', 'split', '--dump-problems', '3', '--until', '0.23'], dir)).code).toBe(0);
    const resumed = await runSimulate(setup, ['scene.json', '--out', 'split', '--dump-problems', '3', '--resume', '--json'], dir);
    expect(resumed.code).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ from: { step: 23 }, steps: 17, step: 40 });
    expect(finalState(join(dir, 'split'))).toEqual(finalState(join(dir, 'whole')));
  });

  test('should stop after the current step on Ctrl-C, write a checkpoint, say how to resume, and exit 130', async () => {
    const { setup } = fakeSetup();
    const dir = folder();
    await runSimulate(setup, ['scene.json', '--out', 'whole', '--dump-problems', '3'], dir);
    const stopped = await runSimulate(setup, ['scene.json', '--out', 'split', '--dump-problems', '3', '--progress', '--json'], dir, { interruptOnFirstMessage: true });
    expect(stopped.code).toBe(130);
    expect(JSON.parse(stopped.stdout)).toMatchObject({ ended: 'interrupted', step: 1 });
    expect(stopped.stderr).toMatch(/Interrupted at t = 0\.01 \(step 1\); checkpoint written\. Resume with:\n {2}moreau simulate scene\.json --out split --resume --dump-problems 3/);
    expect(JSON.parse(readFileSync(join(dir, 'split', 'checkpoint.json'), 'utf8')).steps).toBe(1);
    expect(lines(join(dir, 'split', 'steps.jsonl'))).toHaveLength(1);
    const resumed = await runSimulate(setup, ['scene.json', '--out', 'split', '--resume', '--dump-problems', '3'], dir);
    expect(resumed.code).toBe(0);
    expect(finalState(join(dir, 'split'))).toEqual(finalState(join(dir, 'whole')));
  });

  test('should hand --tol to the setup as the chain\'s tolerance, and name it in the command that resumes', async () => {
    const { setup } = fakeSetup();
    const given: unknown[] = [];
    const recording: SetupSimulation = (file, config, overrides) => {
      given.push(overrides);
      return setup(file, config, overrides);
    };
    const dir = folder();
    const stopped = await runSimulate(recording, ['scene.json', '--out', 'o', '--tol', '1e-5', '--progress'], dir, { interruptOnFirstMessage: true });
    expect(stopped.code).toBe(130);
    expect(stopped.stderr).toMatch(/Resume with:\n {2}moreau simulate scene\.json --out o --resume --tol 0\.00001\n/);
    expect((await runSimulate(recording, ['scene.json'], dir)).code).toBe(0);
    expect(given).toEqual([{ tolerance: 1e-5 }, undefined]);
  });

  test('should drop log lines past the checkpoint when resuming after a run that died without one', async () => {
    const { setup } = fakeSetup();
    const dir = folder();
    await runSimulate(setup, ['scene.json', '--out', 'whole'], dir);
    await runSimulate(setup, ['scene.json', '--out', 'split', '--until', '0.2'], dir);
    // As if the process had been killed at step 25: logs ran ahead of the checkpoint at step 20.
    const ahead = lines(join(dir, 'whole', 'steps.jsonl')).slice(20, 25).map((s) => JSON.stringify(s)).join('\n');
    writeFileSync(join(dir, 'split', 'steps.jsonl'), `${readFileSync(join(dir, 'split', 'steps.jsonl'), 'utf8')}${ahead}\n{"step":2`);
    const resumed = await runSimulate(setup, ['scene.json', '--out', 'split', '--resume'], dir);
    expect(resumed.code).toBe(0);
    expect(lines(join(dir, 'split', 'steps.jsonl')).map((s) => s.step)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  test('should refuse to resume from logs that lack steps or frames before the checkpoint, and change nothing', async () => {
    const { setup } = fakeSetup();
    const dir = folder();
    await runSimulate(setup, ['scene.json', '--out', 'cut', '--until', '0.2'], dir);
    const steps = readFileSync(join(dir, 'cut', 'steps.jsonl'), 'utf8').split('\n');
    const cut = [...steps.slice(0, 4), ...steps.slice(5)].join('\n'); // step 5's line lost, the file still whole lines
    writeFileSync(join(dir, 'cut', 'steps.jsonl'), cut);
    const run = await runSimulate(setup, ['scene.json', '--out', 'cut', '--resume'], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^E_FILE_FORMAT: --resume: steps\.jsonl lacks step 5 \(1 of the 20 before the checkpoint\) in .*cut: going on would lose them/);
    expect(readFileSync(join(dir, 'cut', 'steps.jsonl'), 'utf8')).toBe(cut);

    await runSimulate(setup, ['scene.json', '--out', 'noframes', '--until', '0.2'], dir);
    const frames = readFileSync(join(dir, 'noframes', 'frames.jsonl'), 'utf8').split('\n').filter(Boolean).length;
    writeFileSync(join(dir, 'noframes', 'frames.jsonl'), '');
    const again = await runSimulate(setup, ['scene.json', '--out', 'noframes', '--resume'], dir);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(new RegExp(`frames\\.jsonl lacks frames 0 to ${frames - 1}`));
  });

  test('should refuse to resume past --until with a usage error', async () => {
    const { setup } = fakeSetup();
    const dir = folder();
    await runSimulate(setup, ['scene.json', '--out', 'out', '--until', '0.2'], dir);
    const run = await runSimulate(setup, ['scene.json', '--out', 'out', '--resume', '--until', '0.1'], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^E_USAGE: Nothing to do: the run is at t = 0\.2/);
  });
});
