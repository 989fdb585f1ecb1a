import { describe, expect, test } from 'vitest';
import type { StepRecord } from '../live-run.js';
import { errorRange, StepSeries } from './step-series.js';

const ms = { detect: 0, assemble: 0, correct: 0, solve: 0, update: 0, total: 0 };
function record(step: number, answeredBy: string, iterations: number, error: number, contacts = 1): StepRecord {
  return { step, time: step / 100, contacts, iterations, answeredBy, converged: true, reason: 'converged', error, merit: 'siconos', fallbacks: 0, ms, revision: 0 };
}

describe('StepSeries', () => {
  test('should give each answering solver a column of its own, null where another answered', () => {
    const s = new StepSeries();
    expect(s.add([record(1, 'gauss-seidel', 12, 1e-9), record(2, 'gauss-seidel', 8, 1e-10)])).toBe(true);
    expect(s.add([record(3, 'gauss-seidel', 7, 1e-10)])).toBe(false);
    expect(s.add([record(4, 'pqn', 30, 1e-12)])).toBe(true);
    expect(s.step).toEqual([1, 2, 3, 4]);
    expect(s.solvers).toEqual(['gauss-seidel', 'pqn']);
    expect(s.iterations).toEqual([[12, 8, 7, null], [null, null, null, 30]]);
    expect(s.logError).toEqual([-9, -10, -10, -12]);
    expect(s.merits).toEqual(['siconos']);
    s.add([{ ...record(5, 'pqn', 2, 1e-9), merit: 'energy' }]);
    expect(s.merits).toEqual(['siconos', 'energy']);
  });

  test('should leave a gap in the error for a step without contacts or with no positive error', () => {
    const s = new StepSeries();
    s.add([record(1, '', 0, 0, 0), record(2, 'pqn', 3, 0), record(3, 'pqn', 3, Number.NaN)]);
    expect(s.logError).toEqual([null, null, null]);
    expect(s.iterations).toEqual([[null, 3, 3]]);
  });

  test('should keep the marks, and forget everything on clear', () => {
    const s = new StepSeries();
    s.add([record(1, 'gauss-seidel', 1, 1e-9)]);
    s.mark(2, 'pqn');
    expect(s.marks).toEqual([{ step: 2, label: 'pqn' }]);
    s.clear();
    expect([s.step, s.logError, s.solvers, s.iterations, s.marks, s.merits]).toEqual([[], [], [], [], [], []]);
  });
});

describe('errorRange', () => {
  test('should span whole decades, at most twelve below the largest error', () => {
    expect(errorRange(-9.3, -8.2)).toEqual([-10, -8]);
    expect(errorRange(-35, -8.2)).toEqual([-20, -8]);
    // One value: one decade around it.
    expect(errorRange(-9, -9)).toEqual([-9, -8]);
  });
});
