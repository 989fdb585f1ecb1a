import { bsrMul } from '../linalg/bsr-matvec.js';
import { allFinite } from '../linalg/vector.js';
import type { FrictionContactProblem } from '../problem/friction-contact-problem.js';
import type { EventBus } from '../events/event-bus.js';
import type { ContactSolver, PluginContext, SolveAttempt, SolveOptions, SolveResult } from './contracts.js';

export interface ChainLink {
  solver: ContactSolver;
  /** Where this link starts when it is a fallback. */
  start: 'previous' | 'initial';
}

/**
 * Runs a solver and, while the answer is `converged: false`, the next one in the
 * chain. Records every attempt and which solver answered; shares one time budget.
 * Also the last guard against NaN: a result with a non-finite value is replaced by
 * its starting point and marked a breakdown, so no NaN leaves a run.
 */
export class SolverChain implements ContactSolver {
  readonly name: string;

  constructor(
    private readonly links: ChainLink[],
    private readonly events: EventBus,
    private readonly ctx: PluginContext,
  ) {
    this.name = links.map((l) => l.solver.name).join(' -> ');
  }

  solve(problem: FrictionContactProblem, options: SolveOptions = {}): SolveResult {
    const t0 = performance.now();
    const attempts: SolveAttempt[] = [];
    let result: SolveResult | undefined;
    for (let i = 0; i < this.links.length; i++) {
      const { solver, start } = this.links[i];
      const warmStart = i === 0 || start === 'initial' ? options.warmStart : result!.r;
      const elapsed = performance.now() - t0;
      const timeBudgetMs = options.timeBudgetMs === undefined ? undefined : Math.max(0, options.timeBudgetMs - elapsed);
      if (i > 0) {
        this.events.emit('solver:fallback', {
          from: result!.answeredBy, to: solver.name, reason: result!.reason,
          iterations: result!.iterations, error: result!.error, start: i === 0 ? 'initial' : start,
        });
      }
      result = this.guard(problem, solver.solve(problem, { ...options, warmStart, timeBudgetMs }), warmStart, solver.name);
      attempts.push({
        solver: solver.name, converged: result.converged, reason: result.reason,
        iterations: result.iterations, error: result.error, merit: result.merit, ms: result.ms,
      });
      if (result.converged || result.reason === 'time-budget') break;
    }
    return { ...result!, attempts, ms: performance.now() - t0 };
  }

  private guard(problem: FrictionContactProblem, res: SolveResult, start: Float64Array | undefined, name: string): SolveResult {
    const answeredBy = res.answeredBy || name;
    if (allFinite(res.r) && allFinite(res.u) && !Number.isNaN(res.error)) return { ...res, answeredBy };
    const r = start ? Float64Array.from(start) : new Float64Array(problem.size);
    const u = bsrMul(problem.W, r, new Float64Array(problem.size));
    for (let i = 0; i < u.length; i++) u[i] += problem.q[i];
    const error = this.ctx.merit(res.merit).evaluate(problem, r, u);
    return { ...res, r, u, error, converged: false, reason: 'breakdown', answeredBy };
  }
}
