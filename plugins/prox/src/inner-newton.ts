import { bsrMul, siconosErrorOf, symmetricBlockLambdaMax, type FrictionContactProblem } from '@moreau/core/kernels';
import { alartCurnierAll } from './alart-curnier.js';
import { goldsteinPrice } from './line-search.js';
import { applyJacobian, NewtonSystem } from './newton-system.js';

/** One inner solve's limits. */
export interface InnerLimits {
  /** Converged when the siconos error of the regularised problem is below this (Siconos: strictly). */
  tolerance: number;
  maxIterations: number;
  /** Trials of one line search. */
  lineSearchIterations: number;
  /** `performance.now()` after which no Newton step starts. */
  deadline: number;
}

/** How an inner solve ended. */
export interface InnerOutcome {
  converged: boolean;
  iterations: number;
  /** Siconos error of the regularised problem at the returned r. */
  error: number;
  lineSearchFailures: number;
  /** Newton systems whose factorisation left columns out (J singular). */
  singularSystems: number;
  stop: 'converged' | 'max-iterations' | 'time' | 'breakdown';
}

/**
 * Siconos' NSN_AC on one proximal subproblem: nonsmooth Newton on the Alart–Curnier function
 * (alart-curnier.ts) of u_α = (W + αI) r + q − α c, with Goldstein–Price line search on ½‖F‖²
 * and the full Newton step when the search fails (as Siconos does), until the siconos error of
 * that problem is below the tolerance. ρ_a = 1 / λ_max(W_aa + αI), the symmetric part's largest
 * eigenvalue (Siconos' SPECTRAL_NORM rule, its NSN_AC default). Buffers are allocated per size.
 */
export class InnerNewton {
  private system: NewtonSystem | undefined;
  private b = new Buffers(0, 0);

  /** @param pivotThreshold the LU's pivot threshold in (0, 1] (options.ts's `pivotThreshold`; newton-system.ts) */
  constructor(private readonly pivotThreshold: number) {}

  /**
   * Solves the subproblem with α and centre c from r (overwritten with the answer).
   */
  solve(problem: FrictionContactProblem, alpha: number, c: Float64Array, r: Float64Array, limits: InnerLimits): InnerOutcome {
    this.prepare(problem, alpha, c);
    const { W, mu } = problem;
    const { u, F, A, B, d, rhs, wd, jd, qa, e, x, rho } = this.b;
    const out: InnerOutcome = { converged: false, iterations: 0, error: Infinity, lineSearchFailures: 0, singularSystems: 0, stop: 'max-iterations' };
    this.velocity(W, alpha, r, qa, u);
    while (out.iterations < limits.maxIterations) {
      if (performance.now() >= limits.deadline) { out.stop = 'time'; break; }
      out.iterations++;
      const theta0 = alartCurnierAll(r, u, mu, rho, F, A, B);
      const system = this.system!;
      if (!system.factor(W, alpha, A, B)) { out.stop = 'breakdown'; break; }
      if (system.deficiency > 0) out.singularSystems++;
      for (let i = 0; i < F.length; i++) rhs[i] = -F[i];
      system.solve(rhs, d);
      bsrMul(W, d, wd);
      applyJacobian(A, B, alpha, d, wd, jd);
      let slope0 = 0;
      for (let i = 0; i < F.length; i++) slope0 += F[i] * jd[i];
      let t = goldsteinPrice((s) => this.thetaAt(problem, alpha, r, u, s), theta0, slope0, limits.lineSearchIterations);
      if (t < 0) { out.lineSearchFailures++; t = 1; }
      for (let i = 0; i < r.length; i++) r[i] += t * d[i];
      this.velocity(W, alpha, r, qa, u);
      out.error = siconosErrorOf(qa, mu, r, u, e, x);
      if (!(out.error < Infinity)) { out.stop = 'breakdown'; break; }
      if (out.error < limits.tolerance) { out.converged = true; out.stop = 'converged'; break; }
    }
    return out;
  }

  /** Buffers for the size, the Newton system for W's pattern, q_α = q − α c and the ρ_a. */
  private prepare(problem: FrictionContactProblem, alpha: number, c: Float64Array): void {
    const n = problem.size, nc = problem.contacts;
    if (n !== this.b.n) this.b = new Buffers(n, nc);
    if (!this.system?.fits(problem.W)) this.system = new NewtonSystem(problem.W, this.pivotThreshold);
    const { W, q } = problem;
    const { qa, rho } = this.b;
    for (let i = 0; i < n; i++) qa[i] = q[i] - alpha * c[i];
    for (let a = 0; a < nc; a++) {
      const lambda = symmetricBlockLambdaMax(W.values, 9 * W.diagIdx[a]) + alpha;
      rho[a] = lambda > 0 && 1 / lambda < Infinity ? 1 / lambda : 1;
    }
  }

  /** u = (W + αI) r + q_α. */
  private velocity(W: FrictionContactProblem['W'], alpha: number, r: Float64Array, qa: Float64Array, u: Float64Array): void {
    bsrMul(W, r, u);
    for (let i = 0; i < r.length; i++) u[i] += alpha * r[i] + qa[i];
  }

  /** ½‖F(r + t d)‖², with u(r + t d) = u + t (W d + α d): no product with W per trial. */
  private thetaAt(problem: FrictionContactProblem, alpha: number, r: Float64Array, u: Float64Array, t: number): number {
    const { rt, ut, d, wd, Ft, rho } = this.b;
    for (let i = 0; i < r.length; i++) {
      rt[i] = r[i] + t * d[i];
      ut[i] = u[i] + t * (wd[i] + alpha * d[i]);
    }
    return alartCurnierAll(rt, ut, problem.mu, rho, Ft, null, null);
  }
}

/** One size's vectors: u_α, F and its Jacobian blocks, the step and its products, a line-search trial, q_α, ρ_a. */
class Buffers {
  readonly u: Float64Array;
  readonly F: Float64Array;
  readonly A: Float64Array;
  readonly B: Float64Array;
  readonly d: Float64Array;
  readonly rhs: Float64Array;
  readonly wd: Float64Array;
  readonly jd: Float64Array;
  readonly rt: Float64Array;
  readonly ut: Float64Array;
  readonly Ft: Float64Array;
  readonly qa: Float64Array;
  readonly e: Float64Array;
  readonly x = new Float64Array(3);
  readonly rho: Float64Array;

  constructor(readonly n: number, nc: number) {
    const v = () => new Float64Array(n);
    this.u = v(); this.F = v(); this.d = v(); this.rhs = v(); this.wd = v(); this.jd = v();
    this.rt = v(); this.ut = v(); this.Ft = v(); this.qa = v(); this.e = v();
    this.A = new Float64Array(3 * n);
    this.B = new Float64Array(3 * n);
    this.rho = new Float64Array(nc);
  }
}
