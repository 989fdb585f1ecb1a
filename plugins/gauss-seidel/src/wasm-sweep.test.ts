import { describe, expect, test } from 'vitest';
import { BlockSparseMatrix, bsrMul, EnergyMerit, FrictionContactProblem, MERIT_ABOVE, siconosErrorAt } from '@moreau/core';
import { naturalMapResidual } from './residual.js';
import { SlidingSolver } from './sliding-solver.js';
import { Sweeper } from './sweep.js';
import { ENERGY_RESCALE, WasmSweep, wasmSweepAvailable } from './wasm-sweep.js';
import { randomProblem, sphereProblem } from './__fixtures__/random-problem.js';
import { differing, expectSameBits, velocity, type SweepOutcome } from './__fixtures__/bits.js';
import { testContext } from './__fixtures__/context.js';
import plugin from './index.js';
import { options } from './options.js';

// The WebAssembly sweep is the TypeScript sweep compiled another way: every test here asks
// for the same bits (Object.is on every entry of r and u), not for closeness.

const local = { tolerance: 1e-14, maxIterations: 50 };



/** The same problem with q multiplied by s, so r and u are too (s = 1e-150: their sums of squares underflow). */
/** Numbers in [−0.5, 0.5) from a linear congruential sequence started at `seed`: the same each run. */
function uniform(seed: number): () => number {
  let state = seed;
  return () => { state = (state * 1103515245 + 12345) % 2147483648; return state / 2147483648 - 0.5; };
}

function scaled(p: FrictionContactProblem, s: number): FrictionContactProblem {
  return new FrictionContactProblem(p.W, p.q.map((v) => v * s), p.mu);
}

type Outcome = SweepOutcome;

/** `sweeps` Gauss–Seidel sweeps from r = 0 on one kernel; the order alternates direction. */
function run(p: FrictionContactProblem, kernel: 'wasm' | 'typescript', omega: number, sweeps: number, s = new Sweeper(local, kernel)): Outcome {
  s.prepare(p, true);
  const order = Int32Array.from({ length: p.contacts }, (_, i) => p.contacts - 1 - i);
  const r = new Float64Array(p.size), u = velocity(p, r);
  const ok: boolean[] = [], change2: number[] = [];
  for (let k = 0; k < sweeps; k++) {
    ok.push(s.sweepUpdating(p, r, u, omega, order, k % 3 === 2));
    change2.push(s.change2);
  }
  return { ok, change2, r, u, counts: [s.separated, s.sticking, s.sliding, s.failed], quartic: s.slider.quarticUses };
}

describe('the WebAssembly Gauss–Seidel sweep', () => {
  test('should be available wherever the runtime has WebAssembly, as Node has', () => {
    expect(typeof WebAssembly).toBe('object');
    expect(wasmSweepAvailable()).toBe(true);
  });

  test('should run where asked for and not where not', () => {
    const p = randomProblem({ contacts: 6, bodies: 3, seed: 1 });
    const w = new Sweeper(local, 'wasm'), t = new Sweeper(local, 'typescript');
    w.prepare(p, true); t.prepare(p, true);
    expect(w.wasmKernel).toBe(true);
    expect(t.wasmKernel).toBe(false);
    // The row form (Jacobi) has no block columns and stays in TypeScript.
    w.prepare(p, false);
    expect(w.wasmKernel).toBe(false);
  });

  for (const omega of [1, 0.7, 1.5]) {
    test(`should give the TypeScript sweep's bits at relaxation ${omega}`, () => {
      for (const seed of [1, 2, 3, 4]) {
        const p = randomProblem({ contacts: 30, bodies: 10, seed });
        const t = run(p, 'typescript', omega, 25), w = run(p, 'wasm', omega, 25);
        expectSameBits(t, w);
        expect(w.counts[1] + w.counts[2]).toBeGreaterThan(0);
      }
    });
  }

  test("should give the TypeScript sweep's bits on spheres' contacts, whose slip Newton takes from −c", () => {
    for (const seed of [1, 2, 3]) {
      const p = sphereProblem({ contacts: 40, bodies: 12, seed });
      const t = run(p, 'typescript', 1, 25), w = run(p, 'wasm', 1, 25);
      expectSameBits(t, w);
      expect(w.counts[2]).toBeGreaterThan(0);
      expect(w.quartic).toBe(0);
    }
  });

  test('should read a W marked symmetric by one copy of its values, to the bits of its gathered columns', () => {
    for (const seed of [1, 2, 3]) {
      const p = randomProblem({ contacts: 30, bodies: 10, seed });
      // Made symmetric to the bit: each block below the diagonal (and each diagonal block's lower half) from its mirror.
      const { rowPtr, colIdx } = p.W, v = p.W.values.slice();
      for (let i = 0; i < p.contacts; i++) {
        for (let k = rowPtr[i]; k < rowPtr[i + 1]; k++) {
          const j = colIdx[k];
          if (j > i) continue;
          let m = rowPtr[j];
          while (colIdx[m] !== i) m++;
          for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) if (j < i || c < r) v[9 * k + 3 * r + c] = v[9 * m + 3 * c + r];
        }
      }
      const plain = new FrictionContactProblem(new BlockSparseMatrix(p.contacts, rowPtr, colIdx, v), p.q, p.mu);
      const marked = new FrictionContactProblem(plain.W.asSymmetric(), p.q, p.mu);
      expect([plain.W.symmetric, marked.W.symmetric]).toEqual([false, true]);
      const w = run(marked, 'wasm', 1, 25);
      expectSameBits(run(plain, 'wasm', 1, 25), w);
      expectSameBits(run(plain, 'typescript', 1, 25), w);
    }
  });

  test('should hand the sliding contacts Newton does not solve to the TypeScript solver, with the same bits', () => {
    // Large μ and few bodies: strongly coupled blocks where the slip's quartic is needed.
    let quartic = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const p = randomProblem({ contacts: 20, bodies: 4, seed, mu: [1.5, 3] });
      const t = run(p, 'typescript', 1, 20), w = run(p, 'wasm', 1, 20);
      expectSameBits(t, w);
      quartic += w.quartic;
    }
    expect(quartic).toBeGreaterThan(0);
  });

  test('should give the same bits where sums of squares underflow (the rescaled residual and projection)', () => {
    for (const seed of [5, 6]) {
      const p = scaled(randomProblem({ contacts: 15, bodies: 6, seed }), 1e-150);
      const t = run(p, 'typescript', 1.5, 10), w = run(p, 'wasm', 1.5, 10);
      expectSameBits(t, w);
      let moved = 0;
      for (const v of w.r) if (v !== 0) moved++;
      expect(moved).toBeGreaterThan(0);
    }
  });

  test("should compute a contact's residual to residual.ts's bits, in the plain and the rescaled ranges", () => {
    const kernel = new WasmSweep(new SlidingSolver(local), local.tolerance, local.maxIterations);
    const next = uniform(12345);
    // Magnitudes from underflowing to overflowing sums of squares, and exact zeros.
    const scales = [0, 1e-170, 1e-150, 1e-100, 1, 1e100, 1e160];
    let compared = 0;
    for (const sr of scales) for (const su of scales) for (const sq of scales) {
      const v = Array.from({ length: 9 }, (_, i) => next() * (i < 3 ? sr : i < 6 ? su : sq));
      for (const mu of [0, 0.3, 2]) {
        const args = [...v, mu] as [number, number, number, number, number, number, number, number, number, number];
        expect(Object.is(kernel.residual(...args), naturalMapResidual(...args))).toBe(true);
        compared++;
      }
    }
    expect(compared).toBe(3 * scales.length ** 3);
  });

  test("should compute the stopping screen's siconos error to core's bits, on any r and u and at any scale", () => {
    const s = new Sweeper(local, 'wasm');
    const next = uniform(99);
    let compared = 0;
    for (const scale of [0, 1e-200, 1e-150, 1, 1e100, 1e170]) {
      const p = scaled(randomProblem({ contacts: 12, bodies: 5, seed: compared + 1 }), scale);
      s.prepare(p, true);
      const kernel = s.wasmScreen!;
      for (const rScale of [0, 1e-160, 1, 1e160]) {
        const r = Float64Array.from({ length: p.size }, () => next() * rScale);
        const u = Float64Array.from({ length: p.size }, () => next() * scale);
        const expected = siconosErrorAt(p, r, u, new Float64Array(p.size), new Float64Array(3));
        expect(Object.is(kernel.siconosError(r, u), expected)).toBe(true);
        compared++;
      }
    }
    expect(compared).toBe(24);
  });

  test("should compute the energy merit's screen to core's bits: its value, its early answer, its weights", () => {
    const s = new Sweeper(local, 'wasm');
    const next = uniform(7);
    const answers = new Set<string>();
    for (const [i, scale] of [1, 1e-9, 1e-170, 1e150].entries()) {
      const base = randomProblem({ contacts: 12, bodies: 5, seed: i + 1 });
      // Contact 3's block singular and contact 5's indefinite: the merit weighs them by (1/max|diag|) I.
      const values = Float64Array.from(base.W.values);
      values.fill(0, 9 * base.W.diagIdx[3], 9 * base.W.diagIdx[3] + 9);
      values[9 * base.W.diagIdx[5] + 4] = -1;
      const p = scaled(new FrictionContactProblem(new BlockSparseMatrix(base.contacts, base.W.rowPtr, base.W.colIdx, values), base.q, base.mu), scale);
      s.prepare(p, true);
      const kernel = s.wasmScreen!;
      for (const floor of [0, 2.220446049250313e-16, 1e300]) {
        const merit = new EnergyMerit(floor);
        for (const bound of [Infinity, 1e-8, 1e3]) {
          const r = Float64Array.from({ length: p.size }, () => next() * scale);
          const u = Float64Array.from({ length: p.size }, () => next() * scale);
          const got = kernel.energyScreen(r, u, bound, floor);
          const expected = merit.evaluateUnlessAbove(p, r, u, bound);
          answers.add(got === MERIT_ABOVE ? 'above' : got === ENERGY_RESCALE ? 'rescale' : 'value');
          if (got !== ENERGY_RESCALE) expect(Object.is(got, expected)).toBe(true);
        }
      }
    }
    expect([...answers].sort()).toEqual(['above', 'rescale', 'value']);
  });

  test("should make u = W r + q from the kernel's block columns to the bits of core's bsrMul and + q, into the kept u, its own buffer or any array", () => {
    const s = new Sweeper(local, 'wasm');
    const next = uniform(21);
    let compared = 0;
    for (const [contacts, bodies, scale] of [[8, 4, 1], [60, 12, 1e-150], [400, 120, 1e120], [30, 30, 1]] as const) {
      const p = scaled(randomProblem({ contacts, bodies, seed: contacts }), scale);
      s.prepare(p, true);
      const kernel = s.wasmProducts!, resident = s.resident!;
      // r with zeros of both signs among its entries, as sweeps leave them.
      const r = Float64Array.from({ length: p.size }, (_, i) => (i % 7 === 0 ? 0 : i % 11 === 0 ? -0 : next() * scale));
      resident.r.set(r);
      const expected = bsrMul(p.W, r, new Float64Array(p.size));
      for (let i = 0; i < p.size; i++) expected[i] += p.q[i];
      const elsewhere = new Float64Array(p.size).fill(7);
      // The kept u is made in place: the kernel's other buffer is left alone.
      resident.exact.fill(7);
      for (const out of [resident.u, resident.exact, elsewhere]) {
        expect(kernel.product(out)).toBe(out);
        expect(differing(out, expected)).toBe(0);
        if (out === resident.u) expect(resident.exact.every((x) => x === 7)).toBe(true);
        compared++;
      }
    }
    expect(compared).toBe(12);
  });

  test("should compute the energy merit at any u to core's bits, the kernel's kept u left as it was", () => {
    const s = new Sweeper(local, 'wasm');
    const next = uniform(11);
    let compared = 0;
    for (const [i, scale] of [1, 1e-9, 1e-170].entries()) {
      const p = scaled(randomProblem({ contacts: 12, bodies: 5, seed: i + 1 }), scale);
      s.prepare(p, true);
      const kernel = s.wasmScreen!, resident = s.resident!;
      for (const floor of [0, 2.220446049250313e-16]) {
        const merit = new EnergyMerit(floor);
        resident.r.set(Float64Array.from({ length: p.size }, () => next() * scale));
        resident.u.set(Float64Array.from({ length: p.size }, () => next() * scale));
        const kept = Float64Array.from(resident.u);
        const other = Float64Array.from({ length: p.size }, () => next() * scale);
        for (const u of [other, resident.u]) {
          const got = kernel.energyAt(resident.r, u, floor);
          if (got === ENERGY_RESCALE) continue;
          expect(Object.is(got, merit.evaluate(p, resident.r, u))).toBe(true);
          expect(differing(resident.u, kept)).toBe(0);
          compared++;
        }
      }
    }
    // The smallest scale needs core's rescaled sums: the kernel says so instead of answering.
    expect(compared).toBe(8);
  });

  test('should stop at a local answer that is not finite before writing it, as the TypeScript sweep does', () => {
    const p = randomProblem({ contacts: 10, bodies: 5, seed: 7 });
    // A frictionless approaching contact with a vanishing W_NN: r_N = −q_N / W_NN overflows.
    const a = 4, q = Float64Array.from(p.q), mu = Float64Array.from(p.mu), values = Float64Array.from(p.W.values);
    q[3 * a] = -1;
    mu[a] = 0;
    values[9 * p.W.diagIdx[a]] = 1e-320;
    const bad = new FrictionContactProblem(new BlockSparseMatrix(p.contacts, p.W.rowPtr, p.W.colIdx, values), q, mu);
    const t = run(bad, 'typescript', 1, 2), w = run(bad, 'wasm', 1, 2);
    expect(t.ok).toContain(false);
    expectSameBits(t, w);
  });

  test('should keep the same bits when one sweeper meets a larger problem, then a smaller one (its memory grows)', () => {
    const w = new Sweeper(local, 'wasm');
    for (const [contacts, bodies, seed] of [[8, 4, 1], [400, 120, 2], [12, 5, 3]] as const) {
      const p = randomProblem({ contacts, bodies, seed });
      expectSameBits(run(p, 'typescript', 1, 8), run(p, 'wasm', 1, 8, w));
    }
  });

  test("should solve with Anderson acceleration to the same bits, the extrapolation on the kernel's history, under either merit's screen, every sweep or every second, at any depth", () => {
    let mixes = 0, projected = 0;
    // Depths 2 and 9 besides the default 5: the kernel sums the history four slots at a time, then one by one.
    for (const [seed, merit, every, depth] of [[1, 'siconos', 1, 5], [2, 'siconos', 2, 5], [3, 'energy', 1, 5], [4, 'energy', 2, 5], [5, 'energy', 1, 2], [6, 'siconos', 1, 9]] as const) {
      // Few bodies for many contacts: a jammed, slowly converging problem where the extrapolation runs.
      const p = randomProblem({ contacts: 60, bodies: 12, seed });
      const solve = (kernel: 'wasm' | 'typescript') => plugin.create(options.parse({ kernel, merit, acceleration: 'anderson', andersonDepth: depth, andersonStart: 2, andersonEvery: every, maxIterations: 400 }), testContext()).solve(p);
      const t = solve('typescript'), w = solve('wasm');
      expect(differing(t.r, w.r)).toBe(0);
      expect(differing(t.u, w.u)).toBe(0);
      expect(w.iterations).toBe(t.iterations);
      expect(Object.is(w.error, t.error)).toBe(true);
      expect(w.stats).toEqual(t.stats);
      mixes += w.stats!.andersonMixes as number;
      projected += w.stats!.andersonProjected as number;
    }
    expect(mixes).toBeGreaterThan(0);
    expect(projected).toBeGreaterThan(0);
  });
});
