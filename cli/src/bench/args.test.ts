import { availableParallelism } from 'node:os';
import { describe, expect, test } from 'vitest';
import { isMoreauError } from '@moreau/core';
import { BENCH_DEFAULTS, defaultJobTimeLimitMs, parseBenchArgs } from './args.js';
import { MAX_THREADS_PER_CORE } from '../args.js';

function usageError(args: string[]): string {
  try {
    parseBenchArgs(args);
  } catch (e) {
    if (isMoreauError(e, 'E_USAGE')) return e.message;
    throw e;
  }
  throw new Error('expected E_USAGE');
}

describe('moreau bench arguments', () => {
  test('should keep solvers and configs in order, each --options on the --solver before it', () => {
    const a = parseBenchArgs(['probs', '--solver', 'pqn', '--config', 'c.json', '--solver', 'pqn', '--options', '{"preset":"paper"}', 'more', '--solver', './mine']);
    expect(a.paths).toEqual(['probs', 'more']);
    expect(a.solvers).toEqual([
      { kind: 'solver', spec: 'pqn' },
      { kind: 'config', file: 'c.json' },
      { kind: 'solver', spec: 'pqn', options: { preset: 'paper' } },
      { kind: 'solver', spec: './mine' },
    ]);
  });

  test('should fill the defaults and read the numbers', () => {
    expect(parseBenchArgs(['p'])).toMatchObject({ tol: BENCH_DEFAULTS.tol, timeLimitMs: BENCH_DEFAULTS.timeLimitMs, repeat: BENCH_DEFAULTS.repeat, progress: false, warmStart: false });
    expect(parseBenchArgs(['p', '--tol', '1e-6', '--time-limit', '20000', '--repeat', '5', '--max-iter', '100', '--progress', '--warm-start']))
      .toMatchObject({ tol: 1e-6, timeLimitMs: 20000, repeat: 5, maxIterations: 100, progress: true, warmStart: true });
  });

  test('should refuse --options with no --solver before it, or after a --config', () => {
    expect(usageError(['p', '--options', '{}'])).toMatch(/--options applies to the --solver given just before it/);
    expect(usageError(['p', '--config', 'c.json', '--options', '{}'])).toMatch(/a --config came before/);
  });

  test('should refuse two --options for one solver, bad JSON, an empty value, a bad number, an unknown flag', () => {
    expect(usageError(['p', '--solver', 'pqn', '--options', '{}', '--options', '{}'])).toMatch(/two --options after --solver pqn/);
    expect(usageError(['p', '--solver', 'pqn', '--options', '{nope'])).toMatch(/--options is not valid JSON/);
    expect(usageError(['p', '--solver', ''])).toMatch(/--solver needs a value/);
    expect(usageError(['p', '--repeat', '2.5'])).toMatch(/--repeat expects a positive integer/);
    expect(usageError(['p', '--time-limit', '0'])).toMatch(/--time-limit expects a positive number/);
    expect(usageError(['p', '--sovler', 'pqn'])).toMatch(/moreau bench: Unknown option '--sovler'/);
  });

  test('should take --jobs as a count or auto, and default the job time limit from the time limit and repeats', () => {
    expect(parseBenchArgs(['p', '--jobs', '2'])).toMatchObject({ jobs: 2, jobTimeLimitMs: undefined });
    expect(parseBenchArgs(['p', '--jobs', 'auto', '--job-time-limit', '500'])).toMatchObject({ jobs: 'auto', jobTimeLimitMs: 500 });
    expect(parseBenchArgs(['p']).jobs).toBeUndefined();
    expect(defaultJobTimeLimitMs({ timeLimitMs: 1000, repeat: 3 })).toBe(14_000);
    expect(usageError(['p', '--jobs', '0'])).toMatch(/--jobs expects a positive integer/);
    const most = MAX_THREADS_PER_CORE * availableParallelism();
    expect(parseBenchArgs(['p', '--jobs', String(most)]).jobs).toBe(most);
    expect(usageError(['p', '--jobs', String(most + 1)])).toMatch(new RegExp(`--jobs ${most + 1}: at most ${most} worker threads on this \\d+-core machine`));
    expect(usageError(['p', '--jobs', '1e9'])).toMatch(/--jobs 1000000000: at most/);
    expect(usageError(['p', '--jobs', 'many'])).toMatch(/--jobs expects a positive integer/);
  });
});
