import { mul3, projectOntoCone, type FrictionContactProblem } from '@moreau/core/kernels';
import { jordanDivide, maxLorentzStep, ntScaling } from './lorentz.js';
import type { ShiftedSystem, StepOutcome } from './interior-point.js';
import type { NewtonSystem } from './newton-system.js';

/** The step taken: this fraction of the largest one keeping both iterates inside their cones. */
const BOUNDARY_FRACTION = 0.99;

/** The least depth a warm start is moved into the cones (its scale's fraction): one that is a solution still needs a way in. */
const WARM_DEPTH_FLOOR = 1e-10;

/**
 * The centring floor: σ is raised to at least this × (dual residual × impulse scale) / gap,
 * capped at CENTRING_FLOOR_CAP, so that the duality gap does not fall faster than the dual
 * residual. Without it, on the exact Coulomb problem the gap collapsed while the residual of
 * the De Saxcé shift stayed (an iterate jammed at the cones' boundaries: measured on the drum's
 * settled beds, README "The Nesterov–Todd method").
 */
const CENTRING_FLOOR = 1;
const CENTRING_FLOOR_CAP = 0.5;

/**
 * A primal–dual interior point method with Nesterov–Todd scaling and Mehrotra's predictor–
 * corrector (Nesterov and Todd, *Self-scaled barriers and interior-point methods for convex
 * programming*, Math. Oper. Res. 22, 1997; Mehrotra, SIAM J. Optim. 2, 1992; for second-order
 * cones Alizadeh and Goldfarb 2003 and Vandenberghe's CVXOPT notes, 2010, §4-5), on the cone
 * complementarity problem of paper 002:
 *
 *     y = W x + q + s ∈ K*_μ  ⟂  x ∈ K_μ,
 *
 * s = [μ_a ‖u_T‖ e_N] the De Saxcé shift for the exact Coulomb law (with its derivative in the
 * Newton matrix, as the barrier method's `shift: 'newton'`), s = 0 for the relaxation. Each
 * contact's pair is mapped to the Lorentz cone L by D = diag(μ, 1, 1): x̃ = D x ∈ L and
 * ỹ = D⁻¹ y ∈ L (a frictionless contact keeps its normal component only, x_T = 0). The dual y is
 * an iterate of its own, so the residual r_d = D⁻¹(W x + q + s) − ỹ goes to zero with the gap.
 * One step: the scaling W_a per contact (`ntScaling`, W_a ỹ = W_a⁻¹ x̃ = λ), then two solves
 * with one factorisation of
 *
 *     (W + ∂s/∂x + D W_a⁻² D) Δx = D (−r_d + W_a⁻¹ d),   Δỹ = W_a⁻¹ (d − W_a⁻¹ D Δx),
 *
 * the affine direction (d = −λ) and the corrected one (d = λ \ (σ g e − λ∘λ − (W_a⁻¹Δx̃_aff)∘(W_aΔỹ_aff)),
 * σ = (g_aff / g)³ with the floor above, g = x̃ᵀỹ / contacts), then 0.99 of the largest step
 * keeping both inside L.
 */
export class NesterovTodd {
  /** The reactions r = D⁻¹ x̃ (strictly inside K_μ): the iterate the merit judges. */
  readonly x: Float64Array;
  /** W x. */
  readonly wx: Float64Array;
  /** x̃ and ỹ, the scaled primal and dual iterates. */
  private readonly xs: Float64Array;
  private readonly ys: Float64Array;
  private readonly w: Float64Array;
  private readonly wInv: Float64Array;
  private readonly lam: Float64Array;
  private readonly rd: Float64Array;
  private readonly d: Float64Array;
  private readonly rhs: Float64Array;
  private readonly dr: Float64Array;
  private readonly wdr: Float64Array;
  private readonly dxs: Float64Array;
  private readonly dys: Float64Array;
  private readonly t1: Float64Array;
  private readonly t2: Float64Array;
  /** The duality gap x̃ᵀỹ / contacts before the last step, and that step's σ. */
  gap = 0;
  sigma = 0;
  private rhoMean = 1;

  constructor(readonly nc: number) {
    const n = 3 * nc;
    this.x = new Float64Array(n); this.wx = new Float64Array(n);
    this.xs = new Float64Array(n); this.ys = new Float64Array(n);
    this.w = new Float64Array(9 * nc); this.wInv = new Float64Array(9 * nc);
    this.lam = new Float64Array(n); this.rd = new Float64Array(n); this.d = new Float64Array(n);
    this.rhs = new Float64Array(n); this.dr = new Float64Array(n); this.wdr = new Float64Array(n);
    this.dxs = new Float64Array(n); this.dys = new Float64Array(n);
    this.t1 = new Float64Array(3); this.t2 = new Float64Array(3);
  }

  /**
   * The start: x_a = (ρ_a, 0, 0) and y_a = (V, 0, 0), or a warm start `x0` (in the cones) with
   * y = W x0 + q + s projected onto K*_μ (s = 0 unless `coulomb`), both moved δ of their scale
   * (ρ_a, V) into the cones' interiors. δ is the square root of the warm start's own distance e
   * from a solution (its complementarity x̃ᵀỹ / (contacts ρ̄ V) or its dual's distance from the
   * cone / V, whichever is larger), kept within [WARM_DEPTH_FLOOR, `depth`]: a start near a
   * solution starts further along the path. δ = e itself jammed (8 of 12 hard domino steps
   * solved from 100 sweeps' iterate, against 10 of 12 with √e or with `depth` alone); √e keeps
   * the gain near a solution (the conformance property), which `depth` alone loses.
   */
  start(sys: ShiftedSystem, V: number, rho: Float64Array, x0: Float64Array | undefined, depth: number, coulomb: boolean): void {
    const { problem } = sys;
    const { mu, q } = problem;
    const { x, xs, ys, wx, nc } = this;
    this.gap = 0;
    this.sigma = 0;
    let rhoMean = 0;
    for (let a = 0; a < nc; a++) rhoMean += rho[a] / nc;
    this.rhoMean = rhoMean > 0 ? rhoMean : 1;
    if (!x0) {
      for (let a = 0; a < nc; a++) {
        const o = 3 * a, dn = mu[a] > 0 ? mu[a] : 1;
        xs[o] = dn * rho[a]; xs[o + 1] = 0; xs[o + 2] = 0;
        ys[o] = V / dn; ys[o + 1] = 0; ys[o + 2] = 0;
      }
    } else {
      sys.mul(x0, wx);
      let gap = 0, off = 0;
      for (let a = 0; a < nc; a++) {
        const o = 3 * a, m = mu[a], friction = m > 0, dn = friction ? m : 1;
        xs[o] = dn * x0[o];
        xs[o + 1] = friction ? x0[o + 1] : 0;
        xs[o + 2] = friction ? x0[o + 2] : 0;
        const uT1 = wx[o + 1] + q[o + 1], uT2 = wx[o + 2] + q[o + 2];
        const y0 = (wx[o] + q[o] + (friction && coulomb ? m * Math.hypot(uT1, uT2) : 0)) / dn;
        const y1 = friction ? uT1 : 0, y2 = friction ? uT2 : 0;
        ys[o] = y0; ys[o + 1] = y1; ys[o + 2] = y2;
        projectOntoCone(ys, o, ys, o, friction ? 1 : 0);
        off = Math.max(off, Math.abs(ys[o] - y0), Math.abs(ys[o + 1] - y1), Math.abs(ys[o + 2] - y2));
        gap += xs[o] * ys[o] + xs[o + 1] * ys[o + 1] + xs[o + 2] * ys[o + 2];
      }
      const own = Math.max(Math.abs(gap) / (nc * this.rhoMean * V), off / V);
      const delta = Math.min(depth, Math.max(Math.sqrt(own), WARM_DEPTH_FLOOR));
      for (let a = 0; a < nc; a++) {
        const o = 3 * a, dn = mu[a] > 0 ? mu[a] : 1;
        xs[o] += delta * dn * rho[a];
        ys[o] += delta * V / dn;
      }
    }
    this.unscale(problem);
    sys.mul(x, wx);
  }

  /**
   * One predictor–corrector step. With `u` = W x + q given, the Newton matrix carries the
   * derivative of the De Saxcé shift, whose value must already be in `sys.sN`.
   */
  iterate(sys: ShiftedSystem, newton: NewtonSystem, u: Float64Array | null): StepOutcome {
    const { problem, sN } = sys;
    const { mu, q } = problem;
    const { xs, ys, w, wInv, lam, rd, d, dxs, dys, nc } = this;
    let gap = 0, rdMax = 0;
    for (let a = 0; a < nc; a++) {
      const o = 3 * a, m = mu[a];
      if (m > 0) {
        rd[o] = (this.wx[o] + q[o] + sN[a]) / m - ys[o];
        rd[o + 1] = this.wx[o + 1] + q[o + 1] - ys[o + 1];
        rd[o + 2] = this.wx[o + 2] + q[o + 2] - ys[o + 2];
        if (!ntScaling(xs, ys, o, w, wInv, 9 * a, lam)) return { step: 0, backtracks: 0, failure: 'boundary' };
      } else {
        rd[o] = this.wx[o] + q[o] - ys[o]; rd[o + 1] = 0; rd[o + 2] = 0;
        if (!(xs[o] > 0 && ys[o] > 0)) return { step: 0, backtracks: 0, failure: 'boundary' };
        // the half-line's scaling: W = √(x/y), λ = √(x y)
        w[9 * a] = Math.sqrt(xs[o] / ys[o]); wInv[9 * a] = 1 / w[9 * a];
        lam[o] = Math.sqrt(xs[o] * ys[o]); lam[o + 1] = 0; lam[o + 2] = 0;
      }
      gap += xs[o] * ys[o] + xs[o + 1] * ys[o + 1] + xs[o + 2] * ys[o + 2];
      rdMax = Math.max(rdMax, Math.abs(rd[o]), Math.abs(rd[o + 1]), Math.abs(rd[o + 2]));
    }
    gap /= nc;
    this.gap = gap;
    if (!newton.factor(mu, u, (values, at, a) => addScaledBlock(values, at, wInv, 9 * a, mu[a]))) return { step: 0, backtracks: 0, failure: 'not-finite' };

    // the affine (predictor) direction: d = −λ
    for (let i = 0; i < d.length; i++) d[i] = -lam[i];
    if (!this.direction(problem, newton)) return { step: 0, backtracks: 0, failure: 'not-finite' };
    const aff = Math.min(this.maxStep(xs, dxs, mu, 1), this.maxStep(ys, dys, mu, 1));
    let gapAff = 0;
    for (let i = 0; i < xs.length; i++) gapAff += (xs[i] + aff * dxs[i]) * (ys[i] + aff * dys[i]);
    gapAff /= nc;
    const floor = Math.min(CENTRING_FLOOR_CAP, (CENTRING_FLOOR * rdMax * this.rhoMean) / gap);
    const sigma = Math.min(1, Math.max((gapAff / gap) ** 3, floor));
    this.sigma = sigma;

    // the corrected direction: d = λ \ (σ g e − λ∘λ − (W⁻¹Δx̃_aff)∘(W Δỹ_aff))
    const { t1: p, t2: s } = this;
    for (let a = 0; a < nc; a++) {
      const o = 3 * a, l0 = lam[o], l1 = lam[o + 1], l2 = lam[o + 2];
      if (mu[a] > 0) {
        mul3(p, 0, wInv, 9 * a, dxs, o);
        mul3(s, 0, w, 9 * a, dys, o);
        const v0 = sigma * gap - (l0 * l0 + l1 * l1 + l2 * l2) - (p[0] * s[0] + p[1] * s[1] + p[2] * s[2]);
        const v1 = -2 * l0 * l1 - (p[0] * s[1] + s[0] * p[1]);
        const v2 = -2 * l0 * l2 - (p[0] * s[2] + s[0] * p[2]);
        jordanDivide(lam, o, v0, v1, v2, d);
      } else {
        d[o] = (sigma * gap - l0 * l0 - wInv[9 * a] * dxs[o] * w[9 * a] * dys[o]) / l0;
      }
    }
    if (!this.direction(problem, newton)) return { step: 0, backtracks: 0, failure: 'not-finite' };
    const step = Math.min(1, BOUNDARY_FRACTION * Math.min(this.maxStep(xs, dxs, mu, Infinity), this.maxStep(ys, dys, mu, Infinity)));
    sys.mul(this.dr, this.wdr);
    for (let i = 0; i < xs.length; i++) {
      xs[i] += step * dxs[i];
      ys[i] += step * dys[i];
      this.wx[i] += step * this.wdr[i];
    }
    this.unscale(problem);
    return { step, backtracks: 0 };
  }

  /**
   * Δx from the factored matrix for the current d: Δx (unscaled, in `dr`), Δx̃ = D Δx and
   * Δỹ = W⁻¹ (d − W⁻¹ Δx̃).
   * @returns false when the solve gave a value that is not finite
   */
  private direction(problem: FrictionContactProblem, newton: NewtonSystem): boolean {
    const { mu } = problem;
    const { wInv, rd, d, rhs, dr, dxs, dys, nc, t1 } = this;
    for (let a = 0; a < nc; a++) {
      const o = 3 * a, m = mu[a];
      if (m > 0) {
        mul3(t1, 0, wInv, 9 * a, d, o);
        rhs[o] = m * (-rd[o] + t1[0]);
        rhs[o + 1] = -rd[o + 1] + t1[1];
        rhs[o + 2] = -rd[o + 2] + t1[2];
      } else {
        rhs[o] = -rd[o] + wInv[9 * a] * d[o]; rhs[o + 1] = 0; rhs[o + 2] = 0;
      }
    }
    newton.solve(rhs, dr);
    for (let a = 0; a < nc; a++) {
      const o = 3 * a, m = mu[a];
      if (m > 0) {
        dxs[o] = m * dr[o]; dxs[o + 1] = dr[o + 1]; dxs[o + 2] = dr[o + 2];
        mul3(t1, 0, wInv, 9 * a, dxs, o);
        t1[0] = d[o] - t1[0]; t1[1] = d[o + 1] - t1[1]; t1[2] = d[o + 2] - t1[2];
        mul3(dys, o, wInv, 9 * a, t1, 0);
      } else {
        // a frictionless contact's x_T stays exactly 0 (its identity rows give 0 up to the rounding of the other columns)
        dr[o + 1] = 0; dr[o + 2] = 0;
        dxs[o] = dr[o]; dxs[o + 1] = 0; dxs[o + 2] = 0;
        dys[o] = wInv[9 * a] * (d[o] - wInv[9 * a] * dxs[o]); dys[o + 1] = 0; dys[o + 2] = 0;
      }
    }
    for (let i = 0; i < dxs.length; i++) if (!Number.isFinite(dxs[i]) || !Number.isFinite(dys[i])) return false;
    return true;
  }

  /** The largest step ≤ `limit` keeping v + s dv inside every contact's cone (L, or the half-line when μ = 0). */
  private maxStep(v: Float64Array, dv: Float64Array, mu: Float64Array, limit: number): number {
    let s = limit;
    for (let a = 0; a < this.nc; a++) {
      const o = 3 * a;
      if (mu[a] > 0) s = maxLorentzStep(v, dv, o, s);
      else if (dv[o] < 0) s = Math.min(s, -v[o] / dv[o]);
    }
    return s;
  }

  /** x = D⁻¹ x̃. */
  private unscale(problem: FrictionContactProblem): void {
    const { mu } = problem;
    const { x, xs } = this;
    for (let a = 0; a < this.nc; a++) {
      const o = 3 * a, m = mu[a];
      x[o] = m > 0 ? xs[o] / m : xs[o];
      x[o + 1] = xs[o + 1];
      x[o + 2] = xs[o + 2];
    }
  }
}

/**
 * Adds D W⁻² D (D = diag(μ, 1, 1)) into the row-major block values[at..at+8], W⁻¹ the contact's
 * inverse scaling at wInv[b..b+8]; for μ = 0 the normal entry (W⁻¹)² only.
 */
export function addScaledBlock(values: Float64Array, at: number, wInv: Float64Array, b: number, mu: number): void {
  if (!(mu > 0)) {
    values[at] += wInv[b] * wInv[b];
    return;
  }
  for (let i = 0; i < 3; i++) {
    const di = i === 0 ? mu : 1;
    for (let j = 0; j < 3; j++) {
      const dj = j === 0 ? mu : 1;
      const t = wInv[b + 3 * i] * wInv[b + j] + wInv[b + 3 * i + 1] * wInv[b + 3 + j] + wInv[b + 3 * i + 2] * wInv[b + 6 + j];
      values[at + 3 * i + j] += di * t * dj;
    }
  }
}
