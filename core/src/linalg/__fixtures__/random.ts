import { BlockSparseMatrix } from '../../problem/block-sparse-matrix.js';

/** Seeded uniform numbers in [-1, 1) (xorshift32), for reproducible test data. */
export function makeRandom(seed: number): () => number {
  let s = seed | 0 || 1;
  return () => {
    s ^= s << 13; s ^= s >>> 17; s ^= s << 5;
    return (s >>> 0) / 2147483648 - 1;
  };
}

export function randomVector(n: number, rand: () => number): Float64Array {
  const v = new Float64Array(n);
  for (let i = 0; i < n; i++) v[i] = rand();
  return v;
}

/**
 * A random BSR matrix: every diagonal block plus each off-diagonal block with
 * probability `density`; `diagShift` is added to the scalar diagonal.
 */
export function randomBsr(blockRows: number, density: number, rand: () => number, diagShift = 0): BlockSparseMatrix {
  const blocks: { row: number; col: number; values: Float64Array }[] = [];
  for (let i = 0; i < blockRows; i++) {
    for (let j = 0; j < blockRows; j++) {
      if (i !== j && (rand() + 1) / 2 >= density) continue;
      const v = randomVector(9, rand);
      if (i === j) { v[0] += diagShift; v[4] += diagShift; v[8] += diagShift; }
      blocks.push({ row: i, col: j, values: v });
    }
  }
  return BlockSparseMatrix.fromBlocks(blockRows, blocks);
}

/** out = A x for a dense row-major n x n A, the reference the kernels are checked against. */
export function denseMatVec(a: Float64Array, n: number, x: Float64Array): Float64Array {
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let t = 0; t < n; t++) s += a[i * n + t] * x[t];
    out[i] = s;
  }
  return out;
}

/** max_i |a_i - b_i| */
export function maxDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i] - b[i]));
  return a.length === b.length ? m : Infinity;
}
