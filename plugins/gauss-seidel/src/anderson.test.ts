import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { bsrMul, SiconosMerit } from '@moreau/core';
import plugin, { options, type GaussSeidelOptions } from './index.js';
import { AndersonMixer } from './anderson.js';
import { Sweeper } from './sweep.js';
import { randomProblem } from './__fixtures__/random-problem.js';
import { column, columnBothWays } from './__fixtures__/column-problem.js';
import { expectKeptAndInCones } from './__fixtures__/bits.js';
import { testContext } from './__fixtures__/context.js';

// The TypeScript sweep and mixer passes (they still run where WebAssembly does not); wasm-sweep.test.ts
// holds the kernel's to these bits.
const solver = (opts: Partial<GaussSeidelOptions>) => plugin.create(options.parse({ kernel: 'typescript', ...opts }), testContext());

describe('Anderson acceleration of Gauss–Seidel', () => {
  test('should be off by default and bound its depth', () => {
    expect(options.parse({})).toMatchObject({ acceleration: 'none', andersonDepth: 5, andersonStart: 10, andersonEvery: 1 });
    expect(options.safeParse({ andersonStart: -1 }).success).toBe(false);
    expect(options.safeParse({ acceleration: 'anderson', andersonEvery: 0 }).success).toBe(false);
    expect(options.safeParse({ acceleration: 'anderson', andersonEvery: 101 }).success).toBe(false);
    expect(options.safeParse({ acceleration: 'anderson', andersonEvery: 1.5 }).success).toBe(false);
    expect(options.safeParse({ acceleration: 'anderson', andersonDepth: 0 }).success).toBe(false);
    expect(options.safeParse({ acceleration: 'anderson', andersonDepth: 51 }).success).toBe(false);
    expect(options.safeParse({ acceleration: 'nesterov' }).success).toBe(false);
  });

  test('should keep u = W r + q and r in the cones after every extrapolation', () => {
    const p = randomProblem({ contacts: 40, bodies: 12, seed: 11 });
    const n = p.size, nc = p.contacts;
    const sweeper = new Sweeper({ tolerance: 1e-14, maxIterations: 50 });
    sweeper.prepare(p, true);
    const order = Int32Array.from({ length: nc }, (_, a) => a);
    const r = new Float64Array(n), u = bsrMul(p.W, r, new Float64Array(n)), x = new Float64Array(n);
    for (let i = 0; i < n; i++) u[i] += p.q[i];
    const mixer = new AndersonMixer(4);
    mixer.reset(n);
    let mixed = 0;
    for (let k = 0; k < 30; k++) {
      x.set(r);
      sweeper.sweepUpdating(p, r, u, 1, order, false);
      if (!mixer.mix(x, r, u, p.mu, (a, d0, d1, d2) => sweeper.addColumn(u, a, d0, d1, d2))) continue;
      mixed++;
      expectKeptAndInCones(p, r, u, 1e-10);
    }
    expect(mixed).toBe(29);
    expect(mixer.mixes).toBe(29);
    // The extrapolation left some cones on the way (measured: most sweeps), and came back through the columns.
    expect(mixer.projected).toBeGreaterThan(0);
  });

  // The mixer alone, on maps whose fixed point is known: one contact with a wide cone, so the
  // iterates stay inside it and the map is exactly what is extrapolated.
  const wide = Float64Array.of(100);
  const noColumns = (): void => { throw new Error('no contact should leave its cone here'); };
  /** Runs x ↦ G(x) with the mixer from x0; returns the iterates after each call and the mixer. */
  function drive(G: (x: Float64Array) => Float64Array, x0: number[], calls: number, depth = 3): { xs: Float64Array[]; mixer: AndersonMixer; mixed: boolean[] } {
    const mixer = new AndersonMixer(depth);
    mixer.reset(3);
    let x: Float64Array = Float64Array.from(x0);
    const xs: Float64Array[] = [], mixed: boolean[] = [];
    for (let k = 0; k < calls; k++) {
      const r = G(x);
      mixed.push(mixer.mix(x, r, undefined, wide, noColumns));
      xs.push(r);
      x = r;
    }
    return { xs, mixer, mixed };
  }

  test('should find the fixed point of an affine map in as many extrapolations as it has unknowns', () => {
    // G(x) = M x + c with a slow contraction (spectral radius 0.99): plain iteration needs ~2,000 steps for 1e-8.
    const M = [0.99, 0.005, 0, -0.004, 0.95, 0.01, 0, 0.002, 0.9], c = [1, 0.1, -0.05];
    const G = (x: Float64Array): Float64Array => Float64Array.from([0, 1, 2], (i) => c[i] + M[3 * i] * x[0] + M[3 * i + 1] * x[1] + M[3 * i + 2] * x[2]);
    // The fixed point solves (I − M) x = c.
    const fixed = [0, 0, 0];
    for (let k = 0; k < 20_000; k++) { const y = G(Float64Array.from(fixed)); for (let i = 0; i < 3; i++) fixed[i] = y[i]; }
    const { xs, mixer } = drive(G, [1, 0, 0], 6);
    // Type-II Anderson with depth ≥ the dimension is GMRES on (I − M) x = c: exact after 3 differences, to the ridge's 1e-10.
    const last = xs[5];
    for (let i = 0; i < 3; i++) expect(Math.abs(last[i] - fixed[i])).toBeLessThanOrEqual(1e-7 * Math.abs(fixed[0]));
    expect(mixer.mixes).toBe(5);
    expect(mixer.restarts).toBe(0);
  });

  test('should restart when the residual more than doubles, and leave that sweep as it is', () => {
    // G(x) = x + s_k, so the residual is s_k whatever the mixing did: norms 1, 0.54, then 3 (more than twice 0.54).
    const steps = [[1, 0, 0], [0.5, 0.2, 0], [3, 0, 0]];
    let k = 0;
    const G = (x: Float64Array): Float64Array => { const s = steps[k++]; return Float64Array.from(x, (v, i) => v + s[i]); };
    const mixer = new AndersonMixer(3);
    mixer.reset(3);
    let x: Float64Array = Float64Array.of(1, 1, 0);
    const results: boolean[] = [];
    for (let i = 0; i < 3; i++) {
      const r = G(x), before = Float64Array.from(r);
      results.push(mixer.mix(x, r, undefined, wide, noColumns));
      if (i === 2) expect(Array.from(r)).toEqual(Array.from(before));
      x = r;
    }
    expect(results).toEqual([false, true, false]);
    expect(mixer.restarts).toBe(1);
  });

  test('should not extrapolate from differences that are all zero (a degenerate system)', () => {
    // The same step every time: ΔF = 0, no γ to find.
    const { mixer, mixed, xs } = drive((x) => Float64Array.of(x[0] + 1, 1, 0), [1, 1, 0], 4);
    expect(mixed).toEqual([false, false, false, false]);
    expect(mixer.restarts).toBe(3);
    expect(xs[3][0]).toBe(5);
  });

  test('should stop for the rest of the solve after 50 sweeps without a new smallest residual', () => {
    // G(x) = x + s_k with steps of one length: no residual is ever smaller than the first.
    let k = 0;
    const G = (x: Float64Array): Float64Array => Float64Array.of(x[0] + (k++ % 2 === 0 ? 1 : -1), x[1] + 0.01, x[2]);
    const mixer = new AndersonMixer(2);
    mixer.reset(3);
    let x: Float64Array = Float64Array.of(5, 1, 0);
    for (let i = 0; i < 60; i++) {
      const r = G(x), before = Float64Array.from(r);
      const mixed = mixer.mix(x, r, undefined, wide, noColumns);
      if (mixer.stoppedAt > 0) {
        expect(mixed).toBe(false);
        expect(Array.from(r)).toEqual(Array.from(before));
      }
      x = r;
    }
    // The first call sets the smallest residual; the 51st is the 50th without a smaller one.
    expect(mixer.stoppedAt).toBe(51);
  });

  test('should cut the sweeps of a deep column several times over, to the same answer', () => {
    const { plain, fast } = columnBothWays((p, o) => solver(o).solve(p), { acceleration: 'anderson' });
    // Measured: plain 10,728 sweeps, Anderson(5) 200; the claim tested is a factor of 5. The
    // normal reactions within 2.1e-6 (plain) and 1.0e-6 (Anderson) of their closed form.
    expect(fast.iterations * 5).toBeLessThan(plain.iterations);
    expect(fast.stats?.andersonMixes).toBeGreaterThan(0);
  });

  test('should leave a solve that ends within the first andersonStart sweeps exactly as without it', () => {
    const p = column(6, 0.5);
    const plain = solver({ tolerance: 1e-8, maxIterations: 1000 }).solve(p);
    expect(plain.converged).toBe(true);
    const late = solver({ tolerance: 1e-8, maxIterations: 1000, acceleration: 'anderson', andersonStart: plain.iterations }).solve(p);
    expect(late.iterations).toBe(plain.iterations);
    expect(Array.from(late.r)).toEqual(Array.from(plain.r));
    expect(late.stats?.andersonMixes).toBe(0);
    // Three sweeps earlier, the extrapolation starts and the answer is another one.
    const early = solver({ tolerance: 1e-8, maxIterations: 1000, acceleration: 'anderson', andersonStart: plain.iterations - 3 }).solve(p);
    expect(early.stats?.andersonMixes).toBeGreaterThan(0);
    expect(Array.from(early.r)).not.toEqual(Array.from(plain.r));
  });

  test('should return converged answers that meet the recomputed merit, inside the cones', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 4 }), (nc, seed, depth, every) => {
        const p = randomProblem({ contacts: nc, bodies: Math.max(1, Math.ceil(nc / 2)), seed });
        const res = solver({ maxIterations: 3000, acceleration: 'anderson', andersonDepth: depth, andersonStart: depth % 3, andersonEvery: every }).solve(p);
        for (let a = 0; a < nc; a++) {
          expect(res.r[3 * a]).toBeGreaterThanOrEqual(0);
          expect(Math.hypot(res.r[3 * a + 1], res.r[3 * a + 2])).toBeLessThanOrEqual(p.mu[a] * res.r[3 * a] * (1 + 1e-12) + 1e-300);
        }
        const e = new SiconosMerit().evaluate(p, res.r);
        expect(Math.abs(e - res.error)).toBeLessThanOrEqual(1e-12 + 1e-9 * e);
        if (res.converged) expect(e).toBeLessThanOrEqual(1e-8);
      }),
      { numRuns: 40 },
    );
  });

  test('should extrapolate every andersonEvery-th sweep only, from the iterate that many sweeps before', () => {
    const p = column(20, 0.5);
    const plain = solver({ tolerance: 1e-8, maxIterations: 50_000 }).solve(p);
    for (const every of [2, 3]) {
      const res = solver({ tolerance: 1e-8, maxIterations: 50_000, acceleration: 'anderson', andersonStart: 4, andersonEvery: every }).solve(p);
      expect(res.converged).toBe(true);
      expect(res.iterations * 5).toBeLessThan(plain.iterations);
      // One mix call each `every` sweeps after the start; the first has no history to extrapolate from.
      const calls = Math.floor((res.iterations - 4) / every);
      expect(res.stats?.andersonMixes).toBeGreaterThan(0);
      expect(res.stats?.andersonMixes).toBeLessThanOrEqual(calls);
    }
    // Mixing every sweep takes (nearly) one mix a sweep: the count above is the period's, not the sweeps'.
    const each = solver({ tolerance: 1e-8, maxIterations: 50_000, acceleration: 'anderson', andersonStart: 4 }).solve(p);
    expect(each.stats?.andersonMixes).toBeGreaterThan((each.iterations - 4) / 2);
  });

  test('should be the mixer driven by hand on two and three sweeps at a time, to the bit', () => {
    const p = randomProblem({ contacts: 30, bodies: 12, seed: 5 });
    const n = p.size, nc = p.contacts, K = 16, start = 2;
    for (const every of [2, 3]) {
      // Held to K sweeps (minIterations = maxIterations): no stop before the cap, no refresh of u.
      const res = solver({ tolerance: 1e-14, minIterations: K, maxIterations: K, acceleration: 'anderson', andersonDepth: 3, andersonStart: start, andersonEvery: every }).solve(p);
      expect(res.iterations).toBe(K);
      const sweeper = new Sweeper({ tolerance: 1e-14, maxIterations: 50 });
      sweeper.prepare(p, true);
      const order = Int32Array.from({ length: nc }, (_, a) => a);
      const r = new Float64Array(n), u = bsrMul(p.W, r, new Float64Array(n)), x = new Float64Array(n);
      for (let i = 0; i < n; i++) u[i] += p.q[i];
      const mixer = new AndersonMixer(3);
      mixer.reset(n);
      // Sweeps start + 1, …, start + every make the first map, start + every + 1, … the next.
      for (let k = 1; k <= K; k++) {
        if (k > start && (k - start) % every === 1) x.set(r);
        sweeper.sweepUpdating(p, r, u, 1, order, false);
        if (k > start && (k - start) % every === 0 && k < K) mixer.mix(x, r, u, p.mu, (a, d0, d1, d2) => sweeper.addColumn(u, a, d0, d1, d2));
      }
      expect(mixer.mixes).toBeGreaterThan(2);
      expect(res.stats?.andersonMixes).toBe(mixer.mixes);
      expect(Array.from(res.r)).toEqual(Array.from(r));
    }
  });

  test('should accelerate the Jacobi variant too, which keeps no u', () => {
    const p = column(20, 0.5);
    const plain = solver({ variant: 'jacobi', tolerance: 1e-8, maxIterations: 50_000 }).solve(p);
    const fast = solver({ variant: 'jacobi', tolerance: 1e-8, maxIterations: 50_000, acceleration: 'anderson' }).solve(p);
    expect(plain.converged).toBe(true);
    expect(fast.converged).toBe(true);
    expect(fast.iterations * 5).toBeLessThan(plain.iterations);
  });
});
