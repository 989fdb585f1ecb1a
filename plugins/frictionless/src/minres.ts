import { dot, type LinearOperator } from '@moreau/core/kernels';

/** Why a MINRES run stopped. */
export type MinresStop = 'solved' | 'sluggish' | 'cap' | 'time' | 'breakdown';

export interface MinresOptions {
  /** Cap on iterations (M_max of paper 002's GPMINRES). */
  maxIterations: number;
  /**
   * η₂: stop once an iteration lowers the residual norm by at most η₂ times the largest drop of
   * an earlier iteration ("sluggish convergence", paper 002, GPMINRES line 14).
   */
  eta2: number;
  /** `performance.now()` after which no iteration starts. */
  deadline: number;
  /** Stop ('solved') once the residual norm is at or below this (0: only at rounding level). */
  target: number;
}

export interface MinresOutcome {
  iterations: number;
  /** The residual norm ‖b − A x‖ the recurrence tracks (exact for symmetric A, in exact arithmetic). */
  residual: number;
  stop: MinresStop;
}

/** The residual below this fraction of ‖b‖ is rounding: the system is solved. */
const SOLVED = 1e-14;

/**
 * MINRES (Paige & Saunders, SIAM J. Numer. Anal. 12, 1975) for A x = b with A symmetric,
 * possibly singular: the Lanczos process with Givens rotations, x_j minimising ‖b − A x‖ over
 * the j-th Krylov space. Paper 002 takes MINRES rather than CG for GPMINRES because many of its
 * matrices are only positive semidefinite (the note after the algorithm). Starts from x = 0
 * (paper 002, GPMINRES line 10).
 *
 * Works on vectors of a given length m up to the capacity (views of its buffers), so one
 * workspace serves every face of a solve. No allocation per call beyond those views.
 */
export class Minres {
  private readonly v: Float64Array;
  private readonly y: Float64Array;
  private readonly r1: Float64Array;
  private readonly r2: Float64Array;
  private readonly w: Float64Array;
  private readonly w1: Float64Array;
  private readonly w2: Float64Array;

  constructor(readonly capacity: number) {
    const make = () => new Float64Array(capacity);
    this.v = make(); this.y = make(); this.r1 = make(); this.r2 = make();
    this.w = make(); this.w1 = make(); this.w2 = make();
  }

  /**
   * x (length m) ≈ A⁻¹ b by MINRES from x = 0; `apply(v, out)` computes out = A v for vectors
   * of length m. `b` is not modified.
   */
  solve(apply: LinearOperator, b: Float64Array, x: Float64Array, o: MinresOptions): MinresOutcome {
    const m = b.length;
    const v = this.v.subarray(0, m), y = this.y.subarray(0, m);
    const r1 = this.r1.subarray(0, m), r2 = this.r2.subarray(0, m);
    let w = this.w.subarray(0, m), w1 = this.w1.subarray(0, m), w2 = this.w2.subarray(0, m);
    x.fill(0);
    w.fill(0);
    w2.fill(0);
    r1.set(b);
    r2.set(b);
    y.set(b);
    const beta1 = Math.sqrt(dot(b, b));
    if (!(beta1 > 0)) return { iterations: 0, residual: beta1, stop: beta1 === 0 ? 'solved' : 'breakdown' };
    let beta = beta1, oldb = 0, dbar = 0, epsln = 0, phibar = beta1, cs = -1, sn = 0;
    let biggestDrop = 0;
    for (let j = 1; ; j++) {
      if (j > o.maxIterations) return { iterations: j - 1, residual: phibar, stop: 'cap' };
      if (performance.now() >= o.deadline) return { iterations: j - 1, residual: phibar, stop: 'time' };
      // Lanczos step: v_j = y / β_j, y = A v_j − (β_j/β_{j−1}) r1 − (α_j/β_j) r2.
      const s = 1 / beta;
      for (let i = 0; i < m; i++) v[i] = s * y[i];
      apply(v, y);
      if (j >= 2) {
        const c = beta / oldb;
        for (let i = 0; i < m; i++) y[i] -= c * r1[i];
      }
      const alfa = dot(v, y);
      const c = alfa / beta;
      for (let i = 0; i < m; i++) y[i] -= c * r2[i];
      r1.set(r2);
      r2.set(y);
      oldb = beta;
      beta = Math.sqrt(dot(r2, r2));
      // Apply the previous rotation, then make the new one that annihilates β_{j+1}.
      const oldeps = epsln;
      const delta = cs * dbar + sn * alfa;
      const gbar = sn * dbar - cs * alfa;
      epsln = sn * beta;
      dbar = -cs * beta;
      const gamma = Math.max(Math.hypot(gbar, beta), Number.MIN_VALUE);
      cs = gbar / gamma;
      sn = beta / gamma;
      const phi = cs * phibar;
      const previous = phibar;
      phibar = sn * phibar;
      // w_j = (v_j − ε_j w_{j−2} − δ_j w_{j−1}) / γ_j; x += φ_j w_j. The three buffers rotate.
      const spare = w1;
      w1 = w2;
      w2 = w;
      w = spare;
      const inv = 1 / gamma;
      for (let i = 0; i < m; i++) {
        w[i] = (v[i] - oldeps * w1[i] - delta * w2[i]) * inv;
        x[i] += phi * w[i];
      }
      if (!Number.isFinite(phibar) || !Number.isFinite(phi)) return { iterations: j, residual: phibar, stop: 'breakdown' };
      // β = 0: the Krylov space is invariant and x solves the system in it.
      if (phibar <= Math.max(SOLVED * beta1, o.target) || beta === 0) return { iterations: j, residual: phibar, stop: 'solved' };
      const drop = previous - phibar;
      if (j >= 2 && drop <= o.eta2 * biggestDrop) return { iterations: j, residual: phibar, stop: 'sluggish' };
      if (drop > biggestDrop) biggestDrop = drop;
    }
  }
}
