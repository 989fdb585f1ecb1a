import { norm2 } from '@moreau/core/kernels';
import type { BoundQpMethod, StepLimits, StepOutcome, StepResult } from './method.js';
import { Minres, type MinresStop } from './minres.js';
import { normalDot, projectedGradientInf, type NormalQp } from './normal-qp.js';

/** The options GPMINRES reads (see gpminres-options.ts). */
export interface GpminresParameters {
  /** η₁: the gradient projection phase goes on while a step lowers q by more than η₁ × its best step. */
  eta1: number;
  /** η₂: MINRES stops when a step lowers its residual by at most η₂ × its best step. */
  eta2: number;
  /** M_max: cap on MINRES iterations per face. */
  maxMinresIterations: number;
  /** N_max: cap on outer iterations. */
  maxOuterIterations: number;
  /** Cap on gradient projection steps per phase. */
  maxProjectionSteps: number;
  /** The solver's tolerance: MINRES need not go below the residual it allows (see `subspacePhase`). */
  tolerance: number;
}

/**
 * Sufficient decrease of the projected searches: q(x + s) ≤ q(x) + ARMIJO gᵀs, the usual
 * constant (Nocedal & Wright §3.1); the halvings are capped by MAX_HALVINGS (2⁻⁶⁰ of the
 * first step is below any rounding of x).
 */
const ARMIJO = 1e-4;
const MAX_HALVINGS = 60;

/**
 * MINRES also stops once its residual (the gradient on the face after the step) is below
 * ENOUGH × tolerance × max(‖q‖, ‖r‖, ‖u‖): the siconos error such a step leaves on the face,
 * with a tenth's margin. Iterating further buys nothing the stopping test can see, and
 * without it a start near the solution costs MINRES as many iterations as a start from zero.
 */
const ENOUGH = 0.1;

/**
 * GPMINRES, gradient projected minimum residual, as paper 002 states it (the algorithm box of
 * its lines 1–22; the file's lines 352–377), for min q(x) = ½ xᵀN x + bᵀx over x ≥ 0 (NormalQp).
 * One iteration k of the paper:
 *
 * 1. gradient projection (lines 3–8): steps y ← P[y − α ∇q(y)] while they change the active
 *    set and lower q well (line 4's "aggressively changing active set and reducing cost
 *    function", made precise as in Moré & Toraldo's GPCG, SIAM J. Optim. 1, 1991: stop when
 *    the active set did not change, or the step lowered q by at most η₁ × the best step of
 *    the phase). α is the Cauchy step along −∇_Ω q, halved until q decreases enough.
 * 2. on the face of the free variables (line 9: Z_k selects them, r_k is the gradient there),
 *    MINRES from w = 0 on Z_kᵀN Z_k w = −r_k (lines 10–17), at most M_max iterations, stopping
 *    when it turns sluggish (line 14: a step lowers the residual by at most η₂ × its best).
 * 3. a projected backtracking line search along d = Z_k w̄ (line 18).
 *
 * The stopping test of line 19 (‖∇_Ω q‖∞ < τ) is the solver loop's, with the merit.
 */
export class Gpminres implements BoundQpMethod {
  private d = new Float64Array(0);
  private nd = new Float64Array(0);
  private s = new Float64Array(0);
  private ns = new Float64Array(0);
  private embed = new Float64Array(0);
  private product = new Float64Array(0);
  private free = new Int32Array(0);
  private rhs = new Float64Array(0);
  private w = new Float64Array(0);
  private minres = new Minres(0);
  private counts = newCounts();

  constructor(private readonly parameters: GpminresParameters) {}

  reset(qp: NormalQp): void {
    const n = qp.r.length;
    if (this.d.length !== n) {
      const full = () => new Float64Array(n);
      this.d = full(); this.nd = full(); this.s = full(); this.ns = full(); this.embed = full(); this.product = full();
      this.free = new Int32Array(qp.nc);
      this.rhs = new Float64Array(qp.nc);
      this.w = new Float64Array(qp.nc);
      this.minres = new Minres(qp.nc);
    }
    this.counts = newCounts();
  }

  /**
   * Outer iteration k (line 2). The iterations it counts are its gradient projection steps and
   * MINRES iterations (the j of lines 6 and 13), each about one product with W.
   */
  step(qp: NormalQp, limits: StepLimits): StepResult {
    if (this.counts.outerIterations >= this.parameters.maxOuterIterations) return { outcome: 'cap', iterations: 0 };
    this.counts.outerIterations++;
    const projected = this.projectionPhase(qp, limits); // paper 002, GPMINRES lines 3–8
    let used = projected.iterations;
    if (projected.outcome === 'unbounded' || projected.outcome === 'breakdown') return projected;
    if (performance.now() >= limits.deadline || used >= limits.iterations) return projected;
    // paper 002, GPMINRES lines 9–18
    const subspace = this.subspacePhase(qp, { deadline: limits.deadline, iterations: limits.iterations - used });
    used += subspace.iterations;
    return { outcome: projected.outcome === 'moved' || subspace.moved ? 'moved' : 'kkt', iterations: used };
  }

  paperResidual(qp: NormalQp): number {
    return projectedGradientInf(qp.r, qp.u); // paper 002, GPMINRES line 19: ‖∇_Ω q(γ)‖∞
  }

  stats(): Record<string, unknown> {
    return { ...this.counts };
  }

  /** Paper 002, GPMINRES lines 3–8: projected gradient steps while the active set changes and q drops well. */
  private projectionPhase(qp: NormalQp, limits: StepLimits): StepResult {
    const outcome = (o: StepOutcome, j: number): StepResult => ({ outcome: o, iterations: j });
    const { r: x, u: g } = qp;
    const { d, nd, s, ns } = this;
    let best = 0, moved = false;
    for (let j = 1; ; j++) {
      // d = −∇_Ω q(y): −g_i on free entries, max(−g_i, 0) on active ones.
      let dd = 0;
      for (let i = 0; i < x.length; i += 3) {
        const di = x[i] > 0 ? -g[i] : Math.max(-g[i], 0);
        d[i] = di;
        dd += di * di;
      }
      if (dd === 0) return outcome(moved ? 'moved' : 'kkt', j - 1); // ∇_Ω q = 0: no step j
      qp.mul(d, nd);
      const dNd = normalDot(d, nd);
      let alpha = dNd > qp.curvatureFloor(dd) ? dd / dNd : lastBreakpoint(x, g);
      if (!(alpha < Infinity)) return outcome(alpha === Infinity ? 'unbounded' : 'breakdown', j);
      // paper 002, GPMINRES line 5: y^{j+1} = P[y^j − α ∇q(y^j)], α halved until q drops enough.
      let accepted = false, changed = false, drop = 0;
      for (let h = 0; h <= MAX_HALVINGS && !accepted; h++, alpha /= 2) {
        let clipped = false;
        changed = false;
        for (let i = 0; i < x.length; i += 3) {
          // P clips a free entry that would cross 0; elsewhere the step is α d exactly.
          const crosses = x[i] > 0 && x[i] - alpha * g[i] <= 0;
          s[i] = crosses ? -x[i] : alpha * d[i];
          if (crosses) clipped = true;
          if ((x[i] + s[i] > 0) !== (x[i] > 0)) changed = true;
        }
        const change = this.trial(qp, alpha, clipped);
        this.counts.projectionTrials++;
        if (change.value <= ARMIJO * change.slope && change.slope < 0) {
          accepted = true;
          drop = -change.value;
        }
      }
      if (!accepted) return outcome(moved ? 'moved' : 'kkt', j); // no step lowers q at this precision
      this.apply(qp);
      moved = true;
      this.counts.projectionSteps++;
      // paper 002, GPMINRES line 4: go on while the active set changes and the step was a good one.
      if (!changed || (j >= 2 && drop <= this.parameters.eta1 * best)) return outcome('moved', j);
      if (drop > best) best = drop;
      if (performance.now() >= limits.deadline || j >= limits.iterations || j >= this.parameters.maxProjectionSteps) return outcome('moved', j);
    }
  }

  /** Paper 002, GPMINRES lines 9–18: MINRES on the free variables' face, then the line search along its answer. */
  private subspacePhase(qp: NormalQp, limits: StepLimits): { moved: boolean; iterations: number } {
    const { r: x, u: g } = qp;
    const { free, d, nd, s } = this;
    // paper 002, GPMINRES line 9: the free variables (Z_k) and the gradient on them (r_k),
    // scaled to ‖·‖∞ = 1 so that MINRES's norms stay finite whatever the problem's units.
    let m = 0, scale = 0;
    for (let i = 0; i < x.length; i += 3) {
      if (x[i] > 0) {
        free[m++] = i;
        scale = Math.max(scale, Math.abs(g[i]));
      }
    }
    if (m === 0 || !(scale > 0 && scale < Infinity)) return { moved: false, iterations: 0 };
    const rhs = this.rhs.subarray(0, m), w = this.w.subarray(0, m);
    for (let k = 0; k < m; k++) rhs[k] = -g[free[k]] / scale;
    const target = (ENOUGH * this.parameters.tolerance * Math.max(norm2(qp.problem.q), norm2(x), norm2(g))) / scale;
    const embed = this.embed, product = this.product;
    embed.fill(0);
    // paper 002, GPMINRES lines 10–17: w̄ ≈ (Z_kᵀ N Z_k)⁻¹(−r_k) by MINRES from w = 0.
    const run = this.minres.solve((v, out) => {
      for (let k = 0; k < m; k++) embed[free[k]] = v[k];
      qp.mul(embed, product);
      for (let k = 0; k < m; k++) out[k] = product[free[k]];
    }, rhs, w, {
      maxIterations: Math.min(this.parameters.maxMinresIterations, limits.iterations), eta2: this.parameters.eta2,
      deadline: limits.deadline, target: target < Infinity ? target : 0,
    });
    const iterations = run.iterations;
    this.counts.faces++;
    if (iterations === 0) return { moved: false, iterations }; // the deadline came first
    this.counts.minresIterations += run.iterations;
    this.counts.minresStops[run.stop]++;
    // paper 002, GPMINRES line 18: d_k = Z_k w̄_k; −r_k instead when rounding (or an unsymmetric W)
    // leaves w̄_k no descent direction.
    d.fill(0);
    let slope = 0;
    for (let k = 0; k < m; k++) {
      d[free[k]] = scale * w[k];
      slope += g[free[k]] * d[free[k]];
    }
    if (!(slope < 0)) {
      this.counts.steepestFallbacks++;
      for (let k = 0; k < m; k++) d[free[k]] = -g[free[k]];
    }
    qp.mul(d, nd);
    let alpha = 1;
    for (let h = 0; h <= MAX_HALVINGS; h++, alpha /= 2) {
      let clipped = false;
      for (let i = 0; i < x.length; i += 3) {
        const crosses = x[i] + alpha * d[i] < 0;
        s[i] = crosses ? -x[i] : alpha * d[i];
        if (crosses) clipped = true;
      }
      const change = this.trial(qp, alpha, clipped);
      this.counts.lineSearchTrials++;
      if (change.value <= ARMIJO * change.slope && change.slope < 0) {
        this.apply(qp);
        return { moved: true, iterations };
      }
    }
    this.counts.lineSearchFailures++;
    return { moved: false, iterations };
  }

  /**
   * q(x + s) − q(x) = gᵀs + ½ sᵀN s for the step in `s`, with N s in `ns`: α N d when no entry
   * was clipped (then s = α d), else a product. Returns the change and its slope gᵀs.
   */
  private trial(qp: NormalQp, alpha: number, clipped: boolean): { value: number; slope: number } {
    const { s, ns, nd } = this;
    if (clipped) qp.mul(s, ns);
    else for (let i = 0; i < ns.length; i++) ns[i] = alpha * nd[i];
    const slope = normalDot(qp.u, s);
    return { value: slope + 0.5 * normalDot(s, ns), slope };
  }

  /** x += s, u += N s (every row of u). */
  private apply(qp: NormalQp): void {
    const { r: x, u } = qp;
    const { s, ns } = this;
    for (let i = 0; i < x.length; i += 3) x[i] += s[i];
    for (let i = 0; i < u.length; i++) u[i] += ns[i];
    // x + s may round to a tiny negative where the projection meant 0.
    for (let i = 0; i < x.length; i += 3) if (x[i] < 0) x[i] = 0;
  }

}

function newCounts() {
  return {
    outerIterations: 0, projectionSteps: 0, projectionTrials: 0, faces: 0, minresIterations: 0,
    minresStops: { solved: 0, sluggish: 0, cap: 0, time: 0, breakdown: 0 } as Record<MinresStop, number>,
    lineSearchTrials: 0, lineSearchFailures: 0, steepestFallbacks: 0,
  };
}

/**
 * With no curvature along −∇_Ω q, the step to the last point where a free variable reaches its
 * bound (q decreases linearly until then); Infinity when none does: q is unbounded below.
 */
function lastBreakpoint(x: Float64Array, g: Float64Array): number {
  let t = -Infinity;
  for (let i = 0; i < x.length; i += 3) if (x[i] > 0 && g[i] > 0) t = Math.max(t, x[i] / g[i]);
  return t === -Infinity ? Infinity : t;
}
