import { describe, expect, test } from 'vitest';
import type { BenchSolver } from '../bench/solvers.js';
import { expandJobs } from './expand.js';
import { canonicalJson, jobKey, type ProblemJob } from './job.js';
import type { SceneJob } from './scene-job.js';

const job = (options: Record<string, unknown>, seed = 0): ProblemJob => ({
  problem: { path: '/data/a.dat', shown: 'a.dat', name: 'a.dat' },
  solver: { label: 'pqn', config: { name: 'pqn', options, start: 'previous' }, plugins: { kind: 'registry', baseDir: '/here', extra: [] } },
  limits: { tol: 1e-8, timeLimitMs: 1000, repeat: 1 },
  seed,
});

describe('job key', () => {
  test('should write the same value as the same text whatever the key order, at every depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [{ y: 1, x: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[{"x":2,"y":1}]},"b":1}');
  });

  test('should give the same key for the same job written in another key order', () => {
    expect(jobKey(job({ delta: 0, theta: 0.5 }))).toBe(jobKey(job({ theta: 0.5, delta: 0 })));
    expect(jobKey(job({}))).toMatch(/^[0-9a-f]{64}$/);
  });

  test('should give another key when an option, the seed or the limits change', () => {
    const base = jobKey(job({ delta: 0 }));
    expect(jobKey(job({ delta: 0.1 }))).not.toBe(base);
    expect(jobKey(job({ delta: 0 }, 1))).not.toBe(base);
    expect(jobKey({ ...job({ delta: 0 }), limits: { tol: 1e-6, timeLimitMs: 1000, repeat: 1 } })).not.toBe(base);
  });

  test('should not depend on where the plugins are loaded from', () => {
    const moved = job({ delta: 0 });
    moved.solver.plugins = { kind: 'registry', baseDir: '/elsewhere', extra: [] };
    moved.problem = { ...moved.problem, path: '/elsewhere/a.dat' };
    expect(jobKey(moved)).toBe(jobKey(job({ delta: 0 })));
  });
});

const sceneJob = (options: Record<string, unknown>, over: Partial<SceneJob> = {}): SceneJob => ({
  kind: 'scene',
  scene: { path: '/data/drum.json', shown: 'drum.json', name: 'drum' },
  label: `pqn ${JSON.stringify(options)}`,
  config: { solver: { name: 'pqn', options: { preset: 'solfec-drum', ...options }, start: 'previous' }, integrator: { name: 'moreau-midpoint' } },
  configDir: '/here',
  options,
  until: 2,
  seed: 0,
  ...over,
});

describe('job key of problem and scene jobs', () => {
  test('should keep the key a problem job had before scene jobs existed (resume files stay valid)', () => {
    // Recorded from the code before jobs became a union of problem and scene jobs.
    expect(jobKey(job({ delta: 0 }))).toBe('0259838721aa0ef355b7004b75393f337afb9046efe2c335f993ff2da815dcea');
    expect(jobKey(job({ delta: 0.1, theta: 0.5 }, 3))).toBe('2bab58d50603a73622c8629362b79ec6488e0feaf5aff55e74a271d498123d51');
  });

  test('should keep the key of a bench job without --warm-start, and give one with it a key of its own', () => {
    // What job({ delta: 0 }) holds, as the bench builds it: the solver as resolved, the limits as parsed.
    const solver = { label: 'pqn', run: { config: { name: 'pqn', options: { delta: 0 }, start: 'previous' } }, plugins: { kind: 'registry', baseDir: '/here', extra: [] } } as unknown as BenchSolver;
    const file = { path: '/data/a.dat', shown: 'a.dat', name: 'a.dat' };
    const limits = { tol: 1e-8, timeLimitMs: 1000, repeat: 1 };
    const [off] = expandJobs([file], [solver], { ...limits, warmStart: false });
    expect(Object.keys(off.limits).sort()).toEqual(['repeat', 'timeLimitMs', 'tol']);
    expect(jobKey(off)).toBe('0259838721aa0ef355b7004b75393f337afb9046efe2c335f993ff2da815dcea');
    const [on] = expandJobs([file], [solver], { ...limits, warmStart: true });
    expect(on.limits).toEqual({ ...limits, warmStart: true });
    expect(jobKey(on)).not.toBe(jobKey(off));
  });

  test('should give a scene job another key when its options, config, until, seed or scene change', () => {
    const base = jobKey(sceneJob({ delta: 0 }));
    const others = [
      sceneJob({ delta: 0.1 }),
      sceneJob({ delta: 0 }, { until: 1 }),
      sceneJob({ delta: 0 }, { until: undefined }),
      sceneJob({ delta: 0 }, { seed: 1 }),
      sceneJob({ delta: 0 }, { scene: { path: '/data/other.json', shown: 'other.json', name: 'other' } }),
      sceneJob({ delta: 0 }, { config: { solver: { name: 'pqn', options: { delta: 0 }, start: 'previous' } } }),
    ].map(jobKey);
    expect(new Set([base, ...others]).size).toBe(others.length + 1);
  });

  test('should give a scene job the same key wherever its files and plugins are', () => {
    const moved = sceneJob({ delta: 0 }, { configDir: '/elsewhere', scene: { path: '/elsewhere/drum.json', shown: 'drum.json', name: 'drum' } });
    expect(jobKey(moved)).toBe(jobKey(sceneJob({ delta: 0 })));
  });
});
