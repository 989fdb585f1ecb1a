// bench/peers.mjs's split of a step: each engine's timers to ms a step and a solve's ms an iteration.
import { describe, expect, test } from 'vitest';
import { moreauSplit, rapierSplit } from './split.mjs';

describe('peers: where a step goes', () => {
  test('should give Moreau\'s phases a step, its position projection in the rest, and its solve per mean iteration', () => {
    const split = moreauSplit({
      steps: 4, solves: { iterations: 200 },
      phases: { detect: 8, assemble: 4, correct: 8, solve: 100, update: 4, total: 124 },
    });
    expect(split).toEqual({ iterations: 50, detect: 2, assemble: 1, solve: 25, rest: 3, total: 31, solvePerIteration: 0.5 });
  });

  test('should leave Rapier\'s velocity assembly out of its solve and find the rest of its step', () => {
    const split = rapierSplit({ steps: 2, iterations: 4, phases: { total: 24, detect: 10, solve: 12, assemble: 2 } });
    expect(split).toEqual({ iterations: 4, detect: 5, assemble: 1, solve: 5, rest: 1, total: 12, solvePerIteration: 1.25 });
  });

  test('should say no iteration cost when no iteration ran, and refuse an unprofiled Rapier run', () => {
    expect(moreauSplit({ steps: 1, solves: { iterations: 0 }, phases: { detect: 1, assemble: 0, correct: 0, solve: 0, update: 1, total: 2 } }).solvePerIteration).toBeUndefined();
    expect(() => rapierSplit({ steps: 1, iterations: 4 })).toThrow(/not profiled/);
  });
});
