import type { FrictionContactProblem } from '@moreau/core/kernels';
import { addBarrierBlock, coneConstraint, maxConeStep } from './barrier.js';
import type { NewtonSystem } from './newton-system.js';

/** The constants of paper 002's PD-IP: μ of line 2 and the line search of line 4 (the slide's algorithm is Boyd and Vandenberghe's, §11.7). */
export interface IpParameters {
  /** μ > 1 of line 2, t = μ m / η̂ (named so as not to be read as a friction coefficient). */
  centering: number;
  /** Sufficient decrease of ‖r_t‖: accept s when ‖r_t(y + s Δy)‖ ≤ (1 − α s) ‖r_t(y)‖. */
  alpha: number;
  /** Backtracking factor of s. */
  beta: number;
  /**
   * Line 4's rule: 'boundary' takes 0.99 of the largest step keeping λ > 0 and x inside the
   * cones; 'residual' then backtracks on ‖r_t‖ as Boyd and Vandenberghe's PD-IP does.
   */
  lineSearch: 'boundary' | 'residual';
}

/** The problem a Newton step sees: W, q, μ, and the normal shift s (zero for the relaxation). */
export interface ShiftedSystem {
  readonly problem: FrictionContactProblem;
  readonly sN: Float64Array;
  /** out = W x, counted. */
  mul(x: Float64Array, out: Float64Array): Float64Array;
}

/**
 * Why a Newton step could not be taken: a value that is not finite; the line search gave up;
 * an iterate so close to its cone's boundary that rounding put it on it (no scaling exists).
 */
export type StepFailure = 'not-finite' | 'line-search' | 'boundary';

export interface StepOutcome {
  /** The step length s taken (0 when none was). */
  step: number;
  backtracks: number;
  failure?: StepFailure;
}

/** Backtracks of line 4 before the step is given up: β^60 ≈ 1e-18 with β = 1/2. */
const MAX_BACKTRACKS = 60;

/** Line 4's first trial: this fraction of the largest step keeping λ > 0 and x inside the cones (B&V: 0.99). */
const BOUNDARY_FRACTION = 0.99;

/**
 * The iterates of paper 002's PD-IP (primal x = the reactions, dual λ = one multiplier per
 * constraint of `barrier.ts`) and one pass of its loop, lines 2-5. `V` and `rho` are the
 * problem's velocity and impulse scales: the residual ‖r_t‖ of line 1 and line 4 is measured
 * with r_dual / V and r_cent / (ρ V), so that the iteration does not depend on the units.
 */
export class InteriorPoint {
  readonly x: Float64Array;
  readonly wx: Float64Array;
  readonly lc: Float64Array;
  readonly ln: Float64Array;
  private readonly dx: Float64Array;
  private readonly wdx: Float64Array;
  private readonly dlc: Float64Array;
  private readonly dln: Float64Array;
  private readonly rhs: Float64Array;
  /** t of the last step (line 2). */
  t = 0;
  V = 1;
  rho = 1;

  constructor(readonly nc: number) {
    const n = 3 * nc;
    this.x = new Float64Array(n); this.wx = new Float64Array(n);
    this.dx = new Float64Array(n); this.wdx = new Float64Array(n); this.rhs = new Float64Array(n);
    this.lc = new Float64Array(nc); this.ln = new Float64Array(nc);
    this.dlc = new Float64Array(nc); this.dln = new Float64Array(nc);
  }

  /** Number of constraints m: two per contact with friction, one per frictionless contact. */
  static constraintCount(mu: Float64Array): number {
    let m = 0;
    for (let a = 0; a < mu.length; a++) m += mu[a] > 0 ? 2 : 1;
    return m;
  }

  /**
   * A centred strictly feasible start: x_a = (ρ_a, 0, 0), or a warm start `x0` (in the cones)
   * moved δ ρ_a along e_N into them, δ = `depth`; then λ_i = 1 / (t₀ (−f_i(x))) with
   * t₀ = 3 / (δ ρ V), which makes the multipliers' push Σ λ_i ∇f_i about the size of q at the
   * cold start (δ = 1) and starts a warm start that much further along the central path.
   */
  start(sys: ShiftedSystem, V: number, rho: Float64Array, x0: Float64Array | undefined, depth: number): void {
    const { problem } = sys;
    const { x, lc, ln } = this;
    let rhoMean = 0;
    for (let a = 0; a < this.nc; a++) rhoMean += rho[a] / this.nc;
    this.V = V;
    this.rho = rhoMean > 0 ? rhoMean : 1;
    const t0 = 3 / (depth * this.rho * V);
    for (let a = 0; a < this.nc; a++) {
      const o = 3 * a, m = problem.mu[a];
      if (x0) {
        x[o] = x0[o] + depth * rho[a];
        x[o + 1] = m > 0 ? x0[o + 1] : 0;
        x[o + 2] = m > 0 ? x0[o + 2] : 0;
      } else {
        x[o] = rho[a]; x[o + 1] = 0; x[o + 2] = 0;
      }
      ln[a] = 1 / (t0 * x[o]);
      lc[a] = m > 0 ? 1 / (t0 * -coneConstraint(x, o, m)) : 0;
    }
    sys.mul(x, this.wx);
    this.t = t0;
  }

  /** η̂ = −Σ λ_i f_i, the surrogate duality gap. */
  gap(mu: Float64Array): number {
    const { x, lc, ln } = this;
    let eta = 0;
    for (let a = 0; a < mu.length; a++) {
      eta += ln[a] * x[3 * a];
      if (mu[a] > 0) eta += lc[a] * -coneConstraint(x, 3 * a, mu[a]);
    }
    return eta;
  }

  /**
   * Lines 2-5 once: t, the Newton direction, the step s, the update. With `u` = W x + q given,
   * the Newton matrix also carries the derivative of the De Saxcé shift s_a = μ_a ‖u_T‖ (whose
   * value must already be in `sys.sN`).
   */
  iterate(sys: ShiftedSystem, newton: NewtonSystem, prm: IpParameters, u: Float64Array | null): StepOutcome {
    const { mu } = sys.problem;
    const { x, wx, lc, ln, dx, wdx, dlc, dln, rhs } = this;
    // paper 002, PD-IP line 2
    this.t = (prm.centering * InteriorPoint.constraintCount(mu)) / this.gap(mu);
    const invT = 1 / this.t;
    // paper 002, PD-IP line 3: the reduced system, then Δλ from the slide's second block row
    if (!newton.factor(mu, u, (values, d, a) => addBarrierBlock(values, d, x, 3 * a, mu[a], lc[a], ln[a]))) return { step: 0, backtracks: 0, failure: 'not-finite' };
    this.newtonRhs(sys, invT);
    newton.solve(rhs, dx);
    // a frictionless contact's x_T stays exactly 0 (its identity rows give 0 up to the rounding of the other columns)
    for (let a = 0; a < mu.length; a++) if (mu[a] === 0) { dx[3 * a + 1] = 0; dx[3 * a + 2] = 0; }
    for (let i = 0; i < dx.length; i++) if (!Number.isFinite(dx[i])) return { step: 0, backtracks: 0, failure: 'not-finite' };
    sys.mul(dx, wdx);
    let smax = 1;
    for (let a = 0; a < mu.length; a++) {
      const o = 3 * a, m = mu[a], xn = x[o];
      // Δλ_i = (r_cent,i − λ_i ∇f_iᵀ Δx) / f_i, with ∇f_nᵀ Δx = −Δx_N
      dln[a] = (ln[a] * xn - invT + ln[a] * dx[o]) / -xn;
      if (dln[a] < 0) smax = Math.min(smax, -ln[a] / dln[a]);
      if (m > 0) {
        const fc = coneConstraint(x, o, m);
        const gdx = -m * m * xn * dx[o] + x[o + 1] * dx[o + 1] + x[o + 2] * dx[o + 2];
        dlc[a] = (-lc[a] * fc - invT - lc[a] * gdx) / fc;
        if (dlc[a] < 0) smax = Math.min(smax, -lc[a] / dlc[a]);
      }
      smax = maxConeStep(x, dx, o, m, smax);
    }
    // paper 002, PD-IP line 4: 0.99 of the largest step keeping λ > 0 and x inside the cones (the first stage of
    // Boyd and Vandenberghe's search, the feasible step found exactly rather than by halving);
    // with 'residual', then backtracking on ‖r_t‖ (their second stage)
    let s = BOUNDARY_FRACTION * smax, backtracks = 0;
    if (prm.lineSearch === 'residual') {
      const r0 = this.residualAt(sys, 0, invT);
      while (!(this.residualAt(sys, s, invT) <= (1 - prm.alpha * s) * r0)) {
        if (++backtracks > MAX_BACKTRACKS) return { step: 0, backtracks, failure: 'line-search' };
        s *= prm.beta;
      }
    }
    // paper 002, PD-IP line 5
    for (let i = 0; i < x.length; i++) {
      x[i] += s * dx[i];
      wx[i] += s * wdx[i];
    }
    for (let a = 0; a < mu.length; a++) {
      ln[a] += s * dln[a];
      if (mu[a] > 0) lc[a] += s * dlc[a];
    }
    return { step: s, backtracks };
  }

  /**
   * rhs = −r_dual − Σ_i (r_cent,i / f_i) ∇f_i at the current point, which the λ terms cancel out
   * of: −(W x + q + s) + (1/t) (e_N / x_N + ∇f_c / f_c), the barrier's gradient (zero in fixed rows).
   */
  private newtonRhs(sys: ShiftedSystem, invT: number): void {
    const { problem: { q, mu }, sN } = sys;
    const { x, wx, rhs } = this;
    for (let a = 0; a < mu.length; a++) {
      const o = 3 * a, m = mu[a], xn = x[o];
      rhs[o] = -(wx[o] + q[o] + sN[a]) + invT / xn;
      if (m === 0) { rhs[o + 1] = 0; rhs[o + 2] = 0; continue; }
      const k = invT / coneConstraint(x, o, m);
      rhs[o] += k * -m * m * xn;
      rhs[o + 1] = -(wx[o + 1] + q[o + 1]) + k * x[o + 1];
      rhs[o + 2] = -(wx[o + 2] + q[o + 2]) + k * x[o + 2];
    }
  }

  /**
   * ‖r_t‖ of line 1 at (x + s Δx, λ + s Δλ) for the given 1/t, with r_dual / V and
   * r_cent / (ρ V). Infinity outside the domain (x_N ≤ 0 or f_c ≥ 0 or λ ≤ 0).
   */
  private residualAt(sys: ShiftedSystem, s: number, invT: number): number {
    const { problem: { q, mu }, sN } = sys;
    const { x, wx, lc, ln, dx, wdx, dlc, dln } = this;
    const iv = 1 / this.V, ic = 1 / (this.rho * this.V);
    let sum = 0;
    for (let a = 0; a < mu.length; a++) {
      const o = 3 * a, m = mu[a];
      const xn = x[o] + s * dx[o];
      const l2 = ln[a] + s * dln[a];
      if (!(xn > 0 && l2 > 0)) return Infinity;
      let d0 = wx[o] + s * wdx[o] + q[o] + sN[a] - l2;
      const cn = (l2 * xn - invT) * ic;
      sum += cn * cn;
      if (m > 0) {
        const x1 = x[o + 1] + s * dx[o + 1], x2 = x[o + 2] + s * dx[o + 2];
        const l1 = lc[a] + s * dlc[a];
        const fc = 0.5 * (x1 * x1 + x2 * x2 - m * m * xn * xn);
        if (!(fc < 0 && l1 > 0)) return Infinity;
        d0 += l1 * -m * m * xn;
        const d1 = (wx[o + 1] + s * wdx[o + 1] + q[o + 1] + l1 * x1) * iv;
        const d2 = (wx[o + 2] + s * wdx[o + 2] + q[o + 2] + l1 * x2) * iv;
        const cc = (-l1 * fc - invT) * ic;
        sum += d1 * d1 + d2 * d2 + cc * cc;
      }
      d0 *= iv;
      sum += d0 * d0;
    }
    return Math.sqrt(sum);
  }
}
