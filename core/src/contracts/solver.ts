import type { FrictionContactProblem } from '../problem/friction-contact-problem.js';

/** The contact solver's contract (DESIGN §3): what it is asked, what it answers, and the merit functions that judge it. */

// ---------------------------------------------------------------- merit functions

/**
 * An error measure: non-negative, zero exactly at a solution.
 * `u` is W r + q when the caller has it; a merit that needs u recomputes it
 * when it is omitted (the `siconos` merit always recomputes, as Siconos does).
 */
export interface MeritFunction {
  readonly name: string;
  evaluate(problem: FrictionContactProblem, r: Float64Array, u?: Float64Array): number;
}

// ---------------------------------------------------------------- contact solvers

export interface SolveOptions {
  /** Initial reactions (length 3·nc). Solvers that do not support warm starts reject it at resolve time. */
  warmStart?: Float64Array;
  /** Overrides the solver's own iteration cap when smaller. */
  maxIterations?: number;
  /** Wall-clock budget in milliseconds; the solver stops (not converged) once it is spent. */
  timeBudgetMs?: number;
}

/**
 * Why a solver stopped. Core's answer check (docs/convergence.md) adds three: 'rejected'
 * (a claimed convergence failed a check), 'diverged' (‖r‖ ran away while a contact still
 * approaches) and 'infeasible' (the problem provably has no solution; no solver ran).
 */
export type StopReason =
  | 'converged' | 'max-iterations' | 'time-budget' | 'breakdown' | 'stalled'
  | 'rejected' | 'diverged' | 'infeasible';

/** The checks of core's answer check, in the order they run (docs/convergence.md). */
export type AnswerCheckName = 'infeasible' | 'cone' | 'merit' | 'approach' | 'diverged';

/** What core's answer check found wrong with a result; absent when nothing was. */
export interface AnswerCheckFailure {
  failed: AnswerCheckName;
  /** The contact that shows it (every check but 'merit'). */
  contact?: number;
  /** One line with the numbers, for people. */
  message: string;
}

export interface SolveResult {
  r: Float64Array;
  u: Float64Array;
  converged: boolean;
  reason: StopReason;
  iterations: number;
  /** Final error in the solver's configured merit. */
  error: number;
  /** Name of the merit `error` is measured in. */
  merit: string;
  /** The solver that produced r (set by the fallback chain; equals the solver's own name otherwise). */
  answeredBy: string;
  /** Wall-clock time of the solve, milliseconds. */
  ms: number;
  /** Solver-specific statistics (mat-vec products, linear iterations, merit history...). */
  stats?: Record<string, unknown>;
  /** Every solver the chain ran, in order (one entry without a fallback). */
  attempts?: SolveAttempt[];
  /** Set by the solver chain when its answer check refused a claim, saw divergence or proved infeasibility. */
  check?: AnswerCheckFailure;
}

export interface SolveAttempt {
  solver: string;
  converged: boolean;
  reason: StopReason;
  iterations: number;
  /** The answer's error in `merit`, recomputed by the chain's answer check. */
  error: number;
  merit: string;
  /** The link's stopping tolerance, which `error` was held to; absent when the link has none (its own claim is then the bar). */
  tolerance?: number;
  ms: number;
}

/** See FrictionContactProblem for the problem statement. Never returns NaN; never claims convergence it has not checked. */
export interface ContactSolver {
  readonly name: string;
  solve(problem: FrictionContactProblem, options?: SolveOptions): SolveResult;
}

/** What a solver plugin declares it supports; `resolve()` and the conformance suite read it. */
export interface SolverCapabilities {
  /** Accepts `warmStart`. */
  warmStart: boolean;
  /** Which cone problem it solves: the exact Coulomb problem, the convex relaxation, or either by option. */
  cone: 'coulomb' | 'relaxed' | 'both';
  /** False when it solves frictionless (μ = 0) problems only. */
  friction: boolean;
  /**
   * True when it solves problems with contacts with rolling and spinning resistance
   * (`FrictionContactProblem.rolling`, the cone Z of paper 002). Absent means false: the solver
   * chain refuses such a problem to a solver that does not declare it (E_UNSUPPORTED).
   */
  rolling?: boolean;
}

/**
 * Where a fallback starts: the previous solver's last iterate (`previous`, the default), the
 * initial reactions (`initial`), or the least wrong answer of the links before it by the
 * `siconos` measure (`best`: a link that made things worse is not where the next one starts).
 */
export type ChainStart = 'previous' | 'initial' | 'best';
