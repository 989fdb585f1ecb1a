import { describe, expect, test } from 'vitest';
import { jobKey } from '../jobs/job.js';
import type { SceneJob, SceneRecord } from '../jobs/scene-job.js';
import { leaves, renderSceneSweepTable, sweepAxes } from './scene-sweep-report.js';

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
      iterations: its(11), firstSolver: its(9.5), attempts: [{ solver: 'pqn', steps: 990, converged: 985, iterations: { total: 9405, mean: 9.5, max: 1000 } }],
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
});
