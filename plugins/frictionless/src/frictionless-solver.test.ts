import { describe, expect, test } from 'vitest';
import {
  BlockSparseMatrix, createRegistry, FrictionContactProblem, isMoreauError, resolve, SiconosMerit,
  type MoreauError, type SolverIterationEvent,
} from '@moreau/core';
import { randomProblem } from '@moreau/conformance';
import plugin, { gpminres, gpminresOptions, mprgp, mprgpOptions, plugins } from './index.js';
import { catchError, frictionlessProblem, normals, planted, solverOf } from './__fixtures__/problems.js';

const SOLVERS = ['gpminres', 'mprgp'] as const;

const registry = () => createRegistry().register(gpminres, '@moreau/frictionless').register(mprgp, '@moreau/frictionless');

describe('the package', () => {
  test('should export both solvers, frictionless only, without claiming warm starts', () => {
    expect(plugins.map((p) => p.name)).toEqual(['gpminres', 'mprgp']);
    expect(plugin).toBe(gpminres);
    for (const p of plugins) {
      expect(p.kind).toBe('solver');
      expect(p.supports).toEqual({ warmStart: false, cone: 'coulomb', friction: false });
    }
  });

  test('should default to the siconos merit at 1e-8 and keep the paper\'s settings one word away', () => {
    expect(gpminresOptions.parse({})).toMatchObject({ tolerance: 1e-8, merit: 'siconos', eta1: 0.01, eta2: 1e-4, maxMinresIterations: 100, maxOuterIterations: 1000, maxProjectionSteps: 100 });
    expect(gpminresOptions.parse({}).tau).toBeUndefined();
    expect(gpminresOptions.parse({ preset: 'paper' })).toMatchObject({ tau: 1e-8 });
    expect(mprgpOptions.parse({})).toMatchObject({ tolerance: 1e-8, merit: 'siconos', gamma: 1, stepScale: 1, maxIterations: 20_000 });
    expect(mprgpOptions.parse({ preset: 'paper', tau: 1e-6 })).toMatchObject({ tau: 1e-6, gamma: 1, stepScale: 1 });
  });

  test('should refuse bad options through resolve() with E_CONFIG', () => {
    for (const [name, options] of [
      ['gpminres', { eta1: 1 }], ['gpminres', { eta2: 0 }], ['gpminres', { maxMinresIterations: 0 }], ['gpminres', { tau: -1 }],
      ['mprgp', { stepScale: 2 }], ['mprgp', { gamma: 0 }], ['mprgp', { eta1: 0.1 }],
    ] as const) {
      expect(isMoreauError(catchError(() => resolve({ name, options }, registry())), 'E_CONFIG'), `${name} ${JSON.stringify(options)}`).toBe(true);
    }
  });
});

describe.each(SOLVERS)('%s', (name) => {
  test('should refuse μ > 0 with E_UNSUPPORTED naming the contact, itself and through core', () => {
    const p = frictionlessProblem([2, 1, 1, 2], [-2, 1]);
    const frictional = new FrictionContactProblem(p.W, p.q, Float64Array.of(0, 0.3), 'frictional');
    const own = catchError(() => solverOf(name).solver.solve(frictional)) as MoreauError;
    expect(isMoreauError(own, 'E_UNSUPPORTED')).toBe(true);
    expect(own.where).toEqual({ index: 1 });
    expect(own.message).toContain(`solver "${name}" solves frictionless problems only, but μ[1] = 0.3`);
    const run = resolve({ name }, registry());
    expect(isMoreauError(catchError(() => run.solver.solve(frictional)), 'E_UNSUPPORTED')).toBe(true);
    expect(run.solver.solve(frictional.frictionless()).converged).toBe(true);
  });

  test('should still use a start given directly: at the solution after 0 iterations, any other projected onto r_N ≥ 0, r_T = 0', () => {
    const p = frictionlessProblem([2, 1, 1, 2], [-2, 1]);
    const cold = solverOf(name).solver.solve(p);
    const warm = solverOf(name).solver.solve(p, { warmStart: cold.r });
    expect(warm).toMatchObject({ converged: true, iterations: 0 });
    expect(Array.from(warm.r)).toEqual(Array.from(cold.r));
    const odd = solverOf(name).solver.solve(p, { warmStart: Float64Array.of(-3, 7, -7, 4, 1, 1) });
    expect(odd.converged).toBe(true);
    expect([odd.r[1], odd.r[2], odd.r[4], odd.r[5]]).toEqual([0, 0, 0, 0]);
  });

  test('should answer \'infeasible\' at once where one contact proves there is no solution', () => {
    // Contact 0's row and column of W are zero and q_N0 = −1: no r closes it (docs/convergence.md).
    const W = BlockSparseMatrix.fromBlocks(2, [
      { row: 0, col: 0, values: [0, 0, 0, 0, 1, 0, 0, 0, 1] },
      { row: 1, col: 1, values: [2, 0, 0, 0, 2, 0, 0, 0, 2] },
    ]);
    const p = new FrictionContactProblem(W, Float64Array.of(-1, 0, 0, -2, 0, 0), new Float64Array(2), 'infeasible');
    expect(solverOf(name).solver.solve(p)).toMatchObject({ converged: false, reason: 'infeasible', iterations: 0 });
  });

  test('should stop without a claim where q is unbounded below and no single contact shows it', () => {
    // A body squeezed between two contacts: W_NN = [[1, −1], [−1, 1]], q_N = (−1, −1), so
    // u_N0 + u_N1 = −2 whatever r is; q(x) falls without bound along x = t (1, 1).
    const p = frictionlessProblem([1, -1, -1, 1], [-1, -1], 0);
    const res = solverOf(name).solver.solve(p);
    expect(res).toMatchObject({ converged: false, reason: 'stalled' });
    expect(res.stats!.unbounded).toBe(true);
    expect(res.r.every(Number.isFinite) && res.u.every(Number.isFinite)).toBe(true);
  });

  test('should solve slightly unsymmetric W (as in real problem files) to the tolerance', () => {
    // The planted problem with W_NN's upper triangle scaled by 1 + 1e-4 (the asymmetry of the
    // Capsules and OneObject files): the methods use N x + b as the gradient, which is what the
    // merit measures, so they still converge; the answer is that problem's, not the symmetric one's.
    for (let seed = 0; seed < 10; seed++) {
      const { problem: p } = planted(seed, 8);
      const values = Float64Array.from(p.W.values);
      for (let i = 0; i < p.contacts; i++) {
        for (let k = p.W.rowPtr[i]; k < p.W.rowPtr[i + 1]; k++) if (p.W.colIdx[k] > i) values[9 * k] *= 1 + 1e-4;
      }
      const skew = new FrictionContactProblem(p.W.withValues(values), p.q, p.mu, 'skew');
      const res = solverOf(name, { tolerance: 1e-10 }).solver.solve(skew);
      expect(res.converged, `seed ${seed}: ${res.reason}`).toBe(true);
      expect(new SiconosMerit().evaluate(skew, res.r)).toBeLessThanOrEqual(1e-10);
    }
  });

  test('should emit increasing iteration events and one solver:end agreeing with the result', () => {
    const { problem } = planted(11, 8);
    const { solver, events } = solverOf(name);
    const seen: SolverIterationEvent[] = [];
    const ends: unknown[] = [];
    events.on('solver:iteration', (e) => seen.push(e));
    events.on('solver:end', (e) => ends.push(e));
    const res = solver.solve(problem);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.map((e) => e.iteration)).toEqual([...seen.map((e) => e.iteration)].sort((a, b) => a - b));
    expect(new Set(seen.map((e) => e.iteration)).size).toBe(seen.length);
    expect(seen.at(-1)!.iteration).toBe(res.iterations);
    expect(seen.at(-1)!.error).toBe(res.error);
    expect(ends).toEqual([expect.objectContaining({ solver: name, converged: res.converged, iterations: res.iterations, error: res.error })]);
  });

  test('should judge convergence by the configured merit', () => {
    const { problem } = planted(5, 6);
    const res = solverOf(name, { merit: 'energy' }).solver.solve(problem);
    expect(res).toMatchObject({ converged: true, merit: 'energy' });
    expect(res.error).toBeLessThanOrEqual(1e-8);
  });

  test('should stop on a zero time budget and on the call\'s iteration cap, answering the start or better', () => {
    const { problem, x } = planted(2, 8);
    const late = solverOf(name).solver.solve(problem, { timeBudgetMs: 0 });
    expect(late).toMatchObject({ converged: false, reason: 'time-budget', iterations: 0 });
    const capped = solverOf(name).solver.solve(problem, { maxIterations: 1 });
    expect(capped).toMatchObject({ converged: false, reason: 'max-iterations', iterations: 1 });
    // One iteration from r = 0 lowers the distance to x*.
    const dist = (r: Float64Array) => Math.hypot(...normals(r).map((v, i) => v - x[i]));
    expect(dist(capped.r)).toBeLessThan(Math.hypot(...x));
  });
});

describe('gpminres', () => {
  // A generated ill-conditioned problem that takes many outer iterations.
  const problem = randomProblem(2, { contacts: 60, conditioning: 'ill' }).frictionless();

  test('should count its gradient projection steps and MINRES iterations, and stop at N_max outer iterations', () => {
    const res = solverOf('gpminres').solver.solve(problem);
    const s = res.stats as { projectionSteps: number; projectionTrials: number; minresIterations: number; outerIterations: number };
    expect(res.converged).toBe(true);
    expect(s.outerIterations).toBeGreaterThan(1);
    // A GP phase counts its steps (accepted, or not after the halvings), at least one a phase.
    expect(res.iterations).toBeGreaterThanOrEqual(s.minresIterations + s.outerIterations);
    expect(res.iterations).toBeLessThanOrEqual(s.minresIterations + s.projectionTrials);
    const one = solverOf('gpminres', { maxOuterIterations: 1 }).solver.solve(problem);
    expect(one).toMatchObject({ converged: false, reason: 'max-iterations' });
    expect(one.stats!.outerIterations).toBe(1);
  });

  test('should stop on the paper\'s test ‖∇_Ω q‖∞ < τ with preset paper, converged only where the merit agrees', () => {
    const loose = solverOf('gpminres', { preset: 'paper', tau: 1e3 }).solver.solve(problem);
    expect(loose).toMatchObject({ converged: false, reason: 'stalled' });
    expect(loose.stats!.outerIterations).toBe(1);
    expect(solverOf('gpminres', { preset: 'paper' }).solver.solve(problem).converged).toBe(true);
  });
});
