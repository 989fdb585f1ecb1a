import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  BlockSparseMatrix, createRegistry, FrictionContactProblem, isMoreauError, ProjectedGradientMerit, projectOntoCones, resolve, SiconosMerit,
  type SolverEndEvent, type SolverIterationEvent, type SolveResult, type z,
} from '@moreau/core';
import { randomProblem } from '@moreau/conformance';
import plugin, { options, type ApgdOptions } from './index.js';
import { testContext } from './__fixtures__/context.js';

const VARIANTS = ['nesterov', 'mazhar', 'acary'] as const;

function solver(opts: z.input<typeof options> = {}) {
  const ctx = testContext();
  return { solver: plugin.create(options.parse(opts), ctx), events: ctx.events };
}

function expectInCones(p: FrictionContactProblem, r: Float64Array): void {
  for (let a = 0; a < p.contacts; a++) {
    const rn = r[3 * a], rt = Math.hypot(r[3 * a + 1], r[3 * a + 2]);
    expect(rn).toBeGreaterThanOrEqual(0);
    expect(rt).toBeLessThanOrEqual(p.mu[a] * rn * (1 + 1e-12) + 1e-300);
  }
}

/** u = W r + q, recomputed densely. */
function velocity(p: FrictionContactProblem, r: Float64Array): Float64Array {
  const W = p.W.toDense(), n = p.size, u = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = p.q[i];
    for (let j = 0; j < n; j++) s += W[i * n + j] * r[j];
    u[i] = s;
  }
  return u;
}

/** f(r) = ½ rᵀ W r + qᵀ r, the objective of the convex relaxation. */
function objective(p: FrictionContactProblem, r: Float64Array): number {
  const u = velocity(p, r);
  let f = 0;
  for (let i = 0; i < p.size; i++) f += 0.5 * r[i] * (u[i] + p.q[i]);
  return f;
}

const same = (a: Float64Array, b: Float64Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
const err = (f: () => unknown): unknown => { try { f(); } catch (e) { return e; } return undefined; };

describe('apgd solver', () => {
  test('should declare its capabilities and option defaults', () => {
    expect(plugin.kind).toBe('solver');
    expect(plugin.name).toBe('apgd');
    expect(plugin.supports).toEqual({ warmStart: true, cone: 'both', friction: true, rolling: true });
    const d: ApgdOptions = options.parse({});
    expect(d).toMatchObject({
      tolerance: 1e-8, maxIterations: 50_000, variant: 'mazhar', cone: 'coulomb', gd: 1e-6,
      innerReduction: 0.5, innerTolerance: 0, innerMaxIterations: 1000, passStart: 'previous', outerTolerance: 1e-10, maxOuterIterations: 1000,
    });
    expect(d.merit).toBeUndefined();
    expect(d.rho).toBeUndefined();
    expect(d.restart).toBeUndefined();
    // paper 003 as published: Algorithm 1 to ε = 1e-3 in 200 iterations from r = 0, Algorithm 3 to ε_ext = 1e-3
    expect(options.parse({ preset: 'paper' })).toEqual({
      ...d, preset: 'paper', variant: 'acary', innerTolerance: 1e-3, innerReduction: 0, innerMaxIterations: 200, passStart: 'zero', outerTolerance: 1e-3,
    });
    expect(options.safeParse({ restart: 'gradient' }).success).toBe(true);
    expect(options.safeParse({ variant: 'nesterov', restart: 'gradient' }).success).toBe(false);
    expect(options.safeParse({ passStart: 'zero', carryMomentum: true }).success).toBe(false);
    expect(options.safeParse({ passStart: 'zero' }).success).toBe(true);
    expect(options.safeParse({ variant: 'acary', rho: 'ghadimi', rhoUpdate: 'ratio2' }).success).toBe(true);
    expect(options.safeParse({ variant: 'acary', rho: 0.01 }).success).toBe(true);
    expect(options.safeParse({ variant: 'acary', rho: 'biggest' }).success).toBe(false);
    expect(options.safeParse({ variant: 'acary', rho: -1 }).success).toBe(false);
    expect(options.safeParse({ innerReduction: 1 }).success).toBe(false);
    // ρ belongs to the acary variant only
    expect(options.safeParse({ variant: 'mazhar', rho: 'wrho' }).success).toBe(false);
    expect(options.safeParse({ rhoUpdate: 'ratio1' }).success).toBe(false);
    // the momentum carry belongs to the mazhar variant only
    expect(options.safeParse({ carryMomentum: false }).success).toBe(true);
    expect(options.safeParse({ variant: 'acary', carryMomentum: true }).success).toBe(false);
  });

  test('should carry the momentum across s-updates (mazhar) unless told not to, converging either way', () => {
    const p = randomProblem(12, { contacts: 30, mu: [0.3, 0.9] });
    const carry = solver().solver.solve(p);
    const cold = solver({ carryMomentum: false }).solver.solve(p);
    expect(carry.converged && cold.converged).toBe(true);
    expect(carry.stats!.carryMomentum).toBe(true);
    expect(cold.stats!.carryMomentum).toBe(false);
    expect(carry.iterations).not.toBe(cold.iterations);
  });

  test('should default the merit by cone: siconos for coulomb, projected-gradient for relaxed', () => {
    const p = randomProblem(1, { contacts: 5 });
    expect(solver().solver.solve(p).merit).toBe('siconos');
    const relaxed = solver({ cone: 'relaxed' }).solver.solve(p);
    expect(relaxed.merit).toBe('projected-gradient');
    expect(relaxed.stats!.cone).toBe('relaxed');
    expect(solver({ cone: 'relaxed', merit: 'siconos' }).solver.solve(p).merit).toBe('siconos');
  });

  test('should resolve from a config and report bad options as E_CONFIG', () => {
    const registry = createRegistry().register(plugin, '@moreau/apgd');
    const run = resolve({ name: 'apgd', options: { variant: 'acary', rho: 'eigenwrho' } }, registry);
    const res = run.solver.solve(randomProblem(2, { contacts: 12 }));
    expect(res.converged).toBe(true);
    expect(isMoreauError(err(() => resolve({ name: 'apgd', options: { variant: 'nesterov', rho: 'wrho' } }, registry)), 'E_CONFIG')).toBe(true);
  });

  test('should refuse the rho rules that need M and H, when it is created', () => {
    for (const rho of ['dicairano', 'acary'] as const) {
      const e = err(() => plugin.create(options.parse({ variant: 'acary', rho }), testContext()));
      expect(isMoreauError(e, 'E_UNSUPPORTED')).toBe(true);
      expect((e as Error).message).toContain('M');
    }
  });

  test('should refuse ghadimi on a W with no positive eigenvalue, and take a given ρ', () => {
    const W = BlockSparseMatrix.fromDense(3, [-1, 0, 0, 0, -1, 0, 0, 0, -1]);
    const p = new FrictionContactProblem(W, Float64Array.of(-1, 0, 0), Float64Array.of(0.3));
    expect(isMoreauError(err(() => solver({ variant: 'acary', rho: 'ghadimi' }).solver.solve(p)), 'E_UNSUPPORTED')).toBe(true);
    const res = solver({ variant: 'acary', rho: 0.05, rhoUpdate: 'none' }).solver.solve(randomProblem(3, { contacts: 4 }), { maxIterations: 1 });
    expect(res.stats!.rhoRule).toBe('given');
    expect(res.stats!.rho0).toBe(0.05);
  });

  test('should refuse an unknown merit when it is created', () => {
    expect(isMoreauError(err(() => plugin.create(options.parse({ merit: 'nope' }), testContext())), 'E_UNKNOWN_PLUGIN')).toBe(true);
  });

  for (const variant of VARIANTS) {
    test(`should solve random Coulomb problems (${variant}): Siconos error recomputed within tolerance, r in the cones`, () => {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 25 }), fc.integer({ min: 0, max: 1e6 }), fc.boolean(), (nc, seed, large) => {
          // μ up to 1.2: the fixed point on s need not converge there, so only honesty is required
          const p = randomProblem(seed, { contacts: nc, mu: large ? [0, 1.2] : [0, 0.7] });
          const res = solver({ variant, maxIterations: 20_000 }).solver.solve(p);
          expectInCones(p, res.r);
          const u = velocity(p, res.r);
          for (let i = 0; i < p.size; i++) expect(Math.abs(res.u[i] - u[i])).toBeLessThanOrEqual(1e-12 * (1 + Math.abs(u[i])));
          const e = new SiconosMerit().evaluate(p, res.r);
          expect(res.error).toBe(e);
          expect(res.converged).toBe(e <= 1e-8);
          expect(res.reason === 'converged').toBe(res.converged);
          if (!large) expect(res.converged).toBe(true);
          expect(res.stats!.cone).toBe('coulomb');
        }),
        { numRuns: 25 },
      );
    });
  }

  for (const variant of VARIANTS) {
    test(`should solve the same problem with cone relaxed and coulomb when μ = 0 (${variant})`, () => {
      for (let seed = 1; seed <= 6; seed++) {
        const p = randomProblem(seed, { contacts: 15, mu: 0 });
        // the same merit for both, so the same stopping test: the iterates must agree to the bit
        const exact = solver({ variant, cone: 'coulomb', merit: 'siconos' }).solver.solve(p);
        const relaxed = solver({ variant, cone: 'relaxed', merit: 'siconos' }).solver.solve(p);
        expect(exact.converged).toBe(true);
        expect(relaxed.converged).toBe(true);
        expect(same(exact.r, relaxed.r)).toBe(true);
        expect(exact.stats!.sChanges).toEqual((exact.stats!.sChanges as number[]).map(() => 0));
        // and each answer meets the other problem's measure
        expect(new ProjectedGradientMerit().evaluate(p, exact.r)).toBeLessThanOrEqual(1e-5);
        const pg = solver({ variant, cone: 'relaxed' }).solver.solve(p);
        expect(new SiconosMerit().evaluate(p, pg.r)).toBeLessThanOrEqual(1e-7);
      }
    });
  }

  for (const variant of VARIANTS) {
    test(`should reach an objective no higher than Gauss-Seidel's on the relaxed problem (${variant})`, async () => {
      const gs = (await import('@moreau/gauss-seidel')).default;
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 0, max: 1e6 }), (nc, seed) => {
          const p = randomProblem(seed, { contacts: nc });
          // Gauss-Seidel's answer is a point of K whether or not it met its own tolerance
          const ref = gs.create(gs.options.parse({}), testContext()).solve(p);
          expectInCones(p, ref.r);
          const res = solver({ variant, cone: 'relaxed', tolerance: 1e-10 }).solver.solve(p);
          expect(res.converged).toBe(true);
          expectInCones(p, res.r);
          const fGs = objective(p, ref.r), f = objective(p, res.r);
          // the relaxation's minimum is at most f at any point of K, the Coulomb solution included
          expect(f).toBeLessThanOrEqual(fGs + 1e-8 * (1 + Math.abs(fGs)));
        }),
        { numRuns: 20 },
      );
    });
  }

  test('should never return a worse point than one it saw (mazhar, best iterate)', () => {
    let lastWorse = 0;
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 25 }), fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 1, max: 60 }), (nc, seed, cap) => {
        const p = randomProblem(seed, { contacts: nc, conditioning: 'ill' });
        // relaxed with its own metric as the merit: every iterate's merit is in the events
        const { solver: s, events } = solver({ cone: 'relaxed', tolerance: 1e-14, innerMaxIterations: 17 });
        const seen: number[] = [];
        events.on('solver:iteration', (e) => seen.push(e.residual as number));
        const res = s.solve(p, { maxIterations: cap });
        const first = (res.stats!.history as { errors: number[] }).errors[0];
        const best = Math.min(first, ...seen);
        expect(res.error).toBe(new ProjectedGradientMerit().evaluate(p, res.r));
        expect(res.error).toBeLessThanOrEqual(best);
        if (seen.length > 0 && seen[seen.length - 1] > res.error) lastWorse++;
        // Coulomb: the merit after each pass is the history; the answer is no worse than any of them
        const c = solver({ tolerance: 1e-14, innerReduction: 0.9 }).solver.solve(p, { maxIterations: cap });
        const hist = (c.stats!.history as { errors: number[] }).errors;
        expect(c.error).toBeLessThanOrEqual(Math.min(...hist));
      }),
      { numRuns: 40 },
    );
    // the rule was exercised: some runs ended on an iterate worse than the one returned
    expect(lastWorse).toBeGreaterThan(0);
  });

  test('should return r = 0 at once when r = 0 solves the problem, even with a warm start', () => {
    const p0 = randomProblem(4, { contacts: 6, mu: 0.5 });
    const q = Float64Array.from(p0.q);
    for (let a = 0; a < p0.contacts; a++) q[3 * a] = Math.abs(q[3 * a]) + 2 * Math.hypot(q[3 * a + 1], q[3 * a + 2]);
    const p = new FrictionContactProblem(p0.W, q, p0.mu);
    for (const cone of ['coulomb', 'relaxed'] as const) {
      const res = solver({ cone }).solver.solve(p, { warmStart: new Float64Array(p.size).fill(0.5) });
      expect(res.converged).toBe(true);
      expect(res.iterations).toBe(0);
      expect(res.error).toBe(0);
      expect([...res.r].every((x) => x === 0)).toBe(true);
      expect([...res.u]).toEqual([...q]);
    }
    // q_N >= 0 with μ‖q_T‖ > q_N: r = 0 solves the Coulomb problem, not the relaxation
    const q2 = Float64Array.from(q);
    for (let a = 0; a < p0.contacts; a++) { q2[3 * a] = 0.01; q2[3 * a + 1] = 1; }
    const p2 = new FrictionContactProblem(p0.W, q2, p0.mu);
    expect(solver().solver.solve(p2).iterations).toBe(0);
    expect(solver({ cone: 'relaxed' }).solver.solve(p2).iterations).toBeGreaterThan(0);
  });

  test('should return within one pass when warm-started at a solution, and validate the warm start', () => {
    const p = randomProblem(5, { contacts: 10 });
    const tight = solver({ tolerance: 1e-12 }).solver.solve(p);
    expect(tight.converged).toBe(true);
    const res = solver().solver.solve(p, { warmStart: tight.r });
    expect(res.converged).toBe(true);
    expect(res.iterations).toBe(0);
    const warm = new Float64Array(p.size).fill(1);
    warm[0] = -2;
    const capped = solver().solver.solve(p, { warmStart: warm, maxIterations: 0 });
    expectInCones(p, capped.r);
    expect(warm[0]).toBe(-2);
    const s = solver().solver;
    expect(isMoreauError(err(() => s.solve(p, { warmStart: new Float64Array(3) })), 'E_PROBLEM_SHAPE')).toBe(true);
    warm[1] = NaN;
    expect(isMoreauError(err(() => s.solve(p, { warmStart: warm })), 'E_NOT_FINITE')).toBe(true);
    expect(isMoreauError(err(() => s.solve(p, { maxIterations: -1 })), 'E_CONFIG')).toBe(true);
    expect(isMoreauError(err(() => s.solve(p, { timeBudgetMs: NaN })), 'E_CONFIG')).toBe(true);
  });

  test('should stop at the smaller iteration cap and on a spent time budget, with the merit of what it returns', () => {
    const p = randomProblem(6, { contacts: 30, conditioning: 'ill' });
    for (const variant of VARIANTS) {
      const capped = solver({ variant, maxIterations: 7 }).solver.solve(p);
      expect(capped.converged).toBe(false);
      expect(capped.reason).toBe('max-iterations');
      expect(capped.iterations).toBe(7);
      expect(capped.error).toBe(new SiconosMerit().evaluate(p, capped.r));
      expect(solver({ variant, maxIterations: 7 }).solver.solve(p, { maxIterations: 3 }).iterations).toBe(3);
      const late = solver({ variant }).solver.solve(p, { timeBudgetMs: 0 });
      expect(late.reason).toBe('time-budget');
      expect(late.iterations).toBe(0);
      expect(late.error).toBe(new SiconosMerit().evaluate(p, late.r));
    }
  });

  test('should emit consecutive iteration events and one end event that agrees with the result', () => {
    const p = randomProblem(7, { contacts: 20 });
    for (const variant of VARIANTS) {
      const { solver: s, events } = solver({ variant });
      const its: SolverIterationEvent[] = [];
      const ends: SolverEndEvent[] = [];
      events.on('solver:iteration', (e) => its.push(e));
      events.on('solver:end', (e) => ends.push(e));
      const res = s.solve(p);
      expect(res.converged).toBe(true);
      expect(its.map((e) => e.iteration)).toEqual(Array.from({ length: res.iterations }, (_, i) => i + 1));
      expect(its.every((e) => e.solver === 'apgd' && Number.isFinite(e.residual))).toBe(true);
      // pass numbers run 1, 1, ..., 2, ... up to the number of passes
      const pass = its.map((e) => e.pass as number);
      expect(pass[0]).toBe(1);
      expect(pass.every((x, i) => i === 0 || x === pass[i - 1] || x === pass[i - 1] + 1)).toBe(true);
      expect(pass[pass.length - 1]).toBe(res.stats!.passes);
      // the merit is attached to the last iteration of each pass
      expect(its.filter((e) => e.error !== undefined)).toHaveLength(res.stats!.passes as number);
      expect(its[its.length - 1].error).toBe(res.error);
      expect(ends).toHaveLength(1);
      expect(ends[0]).toMatchObject({ solver: 'apgd', converged: true, reason: 'converged', iterations: res.iterations, error: res.error, merit: 'siconos' });
    }
  });

  test('should give bit-identical answers to the same input', () => {
    const p = randomProblem(8, { contacts: 25 });
    for (const variant of VARIANTS) {
      const a = solver({ variant }).solver, b = solver({ variant }).solver;
      const ra = a.solve(p), rb = b.solve(p), rc = a.solve(p);
      expect(ra.iterations).toBe(rb.iterations);
      expect(same(ra.r, rb.r) && same(ra.r, rc.r)).toBe(true);
    }
  });

  test('should stop with a breakdown and a finite answer when a fixed ρ diverges', () => {
    // λ_max(W) = 100, ρ = 1: the fixed-step iteration grows without bound until it overflows
    const p0 = randomProblem(9, { contacts: 8 });
    const v = Float64Array.from(p0.W.values, (x) => 100 * x);
    const W = new BlockSparseMatrix(p0.W.blockRows, p0.W.rowPtr, p0.W.colIdx, v);
    const p = new FrictionContactProblem(W, p0.q, p0.mu);
    const { solver: s, events } = solver({ variant: 'acary', rho: 'normal', rhoUpdate: 'none' });
    const ends: SolverEndEvent[] = [];
    events.on('solver:end', (e) => ends.push(e));
    const res: SolveResult = s.solve(p);
    expect(res.reason).toBe('breakdown');
    expect(res.converged).toBe(false);
    expect([...res.r, ...res.u].every(Number.isFinite)).toBe(true);
    expect(Number.isFinite(res.error)).toBe(true);
    expect(ends[0].reason).toBe('breakdown');
    // Algorithm 2 repairs the same ρ_0
    const adapted = solver({ variant: 'acary', rho: 'normal', rhoUpdate: 'ratio1' }).solver.solve(p);
    expect(adapted.converged).toBe(true);
    expect(adapted.stats!.rhoShrinks as number).toBeGreaterThan(0);
  });

  test('should run paper 003 Algorithm 3 as specified (the paper preset): fixed ε, ε_ext, and stop when s settles', () => {
    const p = randomProblem(12, { contacts: 20 });
    const res = solver({ preset: 'paper', tolerance: 1e-14 }).solver.solve(p);
    expect(res.stats!.rhoRule).toBe('wrho');
    expect(res.stats!.rhoUpdate).toBe('ratio1');
    expect((res.stats!.passIterations as number[]).every((k) => k <= 200)).toBe(true);
    expect(res.reason).toBe('stalled');
    expect(res.converged).toBe(false);
    const changes = res.stats!.sChanges as number[];
    expect(changes[changes.length - 1]).toBeLessThanOrEqual(1e-3);
    expect(changes.slice(0, -1).every((d) => d > 1e-3)).toBe(true);
    expect(res.stats!.outerIterations).toBe(changes.length);
    expect(res.stats!.lastPassResidual as number).toBeLessThanOrEqual(1e-3);
  });

  test('should report the spectral estimates its step came from', () => {
    const p = randomProblem(11, { contacts: 12 });
    const nes = solver({ variant: 'nesterov' }).solver.solve(p);
    const lmax = (nes.stats!.lambdaMax as { value: number }).value;
    // λ_max of ½(W + Wᵀ) bounds every Rayleigh quotient
    const x = Float64Array.from({ length: p.size }, (_, i) => Math.sin(i + 1));
    const wx = velocity(new FrictionContactProblem(p.W, new Float64Array(p.size), p.mu), x);
    let xx = 0, xwx = 0;
    for (let i = 0; i < p.size; i++) { xx += x[i] * x[i]; xwx += x[i] * wx[i]; }
    expect(xwx / xx).toBeLessThanOrEqual(lmax * (1 + 1e-9));
    expect(nes.stats!.step as number).toBeLessThanOrEqual(1 / lmax);
    const gh = solver({ variant: 'acary', rho: 'ghadimi' }).solver.solve(p);
    const lmin = (gh.stats!.lambdaMin as { value: number }).value;
    expect(lmin).toBeGreaterThan(0);
    expect(gh.stats!.rho0).toBeCloseTo(1 / Math.sqrt(lmin * lmax), 6);
    const w = solver({ variant: 'acary', rho: 'wrho' }).solver.solve(p);
    expect(w.stats!.rho0).toBeCloseTo(1 / Math.hypot(...p.W.values), 12);
  });

  test('should end a solve on paper 003\'s outer test by default, once s has settled and the passes are at their floor', () => {
    // 1e-16 is below this problem's rounding floor: before the outer test was on by default, the
    // solve ran on to the 50,000-iteration cap.
    const p = randomProblem(1, { contacts: 20 });
    const res = solver({ tolerance: 1e-16 }).solver.solve(p);
    expect(res.reason).toBe('stalled');
    expect(res.converged).toBe(false);
    expect(res.iterations).toBeLessThan(50_000);
    const changes = res.stats!.sChanges as number[];
    expect(changes.at(-1)!).toBeLessThanOrEqual(1e-10);
    const passes = res.stats!.passIterations as number[];
    expect(passes.slice(-10)).toEqual(Array(10).fill(1000));
    // the same problem at 1e-8 converges long before
    expect(solver().solver.solve(p).converged).toBe(true);
  });

  test('should start every pass from r = 0 with passStart zero (paper 003 Algorithm 1), from the last r otherwise', () => {
    // Two passes of one acary step each, ρ fixed: r¹ = P_K(−ρ q), s = Φ(W r¹ + q), and then
    // r² = P_K(−ρ (q + s)) from zero, or P_K(r¹ − ρ (W r¹ + q + s)) from the previous r.
    const p = randomProblem(14, { contacts: 6 });
    const opts = { variant: 'acary', rhoUpdate: 'none', innerMaxIterations: 1, innerReduction: 0 } as const;
    const zero = solver({ ...opts, passStart: 'zero' }).solver.solve(p, { maxIterations: 2 });
    const previous = solver(opts).solver.solve(p, { maxIterations: 2 });
    const rho = zero.stats!.rho0 as number;
    const step = (from: Float64Array, s: Float64Array): Float64Array => {
      const u = velocity(p, from);
      const x = Float64Array.from(from, (v, i) => v - rho * (u[i] + (i % 3 === 0 ? s[i / 3] : 0)));
      return projectOntoCones(x, x, p.mu);
    };
    const r1 = step(new Float64Array(p.size), new Float64Array(p.contacts));
    const u1 = velocity(p, r1);
    const s1 = Float64Array.from({ length: p.contacts }, (_, a) => p.mu[a] * Math.hypot(u1[3 * a + 1], u1[3 * a + 2]));
    const fromZero = step(new Float64Array(p.size), s1), fromPrevious = step(r1, s1);
    expect(zero.stats!.passes).toBe(2);
    for (let i = 0; i < p.size; i++) {
      expect(zero.r[i]).toBeCloseTo(fromZero[i], 12);
      expect(previous.r[i]).toBeCloseTo(fromPrevious[i], 12);
    }
    expect(Math.max(...fromZero.map((v, i) => Math.abs(v - fromPrevious[i])))).toBeGreaterThan(1e-6);
  });

  test('should restart the momentum on Mazhar et al.\'s gradient test when asked, converging as with the objective test', () => {
    const p = randomProblem(15, { contacts: 30, mu: [0.3, 0.9] });
    const objective = solver().solver.solve(p);
    const gradient = solver({ restart: 'gradient' }).solver.solve(p);
    expect(objective.converged && gradient.converged).toBe(true);
    expect(objective.stats!.restartTest).toBe('objective');
    expect(gradient.stats!.restartTest).toBe('gradient');
    expect(gradient.stats!.restarts as number).toBeGreaterThan(0);
    expect(gradient.iterations).not.toBe(objective.iterations);
  });
});
