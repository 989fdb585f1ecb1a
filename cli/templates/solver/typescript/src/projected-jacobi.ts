import { bsrMul, claimRefusal, initialReactions, projectOntoCone } from '@moreau/core';
import type {
  ContactSolver, EventBus, FrictionContactProblem, MeritFunction, PluginContext, SolveOptions, SolveResult, StopReason,
} from '@moreau/core';
import type { Options } from './options.js';

/**
 * Projected Jacobi for the frictional contact problem u = W r + q, r ∈ K_μ, De Saxcé's
 * ũ = u + μ‖u_T‖ e_N ∈ K_μ*, ũ ⟂ r (normal first per contact: [N, T1, T2]).
 *
 * A solution is a fixed point of r ← P_K(r − ρ ũ(r)) for any ρ > 0; every contact is updated
 * from the same previous iterate. The step ρ = 1/G, with G the largest absolute row sum of W
 * (a bound on its eigenvalues), keeps the iteration stable. Convergence is judged only by the
 * configured merit; the loop stops on the tolerance, the iteration cap or the time budget.
 */
export class ProjectedJacobi implements ContactSolver {
  readonly name = 'projected-jacobi';
  readonly #options: Options;
  readonly #events: EventBus;
  readonly #merit: MeritFunction;
  /** Workspace for u, reallocated only when the problem size changes. */
  #u = new Float64Array(0);

  constructor(options: Options, ctx: PluginContext) {
    this.#options = options;
    this.#events = ctx.events;
    this.#merit = ctx.merit(options.merit);
  }

  solve(problem: FrictionContactProblem, solveOptions: SolveOptions = {}): SolveResult {
    const t0 = performance.now();
    const { tolerance } = this.#options;
    const cap = Math.min(this.#options.maxIterations, solveOptions.maxIterations ?? Infinity);
    const budget = solveOptions.timeBudgetMs ?? Infinity;
    if (this.#u.length !== problem.size) this.#u = new Float64Array(problem.size);
    const u = this.#u;
    // r is returned, so it is fresh per solve: the warm start checked and projected onto the cones, or 0.
    const r = initialReactions(problem, solveOptions.warmStart);
    const rho = 1 / rowSumBound(problem);
    const listening = this.#events.listenerCount('solver:iteration') > 0;

    velocity(problem, r, u);
    let error = this.#merit.evaluate(problem, r, u);
    let iterations = 0;
    let reason: StopReason;
    for (;;) {
      if (error <= tolerance) { reason = 'converged'; break; }
      if (!Number.isFinite(error)) { reason = 'breakdown'; break; }
      if (iterations >= cap) { reason = 'max-iterations'; break; }
      if (performance.now() - t0 >= budget) { reason = 'time-budget'; break; }
      jacobiStep(problem, rho, u, r);
      velocity(problem, r, u);
      iterations++;
      error = this.#merit.evaluate(problem, r, u);
      if (listening) this.#events.emit('solver:iteration', { solver: this.name, iteration: iterations, error });
    }
    // The siconos merit divides by ‖r‖, so a run-away r (a problem without a solution) can look
    // converged: core's rules for a claim (docs/convergence.md) have the last word.
    if (reason === 'converged') reason = claimRefusal(problem, r, u) ?? reason;

    const converged = reason === 'converged';
    const ms = performance.now() - t0;
    const merit = this.#merit.name;
    this.#events.emit('solver:end', { solver: this.name, converged, reason, iterations, error, merit, ms });
    // u is a workspace: the caller gets a copy, so the next solve cannot change this result.
    return { r, u: Float64Array.from(u), converged, reason, iterations, error, merit, answeredBy: this.name, ms };
  }
}

/** r ← P_K(r − ρ ũ) for every contact, ũ = u + μ‖u_T‖ e_N (De Saxcé), all from the same u. */
function jacobiStep(problem: FrictionContactProblem, rho: number, u: Float64Array, r: Float64Array): void {
  const { mu } = problem;
  for (let a = 0; a < problem.contacts; a++) {
    const o = 3 * a;
    const shift = mu[a] * Math.hypot(u[o + 1], u[o + 2]);
    r[o] -= rho * (u[o] + shift);
    r[o + 1] -= rho * u[o + 1];
    r[o + 2] -= rho * u[o + 2];
    projectOntoCone(r, o, r, o, mu[a]);
  }
}

/** u = W r + q, in place. */
function velocity(problem: FrictionContactProblem, r: Float64Array, u: Float64Array): void {
  bsrMul(problem.W, r, u);
  for (let i = 0; i < u.length; i++) u[i] += problem.q[i];
}

/** The largest absolute row sum of W: a bound on the modulus of its eigenvalues (Gershgorin). */
function rowSumBound(problem: FrictionContactProblem): number {
  const { rowPtr, values } = problem.W;
  let g = 0;
  for (let a = 0; a < problem.contacts; a++) {
    for (let i = 0; i < 3; i++) {
      let s = 0;
      for (let k = rowPtr[a]; k < rowPtr[a + 1]; k++) {
        const o = 9 * k + 3 * i;
        s += Math.abs(values[o]) + Math.abs(values[o + 1]) + Math.abs(values[o + 2]);
      }
      if (s > g) g = s;
    }
  }
  // W = 0 only for a problem without contacts (or all-zero blocks): any step is as good.
  return g > 0 ? g : 1;
}
