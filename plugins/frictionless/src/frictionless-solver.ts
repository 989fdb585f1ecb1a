import { allFinite, BsrMulKernel, claimRefusal, solveBudget, type FrictionContactProblem } from '@moreau/core/kernels';
import type { ContactSolver, EventBus, MeritFunction, PluginContext, SolveOptions, SolveResult, StopReason } from '@moreau/core/contracts';
import { MeritScreen } from './merit-screen.js';
import type { BoundQpMethod, StepOutcome } from './method.js';
import { NormalQp } from './normal-qp.js';
import { refuseFriction } from './refuse-friction.js';

/** The options every solver of the package has (the stopping options and τ). */
export interface FrictionlessOptions {
  tolerance: number;
  maxIterations: number;
  merit: string;
  /** τ (GPMINRES line 19) or ε (MPRGP line 4): also stop when the paper's residual is below it. */
  tau?: number;
}

/**
 * A solver of the frictionless contact problem (every μ = 0) by a method for the
 * bound-constrained QP of the normal reactions (NormalQp); see FrictionContactProblem for the
 * problem statement. The loop is the same for both methods:
 *
 * - r⁰ = 0 (paper 002 starts both from 0), or a start passed directly, projected onto r_N ≥ 0,
 *   r_T = 0 (the plugins do not claim warm starts: README, "Warm starts");
 * - the method's steps (BoundQpMethod) until `maxIterations` of its iterations (or the call's
 *   cap) or the time budget are spent;
 * - `converged` only when the configured merit at r is at or below `tolerance` and core's
 *   rules accept the claim (claimRefusal; a contact still approaching: go on). With the
 *   siconos merit, the merit is evaluated only at iterations where its formula at the kept u
 *   allows a stop (merit-screen.ts), and at the end;
 * - with `tau` set, the paper's own test (its residual below τ) stops the iteration too
 *   (`stalled` when the merit does not agree);
 * - a problem one contact proves infeasible (docs/convergence.md) stops at once as `infeasible`;
 *   a step that finds q unbounded below otherwise (no solution either) or cannot move the
 *   iterate twice in a row (after u was recomputed) stops it as `stalled`.
 *
 * A problem with some μ > 0 is refused with E_UNSUPPORTED.
 */
export class FrictionlessSolver implements ContactSolver {
  private readonly merit: MeritFunction;
  private readonly events: EventBus;
  private readonly screen: MeritScreen;
  /** W's products for every solve (WebAssembly from a size up; the same bits as `bsrMul`). */
  private readonly kernel = new BsrMulKernel();

  constructor(
    readonly name: string,
    private readonly options: FrictionlessOptions,
    ctx: PluginContext,
    private readonly method: BoundQpMethod,
  ) {
    this.merit = ctx.merit(options.merit);
    this.events = ctx.events;
    this.screen = new MeritScreen(this.merit);
  }

  solve(problem: FrictionContactProblem, solveOptions: SolveOptions = {}): SolveResult {
    const t0 = performance.now();
    const { tolerance, tau } = this.options;
    const { cap, budget } = solveBudget(solveOptions, this.options.maxIterations);
    refuseFriction(this.name, problem);
    const deadline = budget === undefined ? Infinity : t0 + budget;
    const qp = new NormalQp(problem, this.kernel, solveOptions.warmStart);
    const start = Float64Array.from(qp.r);
    const listening = this.events.listenerCount('solver:iteration') > 0;

    let error = this.merit.evaluate(problem, qp.r);
    let exact = true;
    let reason: StopReason | undefined = !(error < Infinity) ? 'breakdown' : error <= tolerance ? this.claim(qp) : undefined;
    // A contact that no reaction can stop (docs/convergence.md, infeasibility): q is unbounded
    // below along it, and the methods would only push r up until the cap.
    if (reason === undefined && claimRefusal(problem, qp.r, qp.u, velocityOfReactions(qp)) === 'infeasible') reason = 'infeasible';
    let k = 0, unbounded = false;
    let last: StepOutcome | undefined;
    this.method.reset(qp);
    while (reason === undefined) {
      if (k >= cap) { reason = 'max-iterations'; break; }
      if (performance.now() >= deadline) { reason = 'time-budget'; break; }
      const { outcome, iterations } = this.method.step(qp, { deadline, iterations: cap - k });
      if (outcome === 'cap') { reason = 'max-iterations'; break; }
      k += iterations;
      ({ error, exact } = this.measure(qp, listening));
      if (listening && iterations > 0) this.events.emit('solver:iteration', { solver: this.name, iteration: k, error, outcome });
      if (exact && !(error < Infinity)) reason = 'breakdown';
      else if (exact && error <= tolerance) reason = this.claim(qp);
      if (reason !== undefined) break;
      if (outcome === 'breakdown') reason = 'breakdown';
      else if (outcome === 'unbounded') { reason = 'stalled'; unbounded = true; }
      else if (outcome === 'kkt' && last === 'kkt') reason = 'stalled';
      else if (tau !== undefined && this.method.paperResidual(qp) < tau) reason = 'stalled';
      // Stuck once: recompute u, whose drift may be what holds the method.
      if (outcome === 'kkt' && reason === undefined) qp.refresh();
      last = outcome;
    }
    return this.answer(qp, { reason, error, exact, iterations: k, start, unbounded }, t0);
  }

  /**
   * With the merit at or below the tolerance: 'converged' unless core's rules refuse the claim
   * (docs/convergence.md) — then undefined to go on when a contact still approaches ('rejected':
   * the relative merit can be small at an r that does not yet stop it), or the rule's reason
   * ('infeasible', 'diverged') when going on cannot help.
   */
  private claim(qp: NormalQp): StopReason | undefined {
    qp.refresh();
    const refusal = claimRefusal(qp.problem, qp.r, qp.u);
    return refusal === undefined ? 'converged' : refusal === 'rejected' ? undefined : refusal;
  }

  /** The merit at r when the stand-in allows a stop (or events want it), else the stand-in. */
  private measure(qp: NormalQp, listening: boolean): { error: number; exact: boolean } {
    const { problem, r, u } = qp;
    const screened = this.screen.value(problem, r, u);
    if (!listening && screened !== undefined && !MeritScreen.mayMeet(screened, this.options.tolerance)) {
      return { error: screened, exact: false };
    }
    const error = this.merit.evaluate(problem, r);
    // The kept u says converged, the merit does not: u has drifted; recompute it.
    if (screened !== undefined && screened <= this.options.tolerance && !(error <= this.options.tolerance)) qp.refresh();
    return { error, exact: true };
  }

  /** The result: r, u = W r + q recomputed, the merit at r, the verdict after core's claim rules. */
  private answer(qp: NormalQp, s: Stop, t0: number): SolveResult {
    const { problem } = qp;
    let { reason, error } = s;
    if (!allFinite(qp.r)) {
      // A step overflowed: answer the starting point (never a NaN), as a breakdown.
      qp.r.set(s.start);
      reason = 'breakdown';
      s.exact = false;
    }
    qp.refresh();
    if (!s.exact) error = this.merit.evaluate(problem, qp.r);
    // Stopped otherwise, yet within tolerance: converged when core's rules accept the claim.
    if ((reason === 'max-iterations' || reason === 'time-budget' || reason === 'stalled') && error <= this.options.tolerance) {
      reason = claimRefusal(problem, qp.r, qp.u) ?? 'converged';
    }
    const r = Float64Array.from(qp.r), u = Float64Array.from(qp.u);
    const converged = reason === 'converged';
    const ms = performance.now() - t0;
    const iterations = s.iterations;
    this.events.emit('solver:end', { solver: this.name, converged, reason, iterations, error, merit: this.merit.name, ms });
    return {
      r, u, converged, reason, iterations, error, merit: this.merit.name, answeredBy: this.name, ms,
      stats: { matvecs: qp.matvecs, unbounded: s.unbounded, ...this.method.stats() },
    };
  }
}

/** W r = u − q at the iterate (a new array). */
function velocityOfReactions(qp: NormalQp): Float64Array {
  const { u } = qp, q = qp.problem.q, wr = new Float64Array(u.length);
  for (let i = 0; i < u.length; i++) wr[i] = u[i] - q[i];
  return wr;
}

/** How the loop ended. */
interface Stop {
  reason: StopReason;
  error: number;
  /** Whether `error` is the merit itself (not the stand-in). */
  exact: boolean;
  iterations: number;
  start: Float64Array;
  unbounded: boolean;
}
