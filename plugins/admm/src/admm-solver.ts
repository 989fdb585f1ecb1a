import { BsrMulKernel, bsrMul, checkWarmStart, claimRefusal, isTrivialProblem, solveBudget, type FrictionContactProblem } from '@moreau/core/kernels';
import type { ContactSolver, EventBus, MeritFunction, PluginContext, SolveOptions, SolveResult, StopReason } from '@moreau/core/contracts';
import { Restart } from './acceleration.js';
import { AdmmIterate } from './admm-iterate.js';
import type { AdmmOptions } from './options.js';
import { initialRho, nextRho, type Residuals } from './rho-rules.js';
import { ShiftedSystem } from './shifted-system.js';

/**
 * Siconos' ADMM (fc3d_admm.c, its symmetric variant) on the frictional contact problem; see
 * FrictionContactProblem for the problem statement. With the De Saxcé shift
 * s = [μ_a‖u_T‖ e_N] of the last iterate held fixed, the problem is the cone complementarity
 * problem K ∋ r ⟂ W r + q + s ∈ K* (Acary, Brémond & Huber 2018, §2; Acary & Brogliato 2008,
 * §13.7), which ADMM splits as r = z, z ∈ K (Boyd et al. 2011, §3.1, eqs. 3.5–3.7, scaled
 * form, ξ the scaled multiplier; admm-iterate.ts):
 *
 *     (W + ρI) r = −(q + s) + ρ (ẑ − ξ̂)       the one linear solve (factored once per ρ)
 *     z = P_K(r + ξ̂)                           projection onto the cones
 *     ξ = ξ̂ + r − z                            multiplier update
 *
 * s is updated from u = W r + q before every iteration, so a fixed point has z = r and
 * ξ = −ũ/ρ: z = P_K(z − ũ/ρ), the Coulomb problem's natural map. (ẑ, ξ̂) are the
 * accelerated points (acceleration.ts), ρ follows rho-rules.ts.
 *
 * Stopping, as Siconos: when r_p = ‖r − z‖ ≤ ε (max(‖r‖, ‖z‖) + √m) and s = ρ‖ẑ − z‖ ≤
 * ε (‖ρξ‖ + √m) (Boyd et al. 2011, eq. 3.12 with ε_abs = ε_rel = ε), the configured merit is
 * evaluated; it converged when that is at or below `tolerance`, else ε ← ε²/error and the
 * iterations go on. The merit is also evaluated every `checkEvery` iterations. The answer is z,
 * which lies in the cones (Siconos returns r).
 */
export class AdmmSolver implements ContactSolver {
  readonly name = 'admm';
  private readonly merit: MeritFunction;
  private readonly events: EventBus;
  private system: ShiftedSystem | undefined;
  private it = new AdmmIterate(0);
  /** W's products for every iteration (WebAssembly from a size up; the same bits as `bsrMul`). */
  private readonly kernel = new BsrMulKernel();

  constructor(private readonly options: AdmmOptions, ctx: PluginContext) {
    this.merit = ctx.merit(options.merit);
    this.events = ctx.events;
  }

  solve(problem: FrictionContactProblem, solveOptions: SolveOptions = {}): SolveResult {
    const t0 = performance.now();
    const opts = this.options;
    const { cap, budget } = solveBudget(solveOptions, opts.maxIterations);
    checkWarmStart(problem, solveOptions.warmStart);
    this.kernel.use(problem.W);
    if (this.it.n !== problem.size) this.it = new AdmmIterate(problem.size);
    const s = this.state(problem, solveOptions, t0, budget);
    while (s.reason === undefined) {
      if (s.k >= cap) { s.reason = 'max-iterations'; break; }
      if (performance.now() >= s.deadline) { s.reason = 'time-budget'; break; }
      if (!s.system.factor(problem.W, s.rho)) { s.reason = 'breakdown'; break; }
      s.k++;
      this.iterate(problem, s);
    }
    if (!s.measured) s.error = this.evaluate(problem, s);
    return this.answer(problem, Float64Array.from(this.it.z), s, t0);
  }

  /** The solve's state at its start: the iterates set, the merit of the start, ρ and the system for W's pattern. */
  private state(problem: FrictionContactProblem, solveOptions: SolveOptions, t0: number, budget: number | undefined): SolveState {
    const opts = this.options;
    const rho = initialRho(opts.rho, problem.W);
    const warm = solveOptions.warmStart !== undefined && !isTrivialProblem(problem) ? solveOptions.warmStart : undefined;
    this.it.start(problem, this.kernel, warm, rho);
    if (!this.system?.fits(problem.W)) this.system = new ShiftedSystem(problem.W);
    this.system.reset(); // W may have changed in place since the last solve
    this.system.factorizations = 0;
    const error = this.merit.evaluate(problem, this.it.z);
    return {
      system: this.system, restart: opts.acceleration === 'restart' ? new Restart(opts.eta) : undefined,
      deadline: budget === undefined ? Infinity : t0 + budget, sqrtM: Math.sqrt(problem.size),
      listening: this.events.listenerCount('solver:iteration') > 0,
      rho, rho0: rho, eps: opts.tolerance, k: 0, error, measured: true,
      reason: !(error < Infinity) ? 'breakdown' : error <= opts.tolerance ? 'converged' : undefined,
      stats: { restarts: 0, rhoChanges: 0, meritEvaluations: 1, toleranceReductions: 0 },
    };
  }

  /** One ADMM iteration, its acceleration and ρ update, and the stopping test. */
  private iterate(problem: FrictionContactProblem, s: SolveState): void {
    const opts = this.options, it = this.it;
    const res = it.update(problem, this.kernel, s.system, s.rho);
    s.measured = false;
    const e = res.primal * res.primal + res.dual * res.dual;
    if (!(e < Infinity)) { it.revert(); s.reason = 'breakdown'; return; }
    const a = s.restart ? s.restart.step(e) : 0;
    if (a < 0) s.stats.restarts++;
    it.accelerate(a);
    const next = nextRho(opts.rhoUpdate, s.rho, res, opts.tau, opts.phi);
    if (next !== s.rho) {
      it.rescale(s.rho / next);
      s.rho = next;
      s.stats.rhoChanges++;
    }
    it.commit();
    const small = res.primal <= s.eps * (Math.max(res.normZ, res.normR) + s.sqrtM) && res.dual <= s.eps * (res.normRhoXi + s.sqrtM);
    if (small || (opts.checkEvery > 0 && s.k % opts.checkEvery === 0)) {
      s.error = this.evaluate(problem, s);
      if (!(s.error < Infinity)) s.reason = 'breakdown';
      else if (s.error <= opts.tolerance) s.reason = 'converged';
      else if (small) { s.eps = (s.eps * s.eps) / s.error; s.stats.toleranceReductions++; }
    }
    if (s.listening) this.emitIteration(s, res);
  }

  /** The merit at z, now. */
  private evaluate(problem: FrictionContactProblem, s: SolveState): number {
    s.measured = true;
    s.stats.meritEvaluations++;
    return this.merit.evaluate(problem, this.it.z);
  }

  private emitIteration(s: SolveState, res: Residuals): void {
    this.events.emit('solver:iteration', {
      solver: this.name, iteration: s.k, rho: s.rho, primal: res.primal, dual: res.dual, ...(s.measured ? { error: s.error } : {}),
    });
  }

  /** The result: u = W r + q recomputed, and a claimed convergence through core's rule of docs/convergence.md. */
  private answer(problem: FrictionContactProblem, r: Float64Array, s: SolveState, t0: number): SolveResult {
    const u = bsrMul(problem.W, r, new Float64Array(problem.size));
    for (let i = 0; i < u.length; i++) u[i] += problem.q[i];
    const { error, k: iterations } = s;
    let reason = s.reason!;
    if ((reason === 'max-iterations' || reason === 'time-budget') && error <= this.options.tolerance) reason = 'converged';
    if (reason === 'converged') reason = claimRefusal(problem, r, u) ?? reason;
    const converged = reason === 'converged';
    const ms = performance.now() - t0;
    this.events.emit('solver:end', { solver: this.name, converged, reason, iterations, error, merit: this.merit.name, ms });
    const stats = { ...s.stats, rho: s.rho, rho0: s.rho0, factorizations: s.system.factorizations, epsilon: s.eps };
    return { r, u, converged, reason, iterations, error, merit: this.merit.name, answeredBy: this.name, ms, stats };
  }
}

/** One solve in progress. */
interface SolveState {
  readonly system: ShiftedSystem;
  readonly restart: Restart | undefined;
  /** `performance.now()` after which no iteration starts. */
  readonly deadline: number;
  readonly sqrtM: number;
  readonly listening: boolean;
  rho: number;
  readonly rho0: number;
  /** ε of the residual test (starts at the tolerance, shrinks when the test passes but the merit does not). */
  eps: number;
  k: number;
  /** The merit last evaluated, and whether it is the merit of the current z. */
  error: number;
  measured: boolean;
  reason: StopReason | undefined;
  readonly stats: { restarts: number; rhoChanges: number; meritEvaluations: number; toleranceReductions: number };
}
