import type { NormalQp } from './normal-qp.js';

/**
 * What one step of a method did. `moved`: the iterate moved (the step may have been cut short by
 * the deadline or the iteration budget); `kkt`: the iterate meets the optimality conditions as
 * computed, no step moves it; `unbounded`: q decreases without bound along a feasible direction,
 * so the problem has no solution; `breakdown`: a step length came out non-finite (nothing was
 * changed); `cap`: the method's own cap on its outer iterations was reached (nothing was done).
 */
export type StepOutcome = 'moved' | 'kkt' | 'unbounded' | 'breakdown' | 'cap';

/** A step's outcome and the iterations it counted (at least 1 when the iterate moved). */
export interface StepResult {
  outcome: StepOutcome;
  iterations: number;
}

/** What a step may spend: a `performance.now()` deadline and a number of iterations (at least 1). */
export interface StepLimits {
  deadline: number;
  iterations: number;
}

/**
 * A method for the bound-constrained QP of NormalQp, one paper iteration per `step`, as the
 * solver loop (frictionless-solver.ts) drives it. The method updates `qp.r` and `qp.u` in place.
 */
export interface BoundQpMethod {
  /** Starts a solve from the iterate `qp` holds. */
  reset(qp: NormalQp): void;
  /**
   * One step of the paper's algorithm: one iteration of MPRGP, one outer iteration of GPMINRES
   * (whose gradient projection steps and MINRES iterations are the iterations it counts). Inner
   * loops stop at the limits.
   */
  step(qp: NormalQp, limits: StepLimits): StepResult;
  /** The quantity the paper's own stopping test compares with τ (or ε), at the current iterate. */
  paperResidual(qp: NormalQp): number;
  /** What the method counted, for SolveResult.stats. */
  stats(): Record<string, unknown>;
}
