import {
  gatherPair, norm2Scaled, projectOntoCone, projectOntoRollingCone, scatterPair, updateRollingDeSaxceShift, type RollingPairs,
} from '@moreau/core/kernels';

/**
 * RelaxedProblem's cone-dependent kernels on a problem with rolling pairs (see
 * FrictionContactProblem): the cone is K = Π Z_p × Π K_μa, each pair's six entries (force
 * block, then torque block: the ROLLING_CONTACT layout) in its rolling cone Z, every ordinary
 * contact in K_μ. The shift s sits on the normal entry of each contact: μ‖u_T‖ for an
 * ordinary contact, Z's De Saxcé shift μ‖u_t‖ + ρ‖w_r‖ + σ|w_n| for a pair's force block
 * (docs/rolling-resistance.md), 0 on a torque block, which is no contact. With that s fixed,
 * r ∈ Z, W r + q + s ∈ Z*, r ⟂ W r + q + s is the convex problem each pass solves, and at
 * s = Φ(W r* + q) its solution is a solution of the contact law on Z, as paper 003 §2.5 has it
 * for K_μ. RelaxedProblem hands these kernels every problem with pairs and keeps its own for
 * every other, unchanged.
 */
export class RollingCones {
  private readonly six = new Float64Array(6);
  /** eq 10's vector e, one entry per unknown. */
  private readonly e: Float64Array;

  constructor(private readonly pairs: RollingPairs, private readonly mu: Float64Array, private readonly q: Float64Array) {
    this.e = new Float64Array(q.length);
  }

  /** out = P_K(y − t (W y + q + s)), given wy = W y (RelaxedProblem.step with Z for pairs). out must not alias y. @returns out */
  step(out: Float64Array, y: Float64Array, wy: Float64Array, t: number, sN: Float64Array): Float64Array {
    const q = this.q;
    for (let a = 0; a < sN.length; a++) {
      const o = 3 * a;
      out[o] = y[o] - t * (wy[o] + q[o] + sN[a]);
      out[o + 1] = y[o + 1] - t * (wy[o + 1] + q[o + 1]);
      out[o + 2] = y[o + 2] - t * (wy[o + 2] + q[o + 2]);
    }
    return this.project(out);
  }

  /**
   * Paper 003 eq 10 on K: ‖r − P_K(r − g_d (W r + q + s))‖₂ / (m g_d), m = 3 nc, given
   * wx = W r; sN null for s = 0. Zero exactly at a solution of the problem for this s; a
   * non-finite input gives Infinity.
   */
  residual(r: Float64Array, wr: Float64Array, sN: Float64Array | null, gd: number): number {
    const n = r.length, q = this.q, e = this.e;
    if (n === 0) return 0;
    for (let i = 0; i < n; i++) e[i] = r[i] - gd * (wr[i] + q[i]);
    if (sN !== null) for (let a = 0; a < sN.length; a++) e[3 * a] -= gd * sN[a];
    this.project(e);
    for (let i = 0; i < n; i++) e[i] = r[i] - e[i];
    const value = norm2Scaled(e) / (n * gd);
    return value === value ? value : Infinity;
  }

  /** sN ← Φ(W r + q) given wr = W r (core's updateRollingDeSaxceShift). @returns its relative change */
  updateShift(wr: Float64Array, sN: Float64Array): number {
    return updateRollingDeSaxceShift(this.q, this.mu, this.pairs, wr, sN);
  }

  /** x ← P_K(x): ordinary contacts onto K_μ, pairs onto Z with their force block's μ. @returns x */
  private project(x: Float64Array): Float64Array {
    const { pairs, mu, six } = this;
    for (let a = 0; a < mu.length; a++) if (pairs.pairOf[a] < 0) projectOntoCone(x, 3 * a, x, 3 * a, mu[a]);
    for (let p = 0; p < pairs.count; p++) {
      gatherPair(six, 0, x, pairs, p);
      projectOntoRollingCone(six, 0, six, 0, mu[pairs.force[p]], pairs.rho[p], pairs.sigma[p]);
      scatterPair(x, pairs, p, six, 0);
    }
    return x;
  }
}
