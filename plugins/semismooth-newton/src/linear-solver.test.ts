import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import type { z } from 'zod';
import { BlockSparseMatrix, bsrMul } from '@moreau/core';
import { randomProblem } from '@moreau/conformance';
import plugin, { options } from './index.js';
import { LinearSolver, type LinearMethod, type LinearStats } from './linear-solver.js';
import { testContext } from './__fixtures__/context.js';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s / 2 ** 32 - 0.5;
  };
}

/** A random BSR matrix with W-like block pattern (diagonal blocks plus a symmetric random set) and unsymmetric values. */
function blockSparse(nb: number, density: number, seed: number): BlockSparseMatrix {
  const rnd = rng(seed);
  const rows: number[][] = Array.from({ length: nb }, (_, i) => [i]);
  for (let i = 0; i < nb; i++) for (let j = 0; j < i; j++) if (rnd() + 0.5 < density) { rows[i].push(j); rows[j].push(i); }
  const rowPtr = new Int32Array(nb + 1), cols: number[] = [];
  rows.forEach((r, i) => { cols.push(...r.sort((a, b) => a - b)); rowPtr[i + 1] = cols.length; });
  const values = Float64Array.from({ length: 9 * cols.length }, rnd);
  return new BlockSparseMatrix(nb, rowPtr, Int32Array.from(cols), values);
}

const linear = (n: number, method: LinearMethod) =>
  new LinearSolver(n, { method, tolerance: 1e-12, maxIterations: 500, restart: 60, directMaxSize: 3000 });

describe('LinearSolver', () => {
  test('should give the dense LU answer by sparse LU on random block-sparse systems', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.double({ min: 0, max: 0.3, noNaN: true }), fc.nat(), (nb, density, seed) => {
        const A = blockSparse(nb, density, seed);
        const b = Float64Array.from({ length: A.size }, rng(seed + 1));
        const dense = linear(A.size, 'dense-lu'), sparse = linear(A.size, 'sparse-lu');
        const xd = new Float64Array(A.size), xs = new Float64Array(A.size);
        expect(dense.solve(A, b, xd)).toBe(true);
        expect(sparse.solve(A, b, xs)).toBe(true);
        expect(sparse.stats.sparse).toBe(1);
        expect(dense.stats.sparse).toBe(0);
        // Random matrices may be nearly singular, where both answers can differ: compare when both solved it.
        if (dense.stats.singular === 0 && sparse.stats.singular === 0 && dense.stats.worstResidual < 1e-10) {
          expect(sparse.stats.worstResidual).toBeLessThan(1e-9);
          const scale = Math.max(1, ...xd.map(Math.abs));
          for (let i = 0; i < A.size; i++) expect(Math.abs(xs[i] - xd[i]) / scale).toBeLessThan(1e-6);
        }
      }),
      { numRuns: 40 },
    );
  });

  test('should take a basic solution of a singular system, as dense LU does, and count it', () => {
    const A = blockSparse(8, 0.3, 3);
    for (let k = 0; k < A.blockCount; k++) if (A.colIdx[k] === 5) A.values.fill(0, 9 * k, 9 * k + 9);
    const xs = Float64Array.from({ length: A.size }, rng(4));
    const b = bsrMul(A, xs, new Float64Array(A.size));
    for (const method of ['sparse-lu', 'dense-lu'] as const) {
      const s = linear(A.size, method), x = new Float64Array(A.size);
      expect(s.solve(A, b, x)).toBe(true);
      expect(s.stats.singular).toBe(1);
      expect(s.stats.worstDeficiency).toBe(3);
      expect([x[15], x[16], x[17]]).toEqual([0, 0, 0]);
      expect(s.stats.worstResidual).toBeLessThan(1e-10);
    }
  });

  test('should estimate cond₁ of each full-rank system, by sparse and dense LU, within a factor 3 below the exact value', () => {
    const exactCondition1 = (A: BlockSparseMatrix): number => {
      const n = A.size, d = A.toDense();
      const norm1 = (col: (j: number) => Float64Array) => {
        let m = 0;
        for (let j = 0; j < n; j++) m = Math.max(m, col(j).reduce((s, v) => s + Math.abs(v), 0));
        return m;
      };
      const columnOfA = (j: number) => Float64Array.from({ length: n }, (_, i) => d[i * n + j]);
      const inverse = linear(n, 'dense-lu');
      const columnOfInverse = (j: number) => {
        const e = new Float64Array(n), x = new Float64Array(n);
        e[j] = 1;
        inverse.solve(A, e, x);
        return x;
      };
      return norm1(columnOfA) * norm1(columnOfInverse);
    };
    for (const seed of [1, 2, 3, 4, 5]) {
      const A = blockSparse(6, 0.4, seed);
      for (let i = 0; i < A.blockRows; i++) {
        for (let k = A.rowPtr[i]; k < A.rowPtr[i + 1]; k++) if (A.colIdx[k] === i) for (const e of [0, 4, 8]) A.values[9 * k + e] += 0.5 * seed;
      }
      const exact = exactCondition1(A);
      const b = Float64Array.from({ length: A.size }, rng(seed));
      for (const method of ['sparse-lu', 'dense-lu'] as const) {
        const s = new LinearSolver(A.size, { method, tolerance: 1e-12, maxIterations: 500, restart: 60, directMaxSize: 3000, conditionEstimate: true });
        const x = new Float64Array(A.size);
        expect(s.solve(A, b, x)).toBe(true);
        expect(s.solve(A, b, x)).toBe(true);
        expect(s.stats.conditionEstimates).toBe(2);
        expect(s.stats.conditionMax).toBeLessThanOrEqual(exact * (1 + 1e-8));
        expect(s.stats.conditionMax).toBeGreaterThanOrEqual(exact / 3);
        expect(s.stats.conditionLogSum).toBeCloseTo(2 * Math.log(s.stats.conditionMax), 10);
      }
      // Off by default, and never for GMRES, which makes no factors.
      const quiet = linear(A.size, 'sparse-lu'), iterative = new LinearSolver(A.size, { method: 'gmres', tolerance: 1e-12, maxIterations: 500, restart: 60, directMaxSize: 3000, conditionEstimate: true });
      quiet.solve(A, b, new Float64Array(A.size));
      iterative.solve(A, b, new Float64Array(A.size));
      expect([quiet.stats.conditionEstimates, iterative.stats.conditionEstimates, quiet.stats.conditionMax]).toEqual([0, 0, 0]);
    }
  });

  test('should estimate no condition number for a rank-deficient factorisation (it is counted as singular)', () => {
    const A = blockSparse(8, 0.3, 3);
    for (let k = 0; k < A.blockCount; k++) if (A.colIdx[k] === 5) A.values.fill(0, 9 * k, 9 * k + 9);
    for (const method of ['sparse-lu', 'dense-lu'] as const) {
      const s = new LinearSolver(A.size, { method, tolerance: 1e-12, maxIterations: 500, restart: 60, directMaxSize: 3000, conditionEstimate: true });
      expect(s.solve(A, Float64Array.from({ length: A.size }, rng(4)), new Float64Array(A.size))).toBe(true);
      expect([s.stats.singular, s.stats.conditionEstimates, s.stats.conditionLogSum]).toEqual([1, 0, 0]);
    }
  });

  test('should report failure, with x zero and no NaN, when Ω has a non-finite entry', () => {
    const A = blockSparse(5, 0.5, 9);
    A.values[4] = Number.NaN;
    const s = linear(A.size, 'sparse-lu'), x = new Float64Array(A.size).fill(1);
    expect(s.solve(A, Float64Array.from({ length: A.size }, rng(2)), x)).toBe(false);
    expect([...x].every((v) => v === 0)).toBe(true);
  });

  test('should pick sparse LU for a sparse Ω and dense LU for a dense one under auto (and direct, its earlier name)', () => {
    const sparseOmega = blockSparse(60, 0.02, 1), denseOmega = blockSparse(10, 1, 2);
    for (const method of ['auto', 'direct'] as const) {
      const a = linear(sparseOmega.size, method), d = linear(denseOmega.size, method);
      a.solve(sparseOmega, Float64Array.from({ length: sparseOmega.size }, rng(1)), new Float64Array(sparseOmega.size));
      d.solve(denseOmega, Float64Array.from({ length: denseOmega.size }, rng(1)), new Float64Array(denseOmega.size));
      expect([a.stats.direct, a.stats.sparse]).toEqual([1, 1]);
      expect([d.stats.direct, d.stats.sparse]).toEqual([1, 0]);
    }
  });
});

describe('semismooth-newton with either direct solver', () => {
  const solve = (opts: z.input<typeof options>, seed: number, contacts: number) =>
    plugin.create(options.parse(opts), testContext()).solve(randomProblem(seed, { contacts }));

  test('should end the same way with sparse and dense LU on small problems', () => {
    for (let seed = 1; seed <= 12; seed++) {
      for (const variant of ['hyb', 'newt'] as const) {
        const dense = solve({ variant, linearSolver: 'dense-lu' }, seed, 5 + 3 * seed);
        const sparse = solve({ variant, linearSolver: 'sparse-lu' }, seed, 5 + 3 * seed);
        expect(sparse.converged).toBe(dense.converged);
        expect(sparse.reason).toBe(dense.reason);
        const stats = sparse.stats!.linear as LinearStats;
        expect(stats.sparse).toBe(stats.systems);
        // Same answers to rounding, so HYB takes the same steps; NEWT's long stagnating runs amplify
        // rounding (seed 6: 50 iterations by dense LU, 101 by sparse), so only its outcome is compared.
        if (variant === 'hyb') expect(Math.abs(sparse.iterations - dense.iterations)).toBeLessThanOrEqual(1);
      }
    }
  });
});
