import { gatherPair, type RollingPairs } from '../problem/rolling-pairs.js';
import { rollingDeSaxceShift } from './rolling-de-saxce.js';

/**
 * The De Saxcé normal shift of a Coulomb problem, s_a = μ_a ‖u_T‖ with u = W r + q (paper 003
 * eq 4): with s fixed, the cone complementarity problem W r + q + s e_N ∈ K* ⟂ r ∈ K is convex,
 * and at a Coulomb solution its s is this one. The solvers that reach the exact law by a fixed
 * point on s (APGD, P-SPG-FB, the interior point) update it here.
 *
 * Writes sN[a] ← μ_a ‖(wr + q)_T‖ for every contact a, given wr = W r.
 * @returns the relative change of s, paper 003 eq 22 in the max norm:
 *   max_a |s'_a − s_a| / max_a s_a (0 when both are zero, Infinity when only the new one is not)
 */
export function updateDeSaxceShift(q: Float64Array, mu: Float64Array, wr: Float64Array, sN: Float64Array): number {
  const change = new ShiftChange();
  for (let a = 0; a < mu.length; a++) {
    const o = 3 * a;
    const u1 = wr[o + 1] + q[o + 1], u2 = wr[o + 2] + q[o + 2];
    const next = mu[a] * Math.sqrt(u1 * u1 + u2 * u2);
    store(sN, a, next, change);
  }
  return change.relative();
}

/**
 * `updateDeSaxceShift` for a problem with rolling pairs (see FrictionContactProblem): sN[a] ←
 * μ_a ‖u_T‖ on an ordinary contact, Z's shift μ‖u_t‖ + ρ‖w_r‖ + σ|w_n| (rollingDeSaxceShift,
 * paper 002's cone Z) on a pair's force block, 0 on a pair's torque block; u = wr + q.
 * @returns the relative change of s, as `updateDeSaxceShift`
 */
export function updateRollingDeSaxceShift(q: Float64Array, mu: Float64Array, pairs: RollingPairs, wr: Float64Array, sN: Float64Array): number {
  const six = new Float64Array(6);
  const change = new ShiftChange();
  for (let a = 0; a < mu.length; a++) {
    const o = 3 * a, p = pairs.pairOf[a];
    let next = 0;
    if (p < 0) {
      const u1 = wr[o + 1] + q[o + 1], u2 = wr[o + 2] + q[o + 2];
      next = mu[a] * Math.sqrt(u1 * u1 + u2 * u2);
    } else if (pairs.isTorque[a] === 0) {
      gatherPair(six, 0, wr, pairs, p);
      const t = 3 * pairs.torque[p];
      for (let k = 0; k < 3; k++) { six[k] += q[o + k]; six[3 + k] += q[t + k]; }
      next = rollingDeSaxceShift(six, 0, mu[a], pairs.rho[p], pairs.sigma[p]);
    }
    store(sN, a, next, change);
  }
  return change.relative();
}

/** The largest |s' − s| and the largest old s, gathered while s is overwritten entry by entry. */
class ShiftChange {
  change = 0;
  scale = 0;

  /** max |s' − s| / max s: 0 when nothing moved, Infinity (not NaN) for ∞ / ∞ or x / 0. */
  relative(): number {
    if (this.change === 0) return 0;
    const rel = this.change / this.scale;
    return rel === rel ? rel : Infinity;
  }
}

/** sN[a] ← next, recording the change in `change`. */
function store(sN: Float64Array, a: number, next: number, change: ShiftChange): void {
  const old = sN[a];
  const d = Math.abs(next - old);
  if (d > change.change) change.change = d;
  if (old > change.scale) change.scale = old;
  sN[a] = next;
}
