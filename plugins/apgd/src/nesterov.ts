import {
  diverged, restoreStart, saveStart, type ApgdVariant, type PassControl, type PassOutcome, type SetupScratch, type Workspace,
} from './pass.js';
import type { RelaxedProblem } from './relaxed-problem.js';
import { estimateStats, isSymmetric, lambdaMax } from './spectral.js';

/**
 * Nesterov's accelerated projected gradient with a fixed step, paper 002 "NAPG":
 *
 *     γ_{k+1} = P_K(y_k − t (W y_k + q + s))
 *     θ_{k+1} = (−θ_k² + θ_k √(θ_k² + 4)) / 2,   β_{k+1} = θ_k (1 − θ_k) / (θ_k² + θ_{k+1})
 *     y_{k+1} = γ_{k+1} + β_{k+1} (γ_{k+1} − γ_k)
 *
 * with t ≤ 1/λ_max(W) set once per solve (`prepare`), θ_0 = 1 at the start of every
 * pass, stopping on paper 003 eq 10. Returns the last iterate (the starting one when the
 * pass diverges). One mat-vec per iteration: W γ_{k+1} is needed for the stopping test
 * and W y_{k+1} follows from it by linearity.
 */
export class Nesterov implements ApgdVariant {
  readonly name = 'nesterov';
  readonly keepsBest = false;
  private t = 1;

  /** t from λ_max of W's symmetric part, by power iteration. */
  prepare(p: RelaxedProblem, scratch: SetupScratch): Record<string, unknown> {
    const W = p.problem.W;
    const lmax = lambdaMax(W, scratch.pi, isSymmetric(W));
    p.matvecs += lmax.matvecs;
    // The Rayleigh quotient approaches λ_max from below; adding its residual keeps t ≤ 1/λ_max
    // in practice. A W with no positive eigenvalue has no Lipschitz scale: t = 1.
    this.t = lmax.value > 0 ? 1 / (lmax.value + lmax.residual) : 1;
    return { lambdaMax: estimateStats(lmax) };
  }

  run(p: RelaxedProblem, ws: Workspace, c: PassControl): PassOutcome {
    const n = ws.n, t = this.t;
    saveStart(ws);
    ws.y.set(ws.r);
    ws.wy.set(ws.wr);
    let theta = 1, k = 0, residual = c.startResidual;
    while (k < c.maxIterations) {
      if (performance.now() >= c.deadline) return { iterations: k, residual, stop: 'time' };
      const { x, wx, y, wy } = ws;
      p.step(x, y, wy, t);
      p.mul(x, wx);
      const res = p.residual(x, wx);
      k++;
      if (diverged(res, c.startResidual)) {
        restoreStart(ws);
        return { iterations: k, residual: c.startResidual, stop: 'breakdown' };
      }
      const next = 0.5 * (-theta * theta + theta * Math.sqrt(theta * theta + 4));
      const beta = (theta * (1 - theta)) / (theta * theta + next);
      theta = next;
      const r = ws.r, wr = ws.wr;
      for (let i = 0; i < n; i++) {
        y[i] = x[i] + beta * (x[i] - r[i]);
        wy[i] = wx[i] + beta * (wx[i] - wr[i]);
      }
      ws.acceptX();
      residual = res;
      c.onIteration?.(res);
      if (res <= c.threshold) return { iterations: k, residual, stop: 'threshold' };
    }
    return { iterations: k, residual, stop: 'cap' };
  }

  stats(): Record<string, unknown> {
    return { step: this.t };
  }
}
