import type { SolveOptions } from '../contracts/solver.js';
import { MoreauError } from '../contracts/errors.js';

/**
 * A solve's iteration cap (the smaller of the solver's own option and the call's
 * `maxIterations`) and its time budget, validated.
 */
export function solveBudget(o: SolveOptions, ownCap: number): { cap: number; budget: number | undefined } {
  let cap = ownCap;
  if (o.maxIterations !== undefined) {
    if (!Number.isInteger(o.maxIterations) || o.maxIterations < 0) {
      throw new MoreauError('E_CONFIG', `maxIterations must be a non-negative integer, got ${o.maxIterations}`, { path: ['maxIterations'] });
    }
    cap = Math.min(cap, o.maxIterations);
  }
  if (o.timeBudgetMs !== undefined && !(o.timeBudgetMs >= 0)) {
    throw new MoreauError('E_CONFIG', `timeBudgetMs must be a non-negative number, got ${o.timeBudgetMs}`, { path: ['timeBudgetMs'] });
  }
  return { cap, budget: o.timeBudgetMs };
}
