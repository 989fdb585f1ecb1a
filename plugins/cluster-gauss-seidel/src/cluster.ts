import { BlockSparseMatrix, FrictionContactProblem } from '@moreau/core/kernels';

/**
 * The contacts where the residual gathers: the fewest contacts, largest first, whose shares of
 * ‖e‖² add up to `share`, at most `seeds` of them, then every contact W couples to one of them
 * (its block row's columns). `e` holds each contact's three entries of the siconos natural map
 * (`siconosErrorOf`'s scratch after a call). Returned sorted, without repeats.
 *
 * Why the neighbours: on the poured piles the few contacts a stalled sweep leaves wrong are
 * spheres pressed against one another; solved alone, with their neighbours' reactions frozen,
 * they did not release the sweeps (193 of 201 dumped pour steps, against 201 of 201 with the
 * neighbours; README, "How the cluster is chosen").
 */
export function clusterOf(W: BlockSparseMatrix, e: Float64Array, seeds: number, share: number): Int32Array {
  const nc = W.blockRows;
  const size = new Float64Array(nc);
  let total = 0;
  for (let a = 0; a < nc; a++) {
    const s = e[3 * a] * e[3 * a] + e[3 * a + 1] * e[3 * a + 1] + e[3 * a + 2] * e[3 * a + 2];
    size[a] = s;
    total += s;
  }
  const order = Array.from({ length: nc }, (_, a) => a).sort((a, b) => size[b] - size[a] || a - b);
  const chosen = new Uint8Array(nc);
  let taken = 0;
  for (let k = 0; k < nc && k < seeds && taken < share * total; k++) {
    const a = order[k];
    if (size[a] === 0) break;
    chosen[a] = 1;
    taken += size[a];
  }
  const members: number[] = [];
  for (let a = 0; a < nc; a++) if (chosen[a] === 1) members.push(a);
  for (const a of members) {
    for (let j = W.rowPtr[a]; j < W.rowPtr[a + 1]; j++) chosen[W.colIdx[j]] = 1;
  }
  const out: number[] = [];
  for (let a = 0; a < nc; a++) if (chosen[a] === 1) out.push(a);
  return Int32Array.from(out);
}

/**
 * The problem of the contacts `idx` alone, every other contact's reaction frozen at r:
 *
 *     u_S = W_SS r_S + q̂_S,   q̂_S = u_S − W_SS r_S = q_S + W_{S,rest} r_rest,
 *
 * with u = W r + q at the current r. Its warm start is r_S. Blocks of W between two members
 * are copied; blocks to contacts outside are folded into q̂.
 */
export function clusterProblem(
  problem: FrictionContactProblem, idx: Int32Array, r: Float64Array, u: Float64Array,
): { problem: FrictionContactProblem; r: Float64Array } {
  const W = problem.W;
  const place = new Map<number, number>();
  idx.forEach((a, i) => place.set(a, i));
  const n = idx.length;
  const rs = new Float64Array(3 * n);
  const qs = new Float64Array(3 * n);
  const mu = new Float64Array(n);
  const blocks: { row: number; col: number; values: Float64Array }[] = [];
  for (let i = 0; i < n; i++) {
    const a = idx[i];
    mu[i] = problem.mu[a];
    for (let k = 0; k < 3; k++) {
      rs[3 * i + k] = r[3 * a + k];
      qs[3 * i + k] = u[3 * a + k];
    }
  }
  for (let i = 0; i < n; i++) {
    const a = idx[i];
    for (let j = W.rowPtr[a]; j < W.rowPtr[a + 1]; j++) {
      const c = place.get(W.colIdx[j]);
      if (c === undefined) continue;
      const v = W.values.subarray(9 * j, 9 * j + 9);
      blocks.push({ row: i, col: c, values: v });
      for (let k = 0; k < 3; k++) {
        qs[3 * i + k] -= v[3 * k] * rs[3 * c] + v[3 * k + 1] * rs[3 * c + 1] + v[3 * k + 2] * rs[3 * c + 2];
      }
    }
  }
  const sub = new FrictionContactProblem(BlockSparseMatrix.fromBlocks(n, blocks), qs, mu, `${problem.name}, ${n} contacts`);
  return { problem: sub, r: rs };
}
