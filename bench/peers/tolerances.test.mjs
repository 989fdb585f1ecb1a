// bench/peers.mjs's `--moreau-tolerances`: the chain held to another tolerance, and the list's checks.
import { describe, expect, test } from 'vitest';
import { parseTolerances, TOLERANCE_RANGE, withTolerance } from './tolerances.mjs';

describe('peers: Moreau at other tolerances', () => {
  test('should set every link\'s tolerance and keep its other options, the given config unchanged', () => {
    const chain = {
      name: 'gauss-seidel', options: { merit: 'energy', tolerance: 1e-8, maxIterations: 1000 },
      fallback: { name: 'pqn', options: { merit: 'energy', tolerance: 1e-8 }, fallback: { name: 'auto' } },
    };
    const copy = structuredClone(chain);
    expect(withTolerance(chain, 1e-4)).toEqual({
      name: 'gauss-seidel', options: { merit: 'energy', tolerance: 1e-4, maxIterations: 1000 },
      fallback: { name: 'pqn', options: { merit: 'energy', tolerance: 1e-4 }, fallback: { name: 'auto', options: { tolerance: 1e-4 } } },
    });
    expect(chain).toEqual(copy);
  });

  test('should read a list of tolerances in order', () => {
    expect(parseTolerances('1e-8, 1e-6,0.0001')).toEqual({ tolerances: [1e-8, 1e-6, 1e-4] });
  });

  test('should refuse a tolerance out of range, not a number, listed twice, or too many', () => {
    for (const text of ['0', '1', '1e-15', 'abc', '', '1e-6,', '-1e-6']) expect(parseTolerances(text).error).toMatch(/expected comma-separated numbers/);
    expect(parseTolerances('1e-6,0.000001').error).toMatch(/lists 0.000001 twice/);
    const many = Array.from({ length: TOLERANCE_RANGE.count + 1 }, (_, i) => `1e-${i + 2}`).join(',');
    expect(parseTolerances(many).error).toMatch(/at most 8; got 9/);
  });
});
