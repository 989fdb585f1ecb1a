import {
  bsrMul, dot, Gmres, invertDiagonalBlocks, isMoreauError, norm2,
  type BlockSparseMatrix, type LinearOperator,
} from '@moreau/core';
import { DenseLu } from './dense-lu.js';

/** A dense pivot at or below this times max|Ω| counts as zero (its column is left out). */
const PIVOT_TOLERANCE = 1e-12;

/** How Ω δR = Π is solved. */
export interface LinearSolverOptions {
  /** 'gmres': restarted GMRES, block-Jacobi preconditioned; 'direct': dense LU (n ≤ directMaxSize, else GMRES). */
  method: 'gmres' | 'direct';
  /** GMRES stops at ‖Π − Ω δR‖ ≤ tolerance · ‖Π‖. */
  tolerance: number;
  /** GMRES iteration cap per system. */
  maxIterations: number;
  /** GMRES restart length. */
  restart: number;
  /** Largest n for which 'direct' forms the dense n x n matrix. */
  directMaxSize: number;
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
  /** Dense factorisations that met numerically zero pivots (rank-deficient Ω; a basic solution is taken). */
  singular: number;
  /** Largest number of columns a dense factorisation left out. */
  worstDeficiency: number;
  /** Systems solved by dense LU. */
  direct: number;
  /** Systems whose solution has δRᵀ Ω δR < 0: Ω is not positive semi-definite (cf. paper 004 Fig. 5 (i)). */
  negativeCurvature: number;
  /** Largest relative residual ‖Π − Ω δR‖ / ‖Π‖ met. */
  worstResidual: number;
}

export function linearStats(): LinearStats {
  return { systems: 0, iterations: 0, matVecs: 0, unconverged: 0, singular: 0, worstDeficiency: 0, direct: 0, negativeCurvature: 0, worstResidual: 0 };
}

/**
 * Solves the Newton systems of one problem size. GMRES and its preconditioner
 * workspaces, and the dense matrix of the direct method, are allocated once.
 */
export class LinearSolver {
  readonly stats = linearStats();
  private readonly gmres: Gmres;
  private readonly precond: Float64Array;
  private readonly work: Float64Array;
  private dense: DenseLu | undefined;
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
    if (o.method === 'direct' && this.n <= o.directMaxSize) done = this.solveDense(omega, rhs, x);
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
    if (lu.deficiency > 0) {
      this.stats.singular++;
      if (lu.deficiency > this.stats.worstDeficiency) this.stats.worstDeficiency = lu.deficiency;
    }
    this.rhsCopy.set(rhs);
    lu.solve(this.rhsCopy, x);
    this.stats.direct++;
    return true;
  }
}
