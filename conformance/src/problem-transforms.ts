import { BlockSparseMatrix, FrictionContactProblem } from '@moreau/core';

/**
 * Transformations of a problem whose effect on the solution theory predicts:
 * the solver-suite invariances (permutation, scaling) and the well-posed
 * family the invariances are checked on (unique solution, known error bound).
 */

/**
 * The problem with its contacts reordered: new contact i is old contact `perm[i]`,
 * so W'_ij = W_{perm[i] perm[j]}, q'_i = q_{perm[i]}, μ'_i = μ_{perm[i]}.
 * Its solutions are the old ones reordered the same way.
 */
export function permuteProblem(p: FrictionContactProblem, perm: Int32Array): FrictionContactProblem {
  const nc = p.contacts;
  const inverse = new Int32Array(nc);
  for (let i = 0; i < nc; i++) inverse[perm[i]] = i;
  const { rowPtr, colIdx, values } = p.W;
  const blocks: { row: number; col: number; values: Float64Array }[] = [];
  for (let a = 0; a < nc; a++) {
    for (let k = rowPtr[a]; k < rowPtr[a + 1]; k++) {
      blocks.push({ row: inverse[a], col: inverse[colIdx[k]], values: values.subarray(9 * k, 9 * k + 9) });
    }
  }
  const q = new Float64Array(3 * nc), mu = new Float64Array(nc);
  for (let i = 0; i < nc; i++) {
    q.set(p.q.subarray(3 * perm[i], 3 * perm[i] + 3), 3 * i);
    mu[i] = p.mu[perm[i]];
  }
  return new FrictionContactProblem(BlockSparseMatrix.fromBlocks(nc, blocks), q, mu, `${p.name} permuted`);
}

/** Reorders per-contact 3-vectors like `permuteProblem`: out_i = x_{perm[i]}. @returns out */
export function permuteVector(x: Float64Array, perm: Int32Array, out = new Float64Array(x.length)): Float64Array {
  for (let i = 0; i < perm.length; i++) out.set(x.subarray(3 * perm[i], 3 * perm[i] + 3), 3 * i);
  return out;
}

/** (W, c q, μ): the cones are cones, so c r solves it exactly when r solves (W, q), for c > 0. */
export function scaleQ(p: FrictionContactProblem, c: number): FrictionContactProblem {
  return new FrictionContactProblem(p.W, p.q.map((v) => c * v), p.mu, `${p.name} q×${c}`);
}

/** The same problem with new friction coefficients. */
export function withMu(p: FrictionContactProblem, mu: Float64Array, name = p.name): FrictionContactProblem {
  return new FrictionContactProblem(p.W, p.q, mu, name);
}

/** max over scalar rows of Σ_j |W_ij|: a bound on every eigenvalue's modulus (Gershgorin). */
export function gershgorinBound(W: BlockSparseMatrix): number {
  const { rowPtr, values } = W;
  let best = 0;
  for (let a = 0; a < W.blockRows; a++) {
    for (let i = 0; i < 3; i++) {
      let s = 0;
      for (let k = rowPtr[a]; k < rowPtr[a + 1]; k++) {
        const o = 9 * k + 3 * i;
        s += Math.abs(values[o]) + Math.abs(values[o + 1]) + Math.abs(values[o + 2]);
      }
      best = Math.max(best, s);
    }
  }
  return best;
}

/** W + s I, same sparsity. */
export function shiftDiagonal(W: BlockSparseMatrix, s: number): BlockSparseMatrix {
  const values = Float64Array.from(W.values);
  for (let a = 0; a < W.blockRows; a++) {
    const o = 9 * W.diagIdx[a];
    values[o] += s; values[o + 4] += s; values[o + 8] += s;
  }
  return new BlockSparseMatrix(W.blockRows, W.rowPtr, W.colIdx, values);
}

/** A problem with one solution, and the constant κ of its error bound (see `wellPosed`). */
export interface WellPosedProblem {
  problem: FrictionContactProblem;
  /** ‖r − r*‖ <= κ ‖r − P_K(r − F(r))‖ for every r. */
  kappa: number;
}

/**
 * A problem with a unique solution and a computable error bound, made from a problem
 * with a symmetric positive semidefinite W (as the generators build):
 *
 *  - W' = W + α G I with G the Gershgorin bound, so λ_min(W') >= m = α G and λ_max(W') <= L = (1 + α) G;
 *  - for the Coulomb problem, μ scaled so that μ_max L <= m / 2.
 *
 * Then F(r) = W'r + q + [μ‖u_T‖, 0, 0] (De Saxcé; F(r) = W'r + q for the relaxed or
 * frictionless problem) is strongly monotone with modulus c = m − μ_max L and Lipschitz with
 * L_F = (1 + μ_max) L, so the variational inequality r ∈ K, <F(r), s − r> >= 0 has one
 * solution r* and every r obeys ‖r − r*‖ <= κ ‖r − P_K(r − F(r))‖ with κ = (1 + L_F) / c
 * (the natural-map error bound of strongly monotone variational inequalities).
 */
export function wellPosed(p: FrictionContactProblem, alpha: number, cone: 'coulomb' | 'relaxed'): WellPosedProblem {
  const G = gershgorinBound(p.W) || 1;
  // W is PSD only up to rounding: take a hair off m.
  const m = alpha * G * (1 - 1e-9), L = (1 + alpha) * G;
  let muMax = 0;
  for (const v of p.mu) muMax = Math.max(muMax, v);
  let mu = p.mu;
  if (cone === 'coulomb' && muMax * L > m / 2) {
    const s = m / (2 * L * muMax);
    mu = p.mu.map((v) => v * s);
    muMax *= s;
  }
  const coulomb = cone === 'coulomb' && muMax > 0;
  const c = coulomb ? m - muMax * L : m;
  const LF = coulomb ? (1 + muMax) * L : L;
  const problem = new FrictionContactProblem(shiftDiagonal(p.W, alpha * G), p.q, mu, `${p.name} +${alpha.toPrecision(3)}G·I`);
  return { problem, kappa: (1 + LF) / c };
}
