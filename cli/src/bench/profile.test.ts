import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { performanceProfiles, performanceRatios, profileSteps, rho, timeTable, TIME_FLOOR_MS } from './profile.js';

// A hand-made table (rows problems, columns solvers A, B, C; ∞ = not solved):
//   p1:  1   2   ∞      ratios 1    2    ∞
//   p2:  4   2   8             2    1    4
//   p3:  ∞   ∞   ∞             ∞    ∞    ∞   (nobody solves it: stays in n_p)
//   p4:  3   3   12            1    1    4
const TIMES = [[1, 2, Infinity], [4, 2, 8], [Infinity, Infinity, Infinity], [3, 3, 12]];
const [A, B, C] = performanceProfiles(['A', 'B', 'C'], TIMES);

describe('performance profiles (Dolan & Moré 2002)', () => {
  test('should divide each time by the fastest on its problem, unsolved staying infinite', () => {
    expect(performanceRatios(TIMES)).toEqual([[1, 2, Infinity], [2, 1, 4], [Infinity, Infinity, Infinity], [1, 1, 4]]);
  });

  test('should count the problems within τ of the best over all problems, unsolved ones included', () => {
    expect([rho(A, 1), rho(A, 1.99), rho(A, 2), rho(A, 1e9)]).toEqual([0.5, 0.5, 0.75, 0.75]);
    expect([rho(B, 1), rho(B, 2)]).toEqual([0.5, 0.75]);
    expect([rho(C, 1), rho(C, 3.9), rho(C, 4)]).toEqual([0, 0, 0.5]);
  });

  test('should give the staircase corners: ρ(1), then one jump per distinct ratio', () => {
    expect(profileSteps(A)).toEqual([{ tau: 1, rho: 0.5 }, { tau: 2, rho: 0.75 }]);
    expect(profileSteps(C)).toEqual([{ tau: 1, rho: 0 }, { tau: 4, rho: 0.5 }]);
  });

  test('should treat negative or NaN times as unsolved and raise times below the timer floor to it', () => {
    expect(performanceRatios([[NaN, -1, 5]])).toEqual([[Infinity, Infinity, 1]]);
    expect(performanceRatios([[0, 2 * TIME_FLOOR_MS]])).toEqual([[1, 2]]);
  });

  test('should build the time table from outcomes: the time where solved, ∞ where unsolved or missing', () => {
    const table = timeTable([
      { problem: 'p', solver: 'A', solved: true, ms: 3 },
      { problem: 'p', solver: 'B', solved: false, ms: 1 },
      { problem: 'q', solver: 'A', solved: true, ms: null },
    ], ['p', 'q'], ['A', 'B']);
    expect(table).toEqual([[3, Infinity], [Infinity, Infinity]]);
  });

  test('should be non-decreasing in τ, reach each solver\'s solved fraction, and give every solved problem a best', () => {
    const time = fc.oneof(fc.double({ min: 1e-3, max: 1e4, noNaN: true }), fc.constant(Infinity));
    fc.assert(fc.property(fc.integer({ min: 1, max: 4 }).chain((s) => fc.array(fc.array(time, { minLength: s, maxLength: s }), { minLength: 1, maxLength: 8 })), (times) => {
      const solvers = times[0].map((_, j) => `s${j}`);
      const profiles = performanceProfiles(solvers, times);
      profiles.forEach((p, j) => {
        const steps = profileSteps(p);
        for (let k = 1; k < steps.length; k++) {
          expect(steps[k].tau).toBeGreaterThan(steps[k - 1].tau);
          expect(steps[k].rho).toBeGreaterThan(steps[k - 1].rho);
        }
        expect(rho(p, Infinity)).toBe(times.filter((row) => Number.isFinite(row[j])).length / times.length);
      });
      const solvedBySomeone = times.filter((row) => row.some(Number.isFinite)).length / times.length;
      expect(profiles.reduce((sum, p) => sum + rho(p, 1), 0)).toBeGreaterThanOrEqual(solvedBySomeone - 1e-12);
    }), { numRuns: 50 });
  });
});
