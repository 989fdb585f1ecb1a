import { bsrMul, checkWarmStart, claimRefusal, isTrivialProblem, projectOntoCones, siconosErrorOf, solveBudget, type FrictionContactProblem } from '@moreau/core/kernels';
import type { ContactSolver, EventBus, MeritFunction, PluginContext, SolveOptions, SolveResult, StopReason } from '@moreau/core/contracts';
import { initialAlpha, innerTolerance, nextAlpha, type AlphaRule, type InnerToleranceRule } from './alpha-rule.js';
import { InnerNewton, type InnerOutcome } from './inner-newton.js';
import type { ProxOptions } from './options.js';

/**
 * Siconos' PROX (fc3d_proximal.c): the proximal point algorithm (Rockafellar 1976) on the
 * frictional contact problem, each step r_{k+1} ≈ the solution of the problem with W + α_k I
 * and q − α_k r_k, solved by nonsmooth Newton on the Alart–Curnier function (inner-newton.ts) to
 * a tolerance that follows the outer error (alpha-rule.ts). See FrictionContactProblem for the
 * problem statement. The regularised W + αI is positive definite where W is only semidefinite
 * (most real W are singular), which is what keeps the Newton systems solvable far from the
 * solution; α → 0 near it, where the steps become Newton's own.
 *
 * One iteration is one proximal step (as Siconos counts them); its Newton steps are in
 * `stats.newtonIterations`. The iterate is projected onto the cones after each step (Newton
 * iterates may lie outside them by about the inner tolerance; Siconos does not project), and
 * `converged` is the configured merit of that r at or below `tolerance`.
 */
export class ProxSolver implements ContactSolver {
  readonly name = 'prox';
  private readonly merit: MeritFunction;
  private readonly events: EventBus;
  private readonly inner: InnerNewton;
  private readonly innerRule: InnerToleranceRule;

  constructor(private readonly options: ProxOptions, ctx: PluginContext) {
    this.inner = new InnerNewton(options.pivotThreshold);
    this.merit = ctx.merit(options.merit);
    this.events = ctx.events;
    this.innerRule = typeof options.innerTolerance === 'number' ? 'given' : options.innerTolerance;
  }

  solve(problem: FrictionContactProblem, solveOptions: SolveOptions = {}): SolveResult {
    const t0 = performance.now();
    const opts = this.options;
    const { cap, budget } = solveBudget(solveOptions, opts.maxIterations);
    const deadline = budget === undefined ? Infinity : t0 + budget;
    checkWarmStart(problem, solveOptions.warmStart);
    const n = problem.size;
    const r = new Float64Array(n);
    if (solveOptions.warmStart !== undefined && !isTrivialProblem(problem)) projectOntoCones(r, solveOptions.warmStart, problem.mu);
    const scratch = new Scratch(n);
    const rule = this.alphaRule(problem);
    const listening = this.events.listenerCount('solver:iteration') > 0;
    const stats = { newtonIterations: 0, innerFailures: 0, lineSearchFailures: 0, singularSystems: 0, alphas: [] as number[], errors: [] as number[] };

    let error = this.merit.evaluate(problem, r);
    let e = scratch.siconos(problem, r);
    let alpha = initialAlpha(rule, e);
    let reason: StopReason | undefined = !(error < Infinity) ? 'breakdown' : error <= opts.tolerance ? 'converged' : undefined;
    let k = 0;
    while (reason === undefined) {
      if (k >= cap) { reason = 'max-iterations'; break; }
      if (performance.now() >= deadline) { reason = 'time-budget'; break; }
      k++;
      scratch.centre.set(r);
      const outcome = this.inner.solve(problem, alpha, scratch.centre, r, {
        tolerance: innerTolerance(this.innerRule, e, opts.tolerance, problem.contacts, opts.innerErrorRatio, typeof opts.innerTolerance === 'number' ? opts.innerTolerance : 0),
        maxIterations: opts.innerMaxIterations, lineSearchIterations: opts.lineSearchIterations, deadline,
      });
      this.count(stats, outcome);
      // A step that broke down (a non-finite Newton iterate) is undone; it counts as a failed inner solve.
      if (outcome.stop === 'breakdown' || !r.every(Number.isFinite)) r.set(scratch.centre);
      projectOntoCones(r, r, problem.mu);
      error = this.merit.evaluate(problem, r);
      e = scratch.siconos(problem, r);
      stats.alphas.push(alpha);
      stats.errors.push(error);
      if (listening) {
        this.events.emit('solver:iteration', { solver: this.name, iteration: k, error, alpha, newtonIterations: outcome.iterations, innerError: outcome.error });
      }
      if (!(error < Infinity)) reason = 'breakdown';
      else if (error <= opts.tolerance) reason = 'converged';
      else if (outcome.stop === 'time') reason = 'time-budget';
      alpha = nextAlpha(rule, alpha, e, outcome.converged);
    }
    return this.answer(problem, r, reason, k, error, t0, { ...stats, alphaScale: rule.scale, lastAlpha: alpha });
  }

  /** The α rule for this problem: `alphaScale: 'diagonal'` measures α in the mean of W's diagonal. */
  private alphaRule(problem: FrictionContactProblem): AlphaRule {
    const o = this.options;
    return { strategy: o.strategy, alpha: o.alpha, sigma: o.sigma, nu: o.nu, scale: o.alphaScale === 'diagonal' ? meanDiagonal(problem) : 1 };
  }

  private count(stats: { newtonIterations: number; innerFailures: number; lineSearchFailures: number; singularSystems: number }, o: InnerOutcome): void {
    stats.newtonIterations += o.iterations;
    if (!o.converged) stats.innerFailures++;
    stats.lineSearchFailures += o.lineSearchFailures;
    stats.singularSystems += o.singularSystems;
  }

  /** The result: u = W r + q recomputed, and a claimed convergence through core's rule of docs/convergence.md. */
  private answer(problem: FrictionContactProblem, r: Float64Array, stop: StopReason, iterations: number, error: number, t0: number, stats: Record<string, unknown>): SolveResult {
    const u = bsrMul(problem.W, r, new Float64Array(problem.size));
    for (let i = 0; i < u.length; i++) u[i] += problem.q[i];
    let reason = stop;
    if ((reason === 'max-iterations' || reason === 'time-budget') && error <= this.options.tolerance) reason = 'converged';
    if (reason === 'converged') reason = claimRefusal(problem, r, u) ?? reason;
    const converged = reason === 'converged';
    const ms = performance.now() - t0;
    this.events.emit('solver:end', { solver: this.name, converged, reason, iterations, error, merit: this.merit.name, ms });
    return { r, u, converged, reason, iterations, error, merit: this.merit.name, answeredBy: this.name, ms, stats };
  }
}

/** The mean of W's diagonal entries, or 1 when it is not positive (a zero W). */
export function meanDiagonal(problem: FrictionContactProblem): number {
  const { W } = problem;
  let s = 0;
  for (let a = 0; a < W.blockRows; a++) {
    const v = 9 * W.diagIdx[a];
    s += W.values[v] + W.values[v + 4] + W.values[v + 8];
  }
  const mean = s / Math.max(1, W.size);
  return mean > 0 && mean < Infinity ? mean : 1;
}

/** The solve's own buffers: the proximal centre, and u for the siconos error the α rule reads. */
class Scratch {
  readonly centre: Float64Array;
  private readonly u: Float64Array;
  private readonly e: Float64Array;
  private readonly x = new Float64Array(3);

  constructor(n: number) {
    this.centre = new Float64Array(n);
    this.u = new Float64Array(n);
    this.e = new Float64Array(n);
  }

  /** The siconos error of r (Siconos' e, which drives α and the inner tolerance whatever the merit). */
  siconos(problem: FrictionContactProblem, r: Float64Array): number {
    bsrMul(problem.W, r, this.u);
    for (let i = 0; i < r.length; i++) this.u[i] += problem.q[i];
    return siconosErrorOf(problem.q, problem.mu, r, this.u, this.e, this.x);
  }
}
