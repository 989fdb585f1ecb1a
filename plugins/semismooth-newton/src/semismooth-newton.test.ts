import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  BlockSparseMatrix, bsrMul, createRegistry, FrictionContactProblem, isMoreauError, resolve, SiconosMerit,
  type SolverEndEvent, type SolverIterationEvent, type z,
} from '@moreau/core';
import { randomProblem } from '@moreau/conformance';
import plugin, { options } from './index.js';
import { testContext } from './__fixtures__/context.js';

function solver(opts: z.input<typeof options> = {}) {
  const ctx = testContext();
  return { solver: plugin.create(options.parse(opts), ctx), events: ctx.events };
}

/**
 * Nonsingular W (half as many constraints as degrees of freedom), μ in [0.1, 0.6]: the paper's setting.
 * (With as many bodies as contacts and μ up to 1, a quarter of these random problems defeat every
 * variant and Gauss–Seidel as well.)
 */
const nonsingular = (seed: number, contacts = 20) => randomProblem(seed, { contacts, bodies: 2 * contacts, mu: [0.1, 0.6] });

const siconos = (p: FrictionContactProblem, r: Float64Array) => new SiconosMerit().evaluate(p, r);

function expectInCones(p: FrictionContactProblem, r: Float64Array): void {
  for (let a = 0; a < p.contacts; a++) {
    const rn = r[3 * a], rt = Math.hypot(r[3 * a + 1], r[3 * a + 2]);
    expect(rn).toBeGreaterThanOrEqual(0);
    expect(rt).toBeLessThanOrEqual(p.mu[a] * rn * (1 + 1e-12) + 1e-300);
  }
}

const catchError = (f: () => unknown) => { try { f(); } catch (e) { return e; } return undefined; };

describe('semismooth-newton solver', () => {
  test('should declare its capabilities, its defaults (HYB(A)) and paper 004 Table 2 as the paper preset', () => {
    expect(plugin.kind).toBe('solver');
    expect(plugin.name).toBe('semismooth-newton');
    expect(plugin.supports).toEqual({ warmStart: true, cone: 'coulomb', friction: true });
    const defaults = options.parse({});
    expect(defaults).toMatchObject({
      tolerance: 1e-8, merit: 'siconos', variant: 'hyb', stop: 'either',
      sigma: 0.9, gamma: 0.1, beta: 0.034, memory: 0, epsilon: 1e-10, maxIterations: 1000, phi: 10, scaleLimit: 6,
      modifiedTangent: true, rowScaling: true, initialVelocity: 'auto', regularization: 1e-6, linearSolver: 'auto',
    });
    // The paper's HYB(G): Table 2 differs from the defaults in J alone.
    expect(options.parse({ preset: 'paper' })).toEqual({ ...defaults, memory: 10, preset: 'paper' });
    expect(options.parse({ preset: 'paper', memory: 3 }).memory).toBe(3);
    expect(options.safeParse({ variant: 'alart-curnier' }).success).toBe(false);
    expect(options.safeParse({ sigma: 1 }).success).toBe(false);
    expect(options.safeParse({ memory: -1 }).success).toBe(false);
  });

  test('should register and resolve from a config', () => {
    const registry = createRegistry().register(plugin, '@moreau/semismooth-newton');
    const run = resolve({ name: 'semismooth-newton', options: { variant: 'newt', memory: 0 } }, registry);
    const p = nonsingular(3);
    const res = run.solver.solve(p);
    expect(res.converged).toBe(true);
    expect(res.stats!.variant).toBe('newt');
    expect(res.stats!.lineSearch).toBe('armijo');
    expect(() => resolve({ name: 'semismooth-newton', options: { beta: 2 } }, registry)).toThrow(expect.objectContaining({ code: 'E_CONFIG' }));
  });

  test('should refuse an unknown merit, and UNIL on a frictional problem', () => {
    expect(() => plugin.create(options.parse({ merit: 'nope' }), testContext())).toThrow(expect.objectContaining({ code: 'E_UNKNOWN_PLUGIN' }));
    const p = nonsingular(4, 5);
    expect(isMoreauError(catchError(() => solver({ variant: 'unil' }).solver.solve(p)), 'E_UNSUPPORTED')).toBe(true);
    const res = solver({ variant: 'unil' }).solver.solve(p.frictionless());
    expect(res.converged).toBe(true);
  });

  test('should report converged only when the recomputed siconos error is within tolerance, for every variant', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 25 }), fc.integer({ min: 0, max: 1e6 }), fc.constantFrom('hyb', 'newt', 'fix'), fc.constantFrom(0, 10),
        (nc, seed, variant, memory) => {
          const p = randomProblem(seed, { contacts: nc });
          const res = solver({ variant, memory, maxIterations: 100 }).solver.solve(p);
          expectInCones(p, res.r);
          const u = bsrMul(p.W, res.r, new Float64Array(p.size));
          for (let i = 0; i < p.size; i++) expect(res.u[i]).toBe(u[i] + p.q[i]);
          expect(res.error).toBe(siconos(p, res.r));
          expect(res.converged).toBe(res.error <= 1e-8);
          expect(res.converged).toBe(res.reason === 'converged');
          expect([...res.r].every(Number.isFinite)).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  test('should converge with HYB and NEWT, Armijo or Grippo, on nonsingular problems', () => {
    for (const variant of ['hyb', 'newt'] as const) {
      for (const memory of [0, 10]) {
        const its: number[] = [];
        for (let seed = 1; seed <= 10; seed++) {
          const res = solver({ variant, memory }).solver.solve(nonsingular(seed));
          expect(res.converged).toBe(true);
          its.push(res.iterations);
        }
        its.sort((a, b) => a - b);
        expect(its[5]).toBeLessThanOrEqual(15); // median: a Newton method, not a fixed point
      }
    }
  });

  test('should converge with FIX, bound updates counted, on a one-contact sliding problem', () => {
    // Sticking needs r = (1, −2.5, 0), outside the cone of μ = 0.5: the answer slides, r = (1, −0.5, 0).
    const W = BlockSparseMatrix.fromDense(3, [2, 0, 0, 0, 1, 0, 0, 0, 1]);
    const p = new FrictionContactProblem(W, Float64Array.of(-2, 2.5, 0), Float64Array.of(0.5));
    const res = solver({ variant: 'fix' }).solver.solve(p);
    expect(res.converged).toBe(true);
    expect(res.r[0]).toBeCloseTo(1, 10);
    expect(res.r[1]).toBeCloseTo(-0.5, 10);
    expect(res.stats!.boundUpdates).toBeGreaterThanOrEqual(1);
    expect(res.stats!.lineSearchSteps).toBe(0);
  });

  test('should solve every frictionless problem as UNIL does, in a handful of iterations', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const p = randomProblem(seed, { contacts: 30 }).frictionless();
      for (const variant of ['unil', 'hyb', 'newt', 'fix'] as const) {
        const res = solver({ variant }).solver.solve(p);
        expect(res.converged).toBe(true);
        expect(res.iterations).toBeLessThanOrEqual(variant === 'unil' || variant === 'fix' ? 12 : 20);
      }
    }
  });

  test('should give bit-identical answers to the same input, on one instance or two', () => {
    const p = nonsingular(7, 25);
    for (const linearSolver of ['sparse-lu', 'dense-lu', 'gmres'] as const) {
      const a = solver({ linearSolver }).solver, b = solver({ linearSolver }).solver;
      const ra = a.solve(p), rb = b.solve(p), rc = a.solve(p);
      expect(Buffer.from(ra.r.buffer).equals(Buffer.from(rb.r.buffer))).toBe(true);
      expect(Buffer.from(ra.r.buffer).equals(Buffer.from(rc.r.buffer))).toBe(true);
      expect(ra.iterations).toBe(rc.iterations);
      // statistics are per solve, not accumulated on the instance
      expect(rc.stats).toEqual(ra.stats);
    }
  });

  test('should return at once when warm-started at a solution, and validate the warm start', () => {
    const p = nonsingular(8);
    const cold = solver().solver.solve(p);
    expect(cold.converged).toBe(true);
    const warm = solver().solver.solve(p, { warmStart: cold.r });
    expect(warm.converged).toBe(true);
    expect(warm.iterations).toBe(0);
    // projected once more onto the cones: equal up to the rounding of that projection
    for (let i = 0; i < p.size; i++) expect(Math.abs(warm.r[i] - cold.r[i])).toBeLessThanOrEqual(1e-15 * (1 + Math.abs(cold.r[i])));
    const s = solver().solver;
    expect(isMoreauError(catchError(() => s.solve(p, { warmStart: new Float64Array(3) })), 'E_PROBLEM_SHAPE')).toBe(true);
    const bad = Float64Array.from(cold.r);
    bad[2] = NaN;
    expect(isMoreauError(catchError(() => s.solve(p, { warmStart: bad })), 'E_NOT_FINITE')).toBe(true);
    expect(isMoreauError(catchError(() => s.solve(p, { maxIterations: 1.5 })), 'E_CONFIG')).toBe(true);
    expect(isMoreauError(catchError(() => s.solve(p, { timeBudgetMs: -1 })), 'E_CONFIG')).toBe(true);
  });

  test('should use a warm start near a solution: fewer iterations than a cold start (initialVelocity auto)', () => {
    // Simulations warm start every step from the last one's reactions. With U⁰ = 0 the warm
    // start is nearly lost (the residual T then carries W R⁰ + q): a 1 %-perturbed solution
    // took as many iterations as a cold start; with U⁰ = W R⁰ + q it starts near the answer.
    const p = nonsingular(12, 30);
    const cold = solver().solver.solve(p);
    expect(cold.converged).toBe(true);
    const near = Float64Array.from(cold.r, (x, i) => x * (1 + 0.01 * Math.sin(7 * i + 1)));
    const auto = solver().solver.solve(p, { warmStart: near });
    const zero = solver({ initialVelocity: 'zero' }).solver.solve(p, { warmStart: near });
    expect(auto.converged).toBe(true);
    expect(zero.converged).toBe(true);
    expect(auto.iterations).toBeLessThan(zero.iterations);
    expect(auto.iterations).toBeLessThan(cold.iterations);
  });

  test('should return r = 0 at once when no contact approaches', () => {
    const p0 = nonsingular(9, 6);
    const q = Float64Array.from(p0.q);
    for (let a = 0; a < p0.contacts; a++) q[3 * a] = Math.abs(q[3 * a]);
    const p = new FrictionContactProblem(p0.W, q, p0.mu);
    const res = solver().solver.solve(p, { warmStart: new Float64Array(p.size).fill(0.5) });
    expect(res).toMatchObject({ converged: true, reason: 'converged', iterations: 0, error: 0 });
    expect([...res.r].every((x) => x === 0)).toBe(true);
  });

  test('should stop at the smaller iteration cap and on a spent time budget, with the merit of what it returns', () => {
    const p = nonsingular(10, 30);
    const capped = solver({ maxIterations: 2 }).solver.solve(p, { maxIterations: 5 });
    expect(capped).toMatchObject({ converged: false, reason: 'max-iterations', iterations: 2 });
    expect(capped.error).toBe(siconos(p, capped.r));
    const timed = solver().solver.solve(p, { timeBudgetMs: 0 });
    expect(timed).toMatchObject({ converged: false, reason: 'time-budget', iterations: 0 });
  });

  test('should stop on the paper\'s step test as stalled, not converged, when the merit disagrees', () => {
    const p = nonsingular(11, 20);
    // A tolerance no iterate meets: the run ends on ‖δR‖/‖R‖ <= ε.
    // Unregularised, the paper's Newton step converges fast enough for ε = 1e-10 (λ > 0 makes it linear).
    const res = solver({ tolerance: 1e-300, stop: 'either', regularization: 0 }).solver.solve(p);
    expect(res.reason).toBe('stalled');
    expect(res.converged).toBe(false);
    expect(res.stats!.stepCriterionMet).toBe(true);
    expect(res.error).toBeLessThan(1e-12);
    // With stop: 'merit' the same run goes on to the cap.
    const merit = solver({ tolerance: 1e-300, stop: 'merit', maxIterations: 50, regularization: 0 }).solver.solve(p);
    expect(merit.reason).toBe('max-iterations');
    expect(merit.iterations).toBe(50);
  });

  test('should emit one event per iteration and one end event that agrees with the result; stats add up', () => {
    const p = nonsingular(12, 30);
    const { solver: s, events } = solver({ memory: 0 });
    const its: SolverIterationEvent[] = [];
    const ends: SolverEndEvent[] = [];
    events.on('solver:iteration', (e) => its.push(e));
    events.on('solver:end', (e) => ends.push(e));
    const res = s.solve(p);
    expect(res.converged).toBe(true);
    expect(its.map((e) => e.iteration)).toEqual(Array.from({ length: res.iterations }, (_, i) => i + 1));
    expect(its.at(-1)!.error).toBe(res.error);
    expect(ends).toHaveLength(1);
    expect(ends[0]).toMatchObject({ solver: 'semismooth-newton', converged: true, reason: 'converged', iterations: res.iterations, error: res.error, merit: 'siconos' });
    const st = res.stats as Record<string, any>;
    expect(st.linear.systems).toBe(res.iterations);
    expect(st.linear.direct).toBe(res.iterations);
    expect(st.history.errors).toHaveLength(res.iterations + 1);
    expect(st.history.steps.every((a: number) => a > 0 && a <= 1)).toBe(true);
    const rows = st.rows;
    expect(rows.separated + rows.stick + rows.zeroBound + rows.slip).toBe(p.contacts);
    expect(its.reduce((s2, e) => s2 + (e.linearIterations as number), 0)).toBe(st.linear.iterations);
  });

  test('should count GMRES iterations when solving by GMRES', () => {
    const res = solver({ linearSolver: 'gmres' }).solver.solve(nonsingular(13));
    expect(res.converged).toBe(true);
    const lin = (res.stats as Record<string, any>).linear;
    expect(lin.iterations).toBeGreaterThan(res.iterations);
    expect(lin.direct).toBe(0);
  });

  test('should stop with a breakdown and a finite iterate when the Newton step overflows', () => {
    const W = BlockSparseMatrix.fromDense(3, [1e-160, 0, 0, 0, 1e-160, 0, 0, 0, 1e-160]);
    const p = new FrictionContactProblem(W, Float64Array.of(-1e150, 0, 0), Float64Array.of(0));
    const res = solver().solver.solve(p);
    expect(res.reason).toBe('breakdown');
    expect(res.converged).toBe(false);
    expect([...res.r, ...res.u].every(Number.isFinite)).toBe(true);
    expect(Number.isNaN(res.error)).toBe(false);
  });
});
