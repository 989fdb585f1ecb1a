import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { BlockSparseMatrix } from '../problem/block-sparse-matrix.js';
import { bsrMul, bsrMulTranspose } from './bsr-matvec.js';
import { SparseLu } from './sparse-lu.js';
import { SparseLuPattern, type SparseLuOrdering } from './sparse-lu-pattern.js';

/** A seeded uniform generator on [-0.5, 0.5). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s / 2 ** 32 - 0.5;
  };
}

/**
 * A random BSR matrix: the diagonal blocks and a random symmetric set of off-diagonal
 * blocks (about `density` of them), random values. `smallDiagonal` shrinks the diagonal
 * entries so that keeping them as pivots would be unstable: pivoting must act.
 */
function randomBsr(nb: number, density: number, seed: number, smallDiagonal = false): BlockSparseMatrix {
  const rnd = rng(seed);
  const pattern: Set<number>[] = Array.from({ length: nb }, (_, i) => new Set([i]));
  for (let i = 0; i < nb; i++) {
    for (let j = 0; j < i; j++) {
      if (rnd() + 0.5 < density) { pattern[i].add(j); pattern[j].add(i); }
    }
  }
  const rowPtr = new Int32Array(nb + 1);
  for (let i = 0; i < nb; i++) rowPtr[i + 1] = rowPtr[i] + pattern[i].size;
  const colIdx = new Int32Array(rowPtr[nb]);
  const values = new Float64Array(9 * rowPtr[nb]);
  for (let i = 0; i < nb; i++) {
    let k = rowPtr[i];
    for (const j of [...pattern[i]].sort((a, b) => a - b)) {
      colIdx[k] = j;
      for (let e = 0; e < 9; e++) {
        const diagonal = i === j && e % 4 === 0;
        values[9 * k + e] = rnd() + (diagonal ? (smallDiagonal ? 0 : 3 * pattern[i].size) : 0);
        if (diagonal && smallDiagonal) values[9 * k + e] *= 1e-6;
      }
      k++;
    }
  }
  return new BlockSparseMatrix(nb, rowPtr, colIdx, values);
}

function solveWith(A: BlockSparseMatrix, b: Float64Array, ordering: SparseLuOrdering, threshold: number) {
  const lu = new SparseLu(new SparseLuPattern(A.rowPtr, A.colIdx, ordering));
  expect(lu.factor(A.values, 1e-12, threshold)).toBe(true);
  const x = new Float64Array(A.size);
  lu.solve(b, x);
  return { x, lu };
}

function relativeResidual(A: BlockSparseMatrix, x: Float64Array, b: Float64Array): number {
  const ax = bsrMul(A, x, new Float64Array(A.size));
  let r = 0, n = 0;
  for (let i = 0; i < A.size; i++) { r += (ax[i] - b[i]) ** 2; n += b[i] ** 2; }
  return Math.sqrt(r / n);
}

const orderings: SparseLuOrdering[] = ['minimum-degree', 'rcm', 'natural'];

describe('SparseLu', () => {
  test('should solve random block-sparse nonsingular systems, with any ordering and pivot threshold', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 25 }), fc.double({ min: 0, max: 0.4, noNaN: true }), fc.nat(),
        fc.constantFrom(...orderings), fc.constantFrom(1, 0.1, 0.01),
        (nb, density, seed, ordering, threshold) => {
          const A = randomBsr(nb, density, seed);
          const xs = Float64Array.from({ length: A.size }, rng(seed + 1));
          const b = bsrMul(A, xs, new Float64Array(A.size));
          const { x, lu } = solveWith(A, b, ordering, threshold);
          expect(lu.deficiency).toBe(0);
          for (let i = 0; i < A.size; i++) expect(x[i]).toBeCloseTo(xs[i], 8);
        },
      ),
      { numRuns: 60 },
    );
  });

  test('should solve the transposed system Aᵀ x = b from the same factors, with any ordering and pivot threshold', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 25 }), fc.double({ min: 0, max: 0.4, noNaN: true }), fc.nat(),
        fc.constantFrom(...orderings), fc.constantFrom(1, 0.1, 0.01), fc.boolean(),
        (nb, density, seed, ordering, threshold, smallDiagonal) => {
          const A = randomBsr(nb, density, seed, smallDiagonal);
          const lu = new SparseLu(new SparseLuPattern(A.rowPtr, A.colIdx, ordering));
          expect(lu.factor(A.values, 1e-12, threshold)).toBe(true);
          if (lu.deficiency > 0) return; // the transposed solve is for full-rank factors only
          const xs = Float64Array.from({ length: A.size }, rng(seed + 2));
          const b = bsrMulTranspose(A, xs, new Float64Array(A.size));
          const before = Float64Array.from(b);
          const x = new Float64Array(A.size).fill(NaN); // every entry must be written
          lu.solveTranspose(b, x);
          expect(b).toEqual(before);
          const r = bsrMulTranspose(A, x, new Float64Array(A.size));
          let num = 0, den = 0;
          for (let i = 0; i < A.size; i++) { num += (r[i] - b[i]) ** 2; den += b[i] ** 2; }
          expect(Math.sqrt(num / den)).toBeLessThan(1e-9);
        },
      ),
      { numRuns: 80 },
    );
  });

  test('should pivot off a tiny diagonal (a static diagonal pivot order would fail here)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 20 }), fc.nat(), fc.constantFrom(1, 0.01), (nb, seed, threshold) => {
        const A = randomBsr(nb, 0.3, seed, true);
        const xs = Float64Array.from({ length: A.size }, rng(seed + 7));
        const b = bsrMul(A, xs, new Float64Array(A.size));
        const { x, lu } = solveWith(A, b, 'minimum-degree', threshold);
        // Random matrices can be ill-conditioned: judge by the backward error, which pivoting keeps small.
        if (lu.deficiency === 0) expect(relativeResidual(A, x, b)).toBeLessThan(1e-9);
      }),
      { numRuns: 40 },
    );
  });

  test('should return a finite basic solution of a consistent singular system, counting the left-out columns', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 15 }), fc.nat(), fc.integer({ min: 0, max: 2 }), (nb, seed, t) => {
        const A = randomBsr(nb, 0.3, seed);
        // Zero scalar column 3·c + t of A: rank n − 1, and b = A xs stays in the range.
        const c = seed % nb;
        for (let i = 0; i < nb; i++) {
          for (let k = A.rowPtr[i]; k < A.rowPtr[i + 1]; k++) {
            if (A.colIdx[k] === c) for (let s = 0; s < 3; s++) A.values[9 * k + 3 * s + t] = 0;
          }
        }
        const xs = Float64Array.from({ length: A.size }, rng(seed + 3));
        const b = bsrMul(A, xs, new Float64Array(A.size));
        const { x, lu } = solveWith(A, b, 'minimum-degree', 0.01);
        expect(lu.deficiency).toBe(1);
        expect(x[3 * c + t]).toBe(0);
        for (const v of x) expect(Number.isFinite(v)).toBe(true);
        expect(relativeResidual(A, x, b)).toBeLessThan(1e-9);
      }),
      { numRuns: 40 },
    );
  });

  test('should leave out a column that is zero to within the drop tolerance, and give no NaN', () => {
    const A = randomBsr(6, 0.5, 11);
    // Scale block column 2 down to 1e-15 of the rest: below 1e-12 · max|A|.
    for (let k = 0; k < A.blockCount; k++) if (A.colIdx[k] === 2) for (let e = 0; e < 9; e++) A.values[9 * k + e] *= 1e-15;
    const b = Float64Array.from({ length: A.size }, rng(5));
    const { x, lu } = solveWith(A, b, 'minimum-degree', 0.01);
    expect(lu.deficiency).toBe(3);
    for (const v of x) expect(Number.isFinite(v)).toBe(true);
    expect([x[6], x[7], x[8]]).toEqual([0, 0, 0]);
  });

  test('should give x = 0 for the zero matrix, every column left out', () => {
    const A = randomBsr(4, 0.5, 2);
    A.values.fill(0);
    const { x, lu } = solveWith(A, Float64Array.from({ length: A.size }, rng(1)), 'minimum-degree', 0.01);
    expect(lu.deficiency).toBe(A.size);
    expect([...x].every((v) => v === 0)).toBe(true);
  });

  test('should refuse a matrix with a non-finite entry', () => {
    const A = randomBsr(3, 1, 4);
    const lu = new SparseLu(new SparseLuPattern(A.rowPtr, A.colIdx));
    const values = A.values.slice();
    values[5] = Number.NaN;
    expect(lu.factor(values, 1e-12, 0.01)).toBe(false);
    values[5] = Number.POSITIVE_INFINITY;
    expect(lu.factor(values, 1e-12, 0.01)).toBe(false);
  });

  test('should factor new values of the same pattern as if fresh (workspaces reused, not stale)', () => {
    const A = randomBsr(12, 0.3, 21), B = randomBsr(12, 0.3, 21, true);
    expect(B.colIdx).toEqual(A.colIdx);
    const lu = new SparseLu(new SparseLuPattern(A.rowPtr, A.colIdx));
    const b = Float64Array.from({ length: A.size }, rng(9));
    const x1 = new Float64Array(A.size), x2 = new Float64Array(A.size), fresh = new Float64Array(A.size);
    lu.factor(B.values, 1e-12, 0.01);
    lu.solve(b, x1);
    lu.factor(A.values, 1e-12, 0.01);
    lu.solve(b, x2);
    const other = new SparseLu(new SparseLuPattern(A.rowPtr, A.colIdx));
    other.factor(A.values, 1e-12, 0.01);
    other.solve(b, fresh);
    expect(x2).toEqual(fresh);
    expect(x1).not.toEqual(x2);
  });

  test('should order whole blocks, so the three unknowns of a contact stay together', () => {
    const A = randomBsr(10, 0.3, 8);
    const { colOrder, n } = new SparseLuPattern(A.rowPtr, A.colIdx);
    expect(n).toBe(30);
    expect([...colOrder].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    for (let p = 0; p < 10; p++) {
      expect(colOrder[3 * p] % 3).toBe(0);
      expect(colOrder[3 * p + 1]).toBe(colOrder[3 * p] + 1);
      expect(colOrder[3 * p + 2]).toBe(colOrder[3 * p] + 2);
    }
  });

  test('should cut fill on an arrow pattern where the natural order fills in completely', () => {
    // Block 0 couples to every other block: eliminated first it fills the whole matrix.
    const nb = 30;
    const rowPtr = new Int32Array(nb + 1), cols: number[] = [];
    for (let i = 0; i < nb; i++) {
      const row = i === 0 ? Array.from({ length: nb }, (_, j) => j) : [0, i];
      cols.push(...row);
      rowPtr[i + 1] = cols.length;
    }
    const rnd = rng(3);
    const values = Float64Array.from({ length: 9 * cols.length }, rnd);
    for (let i = 0; i < nb; i++) {
      for (let k = rowPtr[i]; k < rowPtr[i + 1]; k++) if (cols[k] === i) for (let t = 0; t < 3; t++) values[9 * k + 4 * t] += 4 * nb;
    }
    const A = new BlockSparseMatrix(nb, rowPtr, Int32Array.from(cols), values);
    const b = Float64Array.from({ length: A.size }, rnd);
    const md = solveWith(A, b, 'minimum-degree', 0.01), natural = solveWith(A, b, 'natural', 0.01);
    expect(md.lu.nnz).toBeLessThan(natural.lu.nnz / 4);
    expect(relativeResidual(A, md.x, b)).toBeLessThan(1e-12);
  });
});
