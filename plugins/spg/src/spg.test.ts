import { describe, expect, test } from 'vitest';
import { BlockSparseMatrix, bsrMul, FrictionContactProblem, SiconosMerit, type z } from '@moreau/core';
import { randomProblem } from '@moreau/conformance';
import plugin, { options } from './index.js';
import { naturalImpulse } from './spg-solver.js';
import { testContext } from './__fixtures__/context.js';

function solve(p: FrictionContactProblem, opts: z.input<typeof options> = {}, warmStart?: Float64Array) {
  return plugin.create(options.parse(opts), testContext()).solve(p, warmStart ? { warmStart } : {});
}

/** One contact with W = I (a unit-mass particle on a plane, say) and the given q, μ. */
function oneContact(q: number[], mu: number): FrictionContactProblem {
  const W = BlockSparseMatrix.fromBlocks(1, [{ row: 0, col: 0, values: [1, 0, 0, 0, 1, 0, 0, 0, 1] }]);
  return new FrictionContactProblem(W, Float64Array.from(q), Float64Array.of(mu));
}

function velocity(p: FrictionContactProblem, r: Float64Array): Float64Array {
  const u = bsrMul(p.W, r, new Float64Array(p.size));
  for (let i = 0; i < u.length; i++) u[i] += p.q[i];
  return u;
}

describe('spg: closed-form single contacts (W = I, siconos 1e-8 by default)', () => {
  // With W = I the answer's error is at most tolerance × max(‖q‖, ‖r‖, ‖u‖) ≈ 1e-8 × 2, so 1e-7 absolute on every entry.
  const TOL = 1e-7;

  test('should leave a separating contact alone: q_N > 0 gives r = 0', () => {
    const res = solve(oneContact([0.5, 1, -2], 0.3));
    expect(res.converged).toBe(true);
    expect(Array.from(res.r)).toEqual([0, 0, 0]);
    expect(res.iterations).toBe(0);
  });

  test('should stick when ‖q_T‖ ≤ μ |q_N|: r = −q and u = 0', () => {
    const res = solve(oneContact([-1, 0.3, -0.2], 0.5));
    expect(res.converged).toBe(true);
    const expected = [1, -0.3, 0.2];
    for (let i = 0; i < 3; i++) expect(Math.abs(res.r[i] - expected[i])).toBeLessThan(TOL);
  });

  test('should slide on the cone boundary when ‖q_T‖ > μ |q_N|: r = (1, −μ, 0), u = (0, 2 − μ, 0) for q = (−1, 2, 0)', () => {
    // u_N = r_N − 1 = 0, r_T = −μ r_N u_T/‖u_T‖ with u_T = r_T + (2, 0): r_T = (−0.5, 0), u_T = (1.5, 0)
    const p = oneContact([-1, 2, 0], 0.5);
    const res = solve(p);
    expect(res.converged).toBe(true);
    const expected = [1, -0.5, 0];
    for (let i = 0; i < 3; i++) expect(Math.abs(res.r[i] - expected[i])).toBeLessThan(TOL);
    const u = velocity(p, res.r);
    expect(Math.abs(u[0])).toBeLessThan(TOL);
    expect(Math.abs(u[1] - 1.5)).toBeLessThan(TOL);
  });

  test('should solve the relaxed problem instead with cone: relaxed — r = Π_K(−q) = (1.6, −0.8, 0), which separates', () => {
    // With W = I the cone complementarity problem r ∈ K, r + q ∈ K*, r ⟂ r + q is r = Π_K(−q):
    // −q = (1, −2, 0) projects to p_N = (1 + 0.5 · 2) / 1.25 = 1.6, p_T = −0.5 · 1.6 = −0.8. Its u = (0.6, 1.2, 0)
    // has u_N = μ‖u_T‖ > 0: the relaxation lifts a sliding contact off (paper 002, "Convex Relaxation").
    const res = solve(oneContact([-1, 2, 0], 0.5), { cone: 'relaxed', tolerance: 1e-10 });
    expect(res.converged).toBe(true);
    expect(res.merit).toBe('projected-gradient');
    const expected = [1.6, -0.8, 0];
    // eq 10 ≤ 1e-10 (divided by m = 3) bounds the natural-map residual by 3e-10: the distance to r* is of that order
    for (let i = 0; i < 3; i++) expect(Math.abs(res.r[i] - expected[i])).toBeLessThan(1e-8);
  });
});

describe('spg: the relaxed problem\'s KKT conditions at the answer', () => {
  test.each([3, 11, 27])('should return r ∈ K, u = W r + q ∈ K*, rᵀu ≈ 0 on randomProblem(%i)', (seed) => {
    const p = randomProblem(seed, { contacts: 8 });
    const res = solve(p, { cone: 'relaxed', tolerance: 1e-9 });
    expect(res.converged).toBe(true);
    const u = velocity(p, res.r);
    let scale = 0;
    for (let i = 0; i < p.size; i++) scale = Math.max(scale, Math.abs(res.r[i]) * Math.abs(u[i]), Math.abs(p.q[i]));
    let complementarity = 0;
    for (let a = 0; a < p.contacts; a++) {
      const o = 3 * a, m = p.mu[a];
      const rt = Math.hypot(res.r[o + 1], res.r[o + 2]), ut = Math.hypot(u[o + 1], u[o + 2]);
      // primal: ‖r_T‖ ≤ μ r_N (the projections keep it up to rounding)
      expect(rt).toBeLessThanOrEqual(m * res.r[o] * (1 + 1e-12) + 1e-300);
      // dual: μ‖u_T‖ ≤ u_N, up to the answer's accuracy (eq 10 ≤ 1e-9: m g_d · 1e-9 on the natural map, times ‖W‖)
      expect(m * ut - u[o]).toBeLessThan(1e-6 * Math.max(1, Math.abs(u[o])));
      complementarity += res.r[o] * u[o] + res.r[o + 1] * u[o + 1] + res.r[o + 2] * u[o + 2];
    }
    expect(Math.abs(complementarity)).toBeLessThan(1e-6 * p.size * scale);
  });
});

describe('spg: convergence at the siconos measure', () => {
  test('should reach 1e-8 on 12 small random problems, judged by a fresh siconos merit', () => {
    const merit = new SiconosMerit();
    for (let seed = 1; seed <= 12; seed++) {
      const p = randomProblem(seed, { contacts: 2 + (seed % 9) });
      const res = solve(p);
      expect(res.converged, `seed ${seed}`).toBe(true);
      const e = merit.evaluate(p, res.r);
      expect(e).toBe(res.error);
      expect(e).toBeLessThanOrEqual(1e-8);
      expect(res.stats!.cone).toBe('coulomb');
    }
  });

  test('should converge with each preconditioner and with the monotone rule', () => {
    const p = randomProblem(5, { contacts: 8 });
    for (const o of [{ preconditioner: 'diagonal' }, { preconditioner: 'none' }, { memory: 0 }] as const) {
      const res = solve(p, o);
      expect(res.converged, JSON.stringify(o)).toBe(true);
    }
  });

  test('should stop at once when warm started at its own answer', () => {
    const p = randomProblem(8, { contacts: 10 });
    const cold = solve(p);
    const warm = solve(p, {}, cold.r);
    expect(warm.converged).toBe(true);
    expect(warm.iterations).toBe(0);
    // no step taken: the spectral step is still its start, 1 clamped into [α_min, α_max]
    expect(warm.stats).toMatchObject({ alpha: 1, passes: 0, backtracks: 0, fallbackDirections: 0, nonmonotoneSteps: 0 });
    expect((solve(p, { alphaMax: 0.5 }, cold.r).stats as { alpha: number }).alpha).toBe(0.5);
  });
});

describe('spg: a problem without solution', () => {
  test('should stop a runaway iterate instead of answering with it', () => {
    // W_NN = [[0, 1], [1, 2]], q_N = (−1, 1): contact 0 closes only by pushing contact 1, which then
    // separates (docs/convergence.md). Without curvature along e_N0 the spectral step is α_max and
    // r_N0 leapt to 7.5e29, where the siconos error of the answer rounded to 0.
    const d = (a: number, b: number, c: number) => [a, 0, 0, 0, b, 0, 0, 0, c];
    const W = BlockSparseMatrix.fromBlocks(2, [
      { row: 0, col: 0, values: d(0, 0, 0) }, { row: 0, col: 1, values: d(1, 0, 0) },
      { row: 1, col: 0, values: d(1, 0, 0) }, { row: 1, col: 1, values: d(2, 1, 1) },
    ]);
    const res = solve(new FrictionContactProblem(W, Float64Array.of(-1, 0, 0, 1, 0, 0), Float64Array.of(0.3, 0.3)));
    expect(res.converged).toBe(false);
    expect(res.reason).toBe('breakdown');
    // the answer is the last point before the run: at most RUNAWAY (1e6) times ‖q‖∞ / w_min = 0.5
    expect(Math.max(...Array.from(res.r, Math.abs))).toBeLessThanOrEqual(5e5);
    expect(res.error).toBeGreaterThan(0.1);
  });
});

describe('spg: options', () => {
  test('should default to the Coulomb problem, the contact preconditioner and the paper\'s line search constants', () => {
    expect(plugin.name).toBe('spg');
    expect(plugin.supports).toEqual({ warmStart: true, cone: 'both', friction: true });
    const d = options.parse({});
    expect(d).toMatchObject({
      tolerance: 1e-8, maxIterations: 100_000, cone: 'coulomb', preconditioner: 'contact', memory: 10, gamma: 1e-4,
      sigmaMin: 0.1, sigmaMax: 0.9, alphaMin: 1e-30, alphaMax: 1e30, innerReduction: 0.5, innerMaxIterations: 100,
    });
    expect(options.parse({ preset: 'paper' })).toEqual({ ...d, preset: 'paper', preconditioner: 'diagonal', cone: 'relaxed' });
  });

  test('should refuse σ_min > σ_max and α_min > α_max, naming the option', () => {
    const a = options.safeParse({ sigmaMin: 0.8, sigmaMax: 0.2 });
    expect(a.success).toBe(false);
    expect(a.error!.issues[0].path).toEqual(['sigmaMin']);
    const b = options.safeParse({ alphaMin: 2, alphaMax: 1 });
    expect(b.success).toBe(false);
    expect(b.error!.issues[0].path).toEqual(['alphaMin']);
    expect(options.safeParse({ gamma: 1 }).success).toBe(false);
  });
});

describe('spg: the solve\'s stops and statistics', () => {
  const p = randomProblem(5, { contacts: 8 });

  test('should account every iteration to a pass, every pass but the last to a shift update, and keep the best merit', () => {
    const res = solve(p);
    expect(res.converged).toBe(true);
    const st = res.stats as { passes: number; outerIterations: number; passIterations: number[]; sChanges: number[]; matvecs: number; history: { iterations: number[]; errors: number[] } };
    expect(st.passIterations).toHaveLength(st.passes);
    expect(st.passIterations.reduce((a, b) => a + b, 0)).toBe(res.iterations);
    // the Coulomb cone updates s after every pass that does not end the solve
    expect(st.outerIterations).toBe(st.passes - 1);
    expect(st.sChanges).toHaveLength(st.outerIterations);
    expect(st.history.iterations.at(-1)).toBe(res.iterations);
    expect(st.history.errors).toHaveLength(st.history.iterations.length);
    // the answer is the best point by the merit, and the merit judged it
    expect(res.error).toBe(Math.min(...st.history.errors));
    expect(res.error).toBe(new SiconosMerit().evaluate(p, res.r));
    // one product with W per iteration, one per pass for W x afresh, the start's and the answer's
    expect(st.matvecs).toBe(res.iterations + st.passes + 2);
  });

  test('should stop at maxIterations exactly, the last pass cut short, with the best point kept', () => {
    const full = solve(p);
    expect(full.iterations).toBeGreaterThan(12);
    const res = solve(p, { maxIterations: 12 });
    expect(res.converged).toBe(false);
    expect(res.reason).toBe('max-iterations');
    expect(res.iterations).toBe(12);
    const st = res.stats as { passIterations: number[]; history: { errors: number[] } };
    expect(res.error).toBe(Math.min(...st.history.errors));
    expect(res.error).toBe(new SiconosMerit().evaluate(p, res.r));
    // no pass is started once the cap is spent
    expect(st.passIterations.every((k) => k > 0)).toBe(true);
  });

  test('should answer with the best point when the last pass ends worse', () => {
    // Found by search: on this problem the siconos error after 5 iterations is above the one before.
    const q = randomProblem(3, { contacts: 4 });
    const res = solve(q, { maxIterations: 5 });
    const errors = (res.stats as { history: { errors: number[] } }).history.errors;
    expect(errors.at(-1)!).toBeGreaterThan(Math.min(...errors));
    expect(res.error).toBe(Math.min(...errors));
    expect(res.error).toBe(new SiconosMerit().evaluate(q, res.r));
    const u = velocity(q, res.r);
    for (let i = 0; i < u.length; i++) expect(res.u[i]).toBeCloseTo(u[i], 12);
  });

  test('should stop before any iteration on a spent time budget, answering with the warm start', () => {
    const warm = new Float64Array(p.size).fill(0.01);
    const res = plugin.create(options.parse({}), testContext()).solve(p, { warmStart: warm, timeBudgetMs: 0 });
    expect(res.reason).toBe('time-budget');
    expect(res.iterations).toBe(0);
    expect(res.converged).toBe(false);
    // the warm start (projected into the cones, as every solver starts) is the answer
    expect(res.stats).toMatchObject({ passes: 0, history: { iterations: [0] } });
    expect(res.error).toBe(new SiconosMerit().evaluate(p, res.r));
  });

  test('should call a pass that cannot tighten its residual a stall, on either cone', () => {
    // innerTolerance above any residual: every pass stops at its first iteration, at its floor.
    const coulomb = solve(p, { innerTolerance: 1e3 });
    expect(coulomb.reason).toBe('stalled');
    const st = coulomb.stats as { passes: number; outerIterations: number; passIterations: number[]; sChanges: number[] };
    expect(st.passIterations.every((k) => k === 1)).toBe(true);
    // the Coulomb cone stalls once s has settled too: its last update changed s by at most outerTolerance
    expect(st.outerIterations).toBe(st.passes);
    expect(st.sChanges.at(-1)!).toBeLessThanOrEqual(options.parse({}).outerTolerance);
    expect(st.sChanges.slice(0, -1).every((c) => c > options.parse({}).outerTolerance)).toBe(true);
    // the relaxed cone judged by another merit has no s to wait for: one pass
    const relaxed = solve(p, { cone: 'relaxed', merit: 'siconos', innerTolerance: 1e3 });
    expect(relaxed.reason).toBe('stalled');
    expect(relaxed.stats).toMatchObject({ passes: 1, outerIterations: 0 });
  });

  test('should stop after maxOuterIterations updates of s', () => {
    expect((solve(p).stats as { outerIterations: number }).outerIterations).toBeGreaterThan(2);
    const res = solve(p, { maxOuterIterations: 2 });
    expect(res.reason).toBe('max-iterations');
    expect(res.converged).toBe(false);
    expect(res.stats).toMatchObject({ outerIterations: 2, passes: 3 });
  });

  test('should end its passes at innerReduction of their start unless the merit is the passes\' own residual', () => {
    // the first pass's length follows innerReduction; were it run to the tolerance, it would not
    const first = (o: z.input<typeof options>) => (solve(p, o).stats as { passIterations: number[] }).passIterations[0];
    const follows = (o: z.input<typeof options>) => expect(first({ ...o, innerReduction: 1e-6 })).toBeGreaterThan(first({ ...o, innerReduction: 0.5 }));
    follows({});
    // the Coulomb cone's passes solve a shifted problem: its merit is never their residual, even named projected-gradient
    follows({ merit: 'projected-gradient' });
    // a projected-gradient merit of another τ_g is not the passes' residual either
    follows({ cone: 'relaxed', merit: 'projected-gradient', gd: 0.5, tolerance: 1e-9 });
  });

  test('should call ten passes in a row at their cap without a better merit a stall', () => {
    // Relaxed passes judged by the Coulomb measure: they cannot get below about 0.07 here, so the
    // passes of one iteration each stop lowering it, and after ten more the solve stops.
    const res = solve(p, { cone: 'relaxed', merit: 'siconos', innerMaxIterations: 1, tolerance: 1e-300 });
    expect(res.reason).toBe('stalled');
    const st = res.stats as { passes: number; passIterations: number[]; history: { errors: number[] } };
    expect(st.passIterations.every((k) => k === 1)).toBe(true);
    expect(st.passes).toBeGreaterThan(10);
    const errors = st.history.errors;
    // the best merit came before the last ten passes, and none of them lowered it
    expect(Math.min(...errors.slice(0, -10))).toBe(Math.min(...errors));
    expect(errors.slice(-10).every((e) => e >= res.error)).toBe(true);
    // a pass before those ten did lower it (else the solve would have stopped sooner)
    expect(Math.min(...errors.slice(0, -11))).toBeGreaterThan(res.error);
  });

  test('should solve within a time budget it does not spend', () => {
    const res = plugin.create(options.parse({}), testContext()).solve(p, { timeBudgetMs: 600_000 });
    expect(res.reason).toBe('converged');
    expect(res.iterations).toBe(solve(p).iterations);
  });

  test('should refuse a claim the tolerance allows when a contact still approaches', () => {
    // A tolerance of 0.9 is met at r = 0 on this problem; its contacts approach, so core's rules refuse the claim.
    const q = randomProblem(1, { contacts: 2 });
    const res = solve(q, { tolerance: 0.9 });
    expect(res.error).toBeLessThanOrEqual(0.9);
    expect(res.reason).toBe('rejected');
    expect(res.converged).toBe(false);
  });

  test('should report each pass and the end on the event bus, and time the solve', () => {
    const ctx = testContext();
    const passes: { solver: string; iteration: number; pass: number; error: number }[] = [];
    const ends: { solver: string; converged: boolean; reason: string; iterations: number; merit: string }[] = [];
    ctx.events.on('solver:iteration', (e) => passes.push(e as never));
    ctx.events.on('solver:end', (e) => ends.push(e as never));
    const t0 = performance.now();
    const res = plugin.create(options.parse({}), ctx).solve(p, {});
    const elapsed = performance.now() - t0;
    const st = res.stats as { passes: number; history: { iterations: number[]; errors: number[] } };
    expect(passes.map((e) => e.pass)).toEqual(Array.from({ length: st.passes }, (_, i) => i + 1));
    expect(passes.every((e) => e.solver === 'spg')).toBe(true);
    expect(passes.map((e) => e.iteration)).toEqual(st.history.iterations.slice(1));
    expect(passes.map((e) => e.error)).toEqual(st.history.errors.slice(1));
    expect(ends).toEqual([expect.objectContaining({ solver: 'spg', converged: true, reason: 'converged', iterations: res.iterations, merit: 'siconos' })]);
    expect(res.ms).toBeGreaterThanOrEqual(0);
    expect(res.ms).toBeLessThanOrEqual(elapsed);
  });

  test('should not let a later solve change an earlier answer', () => {
    const solver = plugin.create(options.parse({}), testContext());
    const first = solver.solve(p, {});
    const r = Array.from(first.r), u = Array.from(first.u);
    solver.solve(randomProblem(6, { contacts: 8 }), {});
    expect(Array.from(first.r)).toEqual(r);
    expect(Array.from(first.u)).toEqual(u);
  });

  test('should solve the relaxed problem in one pass when its merit is the passes\' own KKT residual', () => {
    const res = solve(p, { cone: 'relaxed', tolerance: 1e-9 });
    expect(res.converged).toBe(true);
    const st = res.stats as { passes: number; outerIterations: number; cone: string };
    expect(st).toMatchObject({ passes: 1, outerIterations: 0, cone: 'relaxed' });
    // judged by another merit, the relaxed passes stop at half their start residual, so it takes several
    const other = solve(p, { cone: 'relaxed', tolerance: 1e-9, merit: 'siconos' });
    expect((other.stats as { passes: number }).passes).toBeGreaterThan(1);
  });
});

describe('spg: the runaway limit\'s scale', () => {
  test('should be ‖q‖∞ over the smallest positive W_NN, skipping zero and negative diagonals', () => {
    const d = (n: number) => [n, 0, 0, 0, 1, 0, 0, 0, 1];
    const W = BlockSparseMatrix.fromBlocks(4, [
      { row: 0, col: 0, values: d(0) }, { row: 1, col: 1, values: d(2) }, { row: 2, col: 2, values: d(4) }, { row: 3, col: 3, values: d(-1) },
    ]);
    expect(naturalImpulse(new FrictionContactProblem(W, Float64Array.of(1, -6, 0, -2, 0, 0, 3, 0, 0, 0, 0, 0), new Float64Array(4)))).toBe(3);
    // no scale: no positive W_NN, or q = 0
    const none = BlockSparseMatrix.fromBlocks(1, [{ row: 0, col: 0, values: d(0) }]);
    expect(naturalImpulse(new FrictionContactProblem(none, Float64Array.of(-1, 0, 0), new Float64Array(1)))).toBe(Infinity);
    expect(naturalImpulse(new FrictionContactProblem(W, new Float64Array(12), new Float64Array(4)))).toBe(Infinity);
  });
});

describe('spg: a warm start brings its De Saxcé shift', () => {
  test('should leave the relaxed problem unshifted: its answer from a warm start is Π_K(−q)', () => {
    const p = oneContact([-1, 2, 0], 0.5);
    const res = solve(p, { cone: 'relaxed', tolerance: 1e-10 }, Float64Array.of(1, -0.5, 0));
    expect(res.converged).toBe(true);
    for (const [i, v] of [1.6, -0.8, 0].entries()) expect(Math.abs(res.r[i] - v)).toBeLessThan(1e-7);
  });

  test('should start the first pass from s = μ‖u_T‖ at the warm start, and finish in that pass', () => {
    // W = I, q = (−1, 2, 0), μ = 0.5 slides: r* = (1, −0.5, 0), u_T = (1.5, 0), s* = 0.75. From r* nudged,
    // the first pass solves the problem shifted by s ≈ s*, whose answer is r* again; with s = 0 it
    // would head for the relaxed answer (1.6, −0.8, 0), far from the Coulomb one, and need more passes.
    const p = oneContact([-1, 2, 0], 0.5);
    const res = solve(p, { tolerance: 1e-12 }, Float64Array.of(1.001, -0.5, 0));
    expect(res.converged).toBe(true);
    expect(res.stats).toMatchObject({ passes: 1, outerIterations: 0 });
    for (const [i, v] of [1, -0.5, 0].entries()) expect(Math.abs(res.r[i] - v)).toBeLessThan(1e-9);
  });
});
