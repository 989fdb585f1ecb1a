import { bsrMul, checkWarmStart, projectOntoCones, type FrictionContactProblem } from '@moreau/core/kernels';
import { claimRefusal, solveBudget } from '@moreau/core/kernels';
import { MoreauError, type ContactSolver, type EventBus, type MeritFunction, type PluginContext, type SolveOptions, type SolveResult, type StopReason } from '@moreau/core/contracts';
import type { SemismoothNewtonOptions } from './options.js';
import { Scsol, type ScsolOptions } from './scsol.js';

/**
 * The semismooth Newton solver of paper 004 (Koziara & Bićanić): SCSOL around the
 * UNIL, NEWT, HYB or FIX linearisation. See FrictionContactProblem for the problem
 * statement; scsol.ts for the iteration.
 *
 * Convergence is judged by the configured merit at the returned r, which is the
 * iterate R^k projected onto the friction cones (Newton iterates may sit slightly
 * outside them). The paper's own test, ‖δR‖/‖R‖ ≤ ε, stops the iteration too
 * (option `stop`), but counts as convergence only when the merit agrees.
 */
export class SemismoothNewton implements ContactSolver {
  readonly name = 'semismooth-newton';
  private readonly merit: MeritFunction;
  private readonly events: EventBus;
  private readonly scsolOptions: ScsolOptions;
  private scsol: Scsol | undefined;

  constructor(private readonly options: SemismoothNewtonOptions, ctx: PluginContext) {
    this.merit = ctx.merit(options.merit);
    this.events = ctx.events;
    const o = options;
    this.scsolOptions = {
      variant: o.variant, sigma: o.sigma, gamma: o.gamma, beta: o.beta, memory: o.memory, epsilon: o.epsilon,
      phi: o.phi, scaleLimit: o.scaleLimit, modifiedTangent: o.modifiedTangent, rowScaling: o.rowScaling,
      regularization: o.regularization,
      initialVelocity: o.initialVelocity,
      linear: {
        method: o.linearSolver, tolerance: o.linearTolerance, maxIterations: o.linearMaxIterations,
        restart: o.gmresRestart, directMaxSize: o.directMaxSize, conditionEstimate: o.conditionEstimate,
      },
    };
  }

  solve(problem: FrictionContactProblem, solveOptions: SolveOptions = {}): SolveResult {
    const t0 = performance.now();
    const opts = this.options;
    const { cap, budget } = solveBudget(solveOptions, opts.maxIterations);
    if (opts.variant === 'unil') {
      for (let a = 0; a < problem.contacts; a++) {
        if (problem.mu[a] !== 0) {
          throw new MoreauError('E_UNSUPPORTED', `variant 'unil' solves frictionless problems only, but μ[${a}] = ${problem.mu[a]}; use newt, hyb or fix, or set every μ to 0 (--frictionless)`, { index: a });
        }
      }
    }
    checkWarmStart(problem, solveOptions.warmStart);
    const warm = solveOptions.warmStart;
    const n = problem.size;
    const r = new Float64Array(n);
    const history = { errors: [] as number[], newtonMerits: [] as number[], steps: [] as number[], relativeChanges: [] as number[] };
    const listening = this.events.listenerCount('solver:iteration') > 0;

    let trivial = true;
    for (let a = 0; a < problem.contacts && trivial; a++) trivial = problem.q[3 * a] >= 0;

    let scsol: Scsol | undefined;
    let error: number;
    let reason: StopReason | undefined;
    let k = 0;
    if (trivial) {
      // r = 0 solves the problem when no contact approaches (as Siconos checks first)
      error = this.merit.evaluate(problem, r);
      reason = error <= opts.tolerance ? 'converged' : 'stalled';
    } else {
      scsol = this.workspace(problem);
      scsol.start(warm);
      error = this.measure(problem, scsol, r);
      history.errors.push(error);
      history.newtonMerits.push(scsol.meritValue);
      if (!(error < Infinity)) reason = 'breakdown';
      else if (error <= opts.tolerance) reason = 'converged';
      while (reason === undefined) {
        if (k >= cap) { reason = 'max-iterations'; break; }
        if (budget !== undefined && performance.now() - t0 >= budget) { reason = 'time-budget'; break; }
        const linearBefore = scsol.linear.stats.iterations;
        const outcome = scsol.step();
        if (outcome === 'active-set-repeated') {
          reason = error <= opts.tolerance ? 'converged' : 'stalled';
          break;
        }
        k = scsol.k;
        error = this.measure(problem, scsol, r);
        history.errors.push(error);
        history.newtonMerits.push(scsol.meritValue);
        history.steps.push(scsol.alpha);
        history.relativeChanges.push(scsol.err);
        if (listening) {
          this.events.emit('solver:iteration', {
            solver: this.name, iteration: k, error, newtonMerit: scsol.meritValue, step: scsol.alpha,
            relativeChange: scsol.err, linearIterations: scsol.linear.stats.iterations - linearBefore,
          });
        }
        if (outcome === 'breakdown' || !(error < Infinity)) reason = 'breakdown';
        else if (error <= opts.tolerance && opts.stop !== 'step') reason = 'converged';
        else if (scsol.err <= opts.epsilon && opts.stop !== 'merit') reason = error <= opts.tolerance ? 'converged' : 'stalled';
      }
    }
    // Stopped by the cap or the clock, yet within tolerance: that is convergence.
    if ((reason === 'max-iterations' || reason === 'time-budget' || reason === 'stalled') && error <= opts.tolerance) reason = 'converged';

    const u = bsrMul(problem.W, r, new Float64Array(n));
    for (let i = 0; i < n; i++) u[i] += problem.q[i];
    // A small relative merit is no solution when r ran away on a problem without one (the
    // merit divides by ‖r‖): core's rule of docs/convergence.md has the last word.
    if (reason === 'converged') reason = claimRefusal(problem, r, u) ?? reason;
    const converged = reason === 'converged';
    const ms = performance.now() - t0;
    this.events.emit('solver:end', { solver: this.name, converged, reason, iterations: k, error, merit: this.merit.name, ms });
    return {
      r, u, converged, reason, iterations: k, error, merit: this.merit.name, answeredBy: this.name, ms,
      stats: this.statistics(scsol, trivial, history),
    };
  }

  /** The configured merit at the projection of R^k onto the cones, written to r. */
  private measure(problem: FrictionContactProblem, scsol: Scsol, r: Float64Array): number {
    projectOntoCones(r, scsol.r, problem.mu);
    return this.merit.evaluate(problem, r);
  }

  private workspace(problem: FrictionContactProblem): Scsol {
    if (this.scsol?.problem !== problem) this.scsol = new Scsol(problem, this.scsolOptions);
    return this.scsol;
  }

  private statistics(scsol: Scsol | undefined, trivial: boolean, history: Record<string, number[]>): Record<string, unknown> {
    const o = this.options;
    const base = { variant: o.variant, lineSearch: o.memory === 0 ? 'armijo' : 'grippo', linearSolver: o.linearSolver, trivial };
    if (!scsol) return { ...base, history };
    return {
      ...base,
      newtonMerit: scsol.meritValue,
      relativeChange: scsol.err,
      stepCriterionMet: scsol.err <= o.epsilon,
      lineSearchSteps: scsol.lineSearchSteps,
      lineSearchFailures: scsol.lineSearchFailures,
      penaltyScalings: scsol.penaltyScalings,
      penaltyScaledFraction: scsol.penaltyScaledFraction,
      boundUpdates: scsol.boundUpdates,
      rows: { ...scsol.system.counts },
      linear: { ...scsol.linear.stats },
      history,
    };
  }
}
