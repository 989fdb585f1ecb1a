import { bsrMul, BlockSparseMatrix } from '@moreau/core';
import { randomProblem } from '@moreau/conformance';
import { describe, expect, it } from 'vitest';
import { clusterOf, clusterProblem } from './cluster.js';

/** A chain of contacts 0–1–2–…–(n−1): each couples to the next (tridiagonal block pattern). */
function chainPattern(n: number): BlockSparseMatrix {
  const blocks = [];
  for (let a = 0; a < n; a++) {
    for (const c of [a - 1, a, a + 1]) {
      if (c < 0 || c >= n) continue;
      blocks.push({ row: a, col: c, values: c === a ? [2, 0, 0, 0, 2, 0, 0, 0, 2] : [0.1, 0, 0, 0, 0.1, 0, 0, 0, 0.1] });
    }
  }
  return BlockSparseMatrix.fromBlocks(n, blocks);
}

function residual(n: number, sizes: Record<number, number>): Float64Array {
  const e = new Float64Array(3 * n);
  for (const [a, s] of Object.entries(sizes)) e[3 * Number(a) + 1] = s;
  return e;
}

describe('clusterOf', () => {
  it('takes the largest residuals until they hold the share, then their neighbours in W', () => {
    const W = chainPattern(10);
    // Of ‖e‖² = 109.01, contact 6 holds 100 and 2 holds 9: together past 0.99 of it, so 9 (0.01) is no seed.
    const idx = clusterOf(W, residual(10, { 6: 10, 2: 3, 9: 0.1 }), 40, 0.99);
    expect(Array.from(idx)).toEqual([1, 2, 3, 5, 6, 7]);
  });

  it('stops at `seeds` seeds, the largest first', () => {
    const W = chainPattern(10);
    expect(Array.from(clusterOf(W, residual(10, { 8: 3, 1: 2, 4: 1 }), 1, 0.99))).toEqual([7, 8, 9]);
  });

  it('weighs every entry of a contact\'s residual, and breaks ties by the lower index', () => {
    const W = chainPattern(12);
    const e = new Float64Array(36);
    e[3 * 2] = 3; // contact 2: 9 in its normal entry
    e[3 * 9 + 2] = 2; e[3 * 9] = 2; // contact 9: 4 + 4 = 8 over two entries
    expect(Array.from(clusterOf(W, e, 1, 0.99))).toEqual([1, 2, 3]);
    e[3 * 9 + 1] = 1; // contact 9: 9, as large as contact 2: the lower index wins
    expect(Array.from(clusterOf(W, e, 1, 0.99))).toEqual([1, 2, 3]);
    e[3 * 9 + 1] = 1.5; // 10.25: contact 9 now
    expect(Array.from(clusterOf(W, e, 1, 0.99))).toEqual([8, 9, 10]);
  });

  it("adds a seed's own neighbours only, whatever the rows after it hold", () => {
    // Contact 1 couples to 0; contact 2, the next row, to 5.
    const blocks = [[0, 0], [0, 1], [1, 0], [1, 1], [2, 2], [2, 5], [3, 3], [4, 4], [5, 2], [5, 5]]
      .map(([row, col]) => ({ row, col, values: row === col ? [2, 0, 0, 0, 2, 0, 0, 0, 2] : [0.1, 0, 0, 0, 0.1, 0, 0, 0, 0.1] }));
    const W = BlockSparseMatrix.fromBlocks(6, blocks);
    expect(Array.from(clusterOf(W, residual(6, { 1: 1 }), 40, 0.99))).toEqual([0, 1]);
  });

  it('is empty when no contact has a residual', () => {
    expect(clusterOf(chainPattern(5), new Float64Array(15), 40, 0.99).length).toBe(0);
  });
});

describe('clusterProblem', () => {
  it("gives the cluster's velocities of the whole problem for any reactions of its members, the others frozen", () => {
    const p = randomProblem(5, { contacts: 30, bodies: 12, mu: [0.1, 0.8] });
    const r = Float64Array.from({ length: p.size }, (_, i) => Math.sin(i + 1));
    const u = bsrMul(p.W, r, new Float64Array(p.size));
    for (let i = 0; i < u.length; i++) u[i] += p.q[i];
    const idx = Int32Array.from([2, 3, 7, 11, 20, 29]);
    const sub = clusterProblem(p, idx, r, u);
    expect(Array.from(sub.r)).toEqual(Array.from(idx).flatMap((a) => Array.from(r.subarray(3 * a, 3 * a + 3))));
    expect(Array.from(sub.problem.mu)).toEqual(Array.from(idx).map((a) => p.mu[a]));
    // Move the members' reactions: the sub-problem's u must be the whole problem's u at those contacts.
    const rs = Float64Array.from(sub.r, (v, i) => v + Math.cos(3 * i));
    const whole = Float64Array.from(r);
    idx.forEach((a, i) => whole.set(rs.subarray(3 * i, 3 * i + 3), 3 * a));
    const uWhole = bsrMul(p.W, whole, new Float64Array(p.size));
    const uSub = bsrMul(sub.problem.W, rs, new Float64Array(3 * idx.length));
    idx.forEach((a, i) => {
      for (let k = 0; k < 3; k++) expect(uSub[3 * i + k] + sub.problem.q[3 * i + k]).toBeCloseTo(uWhole[3 * a + k] + p.q[3 * a + k], 12);
    });
  });

  it('is the whole problem when the cluster is every contact', () => {
    const p = randomProblem(6, { contacts: 12, bodies: 5, mu: [0.1, 0.8] });
    const r = Float64Array.from({ length: p.size }, (_, i) => Math.cos(i));
    const u = bsrMul(p.W, r, new Float64Array(p.size));
    for (let i = 0; i < u.length; i++) u[i] += p.q[i];
    const sub = clusterProblem(p, Int32Array.from({ length: 12 }, (_, a) => a), r, u);
    expect(Array.from(sub.problem.W.toDense())).toEqual(Array.from(p.W.toDense()));
    for (let i = 0; i < p.size; i++) expect(sub.problem.q[i]).toBeCloseTo(p.q[i], 12);
  });
});
