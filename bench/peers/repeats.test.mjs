// bench/peers.mjs's --repeat: runs of one engine combined into one row.
import { describe, expect, test } from 'vitest';
import { combineRuns, runRatioRange } from './repeats.mjs';

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

  test('should keep a warm-up run\'s time apart from the times, and hold it to the same end', () => {
    const c = combineRuns([run(10, 11), run(12, 13)], run(40, 41));
    expect(c.cpuMs).toBe(11);
    expect(c.cpuRange).toEqual([10, 12]);
    expect(c.warmUpCpuMs).toBe(40);
    expect(c.warmUpWallMs).toBe(41);
    expect(c.sameEnd).toBe(true);
    expect(combineRuns([run(10, 11)], run(40, 41, 2)).sameEnd).toBe(false);
    expect(combineRuns([run(10, 11)])).not.toHaveProperty('warmUpCpuMs');
  });

  test('should give the range of each run\'s own ratio, the engines paired by run', () => {
    // Medians 20 / 10 = 2, but run by run 3, 1 and 2: the pairing is by run, not by rank.
    expect(runRatioRange([run(30, 30), run(10, 10), run(20, 20)], [run(10, 10), run(10, 10), run(10, 10)])).toEqual([1, 3]);
    expect(runRatioRange([run(12, 12), run(24, 24)], [run(6, 6), run(8, 8)])).toEqual([2, 3]);
    expect(() => runRatioRange([run(1, 1)], [])).toThrow(/1 runs of Moreau against 0/);
    expect(() => runRatioRange([], [])).toThrow(/0 runs/);
  });
});
