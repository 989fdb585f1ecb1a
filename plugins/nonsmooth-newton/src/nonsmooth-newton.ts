import { bsrMul, checkWarmStart, claimRefusal, projectOntoCones, solveBudget, type FrictionContactProblem } from '@moreau/core/kernels';
import type { ContactSolver, EventBus, MeritFunction, PluginContext, SolveOptions, SolveResult, StopReason } from '@moreau/core/contracts';
import { NewtonIteration, type NewtonIterationOptions } from './newton-iteration.js';
import type { NonsmoothNewtonOptions } from './options.js';

/**
 * Nonsmooth Newton on the Alart–Curnier or Fischer–Burmeister function, as Siconos' NSN_AC
 * and NSN_FB solve the frictional contact problem (see FrictionContactProblem for the problem;
 * newton-iteration.ts for the iteration).
 *
 * Convergence is judged as by every built-in solver: the configured merit (default `siconos`)
 * at the returned r, which is the Newton iterate projected onto the friction cones (the iterates
 * of φ = 0 need not lie in them before convergence), at or below `tolerance` after each iteration.
 */
export class NonsmoothNewton implements ContactSolver {
  readonly name = 'nonsmooth-newton';
  private readonly merit: MeritFunction;
  private readonly events: EventBus;
  private readonly iterationOptions: NewtonIterationOptions;
  private iteration: NewtonIteration | undefined;

  constructor(private readonly options: NonsmoothNewtonOptions, ctx: PluginContext) {
    this.merit = ctx.merit(options.merit);
    this.events = ctx.events;
    const o = options;
    this.iterationOptions = {
      function: o.function, rho: o.rho, lineSearch: o.lineSearch, lineSearchMaxIterations: o.lineSearchMaxIterations,
      regularization: o.regularization, regularizationUpdate: o.regularizationUpdate, pivotThreshold: o.pivotThreshold,
    };
  }

  solve(problem: FrictionContactProblem, solveOptions: SolveOptions = {}): SolveResult {
    const t0 = performance.now();
    const { tolerance } = this.options;
    const { cap, budget } = solveBudget(solveOptions, this.options.maxIterations);
    checkWarmStart(problem, solveOptions.warmStart);
    const n = problem.size;
    const r = new Float64Array(n);
    const projected = new Float64Array(n);
    const history = { errors: [] as number[], newtonMerits: [] as number[], steps: [] as number[] };
    const listening = this.events.listenerCount('solver:iteration') > 0;

    // r = 0 solves the problem when no contact approaches (Siconos' driver checks this first).
    let trivial = true;
    for (let a = 0; a < problem.contacts && trivial; a++) trivial = problem.q[3 * a] >= 0;

    let it: NewtonIteration | undefined;
    let error: number;
    let reason: StopReason | undefined;
    if (trivial) {
      error = this.merit.evaluate(problem, r);
      reason = error <= tolerance ? 'converged' : 'stalled';
    } else {
      it = this.workspace(problem);
      if (solveOptions.warmStart) r.set(solveOptions.warmStart);
      it.start(solveOptions.warmStart);
      error = this.measure(problem, it, projected, r);
      history.errors.push(error);
      history.newtonMerits.push(it.meritValue);
      if (!(error < Infinity)) reason = 'breakdown';
      else if (error <= tolerance) reason = 'converged';
      while (reason === undefined) {
        if (it.k >= cap) { reason = 'max-iterations'; break; }
        if (budget !== undefined && performance.now() - t0 >= budget) { reason = 'time-budget'; break; }
        const outcome = it.step();
        if (outcome === 'breakdown') { reason = 'breakdown'; break; }
        error = this.measure(problem, it, projected, r);
        history.errors.push(error);
        history.newtonMerits.push(it.meritValue);
        history.steps.push(it.alpha);
        if (listening) {
          this.events.emit('solver:iteration', { solver: this.name, iteration: it.k, error, newtonMerit: it.meritValue, step: it.alpha });
        }
        if (!(error < Infinity)) reason = 'breakdown';
        else if (error <= tolerance) reason = 'converged';
        else if (outcome === 'no-step') reason = 'stalled';
      }
    }
    const iterations = it?.k ?? 0;
    if (reason === 'breakdown') error = this.merit.evaluate(problem, r);

    const u = bsrMul(problem.W, r, new Float64Array(n));
    for (let i = 0; i < n; i++) u[i] += problem.q[i];
    // A small relative merit is no solution when r ran away on a problem without one (the merit
    // divides by ‖r‖): core's rule of docs/convergence.md has the last word.
    if (reason === 'converged') reason = claimRefusal(problem, r, u) ?? reason;
    const converged = reason === 'converged';
    const ms = performance.now() - t0;
    this.events.emit('solver:end', { solver: this.name, converged, reason, iterations, error, merit: this.merit.name, ms });
    return {
      r, u, converged, reason, iterations, error, merit: this.merit.name, answeredBy: this.name, ms,
      stats: this.statistics(it, trivial, history),
    };
  }

  /**
   * The configured merit at the projection of the iterate onto the cones, written to r when
   * it is finite (so a breakdown leaves r at the last finite iterate, r = 0 or the warm start
   * at worst).
   */
  private measure(problem: FrictionContactProblem, it: NewtonIteration, projected: Float64Array, r: Float64Array): number {
    projectOntoCones(projected, it.r, problem.mu);
    const error = this.merit.evaluate(problem, projected);
    if (error < Infinity) r.set(projected);
    return error;
  }

  private workspace(problem: FrictionContactProblem): NewtonIteration {
    if (this.iteration?.problem !== problem) this.iteration = new NewtonIteration(problem, this.iterationOptions);
    return this.iteration;
  }

  private statistics(it: NewtonIteration | undefined, trivial: boolean, history: Record<string, number[]>): Record<string, unknown> {
    const o = this.options;
    const base = { function: o.function, lineSearch: o.lineSearch, trivial };
    if (!it) return { ...base, history };
    return {
      ...base,
      newtonMerit: it.meritValue,
      lineSearchTrials: it.lineSearchTrials,
      lineSearchFailures: it.lineSearchFailures,
      singular: it.singular,
      worstDeficiency: it.worstDeficiency,
      history,
    };
  }
}
