import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  BlockSparseMatrix, bsrMul, createRegistry, EnergyMerit, EventBus, FrictionContactProblem, isMoreauError, projectOntoCones, RunContext,
  SiconosMerit, type SolverIterationEvent, type SolveResult, type z,
} from '@moreau/core';
import { randomProblem } from '@moreau/conformance';
import plugin, { options, type PqnOptions, type PqnStats } from './index.js';

function solver(opts: z.input<typeof options> = {}) {
  const events = new EventBus();
  const ctx = new RunContext(createRegistry(), events);
  return { solver: plugin.create(options.parse(opts), ctx), events };
}

const statsOf = (res: SolveResult) => res.stats as unknown as PqnStats;

function expectInCones(p: FrictionContactProblem, r: Float64Array): void {
  for (let a = 0; a < p.contacts; a++) {
    const rn = r[3 * a], rt = Math.hypot(r[3 * a + 1], r[3 * a + 2]);
    expect(rn).toBeGreaterThanOrEqual(0);
    expect(rt).toBeLessThanOrEqual(p.mu[a] * rn * (1 + 1e-12) + 1e-300);
  }
}

function expectVelocity(p: FrictionContactProblem, res: SolveResult): void {
  const u = bsrMul(p.W, res.r, new Float64Array(p.size));
  for (let i = 0; i < u.length; i++) expect(res.u[i]).toBe(u[i] + p.q[i]);
}

/** Paper 001's hand example below: two contacts, W with one normal-normal coupling. */
function twoContacts(): FrictionContactProblem {
  const W = BlockSparseMatrix.fromBlocks(2, [
    { row: 0, col: 0, values: [2, 0, 0, 0, 1, 0, 0, 0, 1] },
    { row: 0, col: 1, values: [0.5, 0, 0, 0, 0, 0, 0, 0, 0] },
    { row: 1, col: 0, values: [0.5, 0, 0, 0, 0, 0, 0, 0, 0] },
    { row: 1, col: 1, values: [1, 0, 0, 0, 2, 0, 0, 0, 2] },
  ]);
  return new FrictionContactProblem(W, Float64Array.of(-1, 0.1, 0, 0.5, 0, 0.2), Float64Array.of(0.5, 0.3));
}

describe('pqn solver', () => {
  test('should declare its capabilities, its defaults, and paper 000 Table 1 as the paper and solfec-drum presets', () => {
    expect(plugin.kind).toBe('solver');
    expect(plugin.name).toBe('pqn');
    expect(plugin.supports).toEqual({ warmStart: true, cone: 'coulomb', friction: true });
    const defaults = {
      tolerance: 1e-8, maxIterations: 1000, merit: 'siconos', variant: 'gmres', delta: { value: 10, relativeTo: 'avgWii' },
      deltaUpdate: 'residual', gmresIterations: 10, gmresTolerance: 0.25, restart: 20, maxMatVecs: 100_000, theta: 0.25,
      stallIterations: 0, reactionScale: 1, maxScaledWii: 10,
    };
    expect(options.parse({})).toEqual(defaults);
    const table1 = { ...defaults, merit: 'energy', delta: 0, deltaUpdate: 'fixed', maxScaledWii: null };
    expect(options.parse({ preset: 'paper' })).toEqual({ ...table1, preset: 'paper' });
    // Solfec iterates on the mean force over the drum's step h = 1e-3 (its W is h H M⁻¹ Hᵀ).
    expect(options.parse({ preset: 'solfec-drum' })).toEqual({ ...table1, reactionScale: 1e-3, preset: 'solfec-drum' });
    expect(options.parse({ preset: 'paper', delta: 0.5 })).toMatchObject({ merit: 'energy', delta: 0.5 });
    const { solver: s } = solver({ preset: 'paper' });
    const res = s.solve(randomProblem(1, { contacts: 5 }));
    expect(statsOf(res).omega).toBeCloseTo(1e-11, 25); // ω = 1e-3 · γ
    expect(statsOf(res).delta).toBe(0);
    expect(res.merit).toBe('energy');
  });

  test('should reject options outside their ranges', () => {
    for (const bad of [{ theta: 0 }, { theta: 1.5 }, { gmresIterations: 0 }, { omega: -1 }, { delta: -1 },
      { delta: { value: 1, relativeTo: 'diagonal' } }, { variant: 'cg' }, { restart: 2.5 }]) {
      expect(options.safeParse(bad).success).toBe(false);
    }
    expect(options.parse({ delta: { value: 0.01 } }).delta).toEqual({ value: 0.01, relativeTo: 'none' });
  });

  test('should return r in the cones, u = W r + q and the merit of r, never NaN, on random problems', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0x7fffffff }), fc.constantFrom('gmres', 'diagonal'), (seed, variant) => {
        const p = randomProblem(seed, { contacts: [1, 25] });
        const { solver: s } = solver({ variant: variant as PqnOptions['variant'], maxIterations: 200 });
        const res = s.solve(p);
        expect(res.r.every(Number.isFinite) && res.u.every(Number.isFinite)).toBe(true);
        expectInCones(p, res.r);
        expectVelocity(p, res);
        expect(res.error).toBe(new SiconosMerit().evaluate(p, res.r));
        expect(res.merit).toBe('siconos');
        expect(res.answeredBy).toBe('pqn');
        expect(res.converged).toBe(res.error < 1e-8);
        // not converged: out of iterations (or of GMRES mat-vecs, which says so in stats.limit), else stalled
        const outOfWork = res.iterations === 200 || statsOf(res).limit === 'maxMatVecs';
        expect(res.reason).toBe(res.converged ? 'converged' : outOfWork ? 'max-iterations' : 'stalled');
      }),
      { numRuns: 40 },
    );
  });

  test('should solve frictionless random problems', () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 8, 9, 10]) {
      const p = randomProblem(seed, { contacts: [5, 40], mu: 0 });
      const res = solver().solver.solve(p);
      expect(res.converged, p.name).toBe(true);
      expect(res.error).toBeLessThan(1e-8);
      expectInCones(p, res.r);
      for (let a = 0; a < p.contacts; a++) expect(res.r[3 * a + 1] === 0 && res.r[3 * a + 2] === 0).toBe(true);
    }
  });

  test('should need δ > 0 where the undamped projected Newton steps cycle (paper 000 §8.1)', () => {
    // With Table 1's δ = 0 the iterates of this frictionless problem settle into a short cycle
    // (period 4) and repeat it until k = n; δ = 1 · avg W_ii (§8.1.2) damps the steps and it
    // converges, and so do the defaults (δ = 10 · avg W_ii, shrinking with ‖C_ω‖).
    const p = randomProblem(7, { contacts: [5, 40], mu: 0 });
    const plain = solver({ preset: 'paper' }).solver.solve(p);
    expect(plain.converged).toBe(false);
    expect(plain.reason).toBe('max-iterations');
    const errors = statsOf(plain).history.errors;
    const period = [1, 2, 3, 4, 5, 6, 7, 8].find((t) => Math.abs(errors.at(-1)! / errors.at(-1 - t)! - 1) < 1e-6);
    expect(period).toBeDefined();
    expect(Math.min(...errors.slice(-100))).toBeGreaterThan(1e-8);
    const damped = solver({ preset: 'paper', delta: { value: 1, relativeTo: 'avgWii' } }).solver.solve(p);
    expect(damped.converged).toBe(true);
    expect(solver().solver.solve(p).converged).toBe(true);
  });

  test('should iterate on R/s against s W with reactionScale s, as on the rescaled problem', () => {
    // PQN on (W, q) with reaction scale s takes the steps that PQN with s = 1 takes on (s W, q),
    // whose unknown is R/s (Solfec's force for s = h): same ‖C_ω‖ per step, R = s · (R/s).
    const s = 1e-3;
    const p = randomProblem(3, { contacts: 12 });
    const scaledW = new BlockSparseMatrix(p.W.blockRows, p.W.rowPtr, p.W.colIdx, p.W.values.map((v) => s * v));
    const scaled = new FrictionContactProblem(scaledW, p.q, p.mu);
    const opts = { preset: 'paper', tolerance: 1e-300, maxIterations: 6 } as const;
    const mine = solver({ ...opts, reactionScale: s }).solver.solve(p);
    const theirs = solver(opts).solver.solve(scaled);
    expect(mine.iterations).toBe(6);
    const a = statsOf(mine).steps.cNorm, b = statsOf(theirs).steps.cNorm;
    expect(a.length).toBe(b.length);
    for (let k = 0; k < a.length; k++) expect(Math.abs(a[k] - b[k])).toBeLessThanOrEqual(1e-9 * b[k]);
    let scale = 0;
    for (let i = 0; i < p.size; i++) scale = Math.max(scale, Math.abs(mine.r[i]));
    for (let i = 0; i < p.size; i++) expect(Math.abs(mine.r[i] - s * theirs.r[i])).toBeLessThanOrEqual(1e-9 * scale);
    expectInCones(p, mine.r);
    expectVelocity(p, mine);
  });

  test('should damp the undamped steps\' cycle by a small reaction scale (Solfec\'s force unknowns) with δ = 0', () => {
    // The frictionless problem of the δ > 0 test: Table 1 (δ = 0) cycles in the impulse, and
    // converges in the unknown R/s, s = 1e-3, where the gradient s X W + Y is dominated by Y.
    const p = randomProblem(7, { contacts: [5, 40], mu: 0 });
    expect(solver({ preset: 'paper' }).solver.solve(p).converged).toBe(false);
    const res = solver({ preset: 'paper', reactionScale: 1e-3 }).solver.solve(p);
    expect(res.converged).toBe(true);
    expect(res.error).toBeLessThan(1e-8);
    expect(res.error).toBe(new EnergyMerit().evaluate(p, res.r));
  });

  test('should shrink δ with ‖C_ω‖ by default (residual update) and keep it fixed with deltaUpdate fixed', () => {
    const p = randomProblem(42, { contacts: 30, mu: [0.2, 0.8] });
    const res = solver().solver.solve(p);
    expect(res.converged).toBe(true);
    const st = statsOf(res);
    const c0 = st.steps.cNorm[0];
    expect(st.steps.delta[0]).toBe(st.delta);
    st.steps.delta.forEach((d, i) => expect(d).toBe(st.steps.cNorm[i] < c0 ? st.delta * (st.steps.cNorm[i] / c0) : st.delta));
    expect(st.steps.delta.at(-1)!).toBeLessThan(1e-3 * st.delta);
    const fixed = statsOf(solver({ deltaUpdate: 'fixed' }).solver.solve(p));
    expect(new Set(fixed.steps.delta)).toEqual(new Set([fixed.delta]));
  });

  test('should measure the residual update against r = 0, so a warm start near a solution takes Newton-like steps', () => {
    // A simulation warm starts every step from the last one. Against ‖C_ω‖ at the warm start
    // itself, δ would begin at its full δ₁ there and the steps would crawl.
    const p = randomProblem(42, { contacts: 30, mu: [0.2, 0.8] });
    const cold = solver().solver.solve(p);
    const near = Float64Array.from(cold.r, (v, i) => v * (1 + 0.01 * Math.sin(i)));
    const warm = solver().solver.solve(p, { warmStart: near });
    expect(warm.converged).toBe(true);
    expect(warm.iterations).toBeLessThan(cold.iterations / 2);
    const st = statsOf(warm);
    expect(st.steps.delta[0]).toBeLessThan(0.05 * st.delta);
  });

  test('should report per-step and total statistics that agree with each other and with the events', () => {
    const p = randomProblem(42, { contacts: 30, mu: [0.2, 0.8] });
    const { solver: s, events } = solver({ gmresIterations: 4 });
    const seen: SolverIterationEvent[] = [];
    events.on('solver:iteration', (e) => seen.push(e));
    const res = s.solve(p);
    const st = statsOf(res);
    const sum = (a: number[]) => a.reduce((x, y) => x + y, 0);
    expect(st.newtonIterations).toBe(res.iterations);
    expect(st.steps.gmresIterations).toHaveLength(res.iterations);
    expect(sum(st.steps.gmresIterations)).toBe(st.gmresIterations);
    expect(Math.max(...st.steps.gmresIterations)).toBeLessThanOrEqual(4);
    // every step: GMRES's products plus U = W R + q; plus the one at R^0
    expect(sum(st.steps.matVecs) + 1).toBe(st.matVecs);
    expect(st.matVecs).toBe(st.gmresMatVecs + res.iterations + 1);
    expect(st.history.iterations).toEqual(Array.from({ length: res.iterations + 1 }, (_, i) => i));
    expect(st.history.errors.at(-1)).toBe(res.error);
    expect(seen.map((e) => e.iteration)).toEqual(st.history.iterations.slice(1));
    expect(seen.map((e) => e.error)).toEqual(st.history.errors.slice(1));
    expect(seen.map((e) => e.gmresIterations)).toEqual(st.steps.gmresIterations);
    expect(seen.at(-1)!.totalMatVecs).toBe(st.matVecs);
    expect(st.steps.linearResidual.every((r, i) => r <= 0.25 * st.steps.cNorm[i] || st.steps.gmresIterations[i] === 4)).toBe(true);
  });

  test('should never exceed the cap on GMRES mat-vec products, and say that it stopped there', () => {
    const p = randomProblem(5, { contacts: 40, mu: [0.5, 1.2] });
    for (const cap of [1, 2, 7, 25]) {
      const res = solver({ maxMatVecs: cap, tolerance: 1e-30 }).solver.solve(p);
      const st = statsOf(res);
      expect(st.gmresMatVecs).toBeLessThanOrEqual(cap);
      expect(res.converged).toBe(false);
      expect(res.reason).toBe('max-iterations');
      expect(st.limit).toBe('maxMatVecs');
      if (cap < 2) expect(res.iterations).toBe(0);
    }
  });

  test('should use δ relative to the smallest, mean or largest diagonal entry of W', () => {
    const p = twoContacts(); // diagonal entries 2, 1, 1, 1, 2, 2
    const d = (relativeTo: 'none' | 'minWii' | 'avgWii' | 'maxWii') =>
      statsOf(solver({ delta: { value: 0.1, relativeTo } }).solver.solve(p)).delta;
    expect(d('none')).toBe(0.1);
    expect(d('minWii')).toBeCloseTo(0.1, 15);
    expect(d('avgWii')).toBeCloseTo(0.15, 15);
    expect(d('maxWii')).toBeCloseTo(0.2, 15);
  });

  test('should take paper 001 diagonal steps: ΔR ← (1 − θ)ΔR − θ A_diag⁻¹ C, R ← proj_K(R + ΔR)', () => {
    // ω = 0, θ = 1/2, R^0 = 0. Contact 0 (μ = 0.5) sticks: R − F(U) lies inside K, so m = 0,
    // C = F(U) and A_00 = ∂F/∂U W_00 = [[2, 0.5, 0], [0, 1, 0], [0, 0, 1]]. Contact 1 (μ = 0.3)
    // separates: R − F(U) lies inside K°, so C = R = 0 and A_11 = I.
    //   k = 0: U_0 = q_0 = (-1, 0.1, 0), C_0 = (-0.95, 0.1, 0), A⁻¹C = (-0.5, 0.1, 0),
    //          ΔR_0 = -½ A⁻¹C = (0.25, -0.05, 0), R_0 = (0.25, -0.05, 0).
    //   k = 1: U_0 = (-0.5, 0.05, 0), C_0 = (-0.475, 0.05, 0), A⁻¹C = (-0.25, 0.05, 0),
    //          ΔR_0 = ½ (0.25, -0.05, 0) - ½ (-0.25, 0.05, 0) = (0.25, -0.05, 0), R_0 = (0.5, -0.1, 0),
    //          which is the solution (U_0 = 0 sticking; U_1 = (0.75, 0, 0.2) separating).
    // Without the (1 − θ)ΔR^k memory the second step would give R_0 = (0.375, -0.075, 0).
    const p = twoContacts();
    const opts = { preset: 'paper' as const, variant: 'diagonal' as const, theta: 0.5, omega: 0 };
    const one = solver({ ...opts, maxIterations: 1 }).solver.solve(p);
    const expect1 = [0.25, -0.05, 0, 0, 0, 0];
    one.r.forEach((v, i) => expect(v).toBeCloseTo(expect1[i], 14));
    expect(one.converged).toBe(false);
    const two = solver(opts).solver.solve(p);
    const expect2 = [0.5, -0.1, 0, 0, 0, 0];
    two.r.forEach((v, i) => expect(v).toBeCloseTo(expect2[i], 14));
    expect(two.converged).toBe(true);
    expect(two.iterations).toBe(2);
    expect(two.error).toBeLessThan(1e-28);
    expect(statsOf(two).gmresIterations).toBe(0);
    expect(statsOf(two).matVecs).toBe(3);
  });

  test('should reach the same two-contact solution with the GMRES variant', () => {
    const res = solver({ preset: 'paper', omega: 0 }).solver.solve(twoContacts());
    expect(res.converged).toBe(true);
    [0.5, -0.1, 0, 0, 0, 0].forEach((v, i) => expect(res.r[i]).toBeCloseTo(v, 9));
  });

  test('should return r = 0 at once when no contact approaches', () => {
    const p = randomProblem(3, { contacts: 8 });
    const away = new FrictionContactProblem(p.W, Float64Array.from(p.q, (v, i) => (i % 3 === 0 ? Math.abs(v) : v)), p.mu);
    const res = solver().solver.solve(away, { warmStart: new Float64Array(away.size).fill(1) });
    expect(res.converged).toBe(true);
    expect(res.iterations).toBe(0);
    expect(res.r.every((v) => v === 0)).toBe(true);
  });

  test('should start from a warm start projected onto the cones, and stop at once from a solution', () => {
    const p = twoContacts();
    const again = solver().solver.solve(p, { warmStart: Float64Array.of(0.5, -0.1, 0, 0, 0, 0) });
    expect(again.converged).toBe(true);
    expect(again.iterations).toBe(0);
    expect(Array.from(again.r)).toEqual([0.5, -0.1, 0, 0, 0, 0]);
    const q = randomProblem(8, { contacts: 12, mu: [0.2, 0.9] });
    const outside = new Float64Array(q.size).fill(-1);
    const res = solver({ maxIterations: 1 }).solver.solve(q, { warmStart: outside });
    expectInCones(q, res.r);
    const projected = projectOntoCones(new Float64Array(q.size), outside, q.mu);
    expect(projected.some((v) => v !== 0)).toBe(true);
    expect(statsOf(res).history.errors[0]).toBe(new SiconosMerit().evaluate(q, projected));
  });

  test('should honour the call\'s iteration cap and time budget', () => {
    const p = randomProblem(9, { contacts: 30, mu: [0.5, 1] });
    const capped = solver({ tolerance: 1e-30 }).solver.solve(p, { maxIterations: 3 });
    expect(capped.iterations).toBe(3);
    expect(capped.reason).toBe('max-iterations');
    const timed = solver({ tolerance: 1e-30 }).solver.solve(p, { timeBudgetMs: 0 });
    expect(timed.reason).toBe('time-budget');
    expect(timed.iterations).toBe(0);
  });

  test('should reject a warm start of the wrong length or with non-finite values', () => {
    const p = randomProblem(4, { contacts: 3 });
    const s = solver().solver;
    const code = (f: () => unknown) => {
      try { f(); } catch (e) { return isMoreauError(e) ? e.code : 'other'; }
      return 'none';
    };
    expect(code(() => s.solve(p, { warmStart: new Float64Array(2) }))).toBe('E_PROBLEM_SHAPE');
    expect(code(() => s.solve(p, { warmStart: new Float64Array(p.size).fill(NaN) }))).toBe('E_NOT_FINITE');
    expect(code(() => s.solve(p, { maxIterations: -1 }))).toBe('E_CONFIG');
  });

  test('should be deterministic, also when one instance solves problems of different sizes', () => {
    const a = randomProblem(21, { contacts: 20 }), b = randomProblem(22, { contacts: 7 });
    const s = solver().solver;
    const ra = s.solve(a), rb = s.solve(b), ra2 = s.solve(a);
    expect(ra2.r).toEqual(ra.r);
    expect(ra2.iterations).toBe(ra.iterations);
    expect(solver().solver.solve(b).r).toEqual(rb.r);
  });

  test('should measure the error in any registered merit', () => {
    const p = randomProblem(1, { contacts: [5, 40], mu: 0 });
    const res = solver({ merit: 'energy', tolerance: 1e-6 }).solver.solve(p);
    expect(res.merit).toBe('energy');
    expect(res.converged).toBe(true);
    expect(res.error).toBe(new EnergyMerit().evaluate(p, res.r));
    expect(res.error).toBeLessThan(1e-6);
  });
});

describe('pqn on velocities past 1e154', () => {
  // ‖C‖² overflows there while ‖C‖ does not: the GMRES tolerance was Infinity and PQN threw
  // E_CONFIG about its own linear solver, on a config that was fine.
  test('should answer (honestly, converged or not) instead of throwing E_CONFIG', () => {
    const W = new BlockSparseMatrix(2, Int32Array.from([0, 2, 4]), Int32Array.from([0, 1, 0, 1]), Float64Array.from([
      2, 0, 0, 0, 1, 0, 0, 0, 1, 0.5, 0.25, 0, 0, 0, 0, 0, 0, 0,
      0.5, 0, 0, 0.25, 0, 0, 0, 0, 0, 4, 0, 0, 0, 2, 0, 0, 0, 2,
    ]));
    const p = new FrictionContactProblem(W, Float64Array.from([-1e154, 0, 0, -2e154, 1e153, 0]), Float64Array.from([0.5, 0.3]), 'huge q');
    const res = solver().solver.solve(p);
    expect(res.r.every(Number.isFinite)).toBe(true);
    if (res.converged) expect(new SiconosMerit().evaluate(p, res.r)).toBeLessThanOrEqual(1e-8 * (1 + 1e-6));
    else expect(['breakdown', 'max-iterations', 'stalled']).toContain(res.reason);
  });
});
