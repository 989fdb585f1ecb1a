import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  BlockSparseMatrix, bsrMul, createRegistry, EnergyMerit, FrictionContactProblem, isMoreauError, resolve,
  type SolverEndEvent, type SolverIterationEvent, type SolveResult,
} from '@moreau/core';
import plugin, { options, type GaussSeidelOptions } from './index.js';
import { randomProblem } from './__fixtures__/random-problem.js';
import { testContext } from './__fixtures__/context.js';

/** Siconos' error (FORMATS §4), recomputed here from W, q, mu and r alone. */
function siconosError(p: FrictionContactProblem, r: Float64Array): number {
  const W = p.W.toDense(), n = p.size;
  let e2 = 0, q2 = 0, r2 = 0, u2 = 0;
  for (let a = 0; a < p.contacts; a++) {
    const u = [0, 1, 2].map((i) => {
      let s = p.q[3 * a + i];
      for (let j = 0; j < n; j++) s += W[(3 * a + i) * n + j] * r[j];
      return s;
    });
    const ra = [r[3 * a], r[3 * a + 1], r[3 * a + 2]], mu = p.mu[a];
    const x = [ra[0] - (u[0] + mu * Math.hypot(u[1], u[2])), ra[1] - u[1], ra[2] - u[2]];
    const t = Math.hypot(x[1], x[2]);
    let proj: number[];
    if (mu * t <= -x[0]) proj = [0, 0, 0];
    else if (t <= mu * x[0]) proj = x;
    else {
      const pn = (mu * t + x[0]) / (1 + mu * mu);
      proj = [pn, (mu * pn * x[1]) / t, (mu * pn * x[2]) / t];
    }
    for (let i = 0; i < 3; i++) {
      e2 += (ra[i] - proj[i]) ** 2;
      q2 += p.q[3 * a + i] ** 2;
      r2 += ra[i] ** 2;
      u2 += u[i] ** 2;
    }
  }
  const scale = Math.sqrt(Math.max(q2, r2, u2));
  return scale <= 2.220446049250313e-16 ? Math.sqrt(e2) : Math.sqrt(e2) / scale;
}

function expectInCones(p: FrictionContactProblem, r: Float64Array): void {
  for (let a = 0; a < p.contacts; a++) {
    const rn = r[3 * a], rt = Math.hypot(r[3 * a + 1], r[3 * a + 2]);
    expect(rn).toBeGreaterThanOrEqual(0);
    expect(rt).toBeLessThanOrEqual(p.mu[a] * rn * (1 + 1e-12) + 1e-300);
  }
}

function expectVelocityConsistent(p: FrictionContactProblem, res: SolveResult): void {
  const W = p.W.toDense(), n = p.size;
  for (let i = 0; i < n; i++) {
    let s = p.q[i];
    for (let j = 0; j < n; j++) s += W[i * n + j] * res.r[j];
    expect(Math.abs(res.u[i] - s)).toBeLessThanOrEqual(1e-12 * (1 + Math.abs(s)));
  }
}

function solver(opts: Partial<GaussSeidelOptions> = {}) {
  const ctx = testContext();
  return { solver: plugin.create(options.parse(opts), ctx), events: ctx.events };
}

const easy = (seed: number, contacts = 20) => randomProblem({ contacts, bodies: contacts, seed });

/** One contact with W_NN = 0 and μ = 0 that approaches: no r solves it, so the local solve fails. */
function unsolvable(): FrictionContactProblem {
  const W = BlockSparseMatrix.fromDense(3, [0, 0, 0, 0, 1, 0, 0, 0, 1]);
  return new FrictionContactProblem(W, Float64Array.of(-1, 0.2, 0), Float64Array.of(0));
}

describe('gauss-seidel solver', () => {
  test('should declare its capabilities and option defaults', () => {
    expect(plugin.kind).toBe('solver');
    expect(plugin.name).toBe('gauss-seidel');
    expect(plugin.supports).toEqual({ warmStart: true, cone: 'coulomb', friction: true, rolling: true });
    const d = options.parse({});
    expect(d).toMatchObject({
      tolerance: 1e-8, maxIterations: 10_000, minIterations: 0, merit: 'siconos', variant: 'gauss-seidel',
      ordering: 'natural', seed: 0, checkEvery: 1, localTolerance: 1e-14, localMaxIterations: 50,
    });
    expect(d.relaxation).toBeUndefined();
    expect(options.safeParse({ relaxation: 2 }).success).toBe(false);
    expect(options.safeParse({ relaxation: 0 }).success).toBe(false);
    expect(options.safeParse({ checkEvery: 0 }).success).toBe(false);
    expect(options.safeParse({ variant: 'sor' }).success).toBe(false);
  });

  test('should run Solfec\'s drum settings as the solfec-drum preset: its energy merit at 1e-8, 1000 sweeps', () => {
    const d = options.parse({});
    expect(options.parse({ preset: 'solfec-drum' })).toEqual({ ...d, merit: 'energy', tolerance: 1e-8, maxIterations: 1000, preset: 'solfec-drum' });
    expect(options.parse({ preset: 'solfec-drum', tolerance: 1e-6 })).toMatchObject({ merit: 'energy', tolerance: 1e-6 });
    const p = easy(3);
    const res = solver({ preset: 'solfec-drum' }).solver.solve(p);
    expect(res.converged).toBe(true);
    expect(res.merit).toBe('energy');
    expect(res.error).toBe(new EnergyMerit().evaluate(p, res.r));
    expect(res.error).toBeLessThanOrEqual(1e-8);
    // The u handed to the merit and returned is W r + q as a fresh product gives it, to the bit.
    const u = bsrMul(p.W, res.r, new Float64Array(p.size));
    for (let i = 0; i < p.size; i++) expect(res.u[i]).toBe(u[i] + p.q[i]);
  });

  test('should register and resolve from a config, as its own fallback with a warm start', () => {
    const registry = createRegistry().register(plugin, '@moreau/gauss-seidel');
    const run = resolve({ name: 'gauss-seidel', options: { maxIterations: 3 }, fallback: { name: 'gauss-seidel', options: { relaxation: 1.2 } } }, registry);
    const p = randomProblem({ contacts: 30, bodies: 10, seed: 5 });
    const res = run.solver.solve(p);
    expect(res.attempts!.map((a) => [a.solver, a.converged])).toEqual([['gauss-seidel', false], ['gauss-seidel', true]]);
    expect(res.converged).toBe(true);
    expect(siconosError(p, res.r)).toBeLessThanOrEqual(1e-8 * (1 + 1e-9));
    expect(() => resolve({ name: 'gauss-seidel', options: { relaxation: 3 } }, registry)).toThrow(expect.objectContaining({ code: 'E_CONFIG' }));
  });

  test('should refuse an unknown merit when it is created', () => {
    expect(() => plugin.create(options.parse({ merit: 'nope' }), testContext())).toThrow(
      expect.objectContaining({ code: 'E_UNKNOWN_PLUGIN' }),
    );
  });

  test('should return a converged answer whose recomputed Siconos error is within tolerance, inside the cones', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 0, max: 1e6 }), (nc, seed) => {
        const p = randomProblem({ contacts: nc, bodies: Math.max(1, Math.ceil(nc / 2)), seed });
        const { solver: s } = solver({ maxIterations: 2000 });
        const res = s.solve(p);
        expectInCones(p, res.r);
        expectVelocityConsistent(p, res);
        const e = siconosError(p, res.r);
        expect(Math.abs(e - res.error)).toBeLessThanOrEqual(1e-12 + 1e-9 * e);
        if (res.converged) expect(e).toBeLessThanOrEqual(1e-8 * (1 + 1e-9));
        else expect(res.error).toBeGreaterThan(1e-8);
      }),
      { numRuns: 60 },
    );
  });

  test('should converge on well-posed random problems', () => {
    const { solver: s } = solver();
    for (let seed = 1; seed <= 10; seed++) {
      const res = s.solve(easy(seed));
      expect(res.converged).toBe(true);
      expect(res.reason).toBe('converged');
      expect(res.error).toBeLessThanOrEqual(1e-8);
      expect(res.answeredBy).toBe('gauss-seidel');
      expect(res.merit).toBe('siconos');
    }
  });

  test('should give bit-identical answers to the same input, in every ordering', () => {
    const p = randomProblem({ contacts: 25, bodies: 12, seed: 7 });
    for (const ordering of ['natural', 'symmetric', 'shuffled', 'reshuffled'] as const) {
      const a = solver({ ordering, seed: 3 }).solver;
      const b = solver({ ordering, seed: 3 }).solver;
      const ra = a.solve(p), rb = b.solve(p), rc = a.solve(p);
      expect(ra.iterations).toBe(rb.iterations);
      expect(Buffer.from(ra.r.buffer).equals(Buffer.from(rb.r.buffer))).toBe(true);
      expect(Buffer.from(ra.r.buffer).equals(Buffer.from(rc.r.buffer))).toBe(true);
      expect(ra.error).toBe(rc.error);
      expect(ra.converged).toBe(true);
    }
  });

  test('should answer as a fresh solver does, bit for bit, when one solver meets contact counts that rise and fall', () => {
    // Its buffers stay at the largest count seen (views of each problem's length on them), as
    // in a simulation whose contact count changes every step.
    const counts = [30, 12, 45, 12, 30, 5];
    const settings: Partial<GaussSeidelOptions>[] = [
      { merit: 'energy', acceleration: 'dominant-mode' }, { merit: 'energy', acceleration: 'dominant-mode', kernel: 'typescript' },
      { acceleration: 'anderson' }, { acceleration: 'anderson', kernel: 'typescript' }, { variant: 'jacobi', maxIterations: 200 },
    ];
    const same = (x: Float64Array, y: Float64Array) => Buffer.from(x.buffer, x.byteOffset, x.byteLength).equals(Buffer.from(y.buffer, y.byteOffset, y.byteLength));
    for (const opts of settings) {
      const kept = solver(opts).solver;
      counts.forEach((contacts, k) => {
        const p = randomProblem({ contacts, bodies: Math.ceil(contacts / 2), seed: 40 + k });
        const warmStart = k % 2 === 1 ? new Float64Array(p.size).fill(0.01) : undefined;
        const a = kept.solve(p, { warmStart }), b = solver(opts).solver.solve(p, { warmStart });
        expect(a.r.length).toBe(p.size);
        expect(a.iterations).toBe(b.iterations);
        expect(same(a.r, b.r) && same(a.u, b.u)).toBe(true);
        expect(Object.is(a.error, b.error)).toBe(true);
      });
    }
  });

  test('should return within one sweep when warm-started at a solution', () => {
    const p = easy(11);
    const tight = solver({ tolerance: 1e-12 }).solver.solve(p);
    expect(tight.converged).toBe(true);
    const { solver: s } = solver();
    const res = s.solve(p, { warmStart: tight.r });
    expect(res.converged).toBe(true);
    expect(res.iterations).toBeLessThanOrEqual(1);
    expect(res.error).toBeLessThanOrEqual(1e-8);
  });

  test('should project a warm start onto the cones and validate it', () => {
    const p = easy(12, 4);
    const { solver: s } = solver();
    const warm = new Float64Array(p.size).fill(1);
    warm[0] = -2;
    const res = s.solve(p, { warmStart: warm, maxIterations: 0 });
    expect(res.iterations).toBe(0);
    expectInCones(p, res.r);
    expect(res.r[0]).toBe(0);
    expect(warm[0]).toBe(-2); // the caller's array is left alone
    const err = (f: () => unknown) => { try { f(); } catch (e) { return e; } return undefined; };
    expect(isMoreauError(err(() => s.solve(p, { warmStart: new Float64Array(3) })), 'E_PROBLEM_SHAPE')).toBe(true);
    warm[1] = NaN;
    expect(isMoreauError(err(() => s.solve(p, { warmStart: warm })), 'E_NOT_FINITE')).toBe(true);
    expect(isMoreauError(err(() => s.solve(p, { maxIterations: -1 })), 'E_CONFIG')).toBe(true);
    expect(isMoreauError(err(() => s.solve(p, { timeBudgetMs: NaN })), 'E_CONFIG')).toBe(true);
  });

  test('should return r = 0 at once when every q_N >= 0, even with a warm start', () => {
    const p0 = easy(13, 6);
    const q = Float64Array.from(p0.q);
    for (let a = 0; a < p0.contacts; a++) q[3 * a] = Math.abs(q[3 * a]);
    const p = new FrictionContactProblem(p0.W, q, p0.mu);
    const res = solver().solver.solve(p, { warmStart: new Float64Array(p.size).fill(0.5) });
    expect(res.converged).toBe(true);
    expect(res.iterations).toBe(0);
    expect(res.error).toBe(0);
    expect([...res.r].every((x) => x === 0)).toBe(true);
    expect([...res.u]).toEqual([...q]);
  });

  test('should stop at the iteration cap, the smaller of its own and the call\'s, with the merit of what it returns', () => {
    const p = randomProblem({ contacts: 30, bodies: 10, seed: 5 });
    const capped = solver({ maxIterations: 4 }).solver.solve(p);
    expect(capped.converged).toBe(false);
    expect(capped.reason).toBe('max-iterations');
    expect(capped.iterations).toBe(4);
    expect(capped.error).toBeCloseTo(siconosError(p, capped.r), 12);
    const call = solver({ maxIterations: 4 }).solver.solve(p, { maxIterations: 2 });
    expect(call.iterations).toBe(2);
    const larger = solver({ maxIterations: 4 }).solver.solve(p, { maxIterations: 100 });
    expect(larger.iterations).toBe(4);
  });

  test('should stop on the time budget, before sweeping when it is already spent', () => {
    const p = easy(14);
    const res = solver().solver.solve(p, { timeBudgetMs: 0 });
    expect(res.reason).toBe('time-budget');
    expect(res.converged).toBe(false);
    expect(res.iterations).toBe(0);
    expect(res.error).toBeCloseTo(siconosError(p, res.r), 12);
  });

  test('should emit one iteration event per sweep and one end event that agrees with the result', () => {
    const p = easy(15);
    for (const checkEvery of [1, 3]) {
      const { solver: s, events } = solver({ checkEvery });
      const its: SolverIterationEvent[] = [];
      const ends: SolverEndEvent[] = [];
      events.on('solver:iteration', (e) => its.push(e));
      events.on('solver:end', (e) => ends.push(e));
      const res = s.solve(p);
      expect(res.converged).toBe(true);
      expect(its.map((e) => e.iteration)).toEqual(Array.from({ length: res.iterations }, (_, i) => i + 1));
      for (const e of its) {
        expect(e.solver).toBe('gauss-seidel');
        expect(e.error !== undefined).toBe(e.iteration % checkEvery === 0 || e.iteration === res.iterations);
      }
      expect(its[its.length - 1].error).toBe(res.error);
      expect(ends).toHaveLength(1);
      expect(ends[0]).toMatchObject({
        solver: 'gauss-seidel', converged: res.converged, reason: res.reason,
        iterations: res.iterations, error: res.error, merit: 'siconos',
      });
      const history = (res.stats!.history as { iterations: number[]; errors: number[] });
      expect(history.errors[history.errors.length - 1]).toBe(res.error);
      expect(res.stats!.meritEvaluations).toBe(history.errors.length);
      expect(history.iterations.every((k) => k === 0 || k % checkEvery === 0 || k === res.iterations)).toBe(true);
    }
  });

  test('should keep sweeping up to minIterations even when the first merit is below tolerance', () => {
    const p = easy(16);
    const quick = solver({ tolerance: 10 }).solver.solve(p);
    expect(quick.iterations).toBe(0);
    const forced = solver({ tolerance: 10, minIterations: 3 }).solver.solve(p);
    expect(forced.iterations).toBe(3);
    expect(forced.converged).toBe(true);
  });

  test('should converge with over- and under-relaxation (SOR) and in every ordering', () => {
    const p = easy(17);
    for (const relaxation of [0.6, 1.3]) {
      const res = solver({ relaxation }).solver.solve(p);
      expect(res.converged).toBe(true);
      expect(siconosError(p, res.r)).toBeLessThanOrEqual(1e-8 * (1 + 1e-9));
      expectInCones(p, res.r);
      expect(res.stats!.relaxation).toBe(relaxation);
    }
    for (const ordering of ['symmetric', 'shuffled', 'reshuffled'] as const) {
      const res = solver({ ordering, seed: 9 }).solver.solve(p);
      expect(res.converged).toBe(true);
      expect(siconosError(p, res.r)).toBeLessThanOrEqual(1e-8 * (1 + 1e-9));
    }
  });

  test('should converge as Jacobi, with the damped default relaxation 1/(most blocks per row)', () => {
    const p = easy(18);
    let most = 0;
    for (let i = 0; i < p.contacts; i++) most = Math.max(most, p.W.rowPtr[i + 1] - p.W.rowPtr[i]);
    const res = solver({ variant: 'jacobi' }).solver.solve(p);
    expect(res.stats!.relaxation).toBe(1 / most);
    expect(res.converged).toBe(true);
    expect(siconosError(p, res.r)).toBeLessThanOrEqual(1e-8 * (1 + 1e-9));
    const gs = solver().solver.solve(p);
    // Jacobi sees only the previous sweep, Gauss-Seidel each new r_b: different iterates.
    expect(Buffer.from(res.r.buffer).equals(Buffer.from(gs.r.buffer))).toBe(false);
    const undamped = solver({ variant: 'jacobi', relaxation: 0.7 }).solver.solve(p);
    expect(undamped.converged).toBe(true);
  });

  test('should report a fixed point that is not a solution as stalled, with the local failures', () => {
    const res = solver().solver.solve(unsolvable());
    expect(res.converged).toBe(false);
    expect(res.reason).toBe('stalled');
    expect(res.iterations).toBe(1);
    expect(res.stats!.localFailures).toBe(1);
    expect(res.error).toBeGreaterThan(0.5);
  });

  test('should stop with a breakdown and the last finite iterate when a local answer overflows', () => {
    // Frictionless: r_N = −q_N / W_NN = 1e150 / 1e-160 overflows to Infinity.
    const W = BlockSparseMatrix.fromDense(3, [1e-160, 0, 0, 0, 1e-160, 0, 0, 0, 1e-160]);
    const p = new FrictionContactProblem(W, Float64Array.of(-1e150, 0, 0), Float64Array.of(0));
    const { solver: s, events } = solver();
    const ends: SolverEndEvent[] = [];
    const its: SolverIterationEvent[] = [];
    events.on('solver:end', (e) => ends.push(e));
    events.on('solver:iteration', (e) => its.push(e));
    const res = s.solve(p);
    expect(res.reason).toBe('breakdown');
    expect(its.map((e) => e.iteration)).toEqual([1]);
    expect(its[0].error).toBe(res.error);
    expect(res.converged).toBe(false);
    expect([...res.r]).toEqual([0, 0, 0]);
    expect([...res.u].every(Number.isFinite)).toBe(true);
    expect(Number.isNaN(res.error)).toBe(false);
    expect(res.iterations).toBe(1);
    expect(ends).toHaveLength(1);
    expect(ends[0].reason).toBe('breakdown');
  });
});
