import { projectOntoCone } from '@moreau/core/kernels';

/** Sweeps between two extrapolations: the two before each one measure the direction. */
export const DOMINANT_EVERY = 3;
/** Least cosine between the last two sweeps' changes of r for them to count as one direction. */
const ALIGNED = 0.98;
/** Least ratio of their lengths: below it the sweeps are converging fast enough as they are. */
const LEAST_RATIO = 0.5;
/** The longest step, in sweeps' changes: a ratio at or above 1 (a drift) takes this one. */
const LONGEST = 1000;

/**
 * Extrapolation of the sweeps along their dominant mode (Lyusternik's acceleration of a linear
 * iteration with one dominant eigenvalue). When the sweeps' error is dominated by one eigenvalue
 * λ of the sweep map's linearisation, e_k ≈ λᵏ v, successive changes Δ_k = r_k − r_{k−1} ≈ λ Δ_{k−1}
 * point one way, and the limit is r_k + λ/(1 − λ) Δ_k. On a pile that has settled, the changes of
 * consecutive sweeps agree to a cosine of 0.9999 with λ between 0.99 and 1.0: a hyperstatic bed's
 * reactions drift along directions W hardly sees, for hundreds of sweeps, until a contact reaches
 * its cone's boundary. Anderson's secants do not take such a drift (their differences vanish).
 *
 * Every `DOMINANT_EVERY` sweeps, when the last two changes have a cosine of at least `ALIGNED` and
 * λ = ‖Δ_k‖ / ‖Δ_{k−1}‖ > `LEAST_RATIO`, r moves by t Δ_k with t = min(λ/(1 − λ), `LONGEST`)
 * (`LONGEST` for λ ≥ 1), u = W r + q by t ΔU_k (ΔU_k the kept u's change over the same sweep:
 * no product with W), each contact is projected back into its cone and the projection's move
 * carried to u through its block column, as Anderson's extrapolation does. The sweeps that follow
 * decide: the answer is always a sweep's.
 */
export class DominantMode {
  /** Extrapolations since `reset`, and contacts their projections moved. */
  steps = 0;
  projected = 0;
  // r before the sweep before last (Δ_{k−1} = rBefore − rEarlier), r and u before the last one.
  private rEarlier = new Float64Array(0);
  private rBefore = new Float64Array(0);
  private uBefore = new Float64Array(0);
  private readonly cone = new Float64Array(3);

  /** Starts a solve of n unknowns. */
  reset(n: number): void {
    if (this.rBefore.length !== n) {
      this.rEarlier = new Float64Array(n); this.rBefore = new Float64Array(n); this.uBefore = new Float64Array(n);
    }
    this.steps = this.projected = 0;
  }

  /**
   * Keeps what the extrapolation after sweep k needs; call before sweep k with that sweep's r and u.
   * @param k the sweep about to run (1, 2, …)
   */
  beforeSweep(k: number, r: Float64Array, u: Float64Array): void {
    const phase = k % DOMINANT_EVERY;
    if (phase === DOMINANT_EVERY - 1) this.rEarlier.set(r);
    else if (phase === 0) { this.rBefore.set(r); this.uBefore.set(u); }
  }

  /**
   * After sweep k: extrapolates r and u when the last two changes are one direction (see the class).
   * `columns(a, d0, d1, d2)` adds block column a of W times d to u.
   * @returns whether r and u moved
   */
  extrapolate(k: number, r: Float64Array, u: Float64Array, mu: Float64Array,
    columns: (a: number, d0: number, d1: number, d2: number) => void): boolean {
    if (k % DOMINANT_EVERY !== 0) return false;
    const { rEarlier, rBefore, uBefore } = this, n = r.length;
    let older = 0, last = 0, both = 0;
    for (let i = 0; i < n; i++) {
      const a = rBefore[i] - rEarlier[i], b = r[i] - rBefore[i];
      older += a * a; last += b * b; both += a * b;
    }
    // No change before (older = 0) gives cos = NaN: nothing to extrapolate.
    const ratio = Math.sqrt(last / older), cos = both / Math.sqrt(older * last);
    if (!(cos >= ALIGNED && ratio > LEAST_RATIO)) return false;
    const t = ratio < 1 ? Math.min(ratio / (1 - ratio), LONGEST) : LONGEST;
    // The whole step first: a projection's column reaches other contacts' u, which must not be
    // taken for part of their sweep's change.
    for (let i = 0; i < n; i++) {
      r[i] += t * (r[i] - rBefore[i]);
      u[i] += t * (u[i] - uBefore[i]);
    }
    const c = this.cone;
    for (let a = 0, nc = n / 3; a < nc; a++) {
      const o = 3 * a, m = mu[a];
      const r0 = r[o], r1 = r[o + 1], r2 = r[o + 2];
      if (r0 >= 0 && r1 * r1 + r2 * r2 <= m * m * r0 * r0) continue;
      c[0] = r0; c[1] = r1; c[2] = r2;
      projectOntoCone(c, 0, c, 0, m);
      r[o] = c[0]; r[o + 1] = c[1]; r[o + 2] = c[2];
      this.projected++;
      columns(a, c[0] - r0, c[1] - r1, c[2] - r2);
    }
    this.steps++;
    return true;
  }
}
