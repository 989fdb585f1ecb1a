import { projectOntoCone } from '@moreau/core/kernels';
import { acceptsStep, NonmonotoneWindow, shortenStep } from './nonmonotone.js';
import type { Preconditioner } from './preconditioner.js';
import type { ShiftedProblem } from './shifted-problem.js';

/** Shortenings of λ allowed in one line search: σ_max^60 ≈ 2e-3 at the least, σ_min^60 = 1e-60 at the most. */
const MAX_BACKTRACKS = 60;

/** Vectors of one solve, allocated once per problem size. `x`, `wx` hold the current answer between passes. */
export class Workspace {
  x: Float64Array;
  wx: Float64Array;
  readonly g: Float64Array;
  readonly d: Float64Array;
  readonly wd: Float64Array;
  readonly best: Float64Array;
  readonly wbest: Float64Array;
  readonly p: Float64Array;
  readonly pinv: Float64Array;

  constructor(readonly n: number) {
    const v = () => new Float64Array(n);
    this.x = v(); this.wx = v(); this.g = v(); this.d = v(); this.wd = v();
    this.best = v(); this.wbest = v(); this.p = v(); this.pinv = v();
  }
}

/** The constants of lines 13, 14 and 23. */
export interface SpgParameters {
  gamma: number;
  sigmaMin: number;
  sigmaMax: number;
  alphaMin: number;
  alphaMax: number;
}

/** How one pass may run. */
export interface PassControl {
  /** Stop once the KKT residual (line 24) is at or below this. */
  threshold: number;
  maxIterations: number;
  /** `performance.now()` value after which no iteration starts. */
  deadline: number;
  /** The KKT residual at the starting x. */
  startResidual: number;
  /** An iterate with an entry beyond this has run away (see RUNAWAY in spg-solver.ts): the pass stops there. */
  limit: number;
}

/** Why a pass stopped; 'breakdown' also when an iterate ran away (PassControl.limit). */
export type PassStop = 'threshold' | 'cap' | 'time' | 'breakdown' | 'stationary';

export interface PassOutcome {
  iterations: number;
  /** The KKT residual of the point left in ws.x (the best one, x_FB). */
  residual: number;
  stop: PassStop;
}

/** Counters over a solve, for SolveResult.stats. */
export interface SpgCounters {
  /** Iterations whose preconditioned direction was not a descent direction (line 7 taken). */
  fallbackDirections: number;
  /** Shortenings of λ (line 14), all line searches together. */
  backtracks: number;
  /** Steps accepted by the nonmonotone test that a monotone one (N_GLL = 0) would have refused. */
  nonmonotoneSteps: number;
}

/**
 * Paper 002's P-SPG-FB (Birgin, Martínez & Raydan's spectral projected gradient, preconditioned,
 * with Grippo's nonmonotone line search, keeping the best KKT point) on `sp` from ws.x, for a
 * fixed shift s. The step α̂ persists across passes in `state.alpha` (it is W's, not s's); the
 * nonmonotone window starts afresh (f changed with s). Leaves x_FB, the best point by line 24,
 * in ws.x and W x_FB in ws.wx. One product with W per iteration: W x_{j+1} = W x_j + λ W d_j.
 */
export function spgPass(
  sp: ShiftedProblem, ws: Workspace, P: Preconditioner, prm: SpgParameters, window: NonmonotoneWindow,
  state: { alpha: number; iteration: number }, counters: SpgCounters, c: PassControl,
): PassOutcome {
  const n = ws.n, mu = sp.problem.mu;
  const { g, d, wd, best, wbest } = ws;
  const x = ws.x, wx = ws.wx;
  best.set(x); wbest.set(wx);
  let bestResidual = c.startResidual;
  // paper 002, P-SPG-FB line 2: g_0 and f(x_0); f is kept relative to f(x_0)
  sp.gradient(wx, g);
  let f = 0;
  window.reset();
  window.push(f);
  let k = 0, stop: PassStop = 'cap';
  while (k < c.maxIterations) {
    if (performance.now() >= c.deadline) { stop = 'time'; break; }
    // paper 002, P-SPG-FB lines 4-7: the preconditioned projected direction, else the plain one
    let slope = direction(x, g, P.inverse, state.alpha, mu, d);
    if (!(slope < 0)) {
      counters.fallbackDirections++;
      // line 7 with g / max(P): the paper's α̂ g mixes units when α̂ is relative to P
      const alpha = state.alpha / P.max;
      slope = direction(x, g, null, alpha, mu, d);
      // This direction descends: ⟨d, g⟩ ≤ −‖d‖² / α (the projection's obtuse angle). Near a
      // solution on a cone's curved boundary, d is almost orthogonal to g and the computed sum
      // can round to ≥ 0 (measured: ‖d‖ ~ 1e-10 ‖x‖, ⟨d, g⟩ ~ +1e-16); the bound stands in for it.
      if (slope >= 0) slope = -squaredNorm(d) / alpha;
    }
    if (!(slope < 0)) { stop = slope === slope ? 'stationary' : 'breakdown'; break; }
    sp.mul(d, wd);
    let curvature = 0;
    for (let i = 0; i < n; i++) curvature += d[i] * wd[i];
    // paper 002, P-SPG-FB lines 8-16: nonmonotone line search on the exact quadratic f(x + λd) − f(x) = λ⟨d, g⟩ + ½λ² dᵀW d
    const ref = window.reference();
    let lambda = 1, change = slope + 0.5 * curvature, tries = 0;
    while (!acceptsStep(f + change, ref, prm.gamma, lambda, slope)) {
      if (++tries > MAX_BACKTRACKS || !(change === change)) break;
      lambda = shortenStep(lambda, slope, curvature, prm.sigmaMin, prm.sigmaMax);
      change = lambda * slope + 0.5 * lambda * lambda * curvature;
    }
    counters.backtracks += Math.min(tries, MAX_BACKTRACKS);
    // no acceptable step (only rounding can refuse every small λ along a descent direction)
    if (tries > MAX_BACKTRACKS || !(change === change)) { stop = change === change ? 'stationary' : 'breakdown'; break; }
    // the monotone test is the same one with f itself as the reference (the same sums, so a
    // monotone window counts none, whatever the rounding)
    if (!acceptsStep(f + change, f, prm.gamma, lambda, slope)) counters.nonmonotoneSteps++;
    k++;
    // paper 002, P-SPG-FB lines 10-12 with the accepted λ; s_j = λ d, y_j = λ W d
    for (let i = 0; i < n; i++) {
      x[i] += lambda * d[i];
      wx[i] += lambda * wd[i];
      g[i] += lambda * wd[i];
    }
    f += change;
    window.push(f);
    // paper 002, P-SPG-FB lines 19-23: the spectral step, alternating the two Barzilai–Borwein quotients (λ cancels)
    state.alpha = spectralStep(d, wd, curvature, P, state.iteration++, prm);
    // paper 002, P-SPG-FB lines 24-26: keep the best KKT point (never one that ran away)
    const w = sp.residual(x, wx);
    if (!(w < Infinity) || maxAbs(x) > c.limit) { stop = 'breakdown'; break; }
    if (w <= bestResidual) {
      bestResidual = w;
      best.set(x); wbest.set(wx);
    }
    if (w <= c.threshold) { stop = 'threshold'; break; }
  }
  // paper 002, P-SPG-FB line 27: return x_FB
  x.set(best); wx.set(wbest);
  return { iterations: k, residual: bestResidual, stop };
}

/**
 * d = Π_K(x − α M g) − x with M = diag(`pinv`) (line 5) or the identity (`pinv` null, line 7).
 * @returns ⟨d, g⟩ (negative for a descent direction; NaN when the data are not finite)
 */
export function direction(x: Float64Array, g: Float64Array, pinv: Float64Array | null, alpha: number, mu: Float64Array, d: Float64Array): number {
  for (let i = 0; i < x.length; i++) d[i] = x[i] - alpha * (pinv === null ? g[i] : pinv[i] * g[i]);
  for (let a = 0; a < mu.length; a++) projectOntoCone(d, 3 * a, d, 3 * a, mu[a]);
  let slope = 0;
  for (let i = 0; i < x.length; i++) {
    d[i] -= x[i];
    slope += d[i] * g[i];
  }
  return slope;
}

function maxAbs(v: Float64Array): number {
  let m = 0;
  for (let i = 0; i < v.length; i++) m = Math.max(m, Math.abs(v[i]));
  return m;
}

function squaredNorm(v: Float64Array): number {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i] * v[i];
  return s;
}

/**
 * Lines 19-23: α̂_{j+1} = ⟨s, P s⟩ / ⟨s, y⟩ for odd j, ⟨s, y⟩ / ⟨y, P⁻¹ y⟩ for even j, clamped
 * to [α_min, α_max], with s = λ d and y = λ W d (λ cancels). Where ⟨s, y⟩ ≤ 0 (no curvature
 * along d) the step is α_max, as in Birgin et al.'s method.
 */
export function spectralStep(d: Float64Array, wd: Float64Array, curvature: number, P: Preconditioner, j: number, prm: SpgParameters): number {
  if (!(curvature > 0)) return prm.alphaMax;
  let alpha: number;
  if (j % 2 === 1) {
    let sps = 0;
    for (let i = 0; i < d.length; i++) sps += d[i] * P.p[i] * d[i];
    alpha = sps / curvature;
  } else {
    let ypy = 0;
    for (let i = 0; i < d.length; i++) ypy += wd[i] * P.inverse[i] * wd[i];
    alpha = curvature / ypy;
  }
  if (!(alpha === alpha)) return prm.alphaMax;
  return Math.min(prm.alphaMax, Math.max(prm.alphaMin, alpha));
}
