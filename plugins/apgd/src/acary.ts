import {
  diverged, restoreStart, saveStart, type ApgdVariant, type PassControl, type PassOutcome, type SetupScratch, type Workspace,
} from './pass.js';
import type { RelaxedProblem } from './relaxed-problem.js';
import { checkRhoRule, initialRho, type RhoChoice, type RhoRule } from './rho-rules.js';
import { estimateStats } from './spectral.js';

/** The adaptive ρ rule of paper 003 Algorithm 2: none, or which ratio (eq 20 or 21) it watches. */
export type RhoUpdate = 'none' | 'ratio1' | 'ratio2';

/** Algorithm 2's constants, the values paper 003 §3.1 takes: L, L_min and w. */
export const RATIO_L = 0.9;
export const RATIO_LMIN = 0.3;
export const RATIO_W = 2 / 3;
/** Shrinks of ρ allowed in one update: (2/3)^200 ≈ 1e-35, far past any scale of W. */
const MAX_SHRINKS = 200;

/**
 * Paper 003 Algorithm 1: APGD with the momentum (k − 2)/(k + 1),
 *
 *     y   = r_{k−1} + (k − 2)/(k + 1) (r_{k−1} − r_{k−2})          (eq 9a)
 *     r_k = P_K(y − ρ_k (W y + q + s))                               (eq 9b)
 *
 * stopping on eq 10, with ρ_0 from one of the rules of §2.4.1 (`prepare`) and, when
 * `update` is ratio1 or ratio2, ρ_k adapted by Algorithm 2 before each step. k restarts
 * at 1 on every pass (every s). Returns the last iterate (the starting one when the
 * pass diverges). Costs one mat-vec per iteration (W r_k for eq 10; W y by linearity)
 * plus one per trial of Algorithm 2.
 */
export class Acary implements ApgdVariant {
  readonly name = 'acary';
  readonly keepsBest = false;
  private rho = 1;
  private rho0 = 1;
  private shrinks = 0;
  private grows = 0;
  private rhoMin = Infinity;
  private rhoMax = 0;

  /**
   * @param update the adaptive ρ rule (Algorithm 2), or none
   * @param rule how ρ_0 is chosen; a rule that needs the global problem is refused here, when the solver is created
   */
  constructor(readonly update: RhoUpdate, readonly rule: RhoRule | number) {
    checkRhoRule(rule);
  }

  /** ρ_0 by the rule, and the counters forgotten (a new solve). */
  prepare(p: RelaxedProblem, scratch: SetupScratch): Record<string, unknown> {
    const choice = initialRho(this.rule, p.problem.W, scratch.pi, scratch.v);
    p.matvecs += choice.matvecs;
    this.rho = this.rho0 = choice.rho;
    this.shrinks = this.grows = 0;
    this.rhoMin = this.rhoMax = choice.rho;
    return choiceStats(choice);
  }

  run(p: RelaxedProblem, ws: Workspace, c: PassControl): PassOutcome {
    const n = ws.n;
    saveStart(ws);
    ws.prev.set(ws.r);
    ws.wprev.set(ws.wr);
    let k = 0, residual = c.startResidual;
    while (k < c.maxIterations) {
      if (performance.now() >= c.deadline) return { iterations: k, residual, stop: 'time' };
      if (this.update !== 'none') this.adapt(p, ws);
      k++;
      const { x, wx, y, wy, r, wr, prev, wprev } = ws;
      const a = (k - 2) / (k + 1);
      for (let i = 0; i < n; i++) {
        y[i] = r[i] + a * (r[i] - prev[i]);
        wy[i] = wr[i] + a * (wr[i] - wprev[i]);
      }
      p.step(x, y, wy, this.rho);
      p.mul(x, wx);
      const res = p.residual(x, wx);
      if (diverged(res, c.startResidual)) {
        restoreStart(ws);
        return { iterations: k, residual: c.startResidual, stop: 'breakdown' };
      }
      // rotate: prev ← r, r ← x, x ← old prev (scratch)
      ws.prev = r; ws.wprev = wr;
      ws.r = x; ws.wr = wx;
      ws.x = prev; ws.wx = wprev;
      residual = res;
      c.onIteration?.(res);
      if (res <= c.threshold) return { iterations: k, residual, stop: 'threshold' };
    }
    return { iterations: k, residual, stop: 'cap' };
  }

  /**
   * Paper 003 Algorithm 2 at the current r: with r̄ = P_K(r − ρ ∇f(r)) and d = r − r̄,
   * ratio1 = ρ ‖W d‖ / ‖d‖ (eq 20) or ratio2 = ρ dᵀW d / ‖d‖² (eq 21), since
   * ∇f(r) − ∇f(r̄) = W d. Shrinks ρ by w while the ratio exceeds L, then grows it by 1/w
   * when the ratio is below L_min. Nothing changes when d = 0 (r already solves the problem).
   */
  private adapt(p: RelaxedProblem, ws: Workspace): void {
    const n = ws.n;
    const { r, wr, d, wd, x } = ws;
    let rho = this.rho, ratio = 0;
    for (let trial = 0; ; trial++) {
      p.step(x, r, wr, rho);
      let dd = 0;
      for (let i = 0; i < n; i++) {
        const v = r[i] - x[i];
        d[i] = v;
        dd += v * v;
      }
      if (dd === 0) return;
      p.mul(d, wd);
      if (this.update === 'ratio1') {
        let ww = 0;
        for (let i = 0; i < n; i++) ww += wd[i] * wd[i];
        ratio = (rho * Math.sqrt(ww)) / Math.sqrt(dd);
      } else {
        let dw = 0;
        for (let i = 0; i < n; i++) dw += d[i] * wd[i];
        ratio = (rho * dw) / dd;
      }
      // NaN fails this test: ρ is left as it is
      if (!(ratio > RATIO_L) || trial >= MAX_SHRINKS) break;
      rho *= RATIO_W;
      this.shrinks++;
    }
    if (ratio < RATIO_LMIN) {
      rho /= RATIO_W;
      this.grows++;
    }
    this.rho = rho;
    if (rho < this.rhoMin) this.rhoMin = rho;
    if (rho > this.rhoMax) this.rhoMax = rho;
  }

  stats(): Record<string, unknown> {
    return {
      rho0: this.rho0, rho: this.rho, rhoUpdate: this.update,
      ...(this.update === 'none' ? {} : { rhoShrinks: this.shrinks, rhoGrows: this.grows, rhoMin: this.rhoMin, rhoMax: this.rhoMax }),
    };
  }
}

/** The rule and the estimates ρ_0 came from, for SolveResult.stats. */
function choiceStats(c: RhoChoice): Record<string, unknown> {
  const out: Record<string, unknown> = { rhoRule: c.rule };
  if (c.lambdaMax) out.lambdaMax = estimateStats(c.lambdaMax);
  if (c.lambdaMin) out.lambdaMin = estimateStats(c.lambdaMin);
  if (c.frobenius !== undefined) out.frobenius = c.frobenius;
  return out;
}
