// bench/peers.mjs's --repeat: runs of one engine combined into one row.
import { describe, expect, test } from 'vitest';
import { combineRuns } from './repeats.mjs';

const run = (cpuMs, wallMs, x = 1) => ({ cpuMs, wallMs, steps: 10, poses: [{ position: [x, 0, 0], rotation: [1, 0, 0, 0, 1, 0, 0, 0, 1] }] });

describe('peers: repeated runs', () => {
  test('should give the median time, the range of CPU times, and the first run\'s answer', () => {
    const c = combineRuns([run(30, 31), run(10, 12), run(20, 22)]);
    expect(c.cpuMs).toBe(20);
    expect(c.wallMs).toBe(22);
    expect(c.cpuRange).toEqual([10, 30]);
    expect(c.runs).toBe(3);
    expect(c.steps).toBe(10);
    expect(c.sameEnd).toBe(true);
  });

  test('should say when a run ended elsewhere, to the bit', () => {
    expect(combineRuns([run(1, 1, 1), run(1, 1, 1 + 2 ** -52)]).sameEnd).toBe(false);
    expect(combineRuns([run(1, 1)]).sameEnd).toBe(true);
    expect(() => combineRuns([])).toThrow(/no runs/);
  });
});
