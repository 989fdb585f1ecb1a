import { describe, expect, test, vi } from 'vitest';
import { PowerIteration } from '@moreau/core';
import { Nesterov } from './nesterov.js';
import { Workspace, type PassControl } from './pass.js';
import { RelaxedProblem } from './relaxed-problem.js';
import { closeArrays, DENSE, denseProblem, matvec, MU, projectCones, Q, START } from './__fixtures__/dense-reference.js';

const problem = (dense = DENSE, q = Q, mu = MU) => denseProblem(dense, q, mu);

/** Paper 002 NAPG lines 4-10 from γ_0 = y_0 = r0, written out densely: γ_1 … γ_K. */
function napg(t: number, K: number): number[][] {
  let gamma = START.slice(), y = START.slice(), theta = 1;
  const out: number[][] = [];
  for (let k = 0; k < K; k++) {
    const wy = matvec(DENSE, y);
    const next = projectCones(y.map((v, i) => v - t * (wy[i] + Q[i])), MU);
    const thetaNext = (-theta * theta + theta * Math.sqrt(theta * theta + 4)) / 2;
    const beta = theta * (1 - theta) / (theta * theta + thetaNext);
    y = next.map((v, i) => v + beta * (v - gamma[i]));
    gamma = next;
    theta = thetaNext;
    out.push(next);
  }
  return out;
}

function setUp(p = problem()) {
  const rp = new RelaxedProblem(p, 1e-6);
  const nes = new Nesterov();
  nes.prepare(rp, { pi: new PowerIteration(p.size), v: new Float64Array(p.size) });
  const ws = new Workspace(p.size);
  ws.r.set(START);
  ws.wr.set(matvec(DENSE, START));
  return { rp, nes, ws, t: nes.stats().step as number };
}

const control = (c: Partial<PassControl> = {}): PassControl =>
  ({ threshold: 0, maxIterations: 4, deadline: Infinity, startResidual: 1, onIteration: null, ...c });

const expectClose = (got: ArrayLike<number>, want: ArrayLike<number>, tol = 1e-13) => expect(closeArrays(got, want, tol)).toBeNull();

describe('Nesterov (paper 002 NAPG)', () => {
  test('should name itself and answer with its last iterate', () => {
    const nes = new Nesterov();
    expect(nes.name).toBe('nesterov');
    expect(nes.keepsBest).toBe(false);
  });

  test('should take t = 1/λ_max of W, with one mat-vec per power step for a symmetric W', () => {
    const p = problem([4, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 3]);
    const rp = new RelaxedProblem(p, 1e-6);
    const nes = new Nesterov();
    const est = nes.prepare(rp, { pi: new PowerIteration(6), v: new Float64Array(6) }).lambdaMax as { value: number; iterations: number; converged: boolean };
    expect(est.value).toBeCloseTo(4, 6);
    expect(est.converged).toBe(true);
    expect(est.iterations).toBeGreaterThan(0);
    expect(rp.matvecs).toBe(est.iterations);
    // the estimate's residual is added to it, so the step stays at or below 1/λ_max
    const step = nes.stats().step as number;
    expect(step).toBeLessThanOrEqual(0.25);
    expect(step).toBeGreaterThan(0.2499);
  });

  test('should take t from the symmetric part ½(W + Wᵀ) of an unsymmetric W, two mat-vecs per step', () => {
    // block [[3, 2, 0], [0, 1, 0], [0, 0, 1]]: W's own eigenvalues are 3, 1, 1; its symmetric part
    // [[3, 1, 0], [1, 1, 0], [0, 0, 1]] has λ_max = 2 + √2
    const p = problem([3, 2, 0, 0, 1, 0, 0, 0, 1], [-1, 0, 0], [0.5]);
    const rp = new RelaxedProblem(p, 1e-6);
    const nes = new Nesterov();
    const est = nes.prepare(rp, { pi: new PowerIteration(3), v: new Float64Array(3) }).lambdaMax as { iterations: number };
    expect(nes.stats().step).toBeCloseTo(1 / (2 + Math.SQRT2), 4); // 1/3 for W itself
    expect(rp.matvecs).toBe(2 * est.iterations);
  });

  test('should take t = 1 when W has no positive eigenvalue', () => {
    for (const d of [0, -2]) {
      const p = problem([d, 0, 0, 0, d, 0, 0, 0, d], [-1, 0, 0], [0.5]);
      const nes = new Nesterov();
      nes.prepare(new RelaxedProblem(p, 1e-6), { pi: new PowerIteration(3), v: new Float64Array(3) });
      expect(nes.stats()).toEqual({ step: 1 });
    }
  });

  test('should make the first iterates of NAPG lines 7-10 (θ_0 = 1, β_1 = 0) from the starting r', () => {
    const { t } = setUp();
    expect(t).toBeGreaterThan(0.15);                     // 1/λ_max, λ_max < 6.5 by Gershgorin
    const want = napg(t, 4);
    for (let K = 1; K <= 4; K++) {
      const { rp, nes, ws } = setUp();
      const seen: number[] = [];
      const out = nes.run(rp, ws, control({ maxIterations: K, onIteration: (res) => seen.push(res) }));
      expectClose(ws.r, want[K - 1]);
      expectClose(ws.wr, matvec(DENSE, want[K - 1]));
      const residuals = want.slice(0, K).map((x) => rp.residual(Float64Array.from(x), Float64Array.from(matvec(DENSE, x))));
      expect(out).toEqual({ iterations: K, residual: seen[K - 1], stop: 'cap' });
      expectClose(seen, residuals, 1e-9);
    }
  });

  test('should stop on the iterate whose residual reaches the threshold', () => {
    const { t, rp, nes, ws } = setUp();
    const want = napg(t, 3);
    // the threshold is the second iterate's residual as this pass computes it (the test is `<=`)
    const res: number[] = [];
    nes.run(rp, ws, control({ maxIterations: 3, onIteration: (r) => res.push(r) }));
    expect(res[0]).toBeGreaterThan(res[1]);                // so the pass cannot stop at k = 1
    const s = setUp();
    const out = s.nes.run(s.rp, s.ws, control({ threshold: res[1], maxIterations: 10 }));
    expect(out.iterations).toBe(2);
    expect(out.stop).toBe('threshold');
    expectClose(s.ws.r, want[1]);
  });

  test('should restart every pass at θ_0 = 1 (a second pass repeats the first from its own start)', () => {
    const { t } = setUp();
    const s = setUp();
    s.nes.run(s.rp, s.ws, control({ maxIterations: 1 }));
    expectClose(s.ws.r, napg(t, 1)[0]);
    // the second pass starts at γ_1 with θ = 1 again: its first step is β = 0 from there
    const from = napg(t, 1)[0];
    const wy = matvec(DENSE, from);
    const second = projectCones(from.map((v, i) => v - t * (wy[i] + Q[i])), MU);
    s.nes.run(s.rp, s.ws, control({ maxIterations: 1 }));
    expectClose(s.ws.r, second);
  });

  test('should fall back to the starting r on a breakdown, and take no step past the deadline', () => {
    const s = setUp();
    const out = s.nes.run(s.rp, s.ws, control({ startResidual: 1e-30 }));
    expect(out).toEqual({ iterations: 1, residual: 1e-30, stop: 'breakdown' });
    expect(Array.from(s.ws.r)).toEqual(START);
    expect(Array.from(s.ws.wr)).toEqual(matvec(DENSE, START));
    const late = setUp();
    expect(late.nes.run(late.rp, late.ws, control({ deadline: 0, startResidual: 3 }))).toEqual({ iterations: 0, residual: 3, stop: 'time' });
    expect(Array.from(late.ws.r)).toEqual(START);
  });
  test('should stop at a deadline the clock has just reached (no iteration starts at it)', () => {
    // a clock held at t = 5 by the test: the deadline 5 has been reached, 5.5 has not
    const clock = vi.spyOn(performance, 'now').mockReturnValue(5);
    try {
      const at = setUp();
      expect(at.nes.run(at.rp, at.ws, control({ deadline: 5, startResidual: 3 }))).toEqual({ iterations: 0, residual: 3, stop: 'time' });
      const before = setUp();
      expect(before.nes.run(before.rp, before.ws, control({ deadline: 5.5, maxIterations: 2 })).iterations).toBe(2);
    } finally {
      clock.mockRestore();
    }
  });
});
