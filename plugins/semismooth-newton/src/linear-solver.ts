import { bsrMul, bsrNorm1, dot, estimateInverseNorm1, Gmres, invertDiagonalBlocks, norm2, SparseLu, SparseLuPattern, type BlockSparseMatrix, type FactorSolve, type LinearOperator } from '@moreau/core/kernels';
import { isMoreauError } from '@moreau/core/contracts';
import { DenseLu } from './dense-lu.js';

/** A pivot (dense or sparse) at or below this times max|Ω| counts as zero (its column is left out). */
const PIVOT_TOLERANCE = 1e-12;

/**
 * Sparse LU takes a column's diagonal as pivot while it is at least this fraction of the
 * column's largest candidate: 1 is partial pivoting, the dense LU's rule. Ω is rank
 * deficient and ill conditioned, and a smaller threshold buys little here: on the 80 Newton
 * systems of Capsules-i125 (HYB(A)), 0.01 saves 9 % of the fill of L + U. Measured whole
 * solves of Capsules-i125 vary with the rounding, not with stability: 46 iterations at 1,
 * 65 at 0.1, 88 at 0.01, 75 at 0.001 (80 with dense LU); every one converges.
 */
const PIVOT_THRESHOLD = 1;

/**
 * 'auto' factors Ω sparse when at most this fraction of its blocks is stored. Measured
 * (ms per Newton system, HYB(A) on the shared problems): sparse LU is 16-19x faster than
 * dense at 2 % of blocks stored (the Capsules), 7x at 3 % (Box_Stacks), 1.2-1.6x at 22-29 %
 * (BoxesStack1, LMGC, OneObject); dense LU is 1.6-2.6x faster from 33 % on (the problems of
 * 1 to 5 contacts, where either takes microseconds).
 */
const SPARSE_MAX_DENSITY = 0.3;

/**
 * How Ω δR = Π is solved: 'auto' (sparse or dense LU by Ω's block density), 'sparse-lu',
 * 'dense-lu' (n ≤ directMaxSize, else GMRES) or 'gmres' (restarted, block-Jacobi
 * preconditioned). 'direct', the earlier name, is 'auto'.
 */
export type LinearMethod = 'auto' | 'sparse-lu' | 'dense-lu' | 'gmres' | 'direct';

/** How Ω δR = Π is solved. */
export interface LinearSolverOptions {
  method: LinearMethod;
  /** GMRES stops at ‖Π − Ω δR‖ ≤ tolerance · ‖Π‖. */
  tolerance: number;
  /** GMRES iteration cap per system. */
  maxIterations: number;
  /** GMRES restart length. */
  restart: number;
  /** Largest n for which 'dense-lu' (and 'auto') form the dense n x n matrix. */
  directMaxSize: number;
  /**
   * Estimate cond₁ of every factored system of full rank (Hager–Higham, up to eleven
   * triangular solves with the factors; paper 004 Fig. 5 (e, f) reports SuperLU's
   * estimate of the same). Off by default: it is a statistic, not part of the solve.
   */
  conditionEstimate?: boolean;
}

/** Counters over every system of one solve. */
export interface LinearStats {
  systems: number;
  /** GMRES iterations (Arnoldi steps), summed. */
  iterations: number;
  /** Products with Ω, GMRES's and the curvature check's. */
  matVecs: number;
  /** GMRES calls that stopped short of their tolerance (the approximate δR is still used). */
  unconverged: number;
  /** Factorisations (dense or sparse) that met numerically zero pivots (rank-deficient Ω; a basic solution is taken). */
  singular: number;
  /** Largest number of columns a factorisation left out. */
  worstDeficiency: number;
  /** Systems solved by a direct factorisation, dense or sparse. */
  direct: number;
  /** Of those, the systems solved by sparse LU. */
  sparse: number;
  /** Entries of L and U in the last sparse factorisation (0 when none). */
  factorEntries: number;
  /** Systems whose solution has δRᵀ Ω δR < 0: Ω is not positive semi-definite (cf. paper 004 Fig. 5 (i)). */
  negativeCurvature: number;
  /** Largest relative residual ‖Π − Ω δR‖ / ‖Π‖ met. */
  worstResidual: number;
  /** Systems whose cond₁ was estimated (with `conditionEstimate`: the factored ones of full rank). */
  conditionEstimates: number;
  /**
   * Sum of the natural logarithms of those estimates, ‖Ω‖₁ · est ‖Ω⁻¹‖₁ (Ω with its
   * regularisation, as factored): paper 004 averages conditioning geometrically (eq 69).
   */
  conditionLogSum: number;
  /** Largest of those estimates (0 when none). */
  conditionMax: number;
}

export function linearStats(): LinearStats {
  return {
    systems: 0, iterations: 0, matVecs: 0, unconverged: 0, singular: 0, worstDeficiency: 0, direct: 0, sparse: 0, factorEntries: 0,
    negativeCurvature: 0, worstResidual: 0, conditionEstimates: 0, conditionLogSum: 0, conditionMax: 0,
  };
}

/**
 * Solves the Newton systems of one problem size. GMRES and its preconditioner
 * workspaces, the dense matrix of dense LU, and sparse LU's ordering and
 * workspaces (per pattern of Ω: W's, fixed for a problem) are allocated once.
 */
export class LinearSolver {
  readonly stats = linearStats();
  private readonly gmres: Gmres;
  private readonly precond: Float64Array;
  private readonly work: Float64Array;
  private dense: DenseLu | undefined;
  private sparse: SparseLu | undefined;
  private readonly rhsCopy: Float64Array;
  private omega: BlockSparseMatrix | undefined;
  private readonly apply: LinearOperator = (x, out) => { bsrMul(this.omega!, x, out); };

  constructor(readonly n: number, private readonly options: LinearSolverOptions) {
    this.gmres = new Gmres(n, Math.max(1, Math.min(options.restart, n)));
    this.precond = new Float64Array(3 * n);
    this.work = new Float64Array(n);
    this.rhsCopy = new Float64Array(n);
  }

  /** Zeroes the counters (at the start of a solve). */
  resetStats(): void {
    Object.assign(this.stats, linearStats());
  }

  /**
   * Solves omega x = rhs into x (overwritten; starts from zero).
   * @returns false when no finite solution came out (x is then zero)
   */
  solve(omega: BlockSparseMatrix, rhs: Float64Array, x: Float64Array): boolean {
    const stats = this.stats, o = this.options;
    stats.systems++;
    this.omega = omega;
    x.fill(0);
    let done = false;
    const direct = this.directMethod(omega);
    if (direct === 'sparse') {
      if (!this.solveSparse(omega, rhs, x)) return false;
      done = true;
    } else if (direct === 'dense') {
      done = this.solveDense(omega, rhs, x);
    }
    if (!done) {
      invertDiagonalBlocks(omega, this.precond, 'identity');
      const bNorm = norm2(rhs);
      try {
        const res = this.gmres.solve(this.apply, rhs, x, {
          tolerance: o.tolerance * bNorm, maxIterations: o.maxIterations, preconditioner: this.precond,
        });
        stats.iterations += res.iterations;
        stats.matVecs += res.matVecs;
        if (!res.converged) stats.unconverged++;
      } catch (e) {
        if (!isMoreauError(e, 'E_NOT_FINITE')) throw e;
        x.fill(0);
        return false;
      }
    }
    for (let i = 0; i < this.n; i++) {
      if (!Number.isFinite(x[i])) {
        x.fill(0);
        return false;
      }
    }
    const w = this.work;
    bsrMul(omega, x, w);
    stats.matVecs++;
    if (dot(x, w) < 0) stats.negativeCurvature++;
    let r2 = 0;
    for (let i = 0; i < this.n; i++) r2 += (rhs[i] - w[i]) ** 2;
    const b = norm2(rhs);
    const rel = b > 0 ? Math.sqrt(r2) / b : Math.sqrt(r2);
    if (rel > stats.worstResidual) stats.worstResidual = rel;
    return true;
  }

  /** Which factorisation the method asks for, if any (GMRES otherwise). */
  private directMethod(omega: BlockSparseMatrix): 'sparse' | 'dense' | undefined {
    const m = this.options.method;
    if (m === 'gmres') return undefined;
    if (m === 'sparse-lu') return 'sparse';
    const nb = omega.blockRows;
    if (m !== 'dense-lu' && omega.blockCount <= SPARSE_MAX_DENSITY * nb * nb) return 'sparse';
    return this.n <= this.options.directMaxSize ? 'dense' : m === 'dense-lu' ? undefined : 'sparse';
  }

  /** Sparse LU with threshold pivoting, rank deficiency tolerated; false when Ω has a non-finite entry. */
  private solveSparse(omega: BlockSparseMatrix, rhs: Float64Array, x: Float64Array): boolean {
    if (!this.sparse?.pattern.fits(omega)) this.sparse = new SparseLu(new SparseLuPattern(omega.rowPtr, omega.colIdx));
    const lu = this.sparse;
    if (!lu.factor(omega.values, PIVOT_TOLERANCE, PIVOT_THRESHOLD)) return false;
    this.countDeficiency(lu.deficiency);
    lu.solve(rhs, x);
    this.stats.direct++;
    this.stats.sparse++;
    this.stats.factorEntries = lu.nnz;
    if (this.options.conditionEstimate && lu.deficiency === 0) {
      this.countCondition(omega, (b, y) => lu.solve(b, y), (b, y) => lu.solveTranspose(b, y));
    }
    return true;
  }

  /** cond₁ = ‖Ω‖₁ ‖Ω⁻¹‖₁ with the second estimated from the factors just made. */
  private countCondition(omega: BlockSparseMatrix, solve: FactorSolve, solveTranspose: FactorSolve): void {
    const kappa = bsrNorm1(omega) * estimateInverseNorm1(this.n, solve, solveTranspose);
    if (!(Number.isFinite(kappa) && kappa > 0)) return;
    const stats = this.stats;
    stats.conditionEstimates++;
    stats.conditionLogSum += Math.log(kappa);
    if (kappa > stats.conditionMax) stats.conditionMax = kappa;
  }

  private countDeficiency(deficiency: number): void {
    if (deficiency === 0) return;
    this.stats.singular++;
    if (deficiency > this.stats.worstDeficiency) this.stats.worstDeficiency = deficiency;
  }

  /** Dense LU with partial pivoting, rank deficiency tolerated; false when Ω has a non-finite entry. */
  private solveDense(omega: BlockSparseMatrix, rhs: Float64Array, x: Float64Array): boolean {
    const n = this.n;
    if (!this.dense) this.dense = new DenseLu(n);
    const lu = this.dense, a = lu.lu;
    a.fill(0);
    const { rowPtr, colIdx, values } = omega;
    for (let i = 0; i < omega.blockRows; i++) {
      for (let k = rowPtr[i]; k < rowPtr[i + 1]; k++) {
        const c = 3 * colIdx[k];
        for (let s = 0; s < 3; s++) {
          const row = (3 * i + s) * n + c;
          a[row] = values[9 * k + 3 * s];
          a[row + 1] = values[9 * k + 3 * s + 1];
          a[row + 2] = values[9 * k + 3 * s + 2];
        }
      }
    }
    if (!lu.factor(PIVOT_TOLERANCE)) return false;
    this.countDeficiency(lu.deficiency);
    this.rhsCopy.set(rhs);
    lu.solve(this.rhsCopy, x);
    this.stats.direct++;
    if (this.options.conditionEstimate && lu.deficiency === 0) {
      const copy = this.rhsCopy;
      this.countCondition(omega, (b, y) => { copy.set(b); lu.solve(copy, y); }, (b, y) => lu.solveTranspose(b, y));
    }
    return true;
  }
}
