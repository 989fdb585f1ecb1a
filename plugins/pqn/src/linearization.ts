import { applyGradC, computeCOmega, invert3, norm2Scaled, type BlockSparseMatrix, type BsrMulKernel } from '@moreau/core/kernels';

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
 * paper 001's variant. Workspaces are views of one buffer, grown (never shrunk) by `resize`,
 * so a contact count that changes at every time step allocates only when it grows.
 */
export class Linearization {
  contacts = 0;
  /** C_ω^k, 3 per contact. */
  C: Float64Array = new Float64Array(0);
  /** X and Y of eqs 43-44, 9 row-major values per contact. */
  X: Float64Array = this.C;
  Y: Float64Array = this.C;
  /** Diagonal blocks A_aa of A^k, 9 per contact. */
  diagonal: Float64Array = this.C;
  /** Their inverses (a singular block is replaced by (1/max|diag|) I, see `linearize`). */
  inverse: Float64Array = this.C;
  /** Diagonal blocks found singular at the last `factor`. */
  singularBlocks = 0;
  /** W products made by `apply` since construction. */
  matVecs = 0;
  private tmp: Float64Array = this.C;
  private store: Float64Array = this.C;
  private W: BlockSparseMatrix | null = null;
  private delta = 0;

  /** @param product makes A's products with W when given (the solver keeps it in `use` of W) */
  constructor(contacts: number, private readonly product?: BsrMulKernel) {
    this.resize(contacts);
  }

  /**
   * Sizes the workspaces for `contacts` contacts (3 + 3 + 4 · 9 values each). Every one is
   * written by `linearize` or `factor` before it is read, so nothing carries over between sizes.
   * @returns this
   */
  resize(contacts: number): this {
    const per = 42;
    if (this.store.length < per * contacts) this.store = new Float64Array(per * contacts);
    let at = 0;
    const take = (len: number): Float64Array => this.store.subarray(at, (at += len));
    const n = 3 * contacts, blocks = 9 * contacts;
    this.C = take(n);
    this.tmp = take(n);
    this.X = take(blocks);
    this.Y = take(blocks);
    this.diagonal = take(blocks);
    this.inverse = take(blocks);
    this.contacts = contacts;
    return this;
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
    const C = this.C;
    computeCOmega(U, R, mu, omega, C, this.X, this.Y, scale);
    // Scaled only where the squares would overflow (velocities past 1e154) or underflow: elsewhere
    // the plain root of the sum of squares, so ordinary problems keep their bits.
    return norm2Scaled(C);
  }

  /** Step (b), second half: the diagonal blocks of A = X W + Y + δ I (at the last `linearize`) and their inverses. */
  factor(delta: number): void {
    this.delta = delta;
    const { X, Y, diagonal, inverse } = this;
    const values = this.W!.values, diagIdx = this.W!.diagIdx;
    let singular = 0;
    for (let a = 0; a < this.contacts; a++) {
      const b = 9 * a, w = 9 * diagIdx[a];
      // A_aa = X_a W_aa + Y_a + δ I, unrolled (W_aa's columns in locals, one X row at a time).
      const w00 = values[w], w01 = values[w + 1], w02 = values[w + 2];
      const w10 = values[w + 3], w11 = values[w + 4], w12 = values[w + 5];
      const w20 = values[w + 6], w21 = values[w + 7], w22 = values[w + 8];
      for (let r = b; r < b + 9; r += 3) {
        const x0 = X[r], x1 = X[r + 1], x2 = X[r + 2];
        diagonal[r] = x0 * w00 + x1 * w10 + x2 * w20 + Y[r];
        diagonal[r + 1] = x0 * w01 + x1 * w11 + x2 * w21 + Y[r + 1];
        diagonal[r + 2] = x0 * w02 + x1 * w12 + x2 * w22 + Y[r + 2];
      }
      diagonal[b] += delta;
      diagonal[b + 4] += delta;
      diagonal[b + 8] += delta;
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
