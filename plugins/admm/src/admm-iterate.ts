import { hypot2, projectOntoCones, type BsrMulKernel, type FrictionContactProblem } from '@moreau/core/kernels';
import { extrapolate } from './acceleration.js';
import type { Residuals } from './rho-rules.js';
import type { ShiftedSystem } from './shifted-system.js';

/**
 * The iterates of ADMM on one problem size (Boyd et al. 2011, §3.1.1, scaled form): r, the
 * projected copy z, the scaled multiplier ξ, their previous values (k) and the points the next
 * iteration starts from (h, "hat": extrapolated, or the previous iterate after a restart).
 * Allocated once per size; each method is one line of the algorithm box in admm-solver.ts.
 */
export class AdmmIterate {
  readonly r: Float64Array;
  readonly z: Float64Array;
  readonly xi: Float64Array;
  private readonly zk: Float64Array;
  private readonly zh: Float64Array;
  private readonly xik: Float64Array;
  private readonly xih: Float64Array;
  private readonly wr: Float64Array;
  private readonly qs: Float64Array;
  private readonly rhs: Float64Array;

  constructor(readonly n: number) {
    const v = () => new Float64Array(n);
    this.r = v(); this.z = v(); this.xi = v();
    this.zk = v(); this.zh = v(); this.xik = v(); this.xih = v();
    this.wr = v(); this.qs = v(); this.rhs = v();
  }

  /**
   * r = z = z_k = ẑ = the start (in the cones); ξ = −ũ/ρ there for a warm start (the multiplier
   * of a fixed point), 0 for a cold one (as Siconos, whose ξ starts at u/ρ with u = 0).
   */
  start(problem: FrictionContactProblem, kernel: BsrMulKernel, startAt: Float64Array | undefined, rho: number): void {
    const { r, z, xi } = this;
    if (startAt) projectOntoCones(z, startAt, problem.mu);
    else z.fill(0);
    r.set(z); this.zk.set(z); this.zh.set(z);
    xi.fill(0);
    if (startAt) {
      const qs = this.shiftedQ(problem, kernel, z);
      for (let i = 0; i < this.n; i++) xi[i] = -(this.wr[i] + qs[i]) / rho;
    }
    this.xik.set(xi); this.xih.set(xi);
  }

  /**
   * One iteration: (W + ρI) r = −(q + s(r)) + ρ (ẑ − ξ̂), z = P_K(r + ξ̂), ξ = ξ̂ + r − z.
   * @returns the residuals r_p = ‖r − z‖, s = ρ‖ẑ − z‖ and their scales ‖r‖, ‖z‖, ‖ρξ‖
   */
  update(problem: FrictionContactProblem, kernel: BsrMulKernel, system: ShiftedSystem, rho: number): Residuals {
    const { n, r, z, xi, zh, xih, rhs } = this;
    const qs = this.shiftedQ(problem, kernel, r);
    for (let i = 0; i < n; i++) rhs[i] = rho * (zh[i] - xih[i]) - qs[i];
    system.solve(rhs, r);
    for (let i = 0; i < n; i++) z[i] = r[i] + xih[i];
    projectOntoCones(z, z, problem.mu);
    let rp2 = 0, r2 = 0, z2 = 0, d2 = 0, xi2 = 0;
    for (let i = 0; i < n; i++) {
      const diff = r[i] - z[i], dz = zh[i] - z[i];
      xi[i] = xih[i] + diff;
      rp2 += diff * diff;
      r2 += r[i] * r[i];
      z2 += z[i] * z[i];
      d2 += dz * dz;
      xi2 += xi[i] * xi[i];
    }
    return { primal: Math.sqrt(rp2), dual: rho * Math.sqrt(d2), normR: Math.sqrt(r2), normZ: Math.sqrt(z2), normRhoXi: rho * Math.sqrt(xi2) };
  }

  /** The next iteration starts from (z, ξ) extrapolated by a ≥ 0, or from (z_k, ξ_k) when a < 0 (a restart). */
  accelerate(a: number): void {
    if (a >= 0) {
      extrapolate(this.zh, this.z, this.zk, a);
      extrapolate(this.xih, this.xi, this.xik, a);
    } else {
      this.zh.set(this.zk);
      this.xih.set(this.xik);
    }
  }

  /** ρ changed from ρ_k to ρ: the scaled multipliers ξ = y/ρ are multiplied by ρ_k/ρ (Boyd et al. 2011, §3.4.1). */
  rescale(ratio: number): void {
    for (let i = 0; i < this.n; i++) {
      this.xi[i] *= ratio;
      this.xih[i] *= ratio;
    }
  }

  /** This iteration's (z, ξ) become the previous ones. */
  commit(): void {
    this.zk.set(this.z);
    this.xik.set(this.xi);
  }

  /** z ← z_k: back to the last finite iterate after a breakdown. */
  revert(): void {
    this.z.set(this.zk);
  }

  /**
   * q + s with s = [μ_a ‖u_T‖ e_N] at u = W x + q (De Saxcé's shift), W x left in `wr`.
   * @returns the internal buffer holding q + s
   */
  private shiftedQ(problem: FrictionContactProblem, kernel: BsrMulKernel, x: Float64Array): Float64Array {
    const { q, mu } = problem;
    const wr = kernel.mul(x, this.wr), out = this.qs;
    out.set(q);
    for (let a = 0, o = 0; a < mu.length; a++, o += 3) out[o] += mu[a] * hypot2(wr[o + 1] + q[o + 1], wr[o + 2] + q[o + 2]);
    return out;
  }
}
