import { describe, expect, test } from 'vitest';
import { EnergyMerit } from '@moreau/core';
import plugin, { options, type GaussSeidelOptions } from './index.js';
import { DominantMode, DOMINANT_EVERY } from './dominant-mode.js';
import { Sweeper } from './sweep.js';
import { randomProblem } from './__fixtures__/random-problem.js';
import { columnBothWays } from './__fixtures__/column-problem.js';
import { differing, expectKeptAndInCones, velocity } from './__fixtures__/bits.js';
import { testContext } from './__fixtures__/context.js';

const solver = (opts: Partial<GaussSeidelOptions>) => plugin.create(options.parse({ kernel: 'typescript', ...opts }), testContext());

// The extrapolation alone, on maps whose limit is known. Three contacts in cones wide enough
// that nothing leaves them (μ = 100): the map moves the first; the second stays at r = 0 (a
// separated contact) and the third exactly on its cone, neither of which is a projection.
// u = 2 r + q (W = 2 I), q = (−1, 0, 0, …).
const wide = Float64Array.of(100, 100, 100);
const noColumns = (): void => { throw new Error('no contact should leave its cone here'); };
const uOf = (r: Float64Array): Float64Array => Float64Array.from(r, (x, i) => 2 * x + (i === 0 ? -1 : 0));
const still = [0, 0, 0, 1, 100, 0];

/** Runs the first contact's x ↦ G(x) for sweeps 1 … k with the extrapolation after each; returns r and u after sweep k and the mode. */
function drive(G: (x: Float64Array) => Float64Array, x0: number[], sweeps: number): { r: Float64Array; u: Float64Array; mode: DominantMode; moved: boolean[] } {
  const mode = new DominantMode();
  mode.reset(9);
  let r = Float64Array.from([...x0, ...still]), u = uOf(r);
  const moved: boolean[] = [];
  for (let k = 1; k <= sweeps; k++) {
    mode.beforeSweep(k, r, u);
    r = Float64Array.from([...G(r.subarray(0, 3)), ...r.subarray(3)]); u = uOf(r);
    moved.push(mode.extrapolate(k, r, u, wide, noColumns));
    expect(Array.from(r.subarray(3))).toEqual(still);
  }
  return { r: r.subarray(0, 3), u, mode, moved };
}

describe('extrapolation along the sweeps\' dominant mode', () => {
  test('should take a contraction with one eigenvalue to its limit at the first look', () => {
    // G(x) = x* + 0.9 (x − x*): the changes shrink by 0.9 and point one way, so t = 0.9 / 0.1 = 9.
    const limit = [3, 0.5, -0.25];
    const G = (x: Float64Array): Float64Array => Float64Array.from(x, (v, i) => limit[i] + 0.9 * (v - limit[i]));
    const { r, u, mode, moved } = drive(G, [1, 0, 0], DOMINANT_EVERY);
    expect(moved).toEqual([false, false, true]);
    for (let i = 0; i < 3; i++) expect(r[i]).toBeCloseTo(limit[i], 12);
    // u moved with r by the same combination of the sweeps' u: still 2 r + q.
    const fresh = uOf(Float64Array.from([...r, ...still]));
    for (let i = 0; i < 9; i++) expect(u[i]).toBeCloseTo(fresh[i], 12);
    expect(mode.steps).toBe(1);
    expect(mode.projected).toBe(0);
  });

  test('should take a drift, which Anderson\'s secants cannot, the longest step along it', () => {
    // The same change every sweep (anderson.test.ts's degenerate case): ratio 1, t = 1000.
    const G = (x: Float64Array): Float64Array => Float64Array.of(x[0] + 1e-3, x[1] + 2e-3, x[2]);
    const { r, moved } = drive(G, [1, 0, 0], DOMINANT_EVERY);
    expect(moved).toEqual([false, false, true]);
    expect(r[0]).toBeCloseTo(1 + 3e-3 + 1000 * 1e-3, 12);
    expect(r[1]).toBeCloseTo(6e-3 + 1000 * 2e-3, 12);
    // A drift that grows (ratio 1.01 > 1) takes the same longest step forward, never a step back.
    let step = 1e-3;
    const growing = drive((x) => { step *= 1.01; return Float64Array.of(x[0] + step, x[1], x[2]); }, [1, 0, 0], DOMINANT_EVERY);
    expect(growing.moved).toEqual([false, false, true]);
    expect(growing.r[0]).toBeCloseTo(1 + 1e-3 * (1.01 + 1.01 ** 2 + 1.01 ** 3) + 1000 * 1e-3 * 1.01 ** 3, 12);
  });

  test('should leave r and u alone when the last two changes turn or shrink fast', () => {
    // Turning: the changes (1, 0, 0) then (0, 1, 0), cosine 0.
    const turns = [[1, 0, 0], [1, 0, 0], [0, 1, 0]];
    let k = 0;
    const turning = drive((x) => { const s = turns[k++]; return Float64Array.from(x, (v, i) => v + 1e-2 * s[i]); }, [1, 0, 0], 3);
    expect(turning.moved).toEqual([false, false, false]);
    expect(Array.from(turning.r)).toEqual([1.02, 0.01, 0]);
    // Shrinking by 0.4 a sweep (below the least ratio 0.5): the sweeps converge well as they are.
    const fast = drive((x) => Float64Array.from(x, (v) => 0.4 * v), [1, 1, 0], 3);
    expect(fast.moved).toEqual([false, false, false]);
    expect(fast.r[0]).toBeCloseTo(0.064, 15);
    // Nothing at all before the third sweep, and only every third sweep after it.
    const limit = [3, 0.5, -0.25];
    const slow = drive((x) => Float64Array.from(x, (v, i) => limit[i] + 0.99 * (v - limit[i])), [1, 0, 0], 7);
    expect(slow.moved).toEqual([false, false, true, false, false, true, false]);
  });

  test('should run its passes where they are given (the kernel\'s), in their buffers, and here otherwise', () => {
    const calls: Array<string | number> = [];
    const buffers = { earlier: new Float64Array(3), before: new Float64Array(3), uBefore: new Float64Array(3) };
    const kernel = {
      dominantBuffers: buffers as typeof buffers | undefined,
      // ‖Δ_{k−1}‖² = 4, ‖Δ_k‖² = 2.25, Δ_k·Δ_{k−1} = 3: one direction, ratio 0.75, so t = 3.
      dominantSums(out: Float64Array) { calls.push('sums'); out.set([4, 2.25, 3]); },
      dominantStep(t: number) { calls.push(t); return 2; },
    };
    const mode = new DominantMode();
    mode.reset(3, kernel);
    const r = Float64Array.of(1, 2, 3), u = Float64Array.of(4, 5, 6);
    mode.beforeSweep(2, r, u);
    expect(Array.from(buffers.earlier)).toEqual([1, 2, 3]);
    mode.beforeSweep(3, r, u);
    expect(Array.from(buffers.uBefore)).toEqual([4, 5, 6]);
    expect(mode.extrapolate(3, r, u, wide, noColumns)).toBe(true);
    expect(calls).toEqual(['sums', 3]);
    expect(mode.projected).toBe(2);
    // The passes do the step: r and u here are left to them.
    expect(Array.from(r)).toEqual([1, 2, 3]);
    // A kernel that made no room for the buffers: everything here.
    kernel.dominantBuffers = undefined;
    mode.reset(3, kernel);
    mode.beforeSweep(2, r, u);
    expect(mode.extrapolate(3, r, u, wide, noColumns)).toBe(false);
    expect(calls).toEqual(['sums', 3]);
  });

  test('should keep u = W r + q and r in the cones after every extrapolation', () => {
    const p = randomProblem({ contacts: 40, bodies: 12, seed: 11 });
    const n = p.size, nc = p.contacts;
    const sweeper = new Sweeper({ tolerance: 1e-14, maxIterations: 50 });
    sweeper.prepare(p, true);
    const order = Int32Array.from({ length: nc }, (_, a) => a);
    const r = new Float64Array(n), u = velocity(p, r);
    const mode = new DominantMode();
    mode.reset(n);
    let moved = 0;
    for (let k = 1; k <= 300; k++) {
      mode.beforeSweep(k, r, u);
      sweeper.sweepUpdating(p, r, u, 1, order, false);
      if (!mode.extrapolate(k, r, u, p.mu, (a, d0, d1, d2) => sweeper.addColumn(u, a, d0, d1, d2))) continue;
      moved++;
      expectKeptAndInCones(p, r, u, 1e-9);
    }
    // Measured: 42 extrapolations over the 300 sweeps, 707 contacts projected back in all.
    expect(moved).toBeGreaterThan(5);
    expect(mode.steps).toBe(moved);
    expect(mode.projected).toBeGreaterThan(0);
  });

  test('should cut the sweeps of a deep column several times over, to the same answer', () => {
    const { plain, fast } = columnBothWays((p, o) => solver(o).solve(p), { acceleration: 'dominant-mode' });
    // Measured: plain 10,728 sweeps, with the extrapolation 2,322 (a Laplacian's slow modes are
    // many, not one; Anderson takes them in 200); the claim tested is a factor of 3.
    expect(fast.iterations * 3).toBeLessThan(plain.iterations);
    expect(fast.stats?.dominantSteps).toBeGreaterThan(0);
  });

  test('should give the same bits in the WebAssembly sweep as in the TypeScript one', () => {
    const p = randomProblem({ contacts: 60, bodies: 20, seed: 5 });
    const kernel = new Sweeper({ tolerance: 1e-14, maxIterations: 50 }, 'wasm');
    kernel.prepare(p, true, 0, true);
    expect(kernel.wasmDominantPasses).toBeDefined();
    const opts = { merit: 'energy' as const, tolerance: 1e-10, maxIterations: 2000, acceleration: 'dominant-mode' as const };
    const ts = solver({ ...opts, kernel: 'typescript' }).solve(p);
    const wasm = solver({ ...opts, kernel: 'wasm' }).solve(p);
    expect(ts.converged).toBe(true);
    expect(wasm.iterations).toBe(ts.iterations);
    expect(differing(wasm.r, ts.r)).toBe(0);
    // The kernel's passes ran (their own buffers), and moved as many contacts back into their cones.
    expect(ts.stats?.dominantSteps).toBeGreaterThan(0);
    expect(wasm.stats?.dominantSteps).toBe(ts.stats?.dominantSteps);
    expect(ts.stats?.dominantProjected).toBeGreaterThan(0);
    expect(wasm.stats?.dominantProjected).toBe(ts.stats?.dominantProjected);
    expect(new EnergyMerit().evaluate(p, ts.r)).toBeLessThanOrEqual(1e-10);
  });

  test('should be one of the acceleration options, for Gauss–Seidel only', () => {
    expect(options.parse({ acceleration: 'dominant-mode' }).acceleration).toBe('dominant-mode');
    const jacobi = options.safeParse({ acceleration: 'dominant-mode', variant: 'jacobi' });
    expect(jacobi.success).toBe(false);
    expect(jacobi.error?.issues[0].message).toMatch(/dominant-mode extrapolates the u that Gauss–Seidel keeps/);
  });
});
