import { BsrMulKernel, projectedGradientResidual, updateDeSaxceShift, type FrictionContactProblem } from '@moreau/core/kernels';
import type { ShiftedSystem } from './interior-point.js';

/**
 * W, q, μ and the De Saxcé normal shift s = [s_a e_N] of the problem a pass solves: the cone
 * complementarity problem W x + q + s ∈ K* ⟂ x ∈ K (paper 002), s = 0 for the relaxation;
 * s = [μ_a ‖u_T‖ e_N] at a Coulomb solution makes it a solution of this problem.
 */
export class Shift implements ShiftedSystem {
  readonly sN: Float64Array;
  matvecs = 0;

  constructor(readonly problem: FrictionContactProblem, readonly gd: number, private readonly kernel: BsrMulKernel) {
    this.sN = new Float64Array(problem.contacts);
  }

  mul(x: Float64Array, out: Float64Array): Float64Array {
    this.matvecs++;
    return this.kernel.mul(x, out);
  }

  /** Paper 003 eq 10 with this s at x, given wx = W x: zero exactly at a solution of the pass's problem. */
  residual(x: Float64Array, wx: Float64Array): number {
    return projectedGradientResidual(x, wx, this.problem.q, this.sN, this.problem.mu, this.gd);
  }

  /**
   * s_a ← μ_a ‖u_T‖ with u = W x + q, given wx = W x.
   * @returns the relative change max_a |s'_a − s_a| / max_a s_a (0 when both are zero, Infinity when only the old one is)
   */
  update(wx: Float64Array): number {
    return updateDeSaxceShift(this.problem.q, this.problem.mu, wx, this.sN);
  }
}
