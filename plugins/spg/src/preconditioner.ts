import type { BlockSparseMatrix } from '@moreau/core/kernels';

/**
 * The diagonal preconditioner P of paper 002 P-SPG-FB ("we use diagonal"):
 *
 * - `diagonal`: P = diag(W), the paper's;
 * - `contact`: each contact's three entries replaced by their mean (trace of the diagonal block / 3),
 *   so P is a multiple of the identity on every cone and the projection in line 5 is the
 *   projection in P's metric: the preconditioned direction is always a descent direction;
 * - `none`: one multiple of the identity, the mean of diag(W), which keeps the step α̂ free of
 *   W's units (as the other two do).
 *
 * An entry that is not positive (a contact whose diagonal block is zero or negative) takes the
 * mean of the positive ones, 1 when there is none.
 */
export type PreconditionerKind = 'diagonal' | 'contact' | 'none';

/** P and P⁻¹ as vectors of length n. */
export interface Preconditioner {
  readonly p: Float64Array;
  readonly inverse: Float64Array;
  /** The largest entry of P: the scalar metric of the unpreconditioned direction (line 7). */
  readonly max: number;
}

/** P for W, written into `p` and `inverse` (length 3 · blockRows). */
export function diagonalPreconditioner(W: BlockSparseMatrix, kind: PreconditionerKind, p: Float64Array, inverse: Float64Array): Preconditioner {
  const nb = W.blockRows, { values, diagIdx } = W;
  let sum = 0, count = 0;
  for (let a = 0; a < nb; a++) {
    for (let t = 0; t < 3; t++) {
      const w = values[9 * diagIdx[a] + 4 * t];
      p[3 * a + t] = w;
      if (w > 0) { sum += w; count++; }
    }
  }
  const mean = count > 0 ? sum / count : 1;
  for (let a = 0; a < nb; a++) {
    const o = 3 * a;
    if (kind === 'none') {
      p[o] = p[o + 1] = p[o + 2] = mean;
      continue;
    }
    for (let t = 0; t < 3; t++) if (!(p[o + t] > 0)) p[o + t] = mean;
    if (kind === 'contact') p[o] = p[o + 1] = p[o + 2] = (p[o] + p[o + 1] + p[o + 2]) / 3;
  }
  let max = 0;
  for (let i = 0; i < p.length; i++) {
    inverse[i] = 1 / p[i];
    if (p[i] > max) max = p[i];
  }
  return { p, inverse, max: max > 0 ? max : 1 };
}
