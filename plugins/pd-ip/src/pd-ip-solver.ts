import { BsrMulKernel, checkWarmStart, claimRefusal, projectOntoCones, solveBudget, type FrictionContactProblem } from '@moreau/core/kernels';
import type { ContactSolver, EventBus, MeritFunction, PluginContext, SolveOptions, SolveResult, StopReason } from '@moreau/core/contracts';
import { InteriorPoint } from './interior-point.js';
import { NesterovTodd } from './nesterov-todd.js';
import { NewtonSystem } from './newton-system.js';
import { barrierParameters, type PdIpOptions } from './options.js';
import { problemScales } from './scales.js';
import { Shift } from './shift.js';

/**
 * Newton steps in a row without lowering the best merit by STALL_GAIN after which the solve
 * stops (`stalled`): the iterates have jammed against the cones' boundaries, where the steps
 * shrink towards zero and the merit no longer moves.
 */
const STALL_STEPS = 30;
const STALL_GAIN = 0.99;

/*
 * Why the Nesterov–Todd method lags the shift after a stall (`lagShiftOnStall`): the derivative
 * of s_a = μ_a ‖u_T‖ turns with u_T's direction, which is undefined at a sticking contact, and
 * its Newton steps stalled on the 100 cubes' steps (face contacts, W singular): 1 of 17 steps
 * that reached APGD in `auto` was solved. Going on from the stalled iterate with s recomputed at
 * every step but its derivative left out solved 11 of 17; the drums' every 100th steps 97 of 99
 * each (96 and 97 without), 12 steps hard for every method 5 (2). With the derivative left out
 * from the start: 11, 64 and 4 (README, "The Nesterov–Todd method").
 */

/** The merit each cone is judged by unless the `merit` option names another (as APGD's and SPG's). */
export function defaultMerit(cone: 'coulomb' | 'relaxed'): string {
  return cone === 'coulomb' ? 'siconos' : 'projected-gradient';
}

/**
 * A primal–dual interior point method, one of two (`method`): the Nesterov–Todd method
 * (`nesterov-todd.ts`, the default) or paper 002's PD-IP (`barrier.ts` for the constraints f_i,
 * InteriorPoint for lines 2-5 of the slide). See FrictionContactProblem for the problem
 * statement and NewtonSystem for the linear algebra both share.
 *
 * `cone: 'relaxed'` solves the cone complementarity problem, the paper's. `cone: 'coulomb'` adds
 * the De Saxcé shift s = [μ_a ‖u_T‖ e_N] to the dual residual, in one of two ways (`shift`):
 * `newton` recomputes s at every Newton step and puts its derivative μ_a û_Tᵀ ∂u_T/∂x into the
 * Newton matrix; `passes` (barrier method only) is the outer fixed point — s held fixed for a
 * pass of Newton steps that ends when paper 003's eq 10 for that s has dropped by
 * `innerReduction`, then updated at the pass's answer, the iterate carrying on from where it
 * was. The Nesterov–Todd method, stalled with the derivative, goes on once with it left out
 * (`lagShiftOnStall`, the note above). The merit is evaluated after every Newton step (one
 * product with W beside a factorisation); the answer is the best iterate by the merit, and
 * `converged` is true only when that merit is at or below `tolerance` (and core's refusal
 * rules let the claim stand).
 */
export class PdIpSolver implements ContactSolver {
  readonly name = 'pd-ip';
  private readonly merit: MeritFunction;
  private readonly events: EventBus;
  private readonly coulomb: boolean;
  private readonly kernel = new BsrMulKernel();
  /** The Newton systems' factorisation, its ordering kept while W's pattern is the same (a bench's W repeats; a simulation's changes every step). */
  private readonly newton = new NewtonSystem();
  private barrier = new InteriorPoint(0);
  private nt = new NesterovTodd(0);

  constructor(private readonly options: PdIpOptions, ctx: PluginContext) {
    this.coulomb = options.cone === 'coulomb';
    this.merit = ctx.merit(options.merit ?? defaultMerit(options.cone));
    this.events = ctx.events;
  }

  solve(problem: FrictionContactProblem, solveOptions: SolveOptions = {}): SolveResult {
    const t0 = performance.now();
    const opts = this.options;
    const { cap, budget } = solveBudget(solveOptions, opts.maxIterations);
    checkWarmStart(problem, solveOptions.warmStart);
    const deadline = budget === undefined ? Infinity : t0 + budget;
    const shift = new Shift(problem, opts.gd, this.kernel.use(problem.W));
    const st = new SolveState(problem.size);

    // The starting point's merit: r = 0, or the warm start, which is the answer when it already meets the tolerance.
    const warm = solveOptions.warmStart ? projectOntoCones(new Float64Array(problem.size), solveOptions.warmStart, problem.mu) : undefined;
    st.record(warm ?? st.best, this.merit.evaluate(problem, warm ?? st.best), 0);
    const before = st.bestError <= opts.tolerance ? 'converged' : cap === 0 ? 'max-iterations' : performance.now() >= deadline ? 'time-budget' : undefined;
    if (before !== undefined) return this.answer(problem, st, before, shift, t0);

    const nt = opts.method === 'nesterov-todd';
    if (nt && this.nt.nc !== problem.contacts) this.nt = new NesterovTodd(problem.contacts);
    if (!nt && this.barrier.nc !== problem.contacts) this.barrier = new InteriorPoint(problem.contacts);
    const ip = nt ? this.nt : this.barrier, newton = this.newton.use(problem.W);
    const prm = barrierParameters(opts);
    const { V, rho } = problemScales(problem);
    if (nt) this.nt.start(shift, V, rho, warm, warm ? opts.warmDepth : 1, this.coulomb);
    else this.barrier.start(shift, V, rho, warm, warm ? opts.warmDepth : 1);
    // the Nesterov–Todd method takes the shift in every step (its options refuse 'passes')
    const newtonShift = this.coulomb && opts.shift === 'newton';
    const u = newtonShift ? new Float64Array(problem.size) : null;
    // the Nesterov–Todd method's second phase: the shift's derivative left out after a stall
    const mayLag = nt && newtonShift && opts.lagShiftOnStall !== false;
    let lagged = false;
    if (this.coulomb && !newtonShift) shift.update(ip.wx);

    let reason: StopReason | undefined;
    let passStart = shift.residual(ip.x, ip.wx), passSteps = 0;
    while (reason === undefined) {
      if (st.steps >= cap) { reason = 'max-iterations'; break; }
      if (performance.now() >= deadline) { reason = 'time-budget'; break; }
      if (u !== null) {
        for (let i = 0; i < u.length; i++) u[i] = ip.wx[i] + problem.q[i];
        shift.update(ip.wx);
      }
      const step = nt ? this.nt.iterate(shift, newton, lagged ? null : u) : this.barrier.iterate(shift, newton, prm, u);
      st.backtracks += step.backtracks;
      if (step.failure) { reason = step.failure === 'not-finite' ? 'breakdown' : 'stalled'; break; }
      st.steps++;
      st.stepSum += step.step;
      const error = this.merit.evaluate(problem, ip.x);
      st.record(ip.x, error, st.steps);
      const progress = nt ? { gap: this.nt.gap, sigma: this.nt.sigma } : { t: this.barrier.t };
      this.events.emit('solver:iteration', { solver: this.name, iteration: st.steps, error, step: step.step, ...progress });
      if (!(error < Infinity)) { reason = 'breakdown'; break; }
      if (error <= opts.tolerance) { reason = 'converged'; break; }
      if (error < STALL_GAIN * st.progressError) { st.progressError = error; st.progressStep = st.steps; }
      if (st.steps - st.progressStep >= STALL_STEPS && mayLag && !lagged) {
        lagged = true;
        st.laggedFrom = st.steps;
        st.progressStep = st.steps;
      }
      if (st.steps - st.progressStep >= STALL_STEPS) { reason = 'stalled'; break; }
      if (!this.coulomb || newtonShift) continue;
      // the outer fixed point: the end of a pass when eq 10 for this s has dropped enough, or at the pass's cap
      const residual = shift.residual(ip.x, ip.wx);
      if (++passSteps < opts.innerMaxIterations && residual > Math.max(opts.innerTolerance, opts.innerReduction * passStart)) continue;
      st.passes++;
      passSteps = 0;
      if (st.sChanges.length >= opts.maxOuterIterations) { reason = 'max-iterations'; break; }
      const change = shift.update(ip.wx);
      st.sChanges.push(change);
      if (change <= opts.outerTolerance && residual <= opts.innerTolerance) { reason = 'stalled'; break; }
      passStart = shift.residual(ip.x, ip.wx);
    }
    if (reason !== 'converged' && st.bestError <= opts.tolerance) reason = 'converged';
    st.factorizations = newton.factorizations;
    st.deficient = newton.deficient;
    st.finalT = this.barrier.t;
    st.finalGap = this.nt.gap;
    return this.answer(problem, st, reason, shift, t0);
  }

  /** The result at the best iterate: r, u = W r + q, the verdict after core's refusal rules, and the statistics. */
  private answer(problem: FrictionContactProblem, st: SolveState, stop: StopReason, shift: Shift, t0: number): SolveResult {
    const r = Float64Array.from(st.best);
    const wr = shift.mul(r, new Float64Array(problem.size));
    const u = Float64Array.from(wr);
    for (let i = 0; i < problem.size; i++) u[i] += problem.q[i];
    // A small relative merit is no solution when r ran away on a problem without one (the merit divides by ‖r‖).
    const reason = stop === 'converged' ? claimRefusal(problem, r, u, wr) ?? stop : stop;
    const converged = reason === 'converged';
    const error = st.bestError, iterations = st.steps;
    const ms = performance.now() - t0;
    this.events.emit('solver:end', { solver: this.name, converged, reason, iterations, error, merit: this.merit.name, ms });
    return {
      r, u, converged, reason, iterations, error, merit: this.merit.name, answeredBy: this.name, ms,
      stats: {
        method: this.options.method,
        cone: this.coulomb ? 'coulomb' : 'relaxed',
        shift: this.coulomb ? this.options.shift : 'none',
        ...(this.options.method === 'barrier' ? { lineSearch: barrierParameters(this.options).lineSearch } : {}),
        newtonSteps: st.steps,
        factorizations: st.factorizations,
        deficientFactorizations: st.deficient,
        passes: st.passes,
        sChanges: st.sChanges,
        backtracks: st.backtracks,
        meanStep: st.steps > 0 ? st.stepSum / st.steps : 0,
        ...(this.options.method === 'barrier' ? { finalT: st.finalT } : { finalGap: st.finalGap, shiftLaggedFrom: st.laggedFrom }),
        matvecs: shift.matvecs,
        bestIteration: st.bestIteration,
        history: { iterations: st.iterations, errors: st.errors },
      },
    };
  }
}

/** One solve's counters, merit history and best iterate. */
class SolveState {
  steps = 0;
  passes = 0;
  backtracks = 0;
  stepSum = 0;
  factorizations = 0;
  deficient = 0;
  /** The methods' last measures of progress: the barrier's t, the Nesterov–Todd duality gap. */
  finalT = 0;
  finalGap = 0;
  /** The Newton step after which the Nesterov–Todd method left the shift's derivative out (0: never). */
  laggedFrom = 0;
  readonly sChanges: number[] = [];
  readonly iterations: number[] = [];
  readonly errors: number[] = [];
  readonly best: Float64Array;
  bestError = Infinity;
  bestIteration = 0;
  /** The merit and step of the last gain of STALL_GAIN. */
  progressError = Infinity;
  progressStep = 0;

  constructor(n: number) {
    this.best = new Float64Array(n);
  }

  /** The merit at x after `iteration` steps; x becomes the best when its merit is lower. */
  record(x: Float64Array, error: number, iteration: number): void {
    this.iterations.push(iteration);
    this.errors.push(error);
    if (error < this.bestError) {
      this.bestError = error;
      this.best.set(x);
      this.bestIteration = iteration;
    }
  }
}
