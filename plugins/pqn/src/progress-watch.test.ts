import { describe, expect, test } from 'vitest';
import { createRegistry, EventBus, RunContext, type z } from '@moreau/core';
import { randomProblem } from '@moreau/conformance';
import plugin, { options, type PqnStats } from './index.js';
import { ProgressWatch, STALL_DECREASE } from './progress-watch.js';

function solve(opts: z.input<typeof options>, seed: number) {
  const ctx = new RunContext(createRegistry(), new EventBus());
  return plugin.create(options.parse(opts), ctx).solve(randomProblem(seed, { contacts: 30 }));
}

describe('no-progress stop', () => {
  test('should say stalled once the merit has not fallen by STALL_DECREASE below its best for a whole window', () => {
    const w = new ProgressWatch(3);
    w.start(0, 1);
    expect(w.stalled(1, 0.95)).toBe(false); // less than 10 % down: no progress
    expect(w.stalled(2, 0.92)).toBe(false);
    expect(w.stalled(3, 2)).toBe(true); // three steps since the best (step 0)
    w.start(0, 1);
    expect(w.stalled(1, (1 - STALL_DECREASE) * 0.99)).toBe(false); // progress at step 1
    expect(w.stalled(3, 0.9)).toBe(false);
    expect(w.stalled(4, 0.9)).toBe(true);
  });

  test('should never say stalled with a window of 0', () => {
    const w = new ProgressWatch(0);
    w.start(0, 1);
    for (let k = 1; k < 100; k++) expect(w.stalled(k, 1)).toBe(false);
  });

  test('should stop PQN only where its merit history shows no progress over the window, and change nothing else', () => {
    let stopped = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const base = solve({ maxIterations: 60 }, seed);
      const watched = solve({ maxIterations: 60, stallIterations: 4 }, seed);
      const errors = (watched.stats as unknown as PqnStats).history.errors;
      const k = watched.iterations;
      // The watched run follows the same steps up to where it stops.
      expect((base.stats as unknown as PqnStats).history.errors.slice(0, k + 1)).toEqual(errors);
      if (watched.reason === 'stalled' && base.iterations > k) {
        stopped++;
        const best = Math.min(...errors.slice(0, k - 3));
        expect(Math.min(...errors.slice(k - 3))).toBeGreaterThanOrEqual((1 - STALL_DECREASE) * best);
      } else {
        expect(watched.iterations).toBe(base.iterations);
        expect(watched.reason).toBe(base.reason);
        expect(Array.from(watched.r)).toEqual(Array.from(base.r));
      }
    }
    expect(stopped).toBeGreaterThan(0);
  });
});
