import { BlockSparseMatrix, FrictionContactProblem } from '@moreau/core';

/**
 * A column of `depth` bodies resting on the ground, pressed by gravity: the normal rows of W
 * are the chain's Laplacian (2 on the diagonal, −1 between neighbours, 1 at the top), the
 * tangential ones decoupled. Gauss–Seidel needs O(depth²) sweeps on it: the deep bed in small.
 */
export function column(depth: number, mu: number): FrictionContactProblem {
  const blocks: { row: number; col: number; values: Float64Array }[] = [];
  for (let a = 0; a < depth; a++) {
    const d = a === depth - 1 ? 1 : 2;
    blocks.push({ row: a, col: a, values: Float64Array.of(d, 0, 0, 0, d, 0, 0, 0, d) });
    if (a + 1 < depth) {
      blocks.push({ row: a, col: a + 1, values: Float64Array.of(-1, 0, 0, 0, -1, 0, 0, 0, -1) });
      blocks.push({ row: a + 1, col: a, values: Float64Array.of(-1, 0, 0, 0, -1, 0, 0, 0, -1) });
    }
  }
  const W = BlockSparseMatrix.fromBlocks(depth, blocks);
  const q = new Float64Array(3 * depth);
  // Each body weighs the same: the contact under body a carries the a-th to last bodies.
  for (let a = 0; a < depth; a++) { q[3 * a] = a === depth - 1 ? -1 : 0; q[3 * a + 1] = 0.01 * Math.sin(a); }
  return new FrictionContactProblem(W, q, new Float64Array(depth).fill(mu));
}
