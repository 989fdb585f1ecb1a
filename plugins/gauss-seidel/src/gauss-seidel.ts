import { bsrMul, growF64, growI32, initialReactions, type FrictionContactProblem } from '@moreau/core/kernels';
import { solveBudget } from '@moreau/core/kernels';
import { type ContactSolver, type EventBus, type MeritFunction, type PluginContext, type SolveOptions, type SolveResult, type StopReason } from '@moreau/core/contracts';
import type { GaussSeidelOptions } from './options.js';
import { naturalOrder, seededRandom, shuffle } from './ordering.js';
import { AndersonMixer } from './anderson.js';
import { DominantMode } from './dominant-mode.js';
import { MeritScreen, REFRESH_SWEEPS } from './screen.js';
import { Sweeper } from './sweep.js';
import { RollingGaussSeidel } from './rolling-gauss-seidel.js';

/**
 * Nonlinear block Gauss–Seidel over contacts (Moreau–Jean NSGS), with SOR and
 * Jacobi variants. See FrictionContactProblem for the problem statement; one
 * sweep solves each contact's problem exactly with the others frozen (sweep.ts,
 * local-solver.ts). Convergence is judged only by the configured merit; Gauss–Seidel
 * keeps u = W r + q up to date as it sweeps, and evaluates the merit only on the due
 * sweeps where the merit's formula at that u says it may have converged (screen.ts),
 * which stops at the same sweep as evaluating it every time. With a listener to
 * `solver:iteration` the merit is evaluated on every due sweep, for the events.
 *
 * A problem with contacts with rolling and spinning resistance (`problem.rolling`) goes to
 * RollingGaussSeidel (rolling-gauss-seidel.ts); every other problem takes the path below,
 * which that branch leaves exactly as it was.
 */
export class GaussSeidel implements ContactSolver {
  readonly name = 'gauss-seidel';
  private readonly merit: MeritFunction;
  private readonly events: EventBus;
  private readonly sweeper: Sweeper;
  private readonly screen: MeritScreen;
  // Views of the problem's length on stores that grow and never shrink (core's growF64): a
  // fresh array at every contact count, that is every step, sets off full collections at scale.
  private order: Int32Array = new Int32Array(0);
  private previous: Float64Array = new Float64Array(0);
  private u: Float64Array = new Float64Array(0);
  private exact: Float64Array = new Float64Array(0);
  private beforeSweep: Float64Array = new Float64Array(0);
  private readonly stores: { order: Int32Array; previous: Float64Array; u: Float64Array; exact: Float64Array; beforeSweep: Float64Array } = {
    order: new Int32Array(0), previous: new Float64Array(0), u: new Float64Array(0), exact: new Float64Array(0), beforeSweep: new Float64Array(0),
  };
  private readonly mixer: AndersonMixer | undefined;
  private readonly dominant: DominantMode | undefined;
  private rolling: RollingGaussSeidel | undefined;

  constructor(private readonly options: GaussSeidelOptions, ctx: PluginContext) {
    this.merit = ctx.merit(options.merit);
    this.events = ctx.events;
    this.sweeper = new Sweeper({ tolerance: options.localTolerance, maxIterations: options.localMaxIterations }, options.kernel, options.threads === 2 ? 2 : 1);
    this.screen = new MeritScreen(this.merit);
    this.mixer = options.acceleration === 'anderson' ? new AndersonMixer(options.andersonDepth) : undefined;
    this.dominant = options.acceleration === 'dominant-mode' ? new DominantMode() : undefined;
  }

  solve(problem: FrictionContactProblem, solveOptions: SolveOptions = {}): SolveResult {
    if (problem.rolling !== undefined) {
      this.rolling ??= new RollingGaussSeidel(this.options, this.merit, this.events);
      return this.rolling.solve(problem, solveOptions);
    }
    const t0 = performance.now();
    const opts = this.options;
    const { cap, budget } = solveBudget(solveOptions, opts.maxIterations);
    const nc = problem.contacts, n = problem.size;
    const jacobi = opts.variant === 'jacobi';
    const omega = opts.relaxation ?? (jacobi ? 1 / maxBlocksPerRow(problem) : 1);

    const stores = this.stores;
    if (this.order.length !== nc) this.order = (stores.order = growI32(stores.order, nc)).subarray(0, nc);
    if (jacobi && this.previous.length !== n) this.previous = (stores.previous = growF64(stores.previous, n)).subarray(0, n);
    if (!jacobi && this.u.length !== n) this.u = (stores.u = growF64(stores.u, n)).subarray(0, n);
    const order = naturalOrder(this.order);
    const random = seededRandom(opts.seed);
    if (opts.ordering === 'shuffled') shuffle(order, random);
    const sweeper = this.sweeper;
    sweeper.prepare(problem, !jacobi, this.mixer === undefined ? 0 : opts.andersonDepth, this.dominant !== undefined);
    const passes = sweeper.wasmMixPasses, kernelScreen = sweeper.wasmScreen;
    // In WebAssembly the solve works in the kernel's own r, u and x: no copies in and out of
    // every sweep, screen and pass (the answer is copied out at the end).
    const resident = sweeper.resident;
    const r = initialReactions(problem, solveOptions.warmStart, resident?.r);
    // u = W r + q into out, as a merit computes it before it evaluates; in WebAssembly the
    // kernel makes it from the block columns it holds, to the same bits.
    const kernelProducts = sweeper.wasmProducts;
    const product = (out: Float64Array): Float64Array => {
      if (kernelProducts !== undefined) return kernelProducts.product(out);
      bsrMul(problem.W, r, out);
      for (let i = 0; i < n; i++) out[i] += problem.q[i];
      return out;
    };
    // Gauss–Seidel keeps u = W r + q (sweepUpdating), recomputed now and then against rounding drift.
    const kept = resident?.u ?? this.u;
    const refresh = (): void => { product(kept); };
    if (!jacobi) refresh();
    const screening = !jacobi && this.screen.active;
    // A merit that takes u is given the product it would make (the same arithmetic), which
    // then is the u returned when it was made for the last sweep; kept u has drifted.
    let exact: Float64Array | undefined;
    if (!jacobi && this.screen.takesU) {
      if (resident === undefined && this.exact.length !== n) this.exact = (stores.exact = growF64(stores.exact, n)).subarray(0, n);
      // In WebAssembly the kernel's own buffer: the product stays where the merit sums it.
      exact = resident?.exact ?? this.exact;
    }
    let exactU: Float64Array | undefined;
    const mixer = this.mixer;
    if (mixer !== undefined) {
      mixer.reset(n);
      if (this.beforeSweep.length !== n) this.beforeSweep = (stores.beforeSweep = growF64(stores.beforeSweep, n)).subarray(0, n);
    }
    const dominant = this.dominant;
    dominant?.reset(n, sweeper.wasmDominantPasses);
    const beforeSweep = resident?.x ?? this.beforeSweep;
    const addColumn = (a: number, d0: number, d1: number, d2: number): void => sweeper.addColumn(kept, a, d0, d1, d2);

    const historyIterations: number[] = [];
    const historyErrors: number[] = [];
    const listening = this.events.listenerCount('solver:iteration') > 0;
    let evaluations = 0;
    // `fresh`: u = W r + q just computed, as by `product`.
    const evaluate = (k: number, fresh?: Float64Array): number => {
      exactU = fresh ?? (exact === undefined ? undefined : product(exact));
      const e = this.screen.evaluate(problem, r, exactU, kernelScreen);
      evaluations++;
      historyIterations.push(k);
      historyErrors.push(e);
      return e;
    };

    let error = evaluate(0, jacobi ? undefined : kept);
    let errorAt = 0;
    let reason: StopReason | undefined = error <= opts.tolerance && opts.minIterations === 0 ? 'converged' : undefined;
    if (!(error < Infinity)) reason = 'breakdown';
    let k = 0;
    while (reason === undefined) {
      if (k >= cap) { reason = 'max-iterations'; break; }
      if (budget !== undefined && performance.now() - t0 >= budget) { reason = 'time-budget'; break; }
      k++;
      if (opts.ordering === 'reshuffled') shuffle(order, random);
      const reverse = opts.ordering === 'symmetric' && k % 2 === 0;
      let finite: boolean;
      // Anderson acceleration of the map of `andersonEvery` sweeps: x before the first, G(x) after the last.
      const mixes = mixer !== undefined && k > opts.andersonStart, phase = (k - opts.andersonStart) % opts.andersonEvery;
      const mixing = mixes && phase === 0;
      if (mixes && (opts.andersonEvery === 1 || phase === 1)) beforeSweep.set(r);
      dominant?.beforeSweep(k, r, kept);
      if (jacobi) {
        this.previous.set(r);
        finite = sweeper.sweep(problem, r, this.previous, omega, order, reverse);
      } else {
        finite = sweeper.sweepUpdating(problem, r, kept, omega, order, reverse);
        if (k % REFRESH_SWEEPS === 0) refresh();
      }
      // r unchanged by a whole sweep is a fixed point of every local solve: more sweeps cannot move it.
      const still = finite && sweeper.change2 === 0;
      let e: number | undefined;
      if (!finite || still || k % opts.checkEvery === 0 || k === cap) {
        // The merit decides; it runs only where its formula at the kept u allows a stop (screen.ts).
        const decisive = !finite || still || k === cap || !screening || this.screen.couldConverge(problem, r, kept, opts.tolerance, kernelScreen);
        if (decisive || listening) {
          e = error = evaluate(k);
          errorAt = k;
        }
        if (decisive) {
          if (!finite || !(error < Infinity)) reason = 'breakdown';
          else if (error <= opts.tolerance && (k >= opts.minIterations || still)) reason = 'converged';
          else if (still) reason = 'stalled';
        }
      }
      if (listening) this.events.emit('solver:iteration', e === undefined ? { solver: this.name, iteration: k } : { solver: this.name, iteration: k, error: e });
      // Extrapolate only from a sweep that did not stop the solve: the answer is always a sweep's.
      if (mixing && reason === undefined && k < cap) mixer.mix(beforeSweep, r, jacobi ? undefined : kept, problem.mu, addColumn, passes, sweeper.partitionOrder);
      if (dominant !== undefined && reason === undefined && k < cap) dominant.extrapolate(k, r, kept, problem.mu, addColumn);
    }
    if (errorAt !== k) error = evaluate(k);
    // Stopped by the cap or the clock before minIterations, yet within tolerance: that is convergence.
    if ((reason === 'max-iterations' || reason === 'time-budget') && error <= opts.tolerance) reason = 'converged';

    // The last evaluation is at the last sweep here (errorAt = k).
    const u = exactU !== undefined ? exactU.slice(0, n) : product(new Float64Array(n));
    const converged = reason === 'converged';
    const ms = performance.now() - t0;
    this.events.emit('solver:end', { solver: this.name, converged, reason, iterations: k, error, merit: this.merit.name, ms });
    return {
      r: resident === undefined ? r : r.slice(0, n), u, converged, reason, iterations: k, error, merit: this.merit.name, answeredBy: this.name, ms,
      stats: {
        sweeps: k,
        meritEvaluations: evaluations,
        relaxation: omega,
        ...(mixer === undefined ? {} : { andersonMixes: mixer.mixes, andersonRestarts: mixer.restarts, andersonStoppedAt: mixer.stoppedAt, andersonProjected: mixer.projected }),
        ...(dominant === undefined ? {} : { dominantSteps: dominant.steps, dominantProjected: dominant.projected }),
        localOutcomes: { separated: sweeper.separated, sticking: sweeper.sticking, sliding: sweeper.sliding, failed: sweeper.failed },
        localFailures: sweeper.failed,
        quarticUses: sweeper.slider.quarticUses,
        scanUses: sweeper.slider.scanUses,
        history: { iterations: historyIterations, errors: historyErrors },
      },
    };
  }
}

/** The largest number of blocks in a block row of W: with block-Jacobi scaling, a bound on λ_max for a PSD W. */
function maxBlocksPerRow(problem: FrictionContactProblem): number {
  const { rowPtr, blockRows } = problem.W;
  let m = 1;
  for (let i = 0; i < blockRows; i++) m = Math.max(m, rowPtr[i + 1] - rowPtr[i]);
  return m;
}
