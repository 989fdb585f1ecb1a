import { expect } from 'vitest';
import { BlockSparseMatrix, FrictionContactProblem, SiconosMerit } from '@moreau/core';
import type { SolveResult } from '@moreau/core/contracts';

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

/** The largest distance of a column's normal reactions from their closed form: contact a carries the weight above it, r_N = a + 1. */
export function columnError(r: Float64Array, depth: number): number {
  let worst = 0;
  for (let a = 0; a < depth; a++) worst = Math.max(worst, Math.abs(r[3 * a] - (a + 1)));
  return worst;
}

/**
 * A column of `depth` bodies solved with plain sweeps and with the given options, both to the
 * siconos measure's 1e-10 and checked against the closed form (to 1e-7 per body).
 * @returns both results, for the caller's claim on the sweeps
 */
export function columnBothWays(solve: (p: FrictionContactProblem, options: Record<string, unknown>) => SolveResult,
  options: Record<string, unknown>, depth = 40): { plain: SolveResult; fast: SolveResult } {
  const p = column(depth, 0.5);
  const plain = solve(p, { tolerance: 1e-10, maxIterations: 40_000 });
  const fast = solve(p, { tolerance: 1e-10, maxIterations: 40_000, ...options });
  for (const res of [plain, fast]) {
    expect(res.converged).toBe(true);
    expect(new SiconosMerit().evaluate(p, res.r)).toBeLessThanOrEqual(1e-10);
    expect(columnError(res.r, depth)).toBeLessThanOrEqual(1e-7 * depth);
  }
  return { plain, fast };
}
