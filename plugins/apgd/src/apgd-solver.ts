import {
  checkWarmStart, claimRefusal, PowerIteration, solveBudget,
  type ContactSolver, type EventBus, type FrictionContactProblem, type MeritFunction,
  type PluginContext, type SolveOptions, type SolveResult, type StopReason,
} from '@moreau/core';
import { Acary } from './acary.js';
import type { ApgdOptions } from './index.js';
import { Mazhar } from './mazhar.js';
import { Nesterov } from './nesterov.js';
import { Workspace, type ApgdVariant, type PassOutcome } from './pass.js';
import { RelaxedProblem } from './relaxed-problem.js';
import { checkRhoRule, initialRho, type RhoChoice } from './rho-rules.js';
import { isSymmetric, lambdaMax, type SpectralEstimate } from './spectral.js';
import { startingPoint, zeroSolves } from './start.js';

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
  private pi = new PowerIteration(0);
  private scratch = new Float64Array(0);
  private bestR = new Float64Array(0);

  constructor(private readonly options: ApgdOptions, ctx: PluginContext) {
    this.coulomb = options.cone === 'coulomb';
    const meritName = options.merit ?? defaultMerit(options.cone);
    this.merit = ctx.merit(meritName);
    this.direct = !this.coulomb && this.merit.name === 'projected-gradient' && (this.merit as { gd?: number }).gd === options.gd;
    this.events = ctx.events;
    if (options.variant === 'acary') checkRhoRule(options.rho ?? 'wrho');
    this.variant = options.variant === 'nesterov' ? new Nesterov()
      : options.variant === 'mazhar' ? new Mazhar((options.carryMomentum ?? true) && options.passStart === 'previous', options.restart ?? 'objective')
        : new Acary(options.rhoUpdate ?? 'ratio1');
  }

  solve(problem: FrictionContactProblem, solveOptions: SolveOptions = {}): SolveResult {
    const t0 = performance.now();
    const opts = this.options;
    const { cap, budget } = solveBudget(solveOptions, opts.maxIterations);
    checkWarmStart(problem, solveOptions.warmStart);
    const deadline = budget === undefined ? Infinity : t0 + budget;
    const n = problem.size;
    if (this.ws.n !== n) {
      this.ws = new Workspace(n);
      this.pi = new PowerIteration(n);
      this.scratch = new Float64Array(n);
      this.bestR = new Float64Array(n);
    }
    const ws = this.ws;
    const rp = new RelaxedProblem(problem, opts.gd);
    const coulomb = this.coulomb;
    const trivial = zeroSolves(problem, coulomb);
    startingPoint(problem, trivial ? undefined : solveOptions.warmStart, ws.r);
    rp.mul(ws.r, ws.wr);
    if (coulomb && solveOptions.warmStart !== undefined && !trivial) rp.updateShift(ws.wr);

    const historyIterations: number[] = [];
    const historyErrors: number[] = [];
    const passIterations: number[] = [];
    const sChanges: number[] = [];
    let evaluations = 0;
    const evaluate = (k: number): number => {
      const e = this.merit.evaluate(problem, ws.r);
      evaluations++;
      historyIterations.push(k);
      historyErrors.push(e);
      return e;
    };

    let error = evaluate(0);
    let fresh = true;
    let reason: StopReason | undefined = error <= opts.tolerance ? 'converged' : undefined;
    if (!(error < Infinity)) reason = 'breakdown';
    // The spectral set-up is skipped when no pass can run.
    const setup = reason === undefined && cap > 0 && performance.now() < deadline ? this.prepare(rp) : undefined;
    const setupMs = performance.now() - t0;
    const setupMatvecs = rp.matvecs;

    const mazhar = this.variant instanceof Mazhar;
    let bestError = error;
    let lowest = error, stalledPasses = 0;
    if (mazhar) this.bestR.set(ws.r);

    // Iteration events: the last one of a pass is held back until the merit is known.
    const listening = this.events.listenerCount('solver:iteration') > 0;
    let total = 0, passIts = 0, passes = 0, outer = 0;
    let pendingIt = 0, pendingRes = 0, pendingPass = 0, hasPending = false;
    const flush = (error?: number): void => {
      if (!hasPending) return;
      hasPending = false;
      const base = { solver: this.name, iteration: pendingIt, residual: pendingRes, pass: pendingPass };
      this.events.emit('solver:iteration', error === undefined ? base : { ...base, error });
    };
    const onIteration = listening ? (res: number): void => {
      flush(this.direct ? pendingRes : undefined);
      pendingIt = total + ++passIts;
      pendingRes = res;
      pendingPass = passes + 1;
      hasPending = true;
    } : null;

    let last: PassOutcome | undefined;
    const fromZero = opts.passStart === 'zero';
    while (reason === undefined) {
      if (total >= cap) { reason = 'max-iterations'; break; }
      if (performance.now() >= deadline) { reason = 'time-budget'; break; }
      if (fromZero) { ws.r.fill(0); ws.wr.fill(0); } // paper 003 Algorithm 1: r_{-1} = r_0 = 0
      const start = rp.residual(ws.r, ws.wr);
      const threshold = this.direct ? opts.tolerance : Math.max(opts.innerTolerance, opts.innerReduction * start);
      passIts = 0;
      last = this.variant.run(rp, ws, {
        threshold, maxIterations: Math.min(opts.innerMaxIterations, cap - total), deadline, startResidual: start, onIteration,
      });
      total += last.iterations;
      passes++;
      passIterations.push(last.iterations);
      if (last.iterations > 0) fresh = false;
      if (!fresh) {
        error = evaluate(total);
        fresh = true;
      }
      flush(error);
      const capped = last.stop === 'cap' && last.iterations >= opts.innerMaxIterations;
      stalledPasses = capped && !(error < lowest) ? stalledPasses + 1 : 0;
      if (error < lowest) lowest = error;
      if (mazhar && error < bestError) {
        bestError = error;
        this.bestR.set(ws.r);
      }
      if (!(error < Infinity) || last.stop === 'breakdown') { reason = 'breakdown'; break; }
      if (error <= opts.tolerance) { reason = 'converged'; break; }
      if (last.stop === 'time') { reason = 'time-budget'; break; }
      // The pass met the inner precision that no later pass can tighten.
      const metInner = last.residual <= opts.innerTolerance;
      if (coulomb) {
        if (outer >= opts.maxOuterIterations) { reason = 'max-iterations'; break; }
        const change = rp.updateShift(ws.wr);
        outer++;
        sChanges.push(change);
        // Paper 003's outer test, eq 22, once the passes can do no better: the last one met ε, or
        // the last STALLED_PASSES spent their whole cap without lowering the merit.
        if (change <= opts.outerTolerance && (metInner || stalledPasses >= STALLED_PASSES)) { reason = 'stalled'; break; }
      } else if (metInner) {
        reason = 'stalled';
        break;
      }
    }
    if (mazhar && bestError < error) {
      ws.r.set(this.bestR);
      rp.mul(ws.r, ws.wr);
      error = bestError;
      fresh = true;
    }
    if (!fresh) error = evaluate(total);
    if ((reason === 'max-iterations' || reason === 'time-budget' || reason === 'stalled') && error <= opts.tolerance) reason = 'converged';

    const r = Float64Array.from(ws.r);
    const u = Float64Array.from(ws.wr);
    for (let i = 0; i < n; i++) u[i] += problem.q[i];
    // A small relative merit is no solution when r ran away on a problem without one (the
    // merit divides by ‖r‖): core's rule of docs/convergence.md has the last word.
    if (reason === 'converged') reason = claimRefusal(problem, r, u) ?? reason;
    const converged = reason === 'converged';
    const ms = performance.now() - t0;
    this.events.emit('solver:end', { solver: this.name, converged, reason, iterations: total, error, merit: this.merit.name, ms });
    return {
      r, u, converged, reason, iterations: total, error, merit: this.merit.name, answeredBy: this.name, ms,
      stats: {
        variant: this.variant.name,
        cone: coulomb ? 'coulomb' : 'relaxed',
        outerIterations: outer,
        passes,
        passIterations,
        sChanges,
        lastPassResidual: last?.residual,
        matvecs: rp.matvecs,
        setupMatvecs,
        setupMs,
        meritEvaluations: evaluations,
        ...(setup ? setupStats(setup) : {}),
        ...this.variant.stats(),
        history: { iterations: historyIterations, errors: historyErrors },
      },
    };
  }

  /** Per-solve setup of the variant: the spectral estimates of its step. */
  private prepare(rp: RelaxedProblem): RhoChoice | { lambdaMax: SpectralEstimate } | Record<string, never> {
    const W = rp.problem.W;
    if (this.variant instanceof Nesterov) {
      const lmax = lambdaMax(W, this.pi, isSymmetric(W));
      rp.matvecs += lmax.matvecs;
      // The Rayleigh quotient approaches λ_max from below; adding its residual keeps t ≤ 1/λ_max
      // in practice. A W with no positive eigenvalue has no Lipschitz scale: t = 1.
      const bound = lmax.value + lmax.residual;
      this.variant.setStep(lmax.value > 0 ? 1 / bound : 1);
      return { lambdaMax: lmax };
    }
    if (this.variant instanceof Acary) {
      const choice = initialRho(this.options.rho ?? 'wrho', W, this.pi, this.scratch);
      rp.matvecs += choice.matvecs;
      this.variant.setRho(choice.rho);
      return choice;
    }
    (this.variant as Mazhar).reset();
    return {};
  }
}

function setupStats(s: RhoChoice | { lambdaMax?: SpectralEstimate } | Record<string, never>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if ('rule' in s) out.rhoRule = s.rule;
  if ('lambdaMax' in s && s.lambdaMax) out.lambdaMax = { value: s.lambdaMax.value, converged: s.lambdaMax.converged, iterations: s.lambdaMax.iterations };
  if ('lambdaMin' in s && s.lambdaMin) out.lambdaMin = { value: s.lambdaMin.value, converged: s.lambdaMin.converged, iterations: s.lambdaMin.iterations };
  if ('frobenius' in s && s.frobenius !== undefined) out.frobenius = s.frobenius;
  return out;
}
