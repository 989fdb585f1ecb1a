import { projectOntoCone, type FrictionContactProblem } from '@moreau/core';
import { lu3, luSolve3 } from './lu3.js';
import type { LocalSolverOptions } from './local-solver.js';
import { SlidingSolver } from './sliding-solver.js';

/**
 * One nonlinear block Gauss–Seidel (or Jacobi) sweep over the contacts: for each
 * contact a, the local problem u_a = W_aa r_a + q̂_a with
 * q̂_a = q_a + Σ_{b≠a} W_ab r_b, solved exactly (see LocalSolver), then relaxed,
 * r_a ← (1−ω) r_a + ω r̂_a (projected onto K_μ when ω > 1). The row product and
 * the separation, stick and frictionless cases of LocalSolver are inlined here:
 * most contacts end there; slides go to SlidingSolver.
 */
export class Sweeper {
  readonly slider: SlidingSolver;
  /** Outcome counts, accumulated over every sweep since `prepare`. */
  separated = 0;
  sticking = 0;
  sliding = 0;
  failed = 0;
  /** ‖r_new − r_old‖² of the last sweep. */
  change2 = 0;

  private lu = new Float64Array(0);
  private perm = new Uint8Array(0);
  private luOk = new Uint8Array(0);
  private readonly stick = new Float64Array(3);

  constructor(local: LocalSolverOptions) {
    this.slider = new SlidingSolver(local);
  }

  /** Factors the diagonal blocks of W (singular ones are flagged: no stick test there) and resets the counts. */
  prepare(problem: FrictionContactProblem): void {
    const nc = problem.contacts;
    if (this.luOk.length !== nc) {
      this.lu = new Float64Array(9 * nc);
      this.perm = new Uint8Array(3 * nc);
      this.luOk = new Uint8Array(nc);
    }
    const { values, diagIdx } = problem.W;
    for (let a = 0; a < nc; a++) this.luOk[a] = lu3(values, 9 * diagIdx[a], this.lu, 9 * a, this.perm, 3 * a) ? 1 : 0;
    this.separated = this.sticking = this.sliding = this.failed = 0;
    this.slider.quarticUses = this.slider.scanUses = 0;
  }

  /**
   * Updates r contact by contact in `order` (backwards when `reverse`). Off-diagonal
   * products read `src`: r itself for Gauss–Seidel, last sweep's copy for Jacobi.
   * A local answer that is not finite stops the sweep before it is written, so r
   * stays finite.
   * @returns false on such a breakdown
   */
  sweep(problem: FrictionContactProblem, r: Float64Array, src: Float64Array, omega: number, order: Int32Array, reverse: boolean): boolean {
    const { rowPtr, colIdx, values, diagIdx } = problem.W;
    const { q, mu } = problem;
    const { lu, perm, luOk, slider, stick: st } = this;
    const sr = slider.r, inp = slider.input;
    const nc = problem.contacts;
    let sep = 0, stick = 0, slide = 0, fail = 0, ch2 = 0, ok = true;
    for (let i = 0; i < nc; i++) {
      const a = order[reverse ? nc - 1 - i : i];
      const o = 3 * a, kd = diagIdx[a];
      let q0 = q[o], q1 = q[o + 1], q2 = q[o + 2];
      for (let k = rowPtr[a]; k < kd; k++) {
        const j = 3 * colIdx[k], v = 9 * k;
        const x0 = src[j], x1 = src[j + 1], x2 = src[j + 2];
        q0 += values[v] * x0 + values[v + 1] * x1 + values[v + 2] * x2;
        q1 += values[v + 3] * x0 + values[v + 4] * x1 + values[v + 5] * x2;
        q2 += values[v + 6] * x0 + values[v + 7] * x1 + values[v + 8] * x2;
      }
      for (let k = kd + 1, end = rowPtr[a + 1]; k < end; k++) {
        const j = 3 * colIdx[k], v = 9 * k;
        const x0 = src[j], x1 = src[j + 1], x2 = src[j + 2];
        q0 += values[v] * x0 + values[v + 1] * x1 + values[v + 2] * x2;
        q1 += values[v + 3] * x0 + values[v + 4] * x1 + values[v + 5] * x2;
        q2 += values[v + 6] * x0 + values[v + 7] * x1 + values[v + 8] * x2;
      }
      const m = mu[a], r0 = r[o], r1 = r[o + 1], r2 = r[o + 2];
      let n0: number, n1: number, n2: number;
      if (q0 >= 0) {
        // Separation: r = 0 solves exactly when q̂_N >= 0 (see LocalSolver).
        n0 = 0; n1 = 0; n2 = 0;
        sep++;
      } else if (m === 0) {
        const wnn = values[9 * kd];
        n1 = 0; n2 = 0;
        if (wnn > 0) { n0 = -q0 / wnn; slide++; } else { n0 = 0; fail++; }
      } else {
        let s0 = NaN, s1 = NaN, s2 = NaN;
        if (luOk[a] === 1) {
          st[0] = -q0; st[1] = -q1; st[2] = -q2;
          luSolve3(lu, 9 * a, perm, 3 * a, st, 0, st, 0);
          s0 = st[0]; s1 = st[1]; s2 = st[2];
        }
        if (s0 >= 0 && s1 * s1 + s2 * s2 <= m * m * s0 * s0) {
          n0 = s0; n1 = s1; n2 = s2;
          stick++;
        } else {
          inp[0] = q0; inp[1] = q1; inp[2] = q2;
          inp[3] = r0; inp[4] = r1; inp[5] = r2;
          inp[6] = s0; inp[7] = s1; inp[8] = s2;
          inp[9] = m;
          if (slider.solve(values, 9 * kd)) slide++; else fail++;
          n0 = sr[0]; n1 = sr[1]; n2 = sr[2];
        }
      }
      if (omega !== 1) {
        n0 = r0 + omega * (n0 - r0);
        n1 = r1 + omega * (n1 - r1);
        n2 = r2 + omega * (n2 - r2);
        // Over-relaxation can leave the cone (a convex combination, ω < 1, cannot): project
        // back with core's projection, whose x_N ≥ 0 guard keeps r_N ≥ 0 at μ = 0 too.
        if (omega > 1) {
          st[0] = n0; st[1] = n1; st[2] = n2;
          projectOntoCone(st, 0, st, 0, m);
          n0 = st[0]; n1 = st[1]; n2 = st[2];
        }
      }
      const d0 = n0 - r0, d1 = n1 - r1, d2 = n2 - r2;
      const dd = d0 * d0 + d1 * d1 + d2 * d2;
      // NaN fails both comparisons; an infinite entry makes dd infinite or NaN.
      if (!(dd < Infinity)) { ok = false; break; }
      ch2 += dd;
      r[o] = n0; r[o + 1] = n1; r[o + 2] = n2;
    }
    this.separated += sep; this.sticking += stick; this.sliding += slide; this.failed += fail;
    this.change2 = ch2;
    return ok;
  }
}
