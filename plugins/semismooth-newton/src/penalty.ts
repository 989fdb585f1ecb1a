import { symmetricBlockLambdaMax, type BlockSparseMatrix } from '@moreau/core/kernels';
import { SEPARATED, STICK } from './contact-rows.js';

/**
 * SCALE's starting point (paper 004 §5.3): ρ_α = 1/λ_max(W_αα), the step bound of
 * the projected gradient method on each diagonal sub-problem. A diagonal block
 * with no positive eigenvalue (a contact nothing moves) gets ρ_α = 1, as core's
 * `newton` merit does.
 * @returns out
 */
export function initialRho(W: BlockSparseMatrix, out: Float64Array): Float64Array {
  for (let a = 0; a < W.blockRows; a++) {
    const lmax = symmetricBlockLambdaMax(W.values, 9 * W.diagIdx[a]);
    out[a] = lmax > 0 && Number.isFinite(1 / lmax) ? 1 / lmax : 1;
  }
  return out;
}

/** Stick (1), slip (2) or neither (0, separated) from a contact's row type; SCALE compares these. */
export function tangentialState(kind: number): number {
  return kind === SEPARATED ? 0 : kind === STICK ? 1 : 2;
}

/**
 * Algorithm SCALE (paper 004 §5.3): every contact that switched between stick and
 * slip from `previous` to `current` row types multiplies its ρ_α by φ, at most L
 * times over a solve (counted in `count`).
 * @returns how many ρ_α changed
 */
export function scalePenalty(
  rho: Float64Array, count: Uint8Array, previous: Uint8Array, current: Uint8Array, phi: number, L: number,
): number {
  let changed = 0;
  for (let a = 0; a < rho.length; a++) {
    if (count[a] >= L) continue;
    const p = tangentialState(previous[a]), c = tangentialState(current[a]);
    if (p !== 0 && c !== 0 && p !== c) {
      rho[a] *= phi;
      count[a]++;
      changed++;
    }
  }
  return changed;
}
