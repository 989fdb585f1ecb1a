import { describe, expect, test, vi } from 'vitest';
import {
  BlockSparseMatrix, createRegistry, EnergyMerit, EventBus, FrictionContactProblem, RunContext, SiconosMerit,
  type SolverEndEvent, type SolverIterationEvent, type SolveResult, type z,
} from '@moreau/core';
import { randomProblem } from '@moreau/conformance';
import plugin, { options, type PqnStats } from './index.js';
import { diagonalIncrement } from './pqn.js';

function solver(opts: z.input<typeof options> = {}) {
  const events = new EventBus();
  const ctx = new RunContext(createRegistry(), events);
  return { solver: plugin.create(options.parse(opts), ctx), events };
}

const statsOf = (res: SolveResult) => res.stats as unknown as PqnStats;

/**
 * Contact 0 is an ordinary one; contact 1 has a zero block of W and approaches (q_N = -1): no
 * reaction can slow it, so the problem has no solution, and with δ = 0 its block of A = X W + Y
 * is singular wherever it sticks (there Y = 0 and X W_11 = 0).
 */
function withDeadContact(): FrictionContactProblem {
  const W = BlockSparseMatrix.fromBlocks(2, [
    { row: 0, col: 0, values: [2, 0, 0, 0, 1, 0, 0, 0, 1] },
    { row: 1, col: 1, values: [0, 0, 0, 0, 0, 0, 0, 0, 0] },
  ]);
  return new FrictionContactProblem(W, Float64Array.of(-1, 0.1, 0, -1, 0, 0), Float64Array.of(0.5, 0.3));
}

describe('pqn stop reasons, statistics and events', () => {
  test('should stop strictly below the tolerance, at the start and after a step', () => {
    const p = randomProblem(11, { contacts: 6, mu: [0.2, 0.8] });
    const start = Float64Array.from({ length: p.size }, (_, i) => (i % 3 === 0 ? 0.1 : 0));
    const e0 = new SiconosMerit().evaluate(p, start);
    expect(e0).toBeGreaterThan(0);
    // a merit equal to γ is not below γ: one step is taken
    // ω fixed: by default it follows γ, and every run below must take the same steps
    const atStart = solver({ tolerance: e0, omega: 1e-11, maxIterations: 1 }).solver.solve(p, { warmStart: start });
    expect(atStart.iterations).toBe(1);
    expect(statsOf(atStart).history.errors[0]).toBe(e0);
    const e1 = statsOf(atStart).history.errors[1];
    expect(e1).toBeGreaterThan(0);
    const afterStep = solver({ tolerance: e1, omega: 1e-11, maxIterations: 1 }).solver.solve(p, { warmStart: start });
    expect(afterStep.error).toBe(e1);
    expect(afterStep.converged).toBe(false);
    expect(afterStep.reason).toBe('max-iterations');
    expect(statsOf(afterStep).limit).toBe('maxIterations');
    const above = solver({ tolerance: e1 * (1 + 1e-9), omega: 1e-11, maxIterations: 1 }).solver.solve(p, { warmStart: start });
    expect(above.reason).toBe('converged');
    expect(statsOf(above).limit).toBeNull();
  });

  test('should count merit evaluations, one per step and one at the start', () => {
    const p = randomProblem(12, { contacts: 10 });
    for (const variant of ['gmres', 'diagonal'] as const) {
      const res = solver({ variant, maxIterations: 7, tolerance: 1e-30 }).solver.solve(p);
      expect(res.iterations).toBe(7);
      expect(statsOf(res).meritEvaluations).toBe(8);
    }
  });

  test('should allow one Arnoldi step (two products) when exactly two GMRES products are left', () => {
    const p = randomProblem(5, { contacts: 40, mu: [0.5, 1.2] });
    const two = solver({ maxMatVecs: 2, tolerance: 1e-30 }).solver.solve(p);
    expect(two.iterations).toBe(1);
    expect(statsOf(two).steps.gmresIterations).toEqual([1]);
    expect(statsOf(two).limit).toBe('maxMatVecs');
  });

  test('should not stop on a time budget that has not run out', () => {
    const p = randomProblem(9, { contacts: 10 });
    const res = solver({ tolerance: 1e-30, maxIterations: 3 }).solver.solve(p, { timeBudgetMs: 1e9 });
    expect(res.reason).toBe('max-iterations');
    expect(res.iterations).toBe(3);
  });

  test('should report a solve time within the wall time around the call', () => {
    const p = randomProblem(9, { contacts: 10 });
    const s = solver().solver;
    const before = performance.now();
    const res = s.solve(p);
    const elapsed = performance.now() - before;
    expect(res.ms).toBeGreaterThanOrEqual(0);
    expect(res.ms).toBeLessThanOrEqual(elapsed);
  });

  test('should emit per-step products including U = W R + q, and one end event with the result', () => {
    const p = randomProblem(42, { contacts: 30, mu: [0.2, 0.8] });
    const { solver: s, events } = solver({ gmresIterations: 3 });
    const seen: SolverIterationEvent[] = [];
    const ends: SolverEndEvent[] = [];
    events.on('solver:iteration', (e) => seen.push(e));
    events.on('solver:end', (e) => ends.push(e));
    const res = s.solve(p);
    const st = statsOf(res);
    expect(seen.map((e) => e.matVecs)).toEqual(st.steps.gmresIterations.map((_, i) => st.steps.matVecs[i]));
    // GMRES's products of each step plus the velocity update
    seen.forEach((e, i) => expect(e.matVecs).toBe(st.steps.matVecs[i]));
    expect(st.steps.matVecs.every((m) => m >= 2)).toBe(true);
    expect(seen.map((e) => e.cNorm)).toEqual(st.steps.cNorm);
    expect(ends).toEqual([{
      solver: 'pqn', converged: true, reason: 'converged', iterations: res.iterations, error: res.error, merit: 'siconos', ms: res.ms,
    }]);
  });

  test('should count the Newton steps with a singular diagonal block, and no others', () => {
    const dead = solver({ preset: 'paper', maxIterations: 5 }).solver.solve(withDeadContact());
    const st = statsOf(dead);
    expect(st.singularSteps).toBeGreaterThan(0);
    expect(st.singularSteps).toBeLessThanOrEqual(dead.iterations);
    // δ > 0 keeps every block regular
    expect(statsOf(solver({ maxIterations: 5 }).solver.solve(withDeadContact())).singularSteps).toBe(0);
    const fine = solver().solver.solve(randomProblem(42, { contacts: 30, mu: [0.2, 0.8] }));
    expect(fine.iterations).toBeGreaterThan(0);
    expect(statsOf(fine).singularSteps).toBe(0);
  });

  test('should stop as stalled when a GMRES step leaves R unchanged', () => {
    // After the first step contact 0 is solved and contact 1 cannot move: R^{k+1} = R^k.
    const res = solver({ preset: 'paper', maxIterations: 50 }).solver.solve(withDeadContact());
    expect(res.reason).toBe('stalled');
    expect(res.iterations).toBeLessThan(50);
    const errors = statsOf(res).history.errors;
    expect(errors.at(-1)).toBe(errors.at(-2));
    expect(res.r.every(Number.isFinite)).toBe(true);
  });

  test('should stop as breakdown, keeping the last finite R, when a diagonal step is not finite', () => {
    // The diagonal variant divides by the dead contact's vanishing block until the step overflows.
    const res = solver({ preset: 'paper', variant: 'diagonal', maxIterations: 50 }).solver.solve(withDeadContact());
    expect(res.reason).toBe('breakdown');
    expect(res.converged).toBe(false);
    expect(res.r.every(Number.isFinite)).toBe(true);
    expect(res.u.every(Number.isFinite)).toBe(true);
    // the failed step is not counted: one merit per counted step, plus R^0's
    expect(statsOf(res).history.errors).toHaveLength(res.iterations + 1);
    // the paper preset's merit, at the R returned
    expect(res.error).toBe(new EnergyMerit().evaluate(withDeadContact(), res.r));
  });

  test('should stop as breakdown at once when the merit of the start is not finite', () => {
    // u_N = 1e300 · 1e300 − 1e300 · 4e299 = ∞ − ∞ at the (finite, in-cone) warm start.
    const W = BlockSparseMatrix.fromBlocks(1, [{ row: 0, col: 0, values: [1e300, -1e300, 0, 0, 1, 0, 0, 0, 1] }]);
    const p = new FrictionContactProblem(W, Float64Array.of(-1, 0, 0), Float64Array.of(0.5));
    const start = Float64Array.of(1e300, 4e299, 0);
    expect(Number.isFinite(new SiconosMerit().evaluate(p, start))).toBe(false);
    const res = solver().solver.solve(p, { warmStart: start });
    expect(res.reason).toBe('breakdown');
    expect(res.converged).toBe(false);
    expect(res.iterations).toBe(0);
  });

  test('should refuse a claimed convergence on a problem without solution, and only a claimed one', () => {
    // γ above the merit of r = 0: the claim is made at once, and core's check refuses it.
    const claimed = solver({ preset: 'paper', tolerance: 1e9 }).solver.solve(withDeadContact());
    expect(claimed.iterations).toBe(0);
    expect(claimed.reason).toBe('infeasible');
    expect(claimed.converged).toBe(false);
    const capped = solver({ maxIterations: 2, tolerance: 1e-30 }).solver.solve(withDeadContact());
    expect(capped.reason).toBe('max-iterations');
  });

  test('should keep a convergence reached on the step the no-progress window closes', () => {
    // Paper 001's two-contact example (solution R_0 = (0.5, -0.1, 0), R_1 = 0), started just off
    // the solution; with a small θ the first diagonal step lowers the merit by less than 10 %.
    const W = BlockSparseMatrix.fromBlocks(2, [
      { row: 0, col: 0, values: [2, 0, 0, 0, 1, 0, 0, 0, 1] },
      { row: 0, col: 1, values: [0.5, 0, 0, 0, 0, 0, 0, 0, 0] },
      { row: 1, col: 0, values: [0.5, 0, 0, 0, 0, 0, 0, 0, 0] },
      { row: 1, col: 1, values: [1, 0, 0, 0, 2, 0, 0, 0, 2] },
    ]);
    const p = new FrictionContactProblem(W, Float64Array.of(-1, 0.1, 0, 0.5, 0, 0.2), Float64Array.of(0.5, 0.3));
    const start = Float64Array.of(0.5005, -0.1, 0, 0, 0, 0);
    const opts = { variant: 'diagonal', theta: 0.01, omega: 1e-11 } as const;
    const probe = solver({ ...opts, maxIterations: 1, tolerance: 1e-30 }).solver.solve(p, { warmStart: start });
    const [e0, e1] = statsOf(probe).history.errors;
    expect(e1).toBeLessThan(e0);
    expect(e1).toBeGreaterThan(0.9 * e0);
    const res = solver({ ...opts, stallIterations: 1, tolerance: (e0 + e1) / 2 }).solver.solve(p, { warmStart: start });
    expect(res.iterations).toBe(1);
    expect(res.reason).toBe('converged');
    const stalled = solver({ ...opts, stallIterations: 1, tolerance: 1e-30 }).solver.solve(p, { warmStart: start });
    expect(stalled.reason).toBe('stalled');
    expect(stalled.iterations).toBe(1);
  });

  test('should scale a relative δ by the reaction scale, and leave an absolute δ alone', () => {
    const p = randomProblem(3, { contacts: 4 });
    let sum = 0;
    for (let a = 0; a < p.contacts; a++) for (let i = 0; i < 3; i++) sum += p.W.values[9 * p.W.diagIdx[a] + 4 * i];
    const avg = sum / p.size;
    const delta = (d: z.input<typeof options>['delta']) =>
      statsOf(solver({ delta: d, reactionScale: 0.5, maxIterations: 1 }).solver.solve(p)).delta;
    expect(delta({ value: 2, relativeTo: 'avgWii' })).toBeCloseTo(2 * avg * 0.5, 12);
    expect(delta({ value: 2, relativeTo: 'none' })).toBe(2);
    expect(delta(2)).toBe(2);
  });
});

describe('diagonalIncrement (paper 001 Algorithm 1 step c)', () => {
  test('should compute (1 − θ) ΔR − θ A⁻¹ C with full 3×3 inverses, contact by contact', () => {
    // contact 0: A⁻¹ = [[1, 2, 3], [4, 5, 6], [7, 8, 10]], C = (1, -1, 2): A⁻¹C = (5, 11, 19)
    // contact 1: A⁻¹ = 2 I, C = (1, 2, 3): A⁻¹C = (2, 4, 6)
    const inverse = Float64Array.of(1, 2, 3, 4, 5, 6, 7, 8, 10, 2, 0, 0, 0, 2, 0, 0, 0, 2);
    const C = Float64Array.of(1, -1, 2, 1, 2, 3);
    const dR = Float64Array.of(1, 1, 1, 4, 0, -4);
    diagonalIncrement(dR, inverse, C, 0.5);
    expect(Array.from(dR)).toEqual([0.5 - 2.5, 0.5 - 5.5, 0.5 - 9.5, 2 - 1, 0 - 2, -2 - 3]);
  });
});

describe('pqn results and the reused workspace', () => {
  test('should return r and u of its own, untouched by the next solve on the same solver', () => {
    const { solver: s } = solver({ tolerance: 1e-10 });
    const p = randomProblem(3, { contacts: 5 });
    const first = s.solve(p);
    expect(first.converged).toBe(true);
    const r = Array.from(first.r), u = Array.from(first.u);
    // another problem of the same size, then one of another size: the workspace is reused, then grown
    s.solve(randomProblem(4, { contacts: 5 }));
    s.solve(randomProblem(5, { contacts: 9 }));
    expect(Array.from(first.r)).toEqual(r);
    expect(Array.from(first.u)).toEqual(u);
  });
});

describe('pqn time budget', () => {
  test('should stop on a budget the clock has just used up, and not before', () => {
    // a clock held at t = 5 by the test: 0 ms have passed since the start, whatever the machine does
    const p = randomProblem(6, { contacts: 5 });
    const clock = vi.spyOn(performance, 'now').mockReturnValue(5);
    try {
      const spent = solver({ tolerance: 1e-10 }).solver.solve(p, { timeBudgetMs: 0 });
      expect(spent.reason).toBe('time-budget');
      expect(spent.iterations).toBe(0);
      const left = solver({ tolerance: 1e-10 }).solver.solve(p, { timeBudgetMs: 1 });
      expect(left.reason).toBe('converged');
      expect(left.iterations).toBeGreaterThan(0);
    } finally {
      clock.mockRestore();
    }
  });
});
