import { bsrMul, bsrMulTranspose, PowerIteration, type BlockSparseMatrix } from '@moreau/core/kernels';

/** An eigenvalue estimate and what it cost. */
export interface SpectralEstimate {
  value: number;
  /** Operator applications (each one or two mat-vecs, see `matvecs`). */
  iterations: number;
  matvecs: number;
  converged: boolean;
  /** ‖S v − λ v‖ of the final unit vector. */
  residual: number;
}

/** What SolveResult.stats reports of an estimate. */
export function estimateStats(e: SpectralEstimate): { value: number; converged: boolean; iterations: number } {
  return { value: e.value, converged: e.converged, iterations: e.iterations };
}

/** Tolerance and cap of the power iterations: tight, because the step is set from the result. */
export const POWER_TOLERANCE = 1e-8;
export const POWER_MAX_ITERATIONS = 2000;

/** True when W equals its transpose exactly (then one mat-vec per power step suffices). */
export function isSymmetric(W: BlockSparseMatrix): boolean {
  const { rowPtr, colIdx, values, blockRows } = W;
  for (let i = 0; i < blockRows; i++) {
    for (let k = rowPtr[i]; k < rowPtr[i + 1]; k++) {
      const j = colIdx[k];
      if (j < i) continue;
      // find block (j, i)
      let kt = -1;
      for (let m = rowPtr[j]; m < rowPtr[j + 1]; m++) if (colIdx[m] === i) { kt = m; break; }
      const v = 9 * k;
      if (kt < 0) {
        for (let e = 0; e < 9; e++) if (values[v + e] !== 0) return false;
        continue;
      }
      const vt = 9 * kt;
      for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) if (values[v + 3 * a + b] !== values[vt + 3 * b + a]) return false;
    }
  }
  return true;
}

/**
 * λ_max of the symmetric part ½(W + Wᵀ), by power iteration from core (a Rayleigh
 * quotient: never above the true value).
 */
export function lambdaMax(W: BlockSparseMatrix, pi: PowerIteration, symmetric: boolean): SpectralEstimate {
  const res = pi.symmetricPart(W, { tolerance: POWER_TOLERANCE, maxIterations: POWER_MAX_ITERATIONS }, symmetric);
  return { value: res.lambda, iterations: res.iterations, matvecs: (symmetric ? 1 : 2) * res.iterations, converged: res.converged, residual: res.residual };
}

/**
 * λ_min of the symmetric part S = ½(W + Wᵀ), as λ_max − λ_max(λ_max I − S) by power
 * iteration on the shifted operator. The Rayleigh quotient of the shifted operator never
 * exceeds its largest eigenvalue, so the estimate is never below the true λ_min: an
 * unconverged run over-estimates λ_min. For a singular W (λ_min = 0) the estimate is a
 * small positive number set by how far the iteration got, not a property of W.
 */
export function lambdaMin(W: BlockSparseMatrix, lmax: number, pi: PowerIteration, symmetric: boolean, scratch: Float64Array): SpectralEstimate {
  const res = pi.run((x, out) => {
    bsrMul(W, x, out);
    if (!symmetric) {
      bsrMulTranspose(W, x, scratch);
      for (let i = 0; i < out.length; i++) out[i] = lmax * x[i] - 0.5 * (out[i] + scratch[i]);
    } else {
      for (let i = 0; i < out.length; i++) out[i] = lmax * x[i] - out[i];
    }
  }, { tolerance: POWER_TOLERANCE, maxIterations: POWER_MAX_ITERATIONS });
  return { value: lmax - res.lambda, iterations: res.iterations, matvecs: (symmetric ? 1 : 2) * res.iterations, converged: res.converged, residual: res.residual };
}

/** Frobenius norm of W, ‖W‖_F = sqrt(Σ w_ij²). */
export function frobeniusNorm(W: BlockSparseMatrix): number {
  const v = W.values;
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i] * v[i];
  return Math.sqrt(s);
}
