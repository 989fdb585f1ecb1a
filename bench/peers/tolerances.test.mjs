// bench/peers.mjs's `--moreau-tolerances`: the list's checks (the chain is set by core's `applyOverrides`, tested there).
import { describe, expect, test } from 'vitest';
import { parseTolerances, TOLERANCE_RANGE } from './tolerances.mjs';

describe('peers: Moreau at other tolerances', () => {
  test('should read a list of tolerances in order, its ends those --tol takes', () => {
    expect(parseTolerances('1e-8, 1e-6,0.0001')).toEqual({ tolerances: [1e-8, 1e-6, 1e-4] });
    expect(parseTolerances('1e-14,0.1')).toEqual({ tolerances: [1e-14, 0.1] });
  });

  test('should refuse a tolerance out of range, not a number, listed twice, or too many', () => {
    for (const text of ['0', '1', '1e-15', 'abc', '', '1e-6,', '-1e-6']) expect(parseTolerances(text).error).toMatch(/expected comma-separated numbers/);
    expect(parseTolerances('1e-6,0.000001').error).toMatch(/lists 0.000001 twice/);
    const many = Array.from({ length: TOLERANCE_RANGE.count + 1 }, (_, i) => `1e-${i + 2}`).join(',');
    expect(parseTolerances(many).error).toMatch(/at most 8; got 9/);
  });
});
