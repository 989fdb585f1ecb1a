import { BsrMulKernel, projectedGradientResidual, updateDeSaxceShift, type FrictionContactProblem } from '@moreau/core/kernels';

/**
 * The cone complementarity problem of paper 002 ("Cone complementarity": N γ + r ∈ −Υ° ⟂ γ ∈ Υ,
 * here N = W, r = q + s, γ = the reactions) with a fixed normal shift s = [s_a e_N]:
 *
 *     min f(x) = ½ xᵀ W x + (q + s)ᵀ x   over x ∈ K = Π_a K_{μ_a}.
 *
 * s = 0 is the convex relaxation; s = [μ_a ‖u_T‖ e_N] taken at a Coulomb solution makes that
 * solution a solution of this problem (De Saxcé), which the outer fixed point uses. The
 * "gradient" is g = W x + q + s, ∇f for a symmetric W and the map of the variational inequality
 * when W is slightly unsymmetric, as some shared problems are.
 */
export class ShiftedProblem {
  /** Products with W through `mul` since construction. */
  matvecs = 0;
  /** The normal shift s_a of each contact. */
  readonly sN: Float64Array;
  /** True while s = 0 (the relaxation itself). */
  shiftIsZero = true;

  /**
   * @param problem the frictional contact problem
   * @param gd the step of the KKT residual (paper 002 P-SPG-FB line 24, τ_g; paper 003 eq 10, g_d)
   * @param kernel W's products, `use`d on problem.W
   */
  constructor(readonly problem: FrictionContactProblem, readonly gd: number, private readonly kernel: BsrMulKernel) {
    this.sN = new Float64Array(problem.contacts);
  }

  /** out = W x (counted). @returns out */
  mul(x: Float64Array, out: Float64Array): Float64Array {
    this.matvecs++;
    return this.kernel.mul(x, out);
  }

  /** out = W x + q + s given wx = W x. @returns out */
  gradient(wx: Float64Array, out: Float64Array): Float64Array {
    const { q } = this.problem;
    for (let i = 0; i < q.length; i++) out[i] = wx[i] + q[i];
    for (let a = 0; a < this.sN.length; a++) out[3 * a] += this.sN[a];
    return out;
  }

  /**
   * The KKT residual of paper 002 P-SPG-FB line 24, ‖x − Π_K(x − τ_g g)‖, as core computes it
   * for paper 003 eq 10 (divided by m τ_g, which orders points alike): zero exactly at a solution.
   */
  residual(x: Float64Array, wx: Float64Array): number {
    return projectedGradientResidual(x, wx, this.problem.q, this.shiftIsZero ? null : this.sN, this.problem.mu, this.gd);
  }

  /**
   * Sets s_a = μ_a ‖u_T‖ with u = W r + q, given wr = W r (the De Saxcé shift).
   * @returns its relative change max_a |s'_a − s_a| / max_a s_a (paper 003 eq 22 in the max
   *   norm; 0 when both are zero, Infinity when only the old one is)
   */
  updateShift(wr: Float64Array): number {
    this.shiftIsZero = false;
    return updateDeSaxceShift(this.problem.q, this.problem.mu, wr, this.sN);
  }
}
