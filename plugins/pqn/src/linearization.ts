import { applyGradC, computeCOmega, invert3, type BlockSparseMatrix, type BsrMulKernel } from '@moreau/core';

/**
 * The linearised problem at one Newton step (paper 000 §6-7, normal first):
 *
 *     C_ω^k = C_ω(U^k, R^k),   A^k = ∇C_ω^k + δ I = X W + Y + δ I   (eqs 41, 49, 52),
 *
 * in the unknowns R/s for a reaction scale s > 0 (`linearize`): C_ω(U, R/s) with U = (sW)(R/s) + q,
 * whose gradient in R/s is s X W + Y. s = 1 is the paper's impulse; s = h makes R/s the mean force
 * over the step, Solfec's unknown (its W is h H M⁻¹ Hᵀ). C_ω mixes R and U in S = R − F(U), so
 * the iteration, unlike the solution set, depends on s.
 *
 * held matrix-free: `apply` multiplies by A^k with one BSR mat-vec, and the 3x3
 * diagonal blocks A_aa = X_a W_aa + Y_a + δ I are kept with their inverses, the
 * block-Jacobi preconditioner of Algorithm 1 step (c) and the whole of A in
 * paper 001's variant. Workspaces are allocated once per problem size.
 */
export class Linearization {
  readonly contacts: number;
  /** C_ω^k, 3 per contact. */
  readonly C: Float64Array;
  /** X and Y of eqs 43-44, 9 row-major values per contact. */
  readonly X: Float64Array;
  readonly Y: Float64Array;
  /** Diagonal blocks A_aa of A^k, 9 per contact. */
  readonly diagonal: Float64Array;
  /** Their inverses (a singular block is replaced by (1/max|diag|) I, see `linearize`). */
  readonly inverse: Float64Array;
  /** Diagonal blocks found singular at the last `factor`. */
  singularBlocks = 0;
  /** W products made by `apply` since construction. */
  matVecs = 0;
  private readonly tmp: Float64Array;
  private readonly scaled: Float64Array;
  private W: BlockSparseMatrix | null = null;
  private delta = 0;

  /** @param product makes A's products with W when given (the solver keeps it in `use` of W) */
  constructor(contacts: number, private readonly product?: BsrMulKernel) {
    this.contacts = contacts;
    const n = 3 * contacts;
    this.C = new Float64Array(n);
    this.tmp = new Float64Array(n);
    this.scaled = new Float64Array(n);
    this.X = new Float64Array(9 * contacts);
    this.Y = new Float64Array(9 * contacts);
    this.diagonal = new Float64Array(9 * contacts);
    this.inverse = new Float64Array(9 * contacts);
  }

  /**
   * Step (b) of Algorithm 1, first half: C_ω, X and Y at (U, R/s), with U = W R + q given;
   * X is stored as s X, so that X W + Y below is the gradient s X W + Y in R/s.
   * `factor` then builds A's diagonal blocks for the δ of this step.
   * @param scale s > 0, the reaction scale (1: the paper's R)
   * @returns ‖C_ω‖₂
   */
  linearize(W: BlockSparseMatrix, mu: Float64Array, U: Float64Array, R: Float64Array, omega: number, scale = 1): number {
    this.W = W;
    const C = this.C, X = this.X;
    let r = R;
    if (scale !== 1) {
      r = this.scaled;
      for (let i = 0; i < R.length; i++) r[i] = R[i] / scale;
    }
    computeCOmega(U, r, mu, omega, C, X, this.Y);
    if (scale !== 1) for (let i = 0; i < X.length; i++) X[i] *= scale;
    let c2 = 0;
    for (let i = 0; i < C.length; i++) c2 += C[i] * C[i];
    return Math.sqrt(c2);
  }

  /** Step (b), second half: the diagonal blocks of A = X W + Y + δ I (at the last `linearize`) and their inverses. */
  factor(delta: number): void {
    this.delta = delta;
    const { X, Y, diagonal, inverse } = this;
    const values = this.W!.values, diagIdx = this.W!.diagIdx;
    let singular = 0;
    for (let a = 0; a < this.contacts; a++) {
      const b = 9 * a, w = 9 * diagIdx[a];
      for (let i = 0; i < 3; i++) {
        const x0 = X[b + 3 * i], x1 = X[b + 3 * i + 1], x2 = X[b + 3 * i + 2];
        for (let j = 0; j < 3; j++) {
          diagonal[b + 3 * i + j] = x0 * values[w + j] + x1 * values[w + 3 + j] + x2 * values[w + 6 + j]
            + Y[b + 3 * i + j] + (i === j ? delta : 0);
        }
      }
      if (invert3(inverse, b, diagonal, b) === 0) {
        // A singular block (a contact nothing moves, with δ = 0) gets a scaled identity, the
        // rule core's block-Jacobi inverse uses, so the step stays finite.
        singular++;
        const d = Math.max(Math.abs(diagonal[b]), Math.abs(diagonal[b + 4]), Math.abs(diagonal[b + 8]));
        const s = d > 0 ? 1 / d : 1;
        inverse.fill(0, b, b + 9);
        inverse[b] = inverse[b + 4] = inverse[b + 8] = s;
      }
    }
    this.singularBlocks = singular;
  }

  /**
   * out = A x = (X W + Y) x + δ x (paper 000 eqs 49, 52), matrix-free. `out` must not alias `x`.
   * An arrow property, so it can be handed to GMRES without a closure per step.
   */
  readonly apply = (x: Float64Array, out: Float64Array): void => {
    applyGradC(this.W!, this.X, this.Y, x, out, this.tmp, this.product);
    this.matVecs++;
    const delta = this.delta;
    if (delta !== 0) for (let i = 0; i < out.length; i++) out[i] += delta * x[i];
  };
}
