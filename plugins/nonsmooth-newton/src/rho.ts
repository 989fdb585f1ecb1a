import { symmetricBlockLambdaMax, type BlockSparseMatrix } from '@moreau/core/kernels';

/**
 * How ρ is chosen per contact: 'spectral' ρ_N = ρ_T = 1/λ_max(W_aa) (Siconos NSN_AC's
 * default, SPECTRAL_NORM), 'split-spectral' ρ_N = 1/W_aa,NN and ρ_T = 1/λ_max of the
 * tangential 2x2 block (what Siconos' SPLIT_SPECTRAL_NORM aims at: in the version read its discriminant reads
 * 4(t₁₁ + t₂₂ − t₂₁ + t₁₂) where the eigenvalues need 4(t₁₁t₂₂ − t₁₂t₂₁)), or one number for
 * every contact (CONSTANT).
 */
export type RhoRule = 'spectral' | 'split-spectral' | number;

/**
 * Writes ρ_N and ρ_T of every contact. The symmetric part of a block is used (real W are
 * slightly unsymmetric). A block with no positive scale (a contact nothing moves) gets ρ = 1.
 * (Siconos' eigenvalue routine returns a diagonal block's diagonal unsorted, so there a
 * diagonal W_aa gets 1/W_NN; here it gets 1/λ_max, as any other block.)
 */
export function contactRho(W: BlockSparseMatrix, rule: RhoRule, rhoN: Float64Array, rhoT: Float64Array): void {
  const w = W.values;
  for (let a = 0; a < W.blockRows; a++) {
    if (typeof rule === 'number') {
      rhoN[a] = rhoT[a] = rule;
      continue;
    }
    const d = 9 * W.diagIdx[a];
    if (rule === 'spectral') {
      rhoN[a] = rhoT[a] = inverse(symmetricBlockLambdaMax(w, d));
    } else {
      rhoN[a] = inverse(w[d]);
      // λ_max of [[t11, t12], [t12, t22]], t12 the mean of the two off-diagonal entries
      const t11 = w[d + 4], t22 = w[d + 8], t12 = 0.5 * (w[d + 5] + w[d + 7]);
      rhoT[a] = inverse(0.5 * (t11 + t22) + Math.hypot(0.5 * (t11 - t22), t12));
    }
  }
}

function inverse(scale: number): number {
  const rho = 1 / scale;
  return scale > 0 && Number.isFinite(rho) ? rho : 1;
}
