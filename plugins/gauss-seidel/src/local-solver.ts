import { lu3, luSolve3 } from './lu3.js';
import { naturalMapResidual } from './residual.js';
import { SlidingSolver } from './sliding-solver.js';

/**
 * The exact one-contact Coulomb solver. See FrictionContactProblem for the
 * problem statement; here it has one contact: u = W r + q with a 3x3 W,
 * r ∈ K_μ, ũ = u + μ‖u_T‖ e_N ∈ K_μ*, ũ ⟂ r (normal first).
 *
 * The solution is one of three kinds, tried in this order:
 *
 * - separation, r = 0: then ũ = q + μ‖q_T‖ e_N, and K_μ* = { μ‖v_T‖ ≤ v_N }, so
 *   ũ ∈ K_μ* ⇔ μ‖q_T‖ ≤ q_N + μ‖q_T‖ ⇔ q_N ≥ 0. The test is exactly q_N ≥ 0.
 * - sticking, u = 0: r = −W⁻¹ q (by LU with partial pivoting, lu3.ts), a solution
 *   when it lies in K_μ.
 * - sliding: r on the boundary of K_μ, u_N = 0, the slip opposite r_T
 *   (SlidingSolver). μ = 0 is the closed form r = (−q_N / W_NN, 0, 0).
 *
 * When q_N < 0, no stick fits and W is positive definite, a slide exists, so the
 * three cases are exhaustive. Sweeps run `solveFactored` (W_aa factored once per
 * problem); `solve` factors W and adds the residual of its answer.
 */

export const SEPARATED = 0;
export const STICKING = 1;
export const SLIDING = 2;
/** No candidate met the tolerance; `r` holds the best one found (finite). */
export const FAILED = 3;
export type LocalOutcome = typeof SEPARATED | typeof STICKING | typeof SLIDING | typeof FAILED;

export interface LocalSolverOptions {
  /** Natural-map residual, relative to max(‖q‖, ‖r‖, ‖u‖), that a solution must meet. */
  tolerance: number;
  /** Cap on Newton and bisection steps in the sliding case. */
  maxIterations: number;
}

export class LocalSolver {
  /** The reaction found by the last call. */
  readonly r = new Float64Array(3);
  /** Relative natural-map residual of `r`. */
  residual = 0;
  readonly sliding: SlidingSolver;
  private readonly lu = new Float64Array(9);
  private readonly perm = new Uint8Array(3);
  private readonly stick = new Float64Array(3);

  constructor(options: LocalSolverOptions) {
    this.sliding = new SlidingSolver(options);
  }

  /**
   * Solves the one-contact problem with W = w[wo..wo+8] (row-major), q = q[qo..qo+2]
   * and friction μ; `prev[po..po+2]` (the current reaction) picks among several
   * solutions when there are several. The answer is in `r`, its residual in `residual`.
   * @returns which kind of solution was found
   */
  solve(w: Float64Array, wo: number, q: Float64Array, qo: number, mu: number, prev: Float64Array, po: number): LocalOutcome {
    const factored = lu3(w, wo, this.lu, 0, this.perm, 0);
    const out = this.solveFactored(w, wo, this.lu, 0, this.perm, 0, factored, q, qo, mu, prev, po);
    const r = this.r, q0 = q[qo], q1 = q[qo + 1], q2 = q[qo + 2];
    const u0 = w[wo] * r[0] + w[wo + 1] * r[1] + w[wo + 2] * r[2] + q0;
    const u1 = w[wo + 3] * r[0] + w[wo + 4] * r[1] + w[wo + 5] * r[2] + q1;
    const u2 = w[wo + 6] * r[0] + w[wo + 7] * r[1] + w[wo + 8] * r[2] + q2;
    this.residual = naturalMapResidual(r[0], r[1], r[2], u0, u1, u2, q0, q1, q2, mu);
    return out;
  }

  /**
   * The solver itself, as sweeps run it: `solve` given W's LU factors (lu3 of w at `lu[lo..]`,
   * `perm[po..]`; `factored` false when lu3 found W singular, which rules out sticking), so a
   * sweep factors each diagonal block once per problem. Writes `r` only; `residual` is left as is.
   * @returns which kind of solution was found
   */
  solveFactored(
    w: Float64Array, wo: number, lu: Float64Array, lo: number, perm: Uint8Array, po: number, factored: boolean,
    q: Float64Array, qo: number, mu: number, prev: Float64Array, pr: number,
  ): LocalOutcome {
    const q0 = q[qo], q1 = q[qo + 1], q2 = q[qo + 2];
    const r = this.r;
    if (q0 >= 0) {
      r[0] = 0; r[1] = 0; r[2] = 0;
      return SEPARATED;
    }
    if (mu === 0) {
      // r_T = 0, so no W_NT, W_TN coupling reaches r_N; with W_NN <= 0 nothing solves.
      const wnn = w[wo];
      r[0] = wnn > 0 ? -q0 / wnn : 0; r[1] = 0; r[2] = 0;
      return wnn > 0 ? SLIDING : FAILED;
    }
    let s0 = NaN, s1 = NaN, s2 = NaN;
    if (factored) {
      const st = this.stick;
      st[0] = -q0; st[1] = -q1; st[2] = -q2;
      luSolve3(lu, lo, perm, po, st, 0, st, 0);
      s0 = st[0]; s1 = st[1]; s2 = st[2];
    }
    // Inside K_μ: ‖s_T‖ ≤ μ s_N with s_N ≥ 0, squared to spare a square root.
    if (s0 >= 0 && s1 * s1 + s2 * s2 <= mu * mu * s0 * s0) {
      r[0] = s0; r[1] = s1; r[2] = s2;
      return STICKING;
    }
    const sl = this.sliding, inp = sl.input;
    inp[0] = q0; inp[1] = q1; inp[2] = q2;
    inp[3] = prev[pr]; inp[4] = prev[pr + 1]; inp[5] = prev[pr + 2];
    inp[6] = s0; inp[7] = s1; inp[8] = s2;
    inp[9] = mu;
    const ok = sl.solve(w, wo);
    const sr = sl.r;
    r[0] = sr[0]; r[1] = sr[1]; r[2] = sr[2];
    return ok ? SLIDING : FAILED;
  }
}
