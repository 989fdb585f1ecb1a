import { initialReactions, type BsrMulKernel, type FrictionContactProblem } from '@moreau/core/kernels';

/**
 * The frictionless problem as the bound-constrained quadratic program of paper 002 §3
 * (its N, r and γ; the cone complementarity problem with every cone a half-line):
 *
 *     min q(x) = ½ xᵀ N x + bᵀ x   over x ≥ 0,    N = W_NN, b = q_N, x = r_N,
 *
 * whose optimality conditions 0 ≤ x ⟂ N x + b ≥ 0 are the contact problem with μ = 0 (the
 * tangential reactions are zero). See FrictionContactProblem for the full statement.
 *
 * Vectors are kept at full length, three entries per contact with the normal first and the
 * tangential ones zero, so that core's block kernel makes every product and u = W r + q comes
 * with all three rows, as the merits read it. The gradient N x + b is the normal rows of u.
 * For the slightly unsymmetric W of some real problems, N x + b is the complementarity
 * function, not the gradient of q; the methods use it as the gradient (as paper 002 does).
 */
export class NormalQp {
  readonly problem: FrictionContactProblem;
  /** Number of contacts (unknowns of the QP). */
  readonly nc: number;
  /** The iterate: r (normal entries x ≥ 0, tangential entries 0). */
  readonly r: Float64Array;
  /** u = W r + q, all rows (updated with r by the methods; `refresh` recomputes it). */
  readonly u: Float64Array;
  /** The largest W_NN: the scale of the curvature tests. */
  readonly maxDiagonal: number;
  /** Products with W so far. */
  matvecs = 0;

  constructor(problem: FrictionContactProblem, private readonly kernel: BsrMulKernel, warmStart: Float64Array | undefined) {
    this.problem = problem;
    this.nc = problem.contacts;
    // μ = 0 everywhere (refused otherwise): the projection onto the cones keeps max(0, r_N) and zeroes r_T.
    this.r = initialReactions(problem, warmStart);
    this.u = new Float64Array(problem.size);
    kernel.use(problem.W);
    this.refresh();
    const { W } = problem;
    let d = 0;
    for (let a = 0; a < this.nc; a++) d = Math.max(d, W.values[9 * W.diagIdx[a]]);
    this.maxDiagonal = d;
  }

  /** out = W x, for x with zero tangential entries. @returns out */
  mul(x: Float64Array, out: Float64Array): Float64Array {
    this.matvecs++;
    return this.kernel.mul(x, out);
  }

  /** u = W r + q recomputed from r (removes the rounding the updates accumulated). */
  refresh(): void {
    this.mul(this.r, this.u);
    const q = this.problem.q, u = this.u;
    for (let i = 0; i < u.length; i++) u[i] += q[i];
  }

  /**
   * A curvature sᵀ N s at or below this is taken as none: the rounding of a product with W
   * reaches about ε ‖W‖ ‖s‖², and ‖W_NN‖ ≥ its largest diagonal entry.
   */
  curvatureFloor(s2: number): number {
    return 64 * Number.EPSILON * this.maxDiagonal * s2;
  }
}

/** Σ_a x[3a] y[3a]: the dot product of the normal entries. */
export function normalDot(x: Float64Array, y: Float64Array): number {
  let s = 0;
  for (let i = 0; i < x.length; i += 3) s += x[i] * y[i];
  return s;
}

/**
 * ‖∇_Ω q(x)‖∞, the projected gradient of paper 002 GPMINRES line 19: g_i where x_i > 0,
 * min(g_i, 0) where x_i = 0 (g = the normal rows of u).
 */
export function projectedGradientInf(r: Float64Array, u: Float64Array): number {
  let m = 0;
  for (let i = 0; i < r.length; i += 3) {
    const g = u[i];
    const v = r[i] > 0 ? Math.abs(g) : Math.max(-g, 0);
    if (!(v <= m)) m = v;
  }
  return m;
}
