import { BsrMulKernel, Gmres, initialReactions, projectOntoCones, SiconosMerit, siconosErrorAt, type FrictionContactProblem, type GmresOptions } from '@moreau/core/kernels';
import { claimRefusal, solveBudget } from '@moreau/core/kernels';
import { isMoreauError, type ContactSolver, type EventBus, type MeritFunction, type PluginContext, type SolveOptions, type SolveResult, type StopReason } from '@moreau/core/contracts';
import type { PqnOptions } from './options.js';
import { Linearization } from './linearization.js';
import { ProgressWatch } from './progress-watch.js';
import { effectiveReactionScale } from './reaction-scale.js';
import { effectiveDelta, residualDelta } from './relative-delta.js';

/** What `SolveResult.stats` holds for PQN. */
export interface PqnStats {
  variant: 'gmres' | 'diagonal';
  /** Newton steps taken (= `iterations`). */
  newtonIterations: number;
  /** Arnoldi steps of GMRES over the solve. */
  gmresIterations: number;
  /** Products with A = ∇C_ω + δI made by GMRES (the quantity `maxMatVecs` caps). */
  gmresMatVecs: number;
  /** Every product with W the solver made: GMRES's plus one U = W R + q per step and one at the start. Merit evaluations excluded. */
  matVecs: number;
  meritEvaluations: number;
  /** The ω used, and δ₁: the δ option after `relativeTo` (each step's δ is in `steps.delta`). */
  omega: number;
  delta: number;
  /** The reaction scale s used: `reactionScale`, lowered by `maxScaledWii`. */
  reactionScale: number;
  /** Newton steps at which some diagonal block of A was singular (replaced by a scaled identity). */
  singularSteps: number;
  /** Which cap stopped an unconverged solve, if one did. */
  limit: 'maxIterations' | 'maxMatVecs' | null;
  /** Merit at R^0, R^1, ... (iterations[i] is the step index of errors[i]). */
  history: { iterations: number[]; errors: number[] };
  /** Per Newton step i + 1: GMRES iterations, W products, ‖C_ω‖, the δ used and the linear residual ‖C_ω − A ΔR‖ (NaN-free; 0 for diagonal). */
  steps: { gmresIterations: number[]; matVecs: number[]; cNorm: number[]; delta: number[]; linearResidual: number[] };
}

/**
 * The projected quasi-Newton method, paper 000 Algorithm 1 (and the diagonal
 * variant of paper 001). See FrictionContactProblem for the problem statement.
 * Per Newton step k, normal first, in the unknowns R/s of the reaction scale s (`reactionScale`,
 * 1 by default, lowered where W is large; see reaction-scale.ts and Linearization), so that W stands for s W and R for R/s below:
 *
 *     (a) U^k = W R^k + q
 *     (b) C_ω^k = C_ω(U^k, R^k),  A^k = X W + Y + δ_k I            (eqs 41-52)
 *     (c) ΔR^k = GMRES(A^k, C_ω^k), abs. tolerance ε‖C_ω^k‖, ≤ m iterations,
 *         block-Jacobi preconditioned with the inverted 3x3 blocks A^k_aa
 *     (d) R^{k+1} = proj_K[R^k − ΔR^k]
 *
 * until merit(R^{k+1}) < γ or k = n (or GMRES has used `maxMatVecs` products). δ_k is the
 * δ option (`deltaUpdate: 'fixed'`, the paper) or shrinks with ‖C_ω^k‖ (`'residual'`, see
 * residualDelta). When a GMRES step leaves R unchanged the solve stops as 'stalled', since
 * Algorithm 1 would repeat that step until k = n; likewise, with `stallIterations`, when the
 * merit has made no progress for that many steps (progress-watch.ts). A claimed convergence
 * goes through core's claimRefusal, as the merit divides by ‖R‖ and cannot see a run-away R.
 * The diagonal variant replaces (c)-(d) by ΔR^{k+1} = (1 − θ)ΔR^k − θ (A^k_diag)⁻¹C^k,
 * R^{k+1} = proj_K[R^k + ΔR^{k+1}]. The merit is evaluated on the unsmoothed problem.
 * The Gauss-Seidel fallback of Algorithm 1 step 3 is configuration: pair this solver
 * with `fallback: { name: 'gauss-seidel' }`.
 */
export class Pqn implements ContactSolver {
  readonly name = 'pqn';
  private readonly merit: MeritFunction;
  private readonly siconos: boolean;
  private readonly events: EventBus;
  /** W's products, on the WebAssembly kernel when it pays (`use` once per solve). */
  private readonly product = new BsrMulKernel();
  private lin = new Linearization(0);
  private gmres: Gmres | null = null;
  /** U, W R, ΔR, the trial R and a scratch vector: views of one buffer that grows, never shrinks. */
  private store: Float64Array = new Float64Array(0);
  private U: Float64Array = this.store;
  private WR: Float64Array = this.store;
  private dR: Float64Array = this.store;
  private trial: Float64Array = this.store;
  private scratch: Float64Array = this.store;
  private readonly x3 = new Float64Array(3);
  private readonly gmresOptions: GmresOptions = { tolerance: 0, maxIterations: 0, side: 'right' };

  constructor(private readonly options: PqnOptions, ctx: PluginContext) {
    this.merit = ctx.merit(options.merit);
    this.siconos = this.merit instanceof SiconosMerit;
    this.events = ctx.events;
  }

  solve(problem: FrictionContactProblem, solveOptions: SolveOptions = {}): SolveResult {
    const t0 = performance.now();
    const opts = this.options;
    const { cap, budget } = solveBudget(solveOptions, opts.maxIterations);
    const n = problem.size, { W, q, mu } = problem;
    const R = initialReactions(problem, solveOptions.warmStart);
    this.allocate(problem.contacts);
    this.product.use(W);
    const { U, WR, dR, trial, lin } = this;
    const gmresVariant = opts.variant === 'gmres';
    const omega = opts.omega ?? 1e-3 * opts.tolerance;
    const scale = effectiveReactionScale(W, opts.reactionScale, opts.maxScaledWii);
    // δ relative to W's diagonal is relative to the diagonal of the scaled s W the steps see.
    const relative = typeof opts.delta !== 'number' && opts.delta.relativeTo !== 'none';
    const delta = effectiveDelta(W, opts.delta) * (relative ? scale : 1);
    // The reference of the residual update: ‖C_ω‖ at R = 0 (U = q), whatever the start, so a
    // warm start near a solution is not damped as if it were as far from it as r = 0.
    const residualUpdate = opts.deltaUpdate === 'residual';
    const c0 = residualUpdate ? lin.linearize(W, mu, q, trial.fill(0), omega, scale) : 0;
    const theta = opts.theta;

    const stats: PqnStats = {
      variant: opts.variant, newtonIterations: 0, gmresIterations: 0, gmresMatVecs: 0, matVecs: 0,
      meritEvaluations: 0, omega, delta, reactionScale: scale, singularSteps: 0, limit: null,
      history: { iterations: [], errors: [] },
      steps: { gmresIterations: [], matVecs: [], cNorm: [], delta: [], linearResidual: [] },
    };
    const evaluate = (k: number): number => {
      // U = W R + q is current, computed exactly as SiconosMerit computes it: reuse it (same value, one product fewer).
      const e = this.siconos ? siconosErrorAt(problem, R, U, this.scratch, this.x3) : this.merit.evaluate(problem, R, U);
      stats.meritEvaluations++;
      stats.history.iterations.push(k);
      stats.history.errors.push(e);
      return e;
    };
    const updateVelocity = (): void => {
      // W R kept apart from U: the claim check below needs ‖W R‖, and U = W R + q to the same bits.
      this.product.mul(R, WR);
      for (let i = 0; i < n; i++) U[i] = WR[i] + q[i];
      stats.matVecs++;
    };
    const listening = this.events.listenerCount('solver:iteration') > 0;

    updateVelocity();
    let error = evaluate(0);
    const progress = new ProgressWatch(opts.stallIterations);
    progress.start(0, error);
    let reason: StopReason | undefined = error < opts.tolerance ? 'converged' : !(error < Infinity) ? 'breakdown' : undefined;
    let k = 0;
    dR.fill(0); // ΔR^0 = 0
    while (reason === undefined) {
      if (k >= cap) { reason = 'max-iterations'; stats.limit = 'maxIterations'; break; }
      if (budget !== undefined && performance.now() - t0 >= budget) { reason = 'time-budget'; break; }
      // Arnoldi steps this call may take so that GMRES (≤ one residual check per step) stays within the cap.
      const arnoldi = Math.min(opts.gmresIterations, Math.floor((opts.maxMatVecs - stats.gmresMatVecs) / 2));
      if (gmresVariant && arnoldi < 1) { reason = 'max-iterations'; stats.limit = 'maxMatVecs'; break; }

      const cNorm = lin.linearize(W, mu, U, R, omega, scale);
      const deltaK = residualUpdate ? residualDelta(delta, cNorm, c0) : delta;
      lin.factor(deltaK);
      if (lin.singularBlocks > 0) stats.singularSteps++;
      let its = 0, mvs = 0, linearResidual = 0;
      if (gmresVariant) {
        dR.fill(0);
        const go = this.gmresOptions;
        go.tolerance = opts.gmresTolerance * cNorm;
        go.maxIterations = arnoldi;
        go.preconditioner = lin.inverse;
        try {
          const res = this.gmres!.solve(lin.apply, lin.C, dR, go);
          its = res.iterations; mvs = res.matVecs; linearResidual = res.residualNorm;
        } catch (e) {
          if (!isMoreauError(e, 'E_NOT_FINITE')) throw e;
          reason = 'breakdown';
          break;
        }
        // ΔR is in the unknowns R/s; the cones are invariant under s > 0.
        for (let i = 0; i < n; i++) trial[i] = R[i] - scale * dR[i];
      } else {
        diagonalIncrement(dR, lin.inverse, lin.C, theta);
        for (let i = 0; i < n; i++) trial[i] = R[i] + scale * dR[i];
      }
      projectOntoCones(trial, trial, mu);
      let finite = true, same = true;
      for (let i = 0; i < n; i++) {
        const t = trial[i];
        if (!Number.isFinite(t)) { finite = false; break; }
        if (t !== R[i]) same = false;
      }
      if (!finite) { reason = 'breakdown'; break; }
      R.set(trial);
      k++;
      updateVelocity();
      stats.gmresIterations += its;
      stats.gmresMatVecs += mvs;
      stats.matVecs += mvs;
      stats.steps.gmresIterations.push(its);
      stats.steps.matVecs.push(mvs + 1);
      stats.steps.cNorm.push(cNorm);
      stats.steps.delta.push(deltaK);
      stats.steps.linearResidual.push(linearResidual);
      error = evaluate(k);
      if (listening) {
        this.events.emit('solver:iteration', {
          solver: this.name, iteration: k, error, gmresIterations: its, matVecs: mvs + 1, cNorm,
          totalGmresIterations: stats.gmresIterations, totalMatVecs: stats.matVecs,
        });
      }
      if (error < opts.tolerance) reason = 'converged';
      else if (!(error < Infinity)) reason = 'breakdown';
      // A GMRES step depends on R^k alone (GMRES starts from 0), so R^{k+1} = R^k would repeat
      // until k = n: stop now instead, and let the fallback, if any, take over.
      else if (gmresVariant && same) reason = 'stalled';
      // No progress over the window (a problem this iteration does not solve): let the fallback have it.
      if (progress.stalled(k, error) && reason === undefined) reason = 'stalled';
    }
    stats.newtonIterations = k;

    const u = U.slice(); // a copy: U is a view of the reused workspace
    // A small relative merit is no solution when R ran away on a problem without one: core's
    // rule of docs/convergence.md has the last word.
    if (reason === 'converged') reason = claimRefusal(problem, R, u, WR) ?? reason;
    const converged = reason === 'converged';
    const ms = performance.now() - t0;
    this.events.emit('solver:end', { solver: this.name, converged, reason, iterations: k, error, merit: this.merit.name, ms });
    return {
      r: R, u, converged, reason, iterations: k, error, merit: this.merit.name, answeredBy: this.name, ms,
      stats: stats as unknown as Record<string, unknown>,
    };
  }

  // Every workspace is written before it is read, so reusing a larger buffer changes no result.
  private allocate(contacts: number): void {
    const n = 3 * contacts;
    if (this.gmres === null) {
      this.lin = new Linearization(0, this.product);
      this.gmres = new Gmres(0, this.options.restart);
    } else if (this.lin.contacts === contacts) {
      return;
    }
    this.lin.resize(contacts);
    this.gmres.resize(n);
    if (this.store.length < 5 * n) this.store = new Float64Array(5 * n);
    const view = (j: number): Float64Array => this.store.subarray(j * n, (j + 1) * n);
    this.U = view(0);
    this.WR = view(1);
    this.dR = view(2);
    this.trial = view(3);
    this.scratch = view(4);
  }
}

/**
 * Paper 001 Algorithm 1 step (c): ΔR ← (1 − θ) ΔR − θ A⁻¹ C, with A⁻¹ block diagonal
 * (9 row-major values per contact). In place on dR.
 */
export function diagonalIncrement(dR: Float64Array, inverse: Float64Array, C: Float64Array, theta: number): void {
  const keep = 1 - theta;
  for (let o = 0, b = 0; o < dR.length; o += 3, b += 9) {
    const c0 = C[o], c1 = C[o + 1], c2 = C[o + 2];
    dR[o] = keep * dR[o] - theta * (inverse[b] * c0 + inverse[b + 1] * c1 + inverse[b + 2] * c2);
    dR[o + 1] = keep * dR[o + 1] - theta * (inverse[b + 3] * c0 + inverse[b + 4] * c1 + inverse[b + 5] * c2);
    dR[o + 2] = keep * dR[o + 2] - theta * (inverse[b + 6] * c0 + inverse[b + 7] * c1 + inverse[b + 8] * c2);
  }
}
