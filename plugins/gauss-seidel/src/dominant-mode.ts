import { intoCone } from './into-cone.js';

/** Sweeps between two extrapolations: the two before each one measure the direction. */
export const DOMINANT_EVERY = 3;
/** Least cosine between the last two sweeps' changes of r for them to count as one direction. */
const ALIGNED = 0.98;
/** Least ratio of their lengths: below it the sweeps are converging fast enough as they are. */
const LEAST_RATIO = 0.5;
/** The longest step, in sweeps' changes: a ratio at or above 1 (a drift) takes this one. */
const LONGEST = 1000;

/** r before the sweep before last, r and u before the last one. */
export interface DominantBuffers { readonly earlier: Float64Array; readonly before: Float64Array; readonly uBefore: Float64Array }

/**
 * The extrapolation's two passes where they run elsewhere: the WebAssembly sweep kernel
 * (wasm-sweep.ts), on its own r and u and its own buffers, with the same operations in the
 * same order as `DominantMode`'s own, so to the same bits.
 */
export interface DominantPasses {
  readonly dominantBuffers: DominantBuffers | undefined;
  /** out = [‖Δ_{k−1}‖², ‖Δ_k‖², Δ_k·Δ_{k−1}]. */
  dominantSums(out: Float64Array): void;
  /** r and u moved by t times their last change, projected. @returns the contacts the projection moved */
  dominantStep(t: number): number;
}

/**
 * Extrapolation of the sweeps along their dominant mode (Lyusternik's acceleration of a linear
 * iteration with one dominant eigenvalue). When the sweeps' error is dominated by one eigenvalue
 * λ of the sweep map's linearisation, e_k ≈ λᵏ v, successive changes Δ_k = r_k − r_{k−1} ≈ λ Δ_{k−1}
 * point one way, and the limit is r_k + λ/(1 − λ) Δ_k. On a pile that has settled, the changes of
 * consecutive sweeps agree to a cosine above 0.997 with λ between 0.97 and 1.001: a hyperstatic bed's
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
  private own: DominantBuffers = { earlier: new Float64Array(0), before: new Float64Array(0), uBefore: new Float64Array(0) };
  private buffers = this.own;
  private passes: DominantPasses | undefined;
  private readonly sums = new Float64Array(3);

  /** Starts a solve of n unknowns; with `passes`, in the kernel's buffers and passes (r and u must then be its own). */
  reset(n: number, passes?: DominantPasses): void {
    this.passes = passes?.dominantBuffers === undefined ? undefined : passes;
    if (this.passes === undefined && this.own.before.length !== n) {
      this.own = { earlier: new Float64Array(n), before: new Float64Array(n), uBefore: new Float64Array(n) };
    }
    this.buffers = this.passes?.dominantBuffers ?? this.own;
    this.steps = this.projected = 0;
  }

  /**
   * Keeps what the extrapolation after sweep k needs; call before sweep k with that sweep's r and u.
   * @param k the sweep about to run (1, 2, …)
   */
  beforeSweep(k: number, r: Float64Array, u: Float64Array): void {
    const phase = k % DOMINANT_EVERY, b = this.buffers;
    if (phase === DOMINANT_EVERY - 1) b.earlier.set(r);
    else if (phase === 0) { b.before.set(r); b.uBefore.set(u); }
  }

  /**
   * After sweep k: extrapolates r and u when the last two changes are one direction (see the class).
   * `columns(a, d0, d1, d2)` adds block column a of W times d to u.
   * @returns whether r and u moved
   */
  extrapolate(k: number, r: Float64Array, u: Float64Array, mu: Float64Array,
    columns: (a: number, d0: number, d1: number, d2: number) => void): boolean {
    if (k % DOMINANT_EVERY !== 0) return false;
    const sums = this.sums, passes = this.passes;
    if (passes !== undefined) passes.dominantSums(sums);
    else this.sumsHere(r, sums);
    const older = sums[0], last = sums[1];
    // No change before (older = 0) gives cos = NaN: nothing to extrapolate.
    const ratio = Math.sqrt(last / older), cos = sums[2] / Math.sqrt(older * last);
    if (!(cos >= ALIGNED && ratio > LEAST_RATIO)) return false;
    const t = ratio < 1 ? Math.min(ratio / (1 - ratio), LONGEST) : LONGEST;
    this.projected += passes !== undefined ? passes.dominantStep(t) : this.stepHere(t, r, u, mu, columns);
    this.steps++;
    return true;
  }

  /** The sums, here: out = [‖Δ_{k−1}‖², ‖Δ_k‖², Δ_k·Δ_{k−1}]. */
  private sumsHere(r: Float64Array, out: Float64Array): void {
    const { earlier, before } = this.buffers;
    let older = 0, last = 0, both = 0;
    for (let i = 0, n = r.length; i < n; i++) {
      const b = before[i], a = b - earlier[i], d = r[i] - b;
      older += a * a; last += d * d; both += a * d;
    }
    out[0] = older; out[1] = last; out[2] = both;
  }

  /** The step, here. @returns the contacts the projection moved */
  private stepHere(t: number, r: Float64Array, u: Float64Array, mu: Float64Array,
    columns: (a: number, d0: number, d1: number, d2: number) => void): number {
    const { before, uBefore } = this.buffers, n = r.length;
    // The whole step first: a projection's column reaches other contacts' u, which must not be
    // taken for part of their sweep's change.
    for (let i = 0; i < n; i++) {
      r[i] += t * (r[i] - before[i]);
      u[i] += t * (u[i] - uBefore[i]);
    }
    let projected = 0;
    for (let a = 0, nc = n / 3; a < nc; a++) {
      const o = 3 * a;
      projected += intoCone(r, a, r[o], r[o + 1], r[o + 2], mu[a], columns);
    }
    return projected;
  }
}
