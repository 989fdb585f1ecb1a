import { MoreauError } from '../contracts/errors.js';
import type { BlockSparseMatrix } from '../problem/block-sparse-matrix.js';
import { bsrMul, bsrMulSymmetricPart } from './bsr-matvec.js';
import type { LinearOperator } from './gmres.js';

export interface PowerIterationOptions {
  /** Stop when successive estimates differ by at most tolerance·|λ|. Default 1e-6. */
  tolerance?: number;
  /** Cap on operator applications per pass. Default 500. */
  maxIterations?: number;
}

export interface PowerIterationResult {
  /** Estimate of the largest eigenvalue (a Rayleigh quotient, so never above the true λ_max). */
  lambda: number;
  /** Operator applications, over both passes when a shift was needed. */
  iterations: number;
  /** True when the relative change fell below the tolerance before the cap. */
  converged: boolean;
  /** ‖S v − λ v‖ for the final unit vector v: some eigenvalue lies within this of λ. */
  residual: number;
}

/**
 * Largest eigenvalue of a symmetric operator S by power iteration with
 * Rayleigh quotients, from a fixed pseudo-random start vector (so the same
 * operator gives the same bits). Power iteration finds the eigenvalue of
 * largest magnitude; when that one is negative, a second pass on S + σI
 * (σ = its magnitude) finds λ_max. Workspace: two vectors of length n,
 * allocated by the constructor.
 */
export class PowerIteration {
  readonly n: number;
  private readonly v: Float64Array;
  private readonly w: Float64Array;

  constructor(n: number) {
    if (!Number.isInteger(n) || n < 0) throw new MoreauError('E_CONFIG', `PowerIteration: size must be a non-negative integer, got ${n}`);
    this.n = n;
    this.v = new Float64Array(n);
    this.w = new Float64Array(n);
  }

  /**
   * λ_max of the symmetric operator `apply` (out = S x; S must be symmetric, this is not checked).
   * @returns the estimate, the operator applications and whether it converged
   */
  run(apply: LinearOperator, options: PowerIterationOptions = {}): PowerIterationResult {
    const tol = options.tolerance ?? 1e-6;
    const maxIterations = options.maxIterations ?? 500;
    if (!(tol >= 0) || !Number.isFinite(tol)) throw new MoreauError('E_CONFIG', `PowerIteration: tolerance must be a finite number >= 0, got ${tol}`);
    if (!Number.isInteger(maxIterations) || maxIterations < 1) {
      throw new MoreauError('E_CONFIG', `PowerIteration: maxIterations must be a positive integer, got ${maxIterations}`);
    }
    if (this.n === 0) return { lambda: 0, iterations: 0, converged: true, residual: 0 };
    const first = this.pass(apply, 0, tol, maxIterations);
    if (first.lambda >= 0) return first;
    const sigma = -first.lambda;
    const second = this.pass(apply, sigma, tol, maxIterations);
    return {
      lambda: second.lambda - sigma,
      iterations: first.iterations + second.iterations,
      converged: second.converged,
      residual: second.residual,
    };
  }

  /**
   * λ_max of the symmetric part ½(W + Wᵀ) of a block-sparse W (equal to W when W is symmetric).
   * @param symmetric skip the transpose product when W is known to be symmetric
   * @returns the estimate, the operator applications and whether it converged
   */
  symmetricPart(W: BlockSparseMatrix, options: PowerIterationOptions = {}, symmetric = false): PowerIterationResult {
    if (W.size !== this.n) throw new MoreauError('E_PROBLEM_SHAPE', `PowerIteration: workspace has size ${this.n}, W has ${W.size}`);
    if (symmetric) return this.run((x, out) => bsrMul(W, x, out), options);
    return this.run((x, out) => bsrMulSymmetricPart(W, x, out), options);
  }

  /** Power iteration on S + σI; the returned λ includes the shift. */
  private pass(apply: LinearOperator, sigma: number, tol: number, maxIterations: number): PowerIterationResult {
    const { v, w, n } = this;
    // xorshift32 from a fixed seed: a start vector with no structure to be orthogonal to
    let s = 0x9e3779b9 | 0, vv = 0;
    for (let i = 0; i < n; i++) {
      s ^= s << 13; s ^= s >>> 17; s ^= s << 5;
      const e = (s >>> 0) / 4294967296 - 0.5;
      v[i] = e;
      vv += e * e;
    }
    let inv = 1 / Math.sqrt(vv);
    for (let i = 0; i < n; i++) v[i] *= inv;
    let lambda = 0, residual = 0, converged = false, it = 0;
    while (it < maxIterations) {
      apply(v, w);
      it++;
      let lw = 0, ww = 0;
      for (let i = 0; i < n; i++) {
        const wi = w[i] + sigma * v[i];
        w[i] = wi;
        lw += wi * v[i];
        ww += wi * wi;
      }
      if (!Number.isFinite(ww)) throw new MoreauError('E_NOT_FINITE', 'PowerIteration: operator returned a non-finite value');
      residual = Math.sqrt(Math.max(0, ww - lw * lw));
      const previous = lambda;
      lambda = lw;
      if (ww === 0) {
        // S v = 0 for a generic v: S is zero
        converged = true;
        break;
      }
      if (it > 1 && Math.abs(lambda - previous) <= tol * Math.abs(lambda)) {
        converged = true;
        break;
      }
      inv = 1 / Math.sqrt(ww);
      for (let i = 0; i < n; i++) v[i] = w[i] * inv;
    }
    return { lambda, iterations: it, converged, residual };
  }
}

/**
 * Convenience: λ_max of ½(W + Wᵀ) with a fresh workspace. Solvers that call
 * this once per problem may use it; repeated callers keep a PowerIteration.
 * @returns the estimate, the operator applications and whether it converged
 */
export function lambdaMaxSymmetricPart(W: BlockSparseMatrix, options: PowerIterationOptions = {}): PowerIterationResult {
  return new PowerIteration(W.size).symmetricPart(W, options);
}
