import { describe, expect, test } from 'vitest';
import { BlockSparseMatrix, FrictionContactProblem, SiconosMerit } from '@moreau/core';
import type { SolveResult } from '@moreau/core';
import { judge } from './judge.js';

// One contact pushed in (q_N < 0): r = 0 is not a solution; r = [0.5, 0, 0] is (u = 0).
const W = BlockSparseMatrix.fromBlocks(1, [{ row: 0, col: 0, values: [2, 0, 0, 0, 1, 0, 0, 0, 1] }]);
const problem = new FrictionContactProblem(W, Float64Array.from([-1, 0, 0]), Float64Array.from([0.3]), 'pushed');

function answer(r: number[], claim: Partial<SolveResult>): SolveResult {
  return {
    r: Float64Array.from(r), u: new Float64Array(3), converged: false, reason: 'max-iterations', iterations: 1,
    error: 0, merit: 'siconos', answeredBy: 'x', ms: 0, ...claim,
  };
}

describe('the bench judge', () => {
  test('should recompute the siconos error from r, ignoring the u and error a solver reports', () => {
    const v = judge(problem, answer([0, 0, 0], { converged: true, reason: 'converged', error: 0 }), 1e-8);
    expect(v.error).toBe(new SiconosMerit().evaluate(problem, new Float64Array(3)));
    expect(v.error).toBeGreaterThan(0.1);
  });

  test('should catch a false claim of convergence, and say so', () => {
    const v = judge(problem, answer([0, 0, 0], { converged: true, reason: 'converged' }), 1e-8);
    expect(v).toMatchObject({ claimed: true, reached: false });
    expect(v.disagreement).toMatch(/^claimed converged \(siconos 0\) but the recomputed siconos error is /);
  });

  test('should count a claim core\'s answer check refused as claimed', () => {
    expect(judge(problem, answer([0, 0, 0], { reason: 'rejected' }), 1e-8).claimed).toBe(true);
  });

  test('should call a true answer reached even when the solver did not claim it, noting the disagreement', () => {
    const v = judge(problem, answer([0.5, 0, 0], { converged: false, reason: 'max-iterations', error: 1 }), 1e-8);
    expect(v).toMatchObject({ claimed: false, reached: true, error: 0 });
    expect(v.disagreement).toMatch(/^stopped unconverged \(max-iterations, siconos 1\)/);
  });

  test('should agree silently with an honest answer', () => {
    const v = judge(problem, answer([0.5, 0, 0], { converged: true, reason: 'converged' }), 1e-8);
    expect(v).toEqual({ error: 0, claimed: true, reached: true });
  });

  test('should report a non-finite r as infinitely far, never NaN', () => {
    const v = judge(problem, answer([NaN, 0, 0], { converged: true, reason: 'converged' }), 1e-8);
    expect(v.error).toBe(Infinity);
    expect(v.reached).toBe(false);
  });
});
