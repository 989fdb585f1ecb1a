import { describe, expect, test } from 'vitest';
import { curveColumns } from './curve-columns.js';

describe('curveColumns', () => {
  test('should put the chain\'s attempts one after the other on the iteration axis, one column each', () => {
    const columns = curveColumns([
      { solver: 'pqn', iteration: [1, 2, 3], error: [1e-2, 1e-3, 1e-4], iterations: 3 },
      // Evaluated every other sweep, and an exact zero at the end: no place on a log axis.
      { solver: 'gauss-seidel', iteration: [2, 4, 6], error: [1e-5, 1e-7, 0], iterations: 6 },
    ]);
    expect(columns.x).toEqual([1, 2, 3, 5, 7, 9]);
    expect(columns.errors).toEqual([
      [1e-2, 1e-3, 1e-4, null, null, null],
      [null, null, null, 1e-5, 1e-7, null],
    ]);
    expect(columns.solvers).toEqual(['pqn', 'gauss-seidel']);
    expect(columns.labels).toEqual(['1: pqn', '2: gauss-seidel']);
  });

  test('should count iterations without an error in the offset, and share an x where two attempts meet', () => {
    const columns = curveColumns([
      { solver: 'apgd', iteration: [10], error: [0.5], iterations: 12 },
      { solver: 'pqn', iteration: [0, 1], error: [0.4, 0.1], iterations: 1 },
    ]);
    expect(columns.x).toEqual([10, 12, 13]);
    expect(columns.errors).toEqual([[0.5, null, null], [null, 0.4, 0.1]]);
    expect(curveColumns([])).toEqual({ x: [], errors: [], solvers: [], labels: [] });
  });
});
