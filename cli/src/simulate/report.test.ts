import { describe, expect, test } from 'vitest';
import { stoppingTests } from './report.js';
import type { AttemptStatistics } from './step-statistics.js';

const link = (solver: string, merit?: string, tolerance?: number): AttemptStatistics => ({
  solver, ...(merit === undefined ? {} : { merit, tolerance }), steps: 10, converged: 10, iterations: { total: 40, mean: 4, max: 9 }, ms: 1,
});

describe('the summary\'s stopping test', () => {
  test('should give one link\'s merit and tolerance', () => {
    expect(stoppingTests([link('gauss-seidel', 'energy', 1e-5)])).toBe('energy ≤ 1e-5');
  });

  test('should say a test the links share once, with how many links ran', () => {
    expect(stoppingTests([link('gauss-seidel', 'energy', 1e-8), link('pqn', 'energy', 1e-8)])).toBe('energy ≤ 1e-8, each of the 2 links that ran');
  });

  test('should name each link when their tests differ', () => {
    expect(stoppingTests([link('gauss-seidel', 'energy', 2.5e-6), link('auto', 'siconos', 1e-8)])).toBe('gauss-seidel: energy ≤ 2.5e-6, auto: siconos ≤ 1e-8');
  });

  test('should leave out links without a tolerance, and give nothing when none has one', () => {
    expect(stoppingTests([link('toy'), link('pqn', 'energy', 1e-8)])).toBe('energy ≤ 1e-8');
    expect(stoppingTests([link('toy')])).toBeUndefined();
    expect(stoppingTests([])).toBeUndefined();
  });
});
