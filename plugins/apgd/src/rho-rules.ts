import { MoreauError } from '@moreau/core/contracts';
import { PowerIteration, type BlockSparseMatrix } from '@moreau/core/kernels';
import { frobeniusNorm, isSymmetric, lambdaMax, lambdaMin, type SpectralEstimate } from './spectral.js';

/** The choices of ρ of paper 003 §2.4.1 (eqs 13-19). */
export const RHO_RULES = ['ghadimi', 'dicairano', 'acary', 'normal', 'smaller', 'wrho', 'eigenwrho'] as const;
export type RhoRule = (typeof RHO_RULES)[number];

/** ρ_0 and the spectral estimates it was computed from. */
export interface RhoChoice {
  rho: number;
  rule: RhoRule | 'given';
  lambdaMax?: SpectralEstimate;
  lambdaMin?: SpectralEstimate;
  frobenius?: number;
  /** Mat-vecs spent on the estimates. */
  matvecs: number;
}

/**
 * Refuses, at create time, the rules that need the global problem's M and H
 * (`dicairano`, eq 14: √(λ_min(M) λ_max(M)); `acary`, eq 15: ‖M‖₁/‖H‖₁). A local
 * problem (W, q, μ) does not determine them: M → cM, H → √c H leaves W = H M⁻¹ Hᵀ
 * unchanged and scales the first rule by c and the second by √c, so no function of W
 * can stand in for either.
 */
export function checkRhoRule(rule: RhoRule | number): void {
  if (rule === 'dicairano' || rule === 'acary') {
    const formula = rule === 'dicairano' ? '√(λ_min(M) λ_max(M)) (paper 003 eq 14)' : '‖M‖₁ / ‖H‖₁ (paper 003 eq 15)';
    throw new MoreauError(
      'E_UNSUPPORTED',
      `apgd: rho '${rule}' = ${formula} needs ${rule === 'acary' ? 'M and H' : 'the mass matrix M'} of the global problem, `
      + 'and a solver receives the local problem (W, q, μ) only, which does not determine them '
      + '(M → cM, H → √c·H leaves W = H M⁻¹ Hᵀ unchanged). Compute ρ from your M and H and pass it as a number, '
      + "or choose 'ghadimi', 'normal', 'smaller', 'wrho' or 'eigenwrho'.",
      { path: ['rho'] },
    );
  }
}

/**
 * ρ_0 by a rule of paper 003 §2.4.1 on W, the eigenvalues being those of the symmetric
 * part ½(W + Wᵀ), estimated by power iteration:
 * - `ghadimi` (eq 13): 1/√(λ_min λ_max). λ_min is estimated from above (see `lambdaMin`),
 *   so on a singular W (λ_min = 0, ρ infinite) the result is a large, finite step set by
 *   that estimate; a non-positive estimate (W not positive semidefinite) is refused;
 * - `normal` (eq 16): 1; `smaller` (eq 17): 2/3;
 * - `wrho` (eq 18): 1/‖W‖ with the Frobenius norm (a matrix norm that differs from the
 *   spectral one of `eigenwrho`; ‖W‖_F ≥ λ_max, so this step is the more cautious);
 * - `eigenwrho` (eq 19): 1/λ_max;
 * - a number: that ρ.
 */
export function initialRho(rule: RhoRule | number, W: BlockSparseMatrix, pi: PowerIteration, scratch: Float64Array): RhoChoice {
  if (typeof rule === 'number') return { rho: rule, rule: 'given', matvecs: 0 };
  checkRhoRule(rule);
  switch (rule) {
    case 'normal': return { rho: 1, rule, matvecs: 0 };
    case 'smaller': return { rho: 2 / 3, rule, matvecs: 0 };
    case 'wrho': {
      const f = frobeniusNorm(W);
      return { rho: f > 0 ? 1 / f : 1, rule, frobenius: f, matvecs: 0 };
    }
    case 'eigenwrho': {
      const lmax = lambdaMax(W, pi, isSymmetric(W));
      return { rho: lmax.value > 0 ? 1 / lmax.value : 1, rule, lambdaMax: lmax, matvecs: lmax.matvecs };
    }
    case 'ghadimi': {
      const symmetric = isSymmetric(W);
      const lmax = lambdaMax(W, pi, symmetric);
      const lmin = lambdaMin(W, lmax.value, pi, symmetric, scratch);
      if (!(lmin.value > 0 && lmax.value > 0)) {
        throw new MoreauError(
          'E_UNSUPPORTED',
          `apgd: rho 'ghadimi' = 1/√(λ_min λ_max) (paper 003 eq 13) needs a positive definite W; the estimates are `
          + `λ_min = ${lmin.value}, λ_max = ${lmax.value}. Choose 'eigenwrho' or 'wrho'.`,
          { path: ['rho'] },
        );
      }
      return { rho: 1 / Math.sqrt(lmin.value * lmax.value), rule, lambdaMax: lmax, lambdaMin: lmin, matvecs: lmax.matvecs + lmin.matvecs };
    }
    default: throw new MoreauError('E_CONFIG', `apgd: unknown rho rule '${String(rule)}'`, { path: ['rho'] });
  }
}
