import { describe, expect, test } from 'vitest';
import { BlockSparseMatrix, FrictionContactProblem, SiconosMerit } from '@moreau/core';
import { randomProblem } from '@moreau/conformance';
import { InnerNewton } from './inner-newton.js';

/** The proximal subproblem written out as a problem of its own: W + αI, q − α c. */
function subproblem(p: FrictionContactProblem, alpha: number, c: Float64Array): FrictionContactProblem {
  const values = Float64Array.from(p.W.values);
  for (let a = 0; a < p.contacts; a++) {
    const d = 9 * p.W.diagIdx[a];
    values[d] += alpha; values[d + 4] += alpha; values[d + 8] += alpha;
  }
  const q = p.q.map((v, i) => v - alpha * c[i]);
  return new FrictionContactProblem(new BlockSparseMatrix(p.W.blockRows, p.W.rowPtr, p.W.colIdx, values), q, p.mu);
}

const limits = { tolerance: 1e-10, maxIterations: 200, lineSearchIterations: 100, deadline: Infinity };

describe('inner Newton (NSN_AC on a proximal subproblem)', () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    test(`should solve the subproblem of random problem ${seed} (singular W, α = 0.1 · mean W_ii) below its tolerance`, () => {
      const p = randomProblem(seed, { contacts: 15 });
      let diag = 0;
      for (let a = 0; a < p.contacts; a++) diag += p.W.values[9 * p.W.diagIdx[a]];
      const alpha = (0.1 * diag) / p.contacts;
      const c = new Float64Array(p.size).map((_, i) => (i % 3 === 0 ? 0.1 : 0)); // a centre inside the cones
      const r = Float64Array.from(c);
      const out = new InnerNewton(1).solve(p, alpha, c, r, limits);
      expect(out.converged).toBe(true);
      expect(out.stop).toBe('converged');
      // The error the solve reports is the subproblem's siconos error, recomputed here independently.
      const e = new SiconosMerit().evaluate(subproblem(p, alpha, c), r);
      expect(e).toBeLessThan(1e-10);
      expect(Math.abs(e - out.error)).toBeLessThanOrEqual(1e-12 * Math.max(e, 1e-300) + 1e-15);
    });
  }

  test('should take one Newton step on a frictionless contact with a linear active set (F is then linear)', () => {
    // W = 2, q_N = −1, μ = 0: r_N = 0.5 after one step from r = 0.6 (both on the branch r_N − ρ u_N > 0).
    const W = BlockSparseMatrix.fromBlocks(1, [{ row: 0, col: 0, values: [2, 0, 0, 0, 2, 0, 0, 0, 2] }]);
    const p = new FrictionContactProblem(W, Float64Array.from([-1, 0, 0]), Float64Array.from([0]));
    const r = Float64Array.from([0.6, 0, 0]);
    const out = new InnerNewton(1).solve(p, 0, new Float64Array(3), r, limits);
    expect(out.iterations).toBe(1);
    expect(r[0]).toBeCloseTo(0.5, 15);
  });

  test('should stop at its deadline before a step', () => {
    const p = randomProblem(7, { contacts: 10 });
    const r = new Float64Array(p.size);
    const out = new InnerNewton(1).solve(p, 1, new Float64Array(p.size), r, { ...limits, deadline: 0 });
    expect(out.stop).toBe('time');
    expect(out.iterations).toBe(0);
    expect([...r]).toEqual(Array(p.size).fill(0));
  });
});
