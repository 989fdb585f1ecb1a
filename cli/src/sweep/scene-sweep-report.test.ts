import { describe, expect, test } from 'vitest';
import { jobKey } from '../jobs/job.js';
import type { SceneJob, SceneRecord } from '../jobs/scene-job.js';
import { leaves, sweepAxes } from './point-values.js';
import { sceneSweepPlot } from './scene-sweep-plot.js';
import { renderSceneSweepTable } from './scene-sweep-report.js';

const delta = (value: number) => ({ delta: { value, relativeTo: 'avgWii' }, gmresIterations: 10 });
const job = (options: Record<string, unknown>): SceneJob => ({
  kind: 'scene', scene: { path: '/d/drum.json', shown: 'drum.json', name: 'drum' }, label: `pqn ${JSON.stringify(options)}`,
  config: { solver: { name: 'pqn', options, start: 'previous' } }, configDir: '/d', options, until: 1, seed: 0,
});
const its = (mean: number) => ({ mean, median: 0, p90: 0, max: 0 });

describe('scene sweep table', () => {
  test('should find the swept leaves of nested option values, in order', () => {
    expect(leaves(delta(0.1))).toEqual({ 'delta.value': 0.1, 'delta.relativeTo': 'avgWii', gmresIterations: 10 });
    expect(sweepAxes([job(delta(0)), job(delta(0.5))])).toEqual(['delta.value']);
    expect(sweepAxes([job({ a: 1, b: [1, 2] }), job({ a: 2, b: [1, 3] })])).toEqual(['a', 'b']);
  });

  test('should give one row per job with its swept value and statistics, a failed job marked and listed', () => {
    const jobs = [job(delta(0)), job(delta(0.5)), job(delta(1))];
    const ran: SceneRecord = {
      kind: 'scene', key: jobKey(jobs[0]), scene: 'drum', file: 'drum.json', solver: jobs[0].label, options: jobs[0].options,
      ended: 'until', time: 1, until: 1, wallMs: 2500, steps: 1000, solvedSteps: 990, contacts: { mean: 12.5, max: 20 },
      iterations: its(11), firstSolver: its(9.5), attempts: [{ solver: 'pqn', steps: 990, converged: 985, iterations: { total: 9405, mean: 9.5, max: 1000 }, ms: 2200 }],
      stepsAtCap: 5, notConverged: 1, fallbacks: 4, overlap: { max: 0, steps: 0 }, stepMs: 2400, msPerStep: 2.4, split: { detect: 0, assemble: 0, solve: 0, update: 0, other: 0 }, kinetic: 0, poses: '0',
    };
    const lost: SceneRecord = { kind: 'scene', key: jobKey(jobs[1]), scene: 'drum', file: 'drum.json', solver: jobs[1].label, options: jobs[1].options, reason: 'timed-out', failure: 'stopped after 5 ms' };
    const table = renderSceneSweepTable({ jobs, records: [ran, lost], solver: 'pqn', settings: 's' }).split('\n');
    expect(table.filter((l) => l.startsWith('| drum |'))).toEqual([
      '| drum | 0 | 1000 | 12.5 | 9.5 | 9405 | 5 | 4 | 1 | 2.5 |',
      '| drum | 0.5 | ✗ timed-out |  |  |  |  |  |  |  |',
      '| drum | 1 | not run |  |  |  |  |  |  |  |',
    ]);
    expect(table).toContain('| scene | delta.value | steps | contacts mean | iterations / step | iterations total | at cap | fallbacks | not converged | wall s |');
    expect(table).toContain(`- drum × ${jobs[1].label}: timed-out: stopped after 5 ms`);
  });

  test('should name scene fields by pointer and generator arguments as args.<name> among the swept values', () => {
    const at = (mu: number, n: number): SceneJob => ({ ...job({}), fields: { '/defaultFriction/mu': mu }, args: { n, orifice: 0.1 } });
    expect(sweepAxes([at(0.2, 10), at(0.4, 10), at(0.2, 20)])).toEqual(['/defaultFriction/mu', 'args.n']);
  });

  describe('with observables', () => {
    const hopper = (mu: number): SceneJob => ({ ...job({}), scene: { path: '/d/hopper.json', shown: 'hopper.json', name: 'hopper' }, fields: { '/defaultFriction/mu': mu }, observe: [{ name: 'out', type: 'count-below', z: -0.05, every: 0.5 }] });
    const jobs = [hopper(0.2), hopper(0.6)];
    const record = (j: SceneJob, value: number[]): SceneRecord => ({
      kind: 'scene', key: jobKey(j), scene: 'hopper', file: 'hopper.json', solver: j.label, options: {}, fields: j.fields,
      ended: 'until', time: 1, until: 1, wallMs: 1000, steps: 1000, solvedSteps: 1000, contacts: { mean: 100, max: 200 },
      iterations: its(20), firstSolver: its(20), attempts: [{ solver: 'gauss-seidel', steps: 1000, converged: 1000, iterations: { total: 20000, mean: 20, max: 90 }, ms: 800 }],
      stepsAtCap: 0, notConverged: 0, fallbacks: 0, overlap: { max: 0, steps: 0 }, stepMs: 900, msPerStep: 0.9, split: { detect: 0, assemble: 0, solve: 0, update: 0, other: 0 }, kinetic: 0, poses: '0',
      observables: { out: { t: [0, 0.5, 1], value } },
    });
    const records = [record(jobs[0], [0, 40, 90]), record(jobs[1], [0, 25, 70])];
    const observe = jobs[0].observe;

    test('should give each observable a column with its last sample, and a table over time with a column per point', () => {
      const table = renderSceneSweepTable({ jobs, records, solver: 'gauss-seidel', settings: 's', observe }).split('\n');
      expect(table).toContain('| scene | /defaultFriction/mu | out | steps | contacts mean | iterations / step | iterations total | at cap | fallbacks | not converged | wall s |');
      expect(table).toContain('| hopper | 0.2 | 90 (t = 1) | 1000 | 100 | 20 | 20000 | 0 | 0 | 0 | 1 |');
      expect(table).toContain('| hopper | 0.6 | 70 (t = 1) | 1000 | 100 | 20 | 20000 | 0 | 0 | 0 | 1 |');
      const over = table.slice(table.indexOf('## out over time'));
      expect(over.slice(2, 7)).toEqual([
        '| t (s) | hopper, /defaultFriction/mu = 0.2 | hopper, /defaultFriction/mu = 0.6 |', '| ---: | ---: | ---: |',
        '| 0 | 0 | 0 |', '| 0.5 | 40 | 25 |', '| 1 | 90 | 70 |',
      ]);
    });

    test('should plot the observable over time by default, one line per point, and against the swept value at a time when asked', () => {
      const overTime = sceneSweepPlot({ jobs, records, solver: 'gauss-seidel', observe })!;
      expect(overTime).toContain('>out over time</text>');
      expect(overTime.match(/<polyline /g)).toHaveLength(2);
      expect(overTime).toContain('<title>hopper, /defaultFriction/mu = 0.6: 0.5 → 25</title>');
      const swept = sceneSweepPlot({ jobs, records, solver: 'gauss-seidel', observe, plot: { x: 'swept', at: 0.5 } })!;
      expect(swept).toContain('gauss-seidel: out at t = 0.5 s against /defaultFriction/mu');
      expect(swept).toContain('<title>hopper: 0.2 → 40</title>');
      expect(swept).toContain('<title>hopper: 0.6 → 25</title>');
      expect(swept.match(/<polyline /g)).toHaveLength(1);
    });
  });
});
