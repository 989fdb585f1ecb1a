import type { BlockSparseMatrix } from '@moreau/core/kernels';
import { diagonalStatistic } from './relative-delta.js';

/**
 * The reaction scale s of a problem: the steps are taken in R/s against s W (see Linearization),
 * the given s lowered, when `maxScaledWii` is not null, so that the mean diagonal entry of s W is
 * at most `maxScaledWii`.
 *
 * Why a cap: C_ω compares a reaction with a velocity in S = R/s − F_ω(U) (paper 000 eq 41), so
 * the Newton steps, unlike the solution, depend on the unit of R. Near a sticking contact
 * (U = 0, R inside K) an error e in R/s moves S by (I − s W) e: for s W ≲ I the stick
 * linearisation holds in a neighbourhood of the size of R's distance to the cone's boundary,
 * but for s W ≫ I that neighbourhood shrinks like 1/(s W), the steps take the slip
 * linearisation, overshoot, and can cycle for ever (one contact of W_ii ≈ 50, μ = 0.16 does).
 * Raising s where W is small gains nothing, so the rule is one-sided, and leaves the paper's
 * impulse (s = 1) wherever W is moderate. The role is that of the augmentation parameter
 * ρ ≈ 1/W_αα of the Alart-Curnier function (Alart and Curnier 1991).
 * @returns s > 0
 */
export function effectiveReactionScale(W: BlockSparseMatrix, scale: number, maxScaledWii: number | null): number {
  if (maxScaledWii === null) return scale;
  const avg = diagonalStatistic(W, 'avgWii');
  return avg * scale > maxScaledWii ? maxScaledWii / avg : scale;
}
