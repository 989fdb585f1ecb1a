import { describe, expect, test, vi } from 'vitest';
import { isMoreauError, PowerIteration } from '@moreau/core';
import { Acary, RATIO_L, RATIO_LMIN, RATIO_W, type RhoUpdate } from './acary.js';
import { Workspace, type PassControl } from './pass.js';
import { RelaxedProblem } from './relaxed-problem.js';
import type { RhoRule } from './rho-rules.js';
import { closeArrays, DENSE, denseProblem, matvec, MU, projectCones, Q, START } from './__fixtures__/dense-reference.js';

const problem = (dense: number[], q: number[], mu: number[]) => denseProblem(dense, q, mu);

function setUp(update: RhoUpdate, rule: RhoRule | number, dense = DENSE, q = Q, mu = MU, start = START) {
  const p = problem(dense, q, mu);
  const rp = new RelaxedProblem(p, 1e-6);
  const acary = new Acary(update, rule);
  const estimates = acary.prepare(rp, { pi: new PowerIteration(p.size), v: new Float64Array(p.size) });
  const ws = new Workspace(p.size);
  ws.r.set(start);
  ws.wr.set(matvec(dense, start));
  return { p, rp, acary, ws, estimates };
}

const control = (c: Partial<PassControl> = {}): PassControl =>
  ({ threshold: 0, maxIterations: 4, deadline: Infinity, startResidual: 1, onIteration: null, ...c });

const expectClose = (got: ArrayLike<number>, want: ArrayLike<number>, tol = 1e-13) => expect(closeArrays(got, want, tol)).toBeNull();

/** Paper 003 Algorithm 1 lines 4-5 (eq 9) with a fixed ρ, r_{−1} = r_0 = START, written out: r_1 … r_K. */
function algorithm1(rho: number, K: number): number[][] {
  let prev = START.slice(), r = START.slice();
  const out: number[][] = [];
  for (let k = 1; k <= K; k++) {
    const a = (k - 2) / (k + 1);
    const y = r.map((v, i) => v + a * (v - prev[i]));
    const wy = matvec(DENSE, y);
    const next = projectCones(y.map((v, i) => v - rho * (wy[i] + Q[i])), MU);
    prev = r;
    r = next;
    out.push(next);
  }
  return out;
}

/**
 * Paper 003 Algorithm 2 on a problem where the ratio is c·ρ for every trial ρ: shrink by w
 * while c·ρ > L, then grow once by 1/w when c·ρ < L_min. @returns ρ and the counts
 */
function algorithm2(c: number, rho0: number): { rho: number; shrinks: number; grows: number } {
  let rho = rho0, shrinks = 0, grows = 0;
  while (c * rho > 0.9) { rho *= 2 / 3; shrinks++; }
  if (c * rho < 0.3) { rho /= 2 / 3; grows++; }
  return { rho, shrinks, grows };
}

// One contact, r = 0, q = (−1, −1, 0), μ = 2: every trial r̄ = P_K(ρ (1, 1, 0)) = ρ (1, 1, 0) lies
// inside the cone, so d = r − r̄ = −ρ (1, 1, 0) and, with W = diag(4, 1, 1),
// ratio1 = ρ ‖W d‖/‖d‖ = ρ √(17/2) (eq 20) and ratio2 = ρ dᵀW d/‖d‖² = 5ρ/2 (eq 21).
const DIAG = [4, 0, 0, 0, 1, 0, 0, 0, 1];
const adaptive = (update: RhoUpdate, rho0: number, dense = DIAG, q = [-1, -1, 0], start = [0, 0, 0]) => {
  const s = setUp(update, rho0, dense, q, [2], start);
  const out = s.acary.run(s.rp, s.ws, control({ maxIterations: 1 }));
  return { ...s, out, stats: s.acary.stats() };
};

describe('Acary (paper 003 Algorithm 1)', () => {
  test('should name itself, answer with its last iterate, and keep Algorithm 2\'s constants', () => {
    const a = new Acary('none', 'normal');
    expect(a.name).toBe('acary');
    expect(a.keepsBest).toBe(false);
    expect([RATIO_L, RATIO_LMIN, RATIO_W]).toEqual([0.9, 0.3, 2 / 3]);
  });

  test('should refuse, when created, the ρ rules that need M and H', () => {
    for (const rule of ['dicairano', 'acary'] as const) {
      let caught: unknown;
      try { new Acary('none', rule); } catch (e) { caught = e; }
      expect(isMoreauError(caught, 'E_UNSUPPORTED')).toBe(true);
    }
  });

  test('should make the iterates of eq 9 with the momentum (k − 2)/(k + 1) and a fixed ρ', () => {
    const want = algorithm1(0.15, 4);
    for (let K = 1; K <= 4; K++) {
      const { rp, acary, ws } = setUp('none', 0.15);
      const seen: number[] = [];
      const out = acary.run(rp, ws, control({ maxIterations: K, onIteration: (r) => seen.push(r) }));
      expectClose(ws.r, want[K - 1]);
      expectClose(ws.wr, matvec(DENSE, want[K - 1]));
      expect(out).toEqual({ iterations: K, residual: seen[K - 1], stop: 'cap' });
      const residuals = want.slice(0, K).map((x) => rp.residual(Float64Array.from(x), Float64Array.from(matvec(DENSE, x))));
      expectClose(seen, residuals, 1e-9);
    }
  });

  test('should restart k at 1 on every pass', () => {
    const s = setUp('none', 0.15);
    s.acary.run(s.rp, s.ws, control({ maxIterations: 2 }));
    const from = algorithm1(0.15, 2)[1];
    // k = 1 and 2 of a new pass: y = r (a = −1/2 on r − r_prev = 0, then a = 0)
    let r = from;
    for (let k = 0; k < 2; k++) {
      const wr = matvec(DENSE, r);
      r = projectCones(r.map((v, i) => v - 0.15 * (wr[i] + Q[i])), MU);
    }
    s.acary.run(s.rp, s.ws, control({ maxIterations: 2 }));
    expectClose(s.ws.r, r);
  });

  test('should stop on the iterate whose residual reaches the threshold', () => {
    const probe = setUp('none', 0.15);
    const res: number[] = [];
    probe.acary.run(probe.rp, probe.ws, control({ maxIterations: 3, onIteration: (r) => res.push(r) }));
    expect(res[0]).toBeGreaterThan(res[1]);
    const s = setUp('none', 0.15);
    expect(s.acary.run(s.rp, s.ws, control({ threshold: res[1], maxIterations: 10 }))).toEqual({ iterations: 2, residual: res[1], stop: 'threshold' });
    expectClose(s.ws.r, algorithm1(0.15, 2)[1]);
  });

  test('should fall back to the starting r on a breakdown, and take no step past the deadline', () => {
    const s = setUp('none', 0.15);
    expect(s.acary.run(s.rp, s.ws, control({ startResidual: 1e-30 }))).toEqual({ iterations: 1, residual: 1e-30, stop: 'breakdown' });
    expect(Array.from(s.ws.r)).toEqual(START);
    expect(Array.from(s.ws.wr)).toEqual(matvec(DENSE, START));
    const late = setUp('ratio1', 0.15);
    expect(late.acary.run(late.rp, late.ws, control({ deadline: 0, startResidual: 3 }))).toEqual({ iterations: 0, residual: 3, stop: 'time' });
    expect(Array.from(late.ws.r)).toEqual(START);
    expect(late.acary.stats().rhoShrinks).toBe(0);
  });

  test('should report ρ_0, its rule and the estimates it came from, and count their mat-vecs', () => {
    const given = setUp('none', 0.15);
    expect(given.estimates).toEqual({ rhoRule: 'given' });
    expect(given.rp.matvecs).toBe(0);
    expect(given.acary.stats()).toEqual({ rho0: 0.15, rho: 0.15, rhoUpdate: 'none' });
    expect(setUp('none', 'normal').acary.stats()).toEqual({ rho0: 1, rho: 1, rhoUpdate: 'none' });
    const w = setUp('none', 'wrho');
    expect(Object.keys(w.estimates).sort()).toEqual(['frobenius', 'rhoRule']);
    expect(w.estimates.rhoRule).toBe('wrho');
    expect(w.estimates.frobenius).toBeCloseTo(Math.hypot(...DENSE), 13);
    const e = setUp('none', 'eigenwrho');
    expect(Object.keys(e.estimates).sort()).toEqual(['lambdaMax', 'rhoRule']);
    const lmax = e.estimates.lambdaMax as { value: number; iterations: number; converged: boolean };
    expect(lmax.converged).toBe(true);
    expect(e.rp.matvecs).toBe(lmax.iterations);              // symmetric W: one mat-vec per step
    expect(e.acary.stats().rho0).toBe(1 / lmax.value);
    const g = setUp('none', 'ghadimi');
    expect(Object.keys(g.estimates).sort()).toEqual(['lambdaMax', 'lambdaMin', 'rhoRule']);
  });

  test('should shrink ρ by w while ratio1 (eq 20) exceeds L, then step with it', () => {
    for (const rho0 of [1, 0.35]) {
      const { stats, ws } = adaptive('ratio1', rho0);
      const want = algorithm2(Math.sqrt(17 / 2), rho0);
      expect(want.shrinks).toBeGreaterThan(0);
      expect(stats.rho).toBeCloseTo(want.rho, 14);
      expect(stats).toMatchObject({ rho0, rhoUpdate: 'ratio1', rhoShrinks: want.shrinks, rhoGrows: 0, rhoMax: rho0 });
      expect(stats.rhoMin).toBe(stats.rho);
      expectClose(ws.r, [want.rho, want.rho, 0]);            // r_1 = P_K(0 − ρ q) with the adapted ρ
    }
  });

  test('should judge by ratio2 (eq 21) when asked: the same ρ_0 = 0.35 is left as it is', () => {
    const { stats } = adaptive('ratio2', 0.35);
    const want = algorithm2(5 / 2, 0.35);
    expect(want).toEqual({ rho: 0.35, shrinks: 0, grows: 0 });
    expect(stats).toEqual({ rho0: 0.35, rho: 0.35, rhoUpdate: 'ratio2', rhoShrinks: 0, rhoGrows: 0, rhoMin: 0.35, rhoMax: 0.35 });
    const many = adaptive('ratio2', 1).stats;
    const w2 = algorithm2(5 / 2, 1);
    expect(many.rho).toBeCloseTo(w2.rho, 14);
    expect(many.rhoShrinks).toBe(w2.shrinks);
  });

  test('should grow ρ once by 1/w when the ratio is below L_min', () => {
    for (const [update, c] of [['ratio1', Math.sqrt(17 / 2)], ['ratio2', 5 / 2]] as const) {
      const { stats, ws } = adaptive(update, 0.1);
      const want = algorithm2(c, 0.1);
      expect(want.grows).toBe(1);
      expect(stats.rho).toBeCloseTo(want.rho, 15);
      expect(stats).toMatchObject({ rhoShrinks: 0, rhoGrows: 1, rhoMin: 0.1 });
      expect(stats.rhoMax).toBe(stats.rho);
      expectClose(ws.r, [want.rho, want.rho, 0]);
    }
  });

  test('should neither shrink at ratio = L nor grow at ratio = L_min (Algorithm 2 lines 4 and 9 are strict)', () => {
    // W = I and q = (−1, 0, 0): d = (−ρ, 0, 0), and both ratios are exactly ρ
    const I = [1, 0, 0, 0, 1, 0, 0, 0, 1];
    for (const update of ['ratio1', 'ratio2'] as const) {
      for (const rho0 of [0.9, 0.3]) {
        const { stats } = adaptive(update, rho0, I, [-1, 0, 0]);
        expect(stats).toMatchObject({ rho: rho0, rhoShrinks: 0, rhoGrows: 0 });
      }
    }
  });

  test('should leave ρ alone when r already solves the problem (d = 0)', () => {
    // q = (1, 0, 0) separates: r̄ = P_K(−ρ q) = 0 = r, though W = 100 I would shrink any ρ ≥ 0.009
    const { stats, ws } = adaptive('ratio1', 1, [100, 0, 0, 0, 100, 0, 0, 0, 100], [1, 0, 0]);
    expect(stats).toMatchObject({ rho: 1, rhoShrinks: 0, rhoGrows: 0 });
    expect(Array.from(ws.r)).toEqual([0, 0, 0]);
  });

  test('should leave ρ alone at a solution r ≠ 0 (d = r − r̄ = 0), and not adapt at all with update none', () => {
    // r = (1, 1, 0) inside the cone (μ = 2) with u = W r + q = 0: r̄ = r, though the ratios would be 2.5 ρ and more
    const solved = adaptive('ratio2', 1, DIAG, [-4, -1, 0], [1, 1, 0]);
    expect(solved.stats).toMatchObject({ rho: 1, rhoShrinks: 0, rhoGrows: 0 });
    expectClose(solved.ws.r, [1, 1, 0]);
    // update none keeps ρ_0 = 1 where Algorithm 2 would shrink it: r_1 = P_K(ρ (1, 1, 0)) = (1, 1, 0)
    const fixed = adaptive('none', 1);
    expect(fixed.stats).toEqual({ rho0: 1, rho: 1, rhoUpdate: 'none' });
    expectClose(fixed.ws.r, [1, 1, 0]);
  });

  test('should stop shrinking after 200 trials in one update', () => {
    // W = 1e40 I: ratio 1e40 ρ would need 227 shrinks to fall to L
    const big = [1e40, 0, 0, 0, 1e40, 0, 0, 0, 1e40];
    const { stats } = adaptive('ratio1', 1, big, [-1, 0, 0]);
    let rho = 1;
    for (let i = 0; i < 200; i++) rho *= 2 / 3;
    expect(stats.rhoShrinks).toBe(200);
    expect(stats.rho).toBeCloseTo(rho, 300);
    expect(stats.rhoGrows).toBe(0);
  });

  test('should adapt before every step of a pass, and forget it all on prepare', () => {
    const s = setUp('ratio1', 'normal');                   // ρ_0 = 1 > 1/λ_max: the first update shrinks
    s.acary.run(s.rp, s.ws, control({ maxIterations: 3 }));
    const after = s.acary.stats();
    expect(after.rhoShrinks as number).toBeGreaterThan(0);
    expect(after.rho as number).toBeLessThan(1);
    expect(after.rhoMax).toBe(1);
    s.acary.prepare(s.rp, { pi: new PowerIteration(6), v: new Float64Array(6) });
    expect(s.acary.stats()).toEqual({ rho0: 1, rho: 1, rhoUpdate: 'ratio1', rhoShrinks: 0, rhoGrows: 0, rhoMin: 1, rhoMax: 1 });
  });
  test('should stop at a deadline the clock has just reached (no iteration starts at it)', () => {
    // a clock held at t = 5 by the test: the deadline 5 has been reached, 5.5 has not
    const clock = vi.spyOn(performance, 'now').mockReturnValue(5);
    try {
      const at = setUp('none', 0.15);
      expect(at.acary.run(at.rp, at.ws, control({ deadline: 5, startResidual: 3 }))).toEqual({ iterations: 0, residual: 3, stop: 'time' });
      const before = setUp('none', 0.15);
      expect(before.acary.run(before.rp, before.ws, control({ deadline: 5.5, maxIterations: 2 })).iterations).toBe(2);
    } finally {
      clock.mockRestore();
    }
  });
});
