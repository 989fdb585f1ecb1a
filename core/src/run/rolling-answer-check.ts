import { hypot2 } from '../cone/hypot2.js';
import { rollingConeViolation } from '../cone/rolling-cone.js';
import { gatherPair, type RollingPairs } from '../problem/rolling-pairs.js';

/**
 * The answer check's tests on rolling pairs (answer-check.ts composes the messages).
 * See FrictionContactProblem for how a pair sits in W: its torque block row is no contact,
 * so the checks on normal velocities skip it, and its six reactions lie in Z, not in K_μ.
 */

/**
 * Whether the normal row of block k, in the column of pair p's torque block, can raise u_N:
 * τ_r ranges over a ball of radius ρ γ_n and τ_n over [−σ γ_n, σ γ_n], so w · τ can be
 * positive exactly when ρ‖(w_0, w_1)‖ + σ|w_2| > 0 (NaN counts as raising). Tested apart from
 * the pair's force column, this makes the infeasibility proof weaker than the joint polar test
 * of Z (w_f,0 + μ‖w_f,T‖ + ρ‖w_t,r‖ + σ|w_t,n| ≤ 0), never wrong: it still only proves.
 */
export function torqueColumnRaises(values: Float64Array, k: number, pairs: RollingPairs, p: number): boolean {
  const v = 9 * k;
  return !(pairs.rho[p] * hypot2(values[v], values[v + 1]) + pairs.sigma[p] * Math.abs(values[v + 2]) <= 0);
}

/**
 * The first pair whose six reactions leave Z by more than `tolerance` (1 + max(μ, ρ, σ))² rmax
 * (the rounding of a projection, as for K_μ), or −1. `six` is scratch of length 6, left holding
 * that pair's reactions.
 */
export function rollingConeBreach(r: Float64Array, mu: Float64Array, pairs: RollingPairs, rmax: number, tolerance: number, six: Float64Array): number {
  for (let p = 0; p < pairs.count; p++) {
    const m = mu[pairs.force[p]], rho = pairs.rho[p], sigma = pairs.sigma[p];
    gatherPair(six, 0, r, pairs, p);
    const c = 1 + Math.max(m, rho, sigma);
    // NaN never passes.
    if (!(rollingConeViolation(six, 0, m, rho, sigma) <= tolerance * c * c * rmax)) return p;
  }
  return -1;
}
