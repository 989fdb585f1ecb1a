import { describe, expect, test } from 'vitest';
import { BlockSparseMatrix } from '../problem/block-sparse-matrix.js';
import { FrictionContactProblem } from '../problem/friction-contact-problem.js';
import { SiconosMerit } from '../merit/siconos.js';
import type { SolveResult } from '../contracts/solver.js';
import { rollingCase, stickingCase, type RollingCase } from '../../test/rolling-problems.js';
import { AnswerChecker, claimRefusal, infeasibleContact } from './answer-check.js';

const siconos = new SiconosMerit();
const expectSiconos = { merit: siconos, meritName: 'siconos', tolerance: 1e-8 };

/** A claimed convergence at r, as a solver would hand it to the chain. */
function claim(r: Float64Array): SolveResult {
  return {
    r, u: new Float64Array(r.length), converged: true, reason: 'converged', iterations: 1, error: 0,
    merit: 'siconos', answeredBy: 'test', ms: 0,
  };
}

const check = (c: RollingCase, r = c.r) => new AnswerChecker().check(c.problem, claim(r), expectSiconos);

/**
 * The rolling case with its rolling velocity reversed and fast: w_r = (−29.88, −39.84) on the
 * torque block row, whose first entry is no normal velocity. τ_r = ρ γ_n (0.6, 0.8) opposes it.
 */
function fastBackwardRolling(): RollingCase {
  const c = rollingCase();
  const q = Float64Array.from(c.problem.q);
  q[0] = -30; q[1] = -40;
  const problem = new FrictionContactProblem(c.problem.W, q, c.problem.mu, 'backward', c.problem.rolling);
  const r = Float64Array.from(c.r);
  r[0] = 0.06; r[1] = 0.08;
  return { problem, r, u: c.u };
}

describe('answer check on rolling pairs', () => {
  test('should call the closed-form solutions converged, u recomputed', () => {
    for (const c of [stickingCase(), rollingCase(), fastBackwardRolling()]) {
      const res = check(c);
      expect(res.check).toBeUndefined();
      expect(res.reason).toBe('converged');
      expect(res.error).toBeLessThanOrEqual(1e-15);
      expect(claimRefusal(c.problem, c.r, res.u)).toBeUndefined();
    }
    expect(Array.from(check(rollingCase()).u, (v) => Number(v.toFixed(12)))).toEqual([0.18, 0.24, 0.2, 0, 0, 0, 0, 0, 0]);
  });

  test('should not read a torque block\'s rolling velocity as an approach', () => {
    // Read as a contact, row 0 would approach at 29.88, above half of any normal velocity scale
    // that counted it (‖q‖ ≈ 50); the contacts' normal scale is ‖(−2, −1)‖.
    const c = fastBackwardRolling();
    expect(check(c).u[0]).toBeCloseTo(-29.88, 12);
    expect(check(c).converged).toBe(true);
  });

  test('should refuse reactions outside Z, naming the pair\'s contact, even where each block lies in its own K_μ', () => {
    const c = stickingCase();
    const r = Float64Array.from(c.r);
    r[2] = -0.2; // τ_n beyond σ γ_n = 0.05 (row 0 has μ = 0, so K_0 would not see it: τ_u < 0 there too)
    const res = check(c, r);
    expect(res.converged).toBe(false);
    expect(res.check).toMatchObject({ failed: 'cone', contact: 2 });
    expect(res.check!.message).toMatch(/contact 2 with its torque block 0 = \[1, -0\.1, 0, -0\.05, 0, -0\.2\] is outside its cone Z \(μ = 0\.5, ρ = 0\.1, σ = 0\.05\)/);
  });

  test('should refuse a claim whose siconos error, on Z, is above the tolerance', () => {
    const c = rollingCase();
    const r = Float64Array.from(c.r);
    r[0] = -0.03; // inside Z, not on the threshold the rolling needs
    const res = check(c, r);
    expect(res.check).toMatchObject({ failed: 'merit' });
  });

  test('should refuse a claim measured in a merit not defined on rolling pairs', () => {
    const c = rollingCase();
    const res = new AnswerChecker().check(c.problem, claim(c.r), { ...expectSiconos, notOnRolling: 'energy' });
    expect(res.check).toMatchObject({ failed: 'merit' });
    expect(res.check!.message).toMatch(/merit "energy", which is not defined on contacts with rolling/);
  });
});

describe('infeasibleContact with rolling pairs', () => {
  // Block rows: 0 the pair's force block, 1 its torque block. The force block's own row is zero;
  // it approaches (q_N = −1); only the torque column can reach it, through W_01's normal row.
  // Row 1 has a zero first row and q = −5: read as a contact, it would prove infeasibility.
  const problem = (rho: number, sigma: number, coupling: number[]) => {
    const W = BlockSparseMatrix.fromBlocks(2, [
      { row: 0, col: 1, values: coupling },
      { row: 1, col: 0, values: coupling.map((_, k) => coupling[3 * (k % 3) + Math.floor(k / 3)]) },
      { row: 1, col: 1, values: [0, 0, 0, 0, 1, 0, 0, 0, 1] },
    ]);
    return new FrictionContactProblem(W, Float64Array.of(-1, 0, 0, -5, 0, 0), Float64Array.of(0.5, 0), 'p', {
      force: Int32Array.of(0), torque: Int32Array.of(1), rho: Float64Array.of(rho), sigma: Float64Array.of(sigma),
    });
  };
  const rollingCoupling = [0, 1, 0, 0, 0, 0, 0, 0, 0];
  const spinningCoupling = [0, 0, 1, 0, 0, 0, 0, 0, 0];

  test('should prove it when no torque can reach the approaching contact, and skip the torque row', () => {
    // ρ = 0: τ_r = 0, so the coupling through τ_u does nothing.
    expect(infeasibleContact(problem(0, 0.3, rollingCoupling))).toBe(0);
    expect(infeasibleContact(problem(0.3, 0, spinningCoupling))).toBe(0);
  });

  test('should not prove it when a rolling or spinning torque can raise u_N, nor take the torque row for a contact', () => {
    expect(infeasibleContact(problem(0.3, 0, rollingCoupling))).toBe(-1);
    expect(infeasibleContact(problem(0, 0.3, spinningCoupling))).toBe(-1);
  });
});
