import { MoreauError, isMoreauError, type ContactSolver, type PluginContext, type SolveOptions, type SolveResult, type SolverConfig } from '@moreau/core/contracts';
import { BsrMulKernel, ChainEvents, siconosErrorOf, solveBudget, type FrictionContactProblem } from '@moreau/core/kernels';
import { clusterOf, clusterProblem } from './cluster.js';
import type { ClusterGaussSeidelOptions } from './options.js';

/**
 * What solves a cluster: `auto`'s chain for small problems (its `general` rule: accelerated
 * sweeps, paper 002's interior point method with centering 3, APGD, PROX); on the stalled
 * pour steps it did as well as `auto` itself (README, "How it works"). Written out here rather
 * than asked of `auto`, which runs this solver: no solver calls itself.
 */
export function clusterChain(tolerance: number): SolverConfig {
  return {
    name: 'gauss-seidel', options: { tolerance, maxIterations: 100, acceleration: 'anderson' },
    fallback: {
      name: 'pd-ip', options: { tolerance, method: 'barrier', centering: 3 }, start: 'best',
      fallback: {
        name: 'apgd', options: { tolerance }, start: 'best',
        fallback: { name: 'prox', options: { tolerance, maxIterations: 50 }, start: 'best' },
      },
    },
  };
}

/**
 * Gauss-Seidel sweeps that, when they stall, solve the contacts where the residual gathers as
 * one small problem, then sweep on. On a dense pile the sweeps bring most contacts to 1e-8 fast
 * but stop at a few that they move back and forth, a cycle no relaxation or extrapolation
 * breaks; those contacts and their neighbours, solved together with every other reaction
 * frozen, are a problem of tens of contacts, and after it the sweeps finish in a few dozen more.
 * A nonlinear block Gauss-Seidel whose one block is chosen by the residual (README).
 *
 * Rounds: `sweeps` sweeps (the `gauss-seidel` solver, its merit and acceleration as given); if
 * they did not converge, the cluster (`clusterOf`) is solved by `clusterChain` to
 * `clusterTolerance`, written back, and the next round sweeps from there; after `rounds`
 * clusters a last round of sweeps ends it. A cluster of more than `largestCluster` of the
 * contacts ends the rounds unsolved: the stall is not local, and solving half the problem is
 * the whole problem's work (on the 100 cubes' steps such clusters took seconds each). The
 * answer is the least wrong sweeps' answer by their merit, so a cluster solve that made things
 * worse costs time, not the answer.
 */
export class ClusterGaussSeidel implements ContactSolver {
  readonly name = 'cluster-gauss-seidel';
  private readonly events: ChainEvents;
  /** Built on the first solve, as `auto` builds its chains: creating the solver needs no other registered. */
  private chains: { sweeps: ContactSolver; cluster: ContactSolver } | undefined;
  private readonly product = new BsrMulKernel();
  /** Iterations of the calls before the current one (sweeps and cluster solves). */
  private offset = 0;

  constructor(private readonly options: ClusterGaussSeidelOptions, private readonly ctx: PluginContext) {
    this.events = new ChainEvents(ctx.events, this.name);
  }

  solve(problem: FrictionContactProblem, o: SolveOptions = {}): SolveResult {
    const t0 = performance.now();
    const { cap, budget } = solveBudget(o, Number.MAX_SAFE_INTEGER);
    const { sweeps, cluster } = this.built();
    const nc = problem.contacts;
    let r = o.warmStart ? Float64Array.from(o.warmStart) : new Float64Array(3 * nc);
    const u = new Float64Array(3 * nc);
    const e = new Float64Array(3 * nc);
    const x = new Float64Array(3);
    const clusters: number[] = [];
    let best: SolveResult | undefined;
    let sweepsDone = 0, clusterIterations = 0;
    /** The size of a cluster too large to solve, when one ended the rounds. */
    let wide: number | undefined;
    this.offset = 0;
    this.events.begin();
    for (let round = 0; ; round++) {
      const left = this.left(t0, budget, cap);
      const res = sweeps.solve(problem, { warmStart: r, maxIterations: left.iterations, timeBudgetMs: left.ms });
      sweepsDone += this.counted(res);
      if (!best || res.converged || res.error < best.error) best = res;
      const after = this.left(t0, budget, cap);
      if (res.converged || res.reason === 'infeasible' || round === this.options.rounds || after.iterations === 0 || after.ms === 0) break;
      r = Float64Array.from(res.r);
      this.product.mulOnce(problem.W, r, u);
      for (let i = 0; i < u.length; i++) u[i] += problem.q[i];
      siconosErrorOf(problem.q, problem.mu, r, u, e, x);
      const idx = clusterOf(problem.W, e, this.options.seeds, CLUSTER_SHARE);
      if (idx.length === 0 || idx.length > this.options.largestCluster * nc) {
        wide = idx.length;
        break;
      }
      const sub = clusterProblem(problem, idx, r, u);
      const solved = cluster.solve(sub.problem, { warmStart: sub.r, maxIterations: after.iterations, timeBudgetMs: after.ms });
      clusters.push(idx.length);
      clusterIterations += this.counted(solved);
      // Finite: core's chain hands back its warm start in place of an answer that is not.
      idx.forEach((a, i) => r.set(solved.r.subarray(3 * i, 3 * i + 3), 3 * a));
    }
    const ms = performance.now() - t0;
    const iterations = sweepsDone + clusterIterations;
    const final = best!;
    const outOfTime = !final.converged && budget !== undefined && ms >= budget;
    const reason = final.converged ? final.reason : outOfTime ? 'time-budget' : sweepsDone + clusterIterations >= cap ? 'max-iterations' : final.reason;
    this.ctx.events.emit('solver:end', { solver: this.name, converged: final.converged, reason, iterations, error: final.error, merit: final.merit, ms });
    return {
      ...final, reason, iterations, ms, answeredBy: this.name,
      stats: { sweeps: sweepsDone, clusterIterations, clusters, ...(wide === undefined ? {} : { clusterTooLarge: wide }) },
    };
  }

  /** The iterations of a chain's call, every link's (a chain's own count is its last link's), added to the offset. */
  private counted(res: SolveResult): number {
    const n = res.attempts ? res.attempts.reduce((sum, a) => sum + a.iterations, 0) : res.iterations;
    this.offset += n;
    this.events.ended(n);
    return n;
  }

  /** What is left of the call's iteration cap and time budget (undefined: no budget). */
  private left(t0: number, budget: number | undefined, cap: number): { iterations: number; ms: number | undefined } {
    return {
      iterations: Math.max(0, cap - this.offset),
      ms: budget === undefined ? undefined : Math.max(0, budget - (performance.now() - t0)),
    };
  }

  private built(): { sweeps: ContactSolver; cluster: ContactSolver } {
    if (!this.chains) {
      const { tolerance, merit, sweeps, acceleration, clusterTolerance } = this.options;
      this.chains = {
        sweeps: this.chain({ name: 'gauss-seidel', options: { tolerance, merit, maxIterations: sweeps, acceleration } }),
        cluster: this.chain(clusterChain(clusterTolerance)),
      };
    }
    return this.chains;
  }

  private chain(config: SolverConfig): ContactSolver {
    try {
      return this.ctx.solverChain(config, { events: this.events.bus });
    } catch (err) {
      if (!isMoreauError(err) || err.code !== 'E_UNKNOWN_PLUGIN') throw err;
      const names: string[] = [];
      for (let c: SolverConfig | undefined = config; c; c = c.fallback) names.push(c.name);
      throw new MoreauError('E_UNKNOWN_PLUGIN',
        `cluster-gauss-seidel runs ${names.join(' -> ')}, and not all of them are registered (install @moreau/cluster-gauss-seidel's dependencies, or register those solvers beside it): ${err.message}`,
        undefined, { cause: err });
    }
  }
}

/** The share of ‖e‖² the cluster's seeds must cover (at most `seeds` of them). */
export const CLUSTER_SHARE = 0.99;
