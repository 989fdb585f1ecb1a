import { bsrMul, dot, SparseLu, SparseLuPattern, type FrictionContactProblem } from '@moreau/core/kernels';
import { evaluateFunction, type FunctionName } from './contact-functions.js';
import { armijo, goldsteinPrice, type LineSearchName, type LineSearchOutcome } from './line-search.js';
import { NewtonMatrix } from './newton-matrix.js';
import { contactRho, type RhoRule } from './rho.js';

/** A pivot at or below this times max|J| counts as zero: its column is left out (a basic solution of a rank-deficient J). */
const PIVOT_TOLERANCE = 1e-12;

export interface NewtonIterationOptions {
  function: FunctionName;
  rho: RhoRule;
  lineSearch: LineSearchName;
  lineSearchMaxIterations: number;
  regularization: number;
  regularizationUpdate: 'fixed' | 'residual';
  /** The LU's pivot threshold in (0, 1] (options.ts's `pivotThreshold`). */
  pivotThreshold: number;
}

export type StepOutcome = 'stepped' | 'breakdown' | 'no-step';

/**
 * The nonsmooth Newton iteration on φ(r, W r + q) = 0 (Siconos' `fc3d_nonsmooth_Newton_solvers_solve`,
 * in its structure, not its code): at r^k, φ and the Jacobian blocks A, B; the Newton matrix
 * J = A W + B; J d = −φ by sparse LU (core's, with a fill-reducing order of W's block graph,
 * computed once); a line search on ½‖φ‖² along d; r^{k+1} = r^k + α d, u^{k+1} = W r^{k+1} + q.
 * Every workspace is allocated once per problem.
 */
export class NewtonIteration {
  readonly r: Float64Array;
  readonly u: Float64Array;
  readonly F: Float64Array;
  readonly rhoN: Float64Array;
  readonly rhoT: Float64Array;
  readonly matrix: NewtonMatrix;
  /** Iterations taken since `start`. */
  k = 0;
  /** ½‖φ‖² at the current iterate. */
  meritValue = Infinity;
  /** The last step length. */
  alpha = 1;
  lineSearchTrials = 0;
  lineSearchFailures = 0;
  /** Factorisations that left columns out (J numerically singular), and the most left out by one. */
  singular = 0;
  worstDeficiency = 0;
  private readonly A: Float64Array;
  private readonly B: Float64Array;
  private readonly d: Float64Array;
  private readonly Wd: Float64Array;
  private readonly Jd: Float64Array;
  private readonly rhs: Float64Array;
  private readonly rt: Float64Array;
  private readonly ut: Float64Array;
  private readonly Ft: Float64Array;
  private readonly lu: SparseLu;
  /** ‖φ‖ at r⁰, the reference of the 'residual' regularisation. */
  private phi0 = 0;
  private readonly trial = (alpha: number): number => this.trialMerit(alpha);

  constructor(readonly problem: FrictionContactProblem, private readonly options: NewtonIterationOptions) {
    const n = problem.size, nc = problem.contacts;
    this.r = new Float64Array(n);
    this.u = new Float64Array(n);
    this.F = new Float64Array(n);
    this.d = new Float64Array(n);
    this.Wd = new Float64Array(n);
    this.Jd = new Float64Array(n);
    this.rhs = new Float64Array(n);
    this.rt = new Float64Array(n);
    this.ut = new Float64Array(n);
    this.Ft = new Float64Array(n);
    this.A = new Float64Array(9 * nc);
    this.B = new Float64Array(9 * nc);
    this.rhoN = new Float64Array(nc);
    this.rhoT = new Float64Array(nc);
    contactRho(problem.W, options.rho, this.rhoN, this.rhoT);
    this.matrix = new NewtonMatrix(problem.W);
    this.lu = new SparseLu(new SparseLuPattern(problem.W.rowPtr, problem.W.colIdx));
  }

  /** r⁰ = the warm start, or 0; u⁰ = W r⁰ + q. */
  start(r0?: Float64Array): void {
    if (r0) this.r.set(r0);
    else this.r.fill(0);
    this.k = 0;
    this.alpha = 1;
    this.lineSearchTrials = this.lineSearchFailures = this.singular = this.worstDeficiency = 0;
    this.updateVelocity();
    this.meritValue = this.evaluate(this.r, this.u, this.F);
    this.phi0 = Math.sqrt(2 * this.meritValue);
  }

  /**
   * λ_k: fixed, or λ · min(1, ‖φ^k‖/‖φ⁰‖) ('residual'). The shift is large while the iterate is
   * far from a solution, where the Newton systems of rank-deficient W are at their worst, and
   * vanishes as O(‖φ‖) near one, which keeps Newton's quadratic convergence (a perturbation of
   * J by O(‖φ‖) perturbs the step by O(‖φ‖ ‖r − r*‖)). PQN's δ follows the same rule.
   */
  regularization(): number {
    const { regularization: lambda, regularizationUpdate } = this.options;
    if (regularizationUpdate === 'fixed' || !(this.phi0 > 0)) return lambda;
    return lambda * Math.min(1, Math.sqrt(2 * this.meritValue) / this.phi0);
  }

  /** One Newton iteration. 'breakdown': J or d not finite (r, u unchanged); 'no-step': d = 0. */
  step(): StepOutcome {
    const { problem, options: o, F, A, B, d, rhs } = this;
    const n = problem.size;
    evaluateFunction(o.function, problem, this.r, this.u, this.rhoN, this.rhoT, F, A, B);
    const J = this.matrix.assemble(A, B, this.regularization());
    if (!this.lu.factor(J.values, PIVOT_TOLERANCE, o.pivotThreshold)) return 'breakdown';
    if (this.lu.deficiency > 0) {
      this.singular++;
      this.worstDeficiency = Math.max(this.worstDeficiency, this.lu.deficiency);
    }
    for (let i = 0; i < n; i++) rhs[i] = -F[i];
    this.lu.solve(rhs, d);
    let moves = false;
    for (let i = 0; i < n; i++) {
      if (!Number.isFinite(d[i])) return 'breakdown';
      if (d[i] !== 0) moves = true;
    }
    this.k++;
    if (!moves) return 'no-step';
    bsrMul(problem.W, d, this.Wd);
    const q0 = 0.5 * dot(F, F);
    const search = this.lineSearch(q0, J);
    this.alpha = search.alpha;
    this.lineSearchTrials += search.trials;
    if (search.failed) this.lineSearchFailures++;
    for (let i = 0; i < n; i++) this.r[i] += this.alpha * d[i];
    this.updateVelocity();
    this.meritValue = this.evaluate(this.r, this.u, F);
    return Number.isFinite(this.meritValue) ? 'stepped' : 'breakdown';
  }

  private lineSearch(q0: number, J: NewtonMatrix['J']): LineSearchOutcome {
    const o = this.options;
    if (o.lineSearch === 'none') return { alpha: 1, trials: 0, failed: false };
    bsrMul(J, this.d, this.Jd);
    let slope0 = dot(this.F, this.Jd);
    // Not a descent direction of ½‖φ‖² (an inexact solve of a singular J): judge steps against
    // the slope an exact Newton step has.
    if (!(slope0 < 0)) slope0 = -2 * q0;
    const search = o.lineSearch === 'goldstein-price' ? goldsteinPrice : armijo;
    return search(q0, slope0, this.trial, o.lineSearchMaxIterations);
  }

  /** ½‖φ(r + α d, u + α W d)‖². */
  private trialMerit(alpha: number): number {
    const { r, u, d, Wd, rt, ut } = this;
    for (let i = 0; i < r.length; i++) {
      rt[i] = r[i] + alpha * d[i];
      ut[i] = u[i] + alpha * Wd[i];
    }
    return this.evaluate(rt, ut, this.Ft);
  }

  private evaluate(r: Float64Array, u: Float64Array, F: Float64Array): number {
    evaluateFunction(this.options.function, this.problem, r, u, this.rhoN, this.rhoT, F);
    return 0.5 * dot(F, F);
  }

  private updateVelocity(): void {
    const { u, problem } = this;
    bsrMul(problem.W, this.r, u);
    for (let i = 0; i < u.length; i++) u[i] += problem.q[i];
  }
}
