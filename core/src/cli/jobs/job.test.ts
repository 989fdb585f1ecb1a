import { describe, expect, test } from 'vitest';
import { canonicalJson, jobKey, type Job } from './job.js';

const job = (options: Record<string, unknown>, seed = 0): Job => ({
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
