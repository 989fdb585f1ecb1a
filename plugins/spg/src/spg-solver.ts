import { BsrMulKernel, checkWarmStart, claimRefusal, initialReactions, solveBudget, type FrictionContactProblem } from '@moreau/core/kernels';
import type { ContactSolver, EventBus, MeritFunction, PluginContext, SolveOptions, SolveResult, StopReason } from '@moreau/core/contracts';
import { NonmonotoneWindow } from './nonmonotone.js';
import type { SpgOptions } from './options.js';
import { diagonalPreconditioner, type Preconditioner } from './preconditioner.js';
import { ShiftedProblem } from './shifted-problem.js';
import { spgPass, Workspace, type PassOutcome, type SpgCounters } from './spg-pass.js';

/**
 * Passes in a row that ran their whole `innerMaxIterations` without lowering the merit, after
 * which the passes are taken to be at their floor (the rule APGD uses, docs in its README).
 */
const STALLED_PASSES = 10;

/**
 * An iterate whose largest entry exceeds this multiple of the problem's natural impulse
 * ‖q‖∞ / (smallest positive W_NN) has run away: the pass stops (`breakdown`) and its best point
 * stays the answer. Real answers stay within 3.1 of that impulse (docs/convergence.md); on a
 * problem without solution the spectral step can leap by α_max (W_NN = [[0, 1], [1, 2]],
 * q_N = (−1, 1): r_N = 7.5e29 in two steps), where every residual, eq 10's and the siconos
 * error alike, rounds to 0 and core's divergence rule, scaled by ‖W r‖, no longer sees the
 * approach.
 */
const RUNAWAY = 1e6;

/** The merit each cone is judged by unless the `merit` option names another (as APGD's). */
export function defaultMerit(cone: 'coulomb' | 'relaxed'): string {
  return cone === 'coulomb' ? 'siconos' : 'projected-gradient';
}

/**
 * Paper 002's P-SPG-FB. See FrictionContactProblem for the problem statement and ShiftedProblem
 * for the convex problem each pass solves (`spgPass`: the algorithm, line by line).
 *
 * `cone: 'relaxed'` solves the cone complementarity problem (s = 0), the problem of the paper.
 * `cone: 'coulomb'` solves the Coulomb problem by the outer fixed point APGD uses (paper 003
 * Algorithm 3): after each pass s ← [μ_a ‖u_T‖ e_N] at the pass's answer, until the merit is met,
 * s has settled after passes that can do no better, or a cap. A pass starts from the previous
 * pass's answer and stops when its KKT residual has dropped by `innerReduction`. The answer is
 * the best r by the merit over all passes; `converged` is true only when the configured merit at
 * that r is at or below `tolerance` (and core's refusal rules let the claim stand).
 */
export class SpgSolver implements ContactSolver {
  readonly name = 'spg';
  private readonly merit: MeritFunction;
  private readonly events: EventBus;
  private readonly coulomb: boolean;
  /** The merit is the passes' own KKT residual (relaxed problem, same τ_g): passes stop on it. */
  private readonly direct: boolean;
  private ws = new Workspace(0);
  private bestR = new Float64Array(0);
  private bestWr = new Float64Array(0);
  private readonly window: NonmonotoneWindow;
  private readonly kernel = new BsrMulKernel();

  constructor(private readonly options: SpgOptions, ctx: PluginContext) {
    this.coulomb = options.cone === 'coulomb';
    this.merit = ctx.merit(options.merit ?? defaultMerit(options.cone));
    this.direct = !this.coulomb && this.merit.name === 'projected-gradient' && 'gd' in this.merit && this.merit.gd === options.gd;
    this.events = ctx.events;
    this.window = new NonmonotoneWindow(options.memory);
  }

  solve(problem: FrictionContactProblem, solveOptions: SolveOptions = {}): SolveResult {
    const t0 = performance.now();
    const opts = this.options;
    const { cap, budget } = solveBudget(solveOptions, opts.maxIterations);
    checkWarmStart(problem, solveOptions.warmStart);
    const ws = this.workspace(problem.size);
    const sp = new ShiftedProblem(problem, opts.gd, this.kernel.use(problem.W));
    ws.x.set(initialReactions(problem, solveOptions.warmStart));
    sp.mul(ws.x, ws.wx);
    // a warm start brings its shift with it; r = 0 starts from s = 0, as paper 003 does
    if (this.coulomb && solveOptions.warmStart !== undefined) sp.updateShift(ws.wx);
    const error = this.merit.evaluate(problem, ws.x);
    const s: SolveState = {
      sp, cap, deadline: budget === undefined ? Infinity : t0 + budget,
      P: diagonalPreconditioner(problem.W, opts.preconditioner, ws.p, ws.pinv),
      limit: RUNAWAY * naturalImpulse(problem),
      step: { alpha: Math.min(opts.alphaMax, Math.max(opts.alphaMin, 1)), iteration: 0 },
      counters: { fallbackDirections: 0, backtracks: 0, nonmonotoneSteps: 0 },
      error, best: error, stalledPasses: 0, total: 0, passes: 0, outer: 0, last: undefined,
      passIterations: [], sChanges: [], errors: [error], errorIterations: [0],
    };
    this.bestR.set(ws.x);
    this.bestWr.set(ws.wx);
    let reason: StopReason | undefined = !(error < Infinity) ? 'breakdown' : error <= opts.tolerance ? 'converged' : undefined;
    while (reason === undefined) {
      if (s.total >= cap) { reason = 'max-iterations'; break; }
      if (performance.now() >= s.deadline) { reason = 'time-budget'; break; }
      reason = this.afterPass(s, this.pass(s, ws), ws);
    }
    // The best point is the answer. afterPass holds every merit to the tolerance as it comes, so
    // a solve that stopped for another reason has no point at or below it (a breakdown aside).
    if (s.best < s.error) {
      ws.x.set(this.bestR);
      ws.wx.set(this.bestWr);
      s.error = s.best;
    }
    return this.answer(problem, s, reason, ws, t0);
  }

  /** The workspaces for problems of n unknowns, allocated when n changes. */
  private workspace(n: number): Workspace {
    if (this.ws.n !== n) {
      this.ws = new Workspace(n);
      this.bestR = new Float64Array(n);
      this.bestWr = new Float64Array(n);
    }
    return this.ws;
  }

  /** One pass of P-SPG-FB for the current s, then the merit at its answer. */
  private pass(s: SolveState, ws: Workspace): PassOutcome {
    const opts = this.options;
    // W x afresh: the passes update it by λ W d, which drifts by rounding over thousands of steps
    s.sp.mul(ws.x, ws.wx);
    const start = s.sp.residual(ws.x, ws.wx);
    const threshold = this.direct ? opts.tolerance : Math.max(opts.innerTolerance, opts.innerReduction * start);
    const last = spgPass(s.sp, ws, s.P, opts, this.window, s.step, s.counters, {
      threshold, maxIterations: Math.min(opts.innerMaxIterations, s.cap - s.total), deadline: s.deadline, startResidual: start, limit: s.limit,
    });
    s.last = last;
    s.total += last.iterations;
    s.passes++;
    s.passIterations.push(last.iterations);
    const before = s.best;
    if (last.iterations > 0) {
      s.error = this.merit.evaluate(s.sp.problem, ws.x);
      s.errors.push(s.error);
      s.errorIterations.push(s.total);
      this.events.emit('solver:iteration', { solver: this.name, iteration: s.total, error: s.error, residual: last.residual, pass: s.passes });
    }
    if (s.error < s.best) {
      s.best = s.error;
      this.bestR.set(ws.x);
      this.bestWr.set(ws.wx);
    }
    const capped = last.stop === 'cap' && last.iterations >= opts.innerMaxIterations;
    s.stalledPasses = capped && !(s.best < before) ? s.stalledPasses + 1 : 0;
    return last;
  }

  /** Why the solve stops after this pass, or undefined to run another (for the Coulomb cone, after updating s). */
  private afterPass(s: SolveState, last: PassOutcome, ws: Workspace): StopReason | undefined {
    const opts = this.options;
    if (!(s.error < Infinity) || last.stop === 'breakdown') return 'breakdown';
    if (s.error <= opts.tolerance) return 'converged';
    if (last.stop === 'time') return 'time-budget';
    // The pass reached the precision no later pass can tighten, or no step can lower f further.
    const floor = last.residual <= opts.innerTolerance || last.stop === 'stationary';
    if (!this.coulomb) return floor || s.stalledPasses >= STALLED_PASSES ? 'stalled' : undefined;
    if (s.outer >= opts.maxOuterIterations) return 'max-iterations';
    const change = s.sp.updateShift(ws.wx);
    s.outer++;
    s.sChanges.push(change);
    return change <= opts.outerTolerance && (floor || s.stalledPasses >= STALLED_PASSES) ? 'stalled' : undefined;
  }

  /** The result: r, u = W r + q, the verdict after core's refusal rules, and the statistics. */
  private answer(problem: FrictionContactProblem, s: SolveState, stop: StopReason, ws: Workspace, t0: number): SolveResult {
    const r = Float64Array.from(ws.x);
    const u = s.sp.mul(r, ws.wx).slice();
    for (let i = 0; i < problem.size; i++) u[i] += problem.q[i];
    // A small relative merit is no solution when r ran away on a problem without one (the merit divides by ‖r‖).
    const reason = stop === 'converged' ? claimRefusal(problem, r, u, ws.wx) ?? stop : stop;
    const converged = reason === 'converged';
    const { error, total: iterations } = s;
    const ms = performance.now() - t0;
    this.events.emit('solver:end', { solver: this.name, converged, reason, iterations, error, merit: this.merit.name, ms });
    return {
      r, u, converged, reason, iterations, error, merit: this.merit.name, answeredBy: this.name, ms,
      stats: {
        cone: this.coulomb ? 'coulomb' : 'relaxed',
        preconditioner: this.options.preconditioner,
        outerIterations: s.outer,
        passes: s.passes,
        passIterations: s.passIterations,
        sChanges: s.sChanges,
        lastPassResidual: s.last?.residual,
        lastPassStop: s.last?.stop,
        matvecs: s.sp.matvecs,
        alpha: s.step.alpha,
        ...s.counters,
        history: { iterations: s.errorIterations, errors: s.errors },
      },
    };
  }
}

/** One solve in progress. */
interface SolveState {
  readonly sp: ShiftedProblem;
  readonly cap: number;
  /** `performance.now()` value after which no pass starts. */
  readonly deadline: number;
  readonly P: Preconditioner;
  /** The largest entry an iterate may have before it counts as run away. */
  readonly limit: number;
  /** α̂ and the iteration index j that picks the spectral quotient (both run on across passes). */
  readonly step: { alpha: number; iteration: number };
  readonly counters: SpgCounters;
  /** The merit last evaluated, and the best one (at bestR). */
  error: number;
  best: number;
  stalledPasses: number;
  total: number;
  passes: number;
  outer: number;
  last: PassOutcome | undefined;
  readonly passIterations: number[];
  readonly sChanges: number[];
  readonly errors: number[];
  readonly errorIterations: number[];
}

/** ‖q‖∞ / (smallest positive W_NN): the impulse that stops the fastest approach through the stiffest contact's own diagonal; Infinity without a positive W_NN, or with q = 0. */
export function naturalImpulse(problem: FrictionContactProblem): number {
  const { W, q } = problem;
  let wmin = Infinity, qmax = 0;
  for (let a = 0; a < problem.contacts; a++) {
    const w = W.values[9 * W.diagIdx[a]];
    if (w > 0 && w < wmin) wmin = w;
  }
  for (let i = 0; i < q.length; i++) qmax = Math.max(qmax, Math.abs(q[i]));
  return qmax > 0 && wmin < Infinity ? qmax / wmin : Infinity;
}
