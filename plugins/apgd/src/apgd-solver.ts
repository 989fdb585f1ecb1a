import { BsrMulKernel, checkWarmStart, PowerIteration, type FrictionContactProblem } from '@moreau/core/kernels';
import { claimRefusal, solveBudget } from '@moreau/core/kernels';
import { type ContactSolver, type EventBus, type MeritFunction, type PluginContext, type SolveOptions, type SolveResult, type StopReason } from '@moreau/core/contracts';
import type { ApgdOptions } from './options.js';
import { IterationEvents } from './iteration-events.js';
import { MeritHistory } from './merit-history.js';
import { Workspace, type ApgdVariant, type PassOutcome, type SetupScratch } from './pass.js';
import { RelaxedProblem } from './relaxed-problem.js';
import { startingPoint, zeroSolves } from './start.js';
import { createVariant } from './variants.js';
import { refuseOnPairs } from './rolling-support.js';

/**
 * Passes in a row that ran their whole `innerMaxIterations` without lowering the merit, after
 * which the passes are taken to be at their floor (eq 10 and the merit at rounding level).
 * Measured on 100 random problems at tolerance 1e-12, near that floor: 1 pass gives up on 17
 * that 50,000 iterations would still solve, 3 on 7, 10 on 4.
 */
const STALLED_PASSES = 10;

/** The merit each cone is judged by unless the `merit` option names another. */
export function defaultMerit(cone: 'coulomb' | 'relaxed'): string {
  return cone === 'coulomb' ? 'siconos' : 'projected-gradient';
}

/**
 * Accelerated projected gradient descent (papers 002 and 003). See
 * FrictionContactProblem for the problem statement and RelaxedProblem for the convex
 * problem each pass solves.
 *
 * `cone: 'relaxed'` solves the convex relaxation (s = 0). `cone: 'coulomb'` solves the
 * Coulomb problem by paper 003 Algorithm 3: passes of APGD on the relaxed problem with
 * s = Φ(W r + q) updated after each pass, until the configured merit is met, or s has
 * settled (eq 22 at most `outerTolerance`) after passes that can do no better (the last one
 * reached `innerTolerance`, or STALLED_PASSES in a row ran their whole `innerMaxIterations`
 * without lowering the merit), or a cap. A pass starts from the previous pass's r, or from
 * 0 (`passStart`), and stops when eq 10 has dropped by `innerReduction` or to
 * `innerTolerance`, whichever is larger. `converged` is true only when the configured merit
 * at the returned r is at or below `tolerance`.
 *
 * A problem with rolling pairs is solved the same way on the cones Z (RollingCones), for the
 * Coulomb cone measured in `siconos`; other options are refused on it (refuseOnPairs).
 */
export class ApgdSolver implements ContactSolver {
  readonly name = 'apgd';
  private readonly merit: MeritFunction;
  private readonly events: EventBus;
  private readonly variant: ApgdVariant;
  private readonly coulomb: boolean;
  /** The merit is eq 10 itself (relaxed problem, same g_d): passes stop on it directly. */
  private readonly direct: boolean;
  private ws = new Workspace(0);
  private scratch: SetupScratch = { pi: new PowerIteration(0), v: new Float64Array(0) };
  private bestR = new Float64Array(0);
  /** W's products for every solve (WebAssembly from a size up; the same bits as `bsrMul`). */
  private readonly kernel = new BsrMulKernel();

  constructor(private readonly options: ApgdOptions, ctx: PluginContext) {
    this.coulomb = options.cone === 'coulomb';
    this.merit = ctx.merit(options.merit ?? defaultMerit(options.cone));
    this.direct = !this.coulomb && isEq10(this.merit, options.gd);
    this.events = ctx.events;
    this.variant = createVariant(options);
  }

  solve(problem: FrictionContactProblem, solveOptions: SolveOptions = {}): SolveResult {
    const t0 = performance.now();
    const { cap, budget } = solveBudget(solveOptions, this.options.maxIterations);
    checkWarmStart(problem, solveOptions.warmStart);
    refuseOnPairs(problem, this.options, this.merit.name);
    const ws = this.workspace(problem.size);
    const rp = this.start(problem, solveOptions.warmStart, ws);
    const history = new MeritHistory(this.merit, problem);
    const error = history.evaluate(ws.r, 0);
    let reason: StopReason | undefined = !(error < Infinity) ? 'breakdown' : error <= this.options.tolerance ? 'converged' : undefined;
    const s: SolveState = {
      rp, cap, deadline: budget === undefined ? Infinity : t0 + budget, history,
      events: new IterationEvents(this.events, this.name, this.direct),
      error, lowest: error, best: error, stalledPasses: 0,
      total: 0, passes: 0, outer: 0, last: undefined, passIterations: [], sChanges: [],
    };
    // The variant's set-up (the spectral estimates of its step) is skipped when no pass can run.
    const estimates = reason === undefined && cap > 0 && performance.now() < s.deadline ? this.variant.prepare(rp, this.scratch) : {};
    const setup = { matvecs: rp.matvecs, ms: performance.now() - t0, estimates };
    if (this.variant.keepsBest) this.bestR.set(ws.r);

    while (reason === undefined) {
      if (s.total >= cap) { reason = 'max-iterations'; break; }
      if (performance.now() >= s.deadline) { reason = 'time-budget'; break; }
      reason = this.afterPass(s, this.pass(s, ws), ws);
    }
    if (this.variant.keepsBest && s.best < s.error) {
      ws.r.set(this.bestR);
      rp.mul(ws.r, ws.wr);
      s.error = s.best;
    }
    if ((reason === 'max-iterations' || reason === 'time-budget' || reason === 'stalled') && s.error <= this.options.tolerance) reason = 'converged';
    return this.answer(problem, s, reason, ws, setup, t0);
  }

  /** The workspaces for problems of n unknowns, allocated when n changes. */
  private workspace(n: number): Workspace {
    if (this.ws.n !== n) {
      this.ws = new Workspace(n);
      this.scratch = { pi: new PowerIteration(n), v: new Float64Array(n) };
      this.bestR = new Float64Array(n);
    }
    return this.ws;
  }

  /** The relaxed problem, with ws.r and ws.wr at the starting point (and s from a warm start, for the Coulomb cone). */
  private start(problem: FrictionContactProblem, warmStart: Float64Array | undefined, ws: Workspace): RelaxedProblem {
    const rp = new RelaxedProblem(problem, this.options.gd, this.kernel.use(problem.W));
    const trivial = zeroSolves(problem, this.coulomb);
    startingPoint(problem, trivial ? undefined : warmStart, ws.r);
    rp.mul(ws.r, ws.wr);
    if (this.coulomb && warmStart !== undefined && !trivial) rp.updateShift(ws.wr);
    return rp;
  }

  /** One pass of the variant on the relaxed problem for the current s, then the merit at its answer. */
  private pass(s: SolveState, ws: Workspace): PassOutcome {
    const opts = this.options;
    if (opts.passStart === 'zero') { ws.r.fill(0); ws.wr.fill(0); } // paper 003 Algorithm 1: r_{-1} = r_0 = 0
    const start = s.rp.residual(ws.r, ws.wr);
    const threshold = this.direct ? opts.tolerance : Math.max(opts.innerTolerance, opts.innerReduction * start);
    s.events.startPass(s.total, s.passes + 1);
    const last = this.variant.run(s.rp, ws, {
      threshold, maxIterations: Math.min(opts.innerMaxIterations, s.cap - s.total), deadline: s.deadline, startResidual: start, onIteration: s.events.onIteration,
    });
    s.last = last;
    s.total += last.iterations;
    s.passes++;
    s.passIterations.push(last.iterations);
    // A pass that ran no iteration (its deadline came first) keeps the last merit evaluated,
    // unless it reset r to zero first: the error must be the merit of the r returned.
    if (last.iterations > 0 || opts.passStart === 'zero') s.error = s.history.evaluate(ws.r, s.total);
    s.events.flush(s.error);
    const capped = last.stop === 'cap' && last.iterations >= opts.innerMaxIterations;
    s.stalledPasses = capped && !(s.error < s.lowest) ? s.stalledPasses + 1 : 0;
    if (s.error < s.lowest) s.lowest = s.error;
    if (this.variant.keepsBest && s.error < s.best) {
      s.best = s.error;
      this.bestR.set(ws.r);
    }
    return last;
  }

  /**
   * Why the solve stops after this pass, or undefined to run another. For the Coulomb cone,
   * going on means paper 003 Algorithm 3's outer step: s = Φ(W r + q) is updated here.
   */
  private afterPass(s: SolveState, last: PassOutcome, ws: Workspace): StopReason | undefined {
    const opts = this.options;
    if (!(s.error < Infinity) || last.stop === 'breakdown') return 'breakdown';
    if (s.error <= opts.tolerance) return 'converged';
    if (last.stop === 'time') return 'time-budget';
    // The pass met the inner precision that no later pass can tighten.
    const metInner = last.residual <= opts.innerTolerance;
    if (!this.coulomb) return metInner ? 'stalled' : undefined;
    if (s.outer >= opts.maxOuterIterations) return 'max-iterations';
    const change = s.rp.updateShift(ws.wr);
    s.outer++;
    s.sChanges.push(change);
    // Paper 003's outer test, eq 22, once the passes can do no better: the last one met ε, or
    // the last STALLED_PASSES spent their whole cap without lowering the merit.
    return change <= opts.outerTolerance && (metInner || s.stalledPasses >= STALLED_PASSES) ? 'stalled' : undefined;
  }

  /** The result: r, u = W r + q, the verdict after core's answer check, and the statistics. */
  private answer(problem: FrictionContactProblem, s: SolveState, stop: StopReason, ws: Workspace, setup: SetupStats, t0: number): SolveResult {
    const r = Float64Array.from(ws.r);
    const u = Float64Array.from(ws.wr);
    for (let i = 0; i < problem.size; i++) u[i] += problem.q[i];
    // A small relative merit is no solution when r ran away on a problem without one (the
    // merit divides by ‖r‖): core's rule of docs/convergence.md has the last word.
    const reason = stop === 'converged' ? claimRefusal(problem, r, u) ?? stop : stop;
    const converged = reason === 'converged';
    const { error, total: iterations } = s;
    const ms = performance.now() - t0;
    this.events.emit('solver:end', { solver: this.name, converged, reason, iterations, error, merit: this.merit.name, ms });
    return {
      r, u, converged, reason, iterations, error, merit: this.merit.name, answeredBy: this.name, ms,
      stats: {
        variant: this.variant.name,
        cone: this.coulomb ? 'coulomb' : 'relaxed',
        outerIterations: s.outer,
        passes: s.passes,
        passIterations: s.passIterations,
        sChanges: s.sChanges,
        lastPassResidual: s.last?.residual,
        matvecs: s.rp.matvecs,
        setupMatvecs: setup.matvecs,
        setupMs: setup.ms,
        meritEvaluations: s.history.evaluations,
        ...setup.estimates,
        ...this.variant.stats(),
        history: { iterations: s.history.iterations, errors: s.history.errors },
      },
    };
  }
}

/** One solve in progress: its problem for the current s, budget, merit history and counters. */
interface SolveState {
  readonly rp: RelaxedProblem;
  readonly cap: number;
  /** `performance.now()` value after which no pass starts. */
  readonly deadline: number;
  readonly history: MeritHistory;
  readonly events: IterationEvents;
  /** The merit last evaluated. */
  error: number;
  /** The lowest merit so far (the stall test), and the best one at bestR (variants that keep their best). */
  lowest: number;
  best: number;
  /** Passes in a row that ran their whole cap without lowering the merit. */
  stalledPasses: number;
  total: number;
  passes: number;
  outer: number;
  last: PassOutcome | undefined;
  readonly passIterations: number[];
  readonly sChanges: number[];
}

/** The set-up's cost (mat-vecs and ms from the start of the solve) and the variant's estimates, for SolveResult.stats. */
interface SetupStats {
  matvecs: number;
  ms: number;
  estimates: Record<string, unknown>;
}

/**
 * Whether `merit` is paper 003 eq 10 with step `gd`, the residual the passes compute: core's
 * `projected-gradient` merit, whose step is its public `gd`.
 */
function isEq10(merit: MeritFunction, gd: number): boolean {
  return merit.name === 'projected-gradient' && 'gd' in merit && merit.gd === gd;
}
