import { BsrMulKernel, projectOntoCone, projectedGradientResidual, updateDeSaxceShift, type FrictionContactProblem } from '@moreau/core/kernels';
import { RollingCones } from './rolling-relaxed.js';

/**
 * The convex cone complementarity problem of paper 002 (the "relaxation") with a
 * fixed normal shift s, paper 003 eq 8:
 *
 *     min f(r) = ½ rᵀ W r + (q + s)ᵀ r   over r ∈ K = Π_a K_{μ_a},   s = [s_a e_N].
 *
 * s = 0 is the relaxation itself; s = Φ(W r* + q) = [μ_a ‖u_T‖ e_N] at a Coulomb
 * solution r* makes r* a solution of it (paper 003 §2.5). The "gradient" used by
 * every variant is the map F(r) = W r + q + s, which is ∇f when W is symmetric and
 * keeps the complementarity form (the variational inequality) when W is slightly
 * unsymmetric, as several shared problems are.
 *
 * Kernels fuse the gradient and the projection per contact and never allocate. On a problem
 * with rolling pairs K is Z for each pair and s its De Saxcé shift (RollingCones): the three
 * cone-dependent kernels (`step`, `residual`, `updateShift`) go there; the others read s on the
 * normal entry of each block row and hold for both.
 */
export class RelaxedProblem {
  /** Mat-vec products W x done through `mul` since construction. */
  matvecs = 0;
  readonly sN: Float64Array;
  /** The kernels on Z, for a problem with rolling pairs only. */
  private readonly rolling: RollingCones | undefined;

  /**
   * @param problem the frictional contact problem (W, q, μ)
   * @param gd the step g_d of the stopping metric, paper 003 eq 10
   * @param kernel W's products, already `use`d on problem.W (a solver passes its own, reused
   *   across solves: WebAssembly from a size up, with the same bits as `bsrMul`)
   */
  constructor(readonly problem: FrictionContactProblem, readonly gd: number, private readonly kernel = new BsrMulKernel().use(problem.W)) {
    this.sN = new Float64Array(problem.contacts);
    this.rolling = problem.rolling === undefined ? undefined : new RollingCones(problem.rolling, problem.mu, problem.q);
  }

  /** True while s = 0 (the relaxation itself). */
  shiftIsZero = true;

  /** out = W x (counted). @returns out */
  mul(x: Float64Array, out: Float64Array): Float64Array {
    this.matvecs++;
    return this.kernel.mul(x, out);
  }

  /** Paper 003 eq 10 at x, given wx = W x: zero exactly at a solution of this problem. */
  residual(x: Float64Array, wx: Float64Array): number {
    if (this.rolling !== undefined) return this.rolling.residual(x, wx, this.shiftIsZero ? null : this.sN, this.gd);
    return projectedGradientResidual(x, wx, this.problem.q, this.shiftIsZero ? null : this.sN, this.problem.mu, this.gd);
  }

  /**
   * out = P_K(y − t (W y + q + s)), given wy = W y (paper 003 eq 9b, paper 002 NAPG line 7).
   * out must not alias y.
   * @returns out
   */
  step(out: Float64Array, y: Float64Array, wy: Float64Array, t: number): Float64Array {
    if (this.rolling !== undefined) return this.rolling.step(out, y, wy, t, this.sN);
    const { q, mu } = this.problem;
    const sN = this.sN;
    for (let a = 0; a < mu.length; a++) {
      const o = 3 * a, m = mu[a];
      out[o] = y[o] - t * (wy[o] + q[o] + sN[a]);
      out[o + 1] = y[o + 1] - t * (wy[o + 1] + q[o + 1]);
      out[o + 2] = y[o + 2] - t * (wy[o + 2] + q[o + 2]);
      projectOntoCone(out, o, out, o, m);
    }
    return out;
  }

  /** f(x) = ½ xᵀ W x + (q + s)ᵀ x, given wx = W x. */
  objective(x: Float64Array, wx: Float64Array): number {
    const { q } = this.problem;
    const sN = this.sN;
    let f = 0;
    for (let i = 0; i < x.length; i++) f += x[i] * (0.5 * wx[i] + q[i]);
    for (let a = 0; a < sN.length; a++) f += sN[a] * x[3 * a];
    return f;
  }

  /**
   * f(b) − f(a) computed as (b − a)ᵀ(½(W b + W a) + q + s), which is exact for a
   * symmetric W and, unlike the difference of two objective values, does not lose
   * every digit to cancellation when b is close to a.
   */
  objectiveChange(b: Float64Array, wb: Float64Array, a: Float64Array, wa: Float64Array): number {
    const { q } = this.problem;
    const sN = this.sN;
    let df = 0;
    for (let i = 0; i < b.length; i++) df += (b[i] - a[i]) * (0.5 * (wb[i] + wa[i]) + q[i]);
    for (let c = 0; c < sN.length; c++) df += sN[c] * (b[3 * c] - a[3 * c]);
    return df;
  }

  /**
   * F(y)ᵀ(b − a) with F(y) = W y + q + s, given wy = W y: the gradient restart test of Mazhar
   * et al. (2015), positive when the step from a to b climbs against the gradient at y.
   */
  gradientDot(wy: Float64Array, b: Float64Array, a: Float64Array): number {
    const { q } = this.problem;
    const sN = this.sN;
    let g = 0;
    for (let i = 0; i < b.length; i++) g += (wy[i] + q[i]) * (b[i] - a[i]);
    for (let c = 0; c < sN.length; c++) g += sN[c] * (b[3 * c] - a[3 * c]);
    return g;
  }

  /** Sets s = 0 (the relaxation). */
  clearShift(): void {
    this.sN.fill(0);
    this.shiftIsZero = true;
  }

  /**
   * Sets s_a = Φ(u)_a = μ_a ‖u_T‖ with u = W r + q, given wr = W r (paper 003 eq 4); Z's
   * shift on a pair's force block (RollingCones).
   * @returns the relative change of s, paper 003 eq 22, in the max norm:
   *   max_a |s'_a − s_a| / max_a s_a (0 when both are zero, Infinity when only s is)
   */
  updateShift(wr: Float64Array): number {
    this.shiftIsZero = false;
    if (this.rolling !== undefined) return this.rolling.updateShift(wr, this.sN);
    return updateDeSaxceShift(this.problem.q, this.problem.mu, wr, this.sN);
  }
}
