import type { BlockSparseMatrix } from '@moreau/core/kernels';

/** What δ is measured against (paper 000 §8.1.2): nothing, or the smallest, mean or largest diagonal entry of W. */
export type DeltaReference = 'none' | 'minWii' | 'avgWii' | 'maxWii';

/** The regularisation option: an absolute δ, or a factor of a diagonal statistic of W. */
export type DeltaOption = number | { value: number; relativeTo: DeltaReference };

/**
 * The δ used in Algorithm 1 step (b): δ itself, or δ₁ = δ · min_i W_ii, δ · avg_i W_ii
 * or δ · max_i W_ii over the scalar diagonal entries of W (paper 000 §8.1.2; all 3 per
 * contact, normal and tangential). A negative statistic (a malformed W) counts as 0,
 * so δ₁ is never negative.
 * @returns δ₁ >= 0
 */
export function effectiveDelta(W: BlockSparseMatrix, delta: DeltaOption): number {
  const { value, relativeTo } = typeof delta === 'number' ? { value: delta, relativeTo: 'none' as const } : delta;
  if (relativeTo === 'none' || value === 0) return value;
  const stat = diagonalStatistic(W, relativeTo);
  return stat > 0 ? value * stat : 0;
}

/**
 * The smallest, mean or largest scalar diagonal entry of W (all 3 per contact, normal and
 * tangential): what a relative δ and a relative reaction scale are measured against.
 * @returns the statistic; 0 for a problem without contacts
 */
export function diagonalStatistic(W: BlockSparseMatrix, of: Exclude<DeltaReference, 'none'>): number {
  const nc = W.blockRows;
  if (nc === 0) return 0;
  const values = W.values, diagIdx = W.diagIdx;
  let min = Infinity, max = -Infinity, sum = 0;
  for (let a = 0; a < nc; a++) {
    const b = 9 * diagIdx[a];
    for (let i = 0; i < 3; i++) {
      const w = values[b + 4 * i];
      if (w < min) min = w;
      if (w > max) max = w;
      sum += w;
    }
  }
  return of === 'minWii' ? min : of === 'maxWii' ? max : sum / (3 * nc);
}

/**
 * The δ of Newton step k under `deltaUpdate: 'residual'`: δ_k = δ₁ · min(1, ‖C_ω^k‖ / c₀), with
 * c₀ = ‖C_ω‖ at R = 0. This is the switched evolution relaxation rule of pseudo-transient
 * continuation (Kelley and Keyes 1998, the analysis paper 000 §7 cites for Algorithm 1's δ): the
 * steps are damped by the full δ₁ while C_ω is as large as at r = 0, and become Newton steps as it
 * falls, which keeps the robustness of a large δ without its linear rate near a solution. (The
 * textbook rule takes c₀ at the starting iterate; from a warm start near a solution that keeps the
 * full δ₁ on steps that need none, and a simulation's steps then crawl.)
 * @returns δ_k, between 0 and δ₁ (δ₁ when c₀ = 0)
 */
export function residualDelta(delta1: number, cNorm: number, c0: number): number {
  return c0 > 0 && cNorm < c0 ? delta1 * (cNorm / c0) : delta1;
}
