import { isMoreauError, MoreauError, type ContactSolver, type PluginContext, type SolveOptions, type SolveResult } from '@moreau/core/contracts';
import { ChainEvents, type FrictionContactProblem } from '@moreau/core/kernels';
import { problemFeatures } from './features.js';
import { AUTO_RULES, type AutoRule } from './rules.js';

export interface AutoOptions {
  tolerance: number;
  /** Cap on the iterations of all links together; absent, each link stops at its own. */
  maxIterations?: number;
}

/**
 * Picks a configuration by what the problem shows (AUTO_RULES, first match) and hands the
 * problem to that rule's solver chain, built by core from the rule's config through the run's
 * registry (`ctx.solverChain`): core's one fallback loop runs it, every answer checked as in a
 * config file, one iteration cap and one time budget for the whole chain. `auto` imports no
 * solver; the solvers its rules name must be registered (its package depends on them, so an
 * install finds them). To its caller `auto` is one solver: iterations count across the links
 * (and number its `solver:iteration` events, which keep the link's name in `link`), and it ends
 * with one `solver:end`.
 */
export class AutoSolver implements ContactSolver {
  readonly name = 'auto';
  private readonly chains = new Map<AutoRule, ContactSolver>();
  /** The chains' own bus, and the forwarding of their events to the run's (fallbacks too). */
  private readonly events: ChainEvents;

  constructor(private readonly options: AutoOptions, private readonly ctx: PluginContext) {
    this.events = new ChainEvents(ctx.events, this.name, true);
  }

  solve(problem: FrictionContactProblem, options: SolveOptions = {}): SolveResult {
    const t0 = performance.now();
    const rule = AUTO_RULES.find((r) => r.when(problemFeatures(problem))) ?? AUTO_RULES[AUTO_RULES.length - 1];
    const chain = this.chainFor(rule);
    this.events.begin();
    const ownCap = this.options.maxIterations;
    const capped = ownCap === undefined ? options : { ...options, maxIterations: Math.min(ownCap, options.maxIterations ?? Infinity) };
    const result = chain.solve(problem, capped);
    const attempts = result.attempts ?? [];
    const iterations = attempts.reduce((sum, a) => sum + a.iterations, 0);
    const ms = performance.now() - t0;
    const { converged, reason, error, merit } = result;
    this.ctx.events.emit('solver:end', { solver: this.name, converged, reason, iterations, error, merit, ms });
    return { ...result, iterations, ms, attempts, stats: { ...result.stats, auto: { rule: rule.name, chain: chain.name, attempts } } };
  }

  private chainFor(rule: AutoRule): ContactSolver {
    let chain = this.chains.get(rule);
    if (!chain) {
      const config = rule.chain(this.options.tolerance);
      try {
        chain = this.ctx.solverChain(config, { events: this.events.bus });
      } catch (e) {
        if (!isMoreauError(e) || e.code !== 'E_UNKNOWN_PLUGIN') throw e;
        const names: string[] = [];
        for (let c: typeof config | undefined = config; c; c = c.fallback) names.push(c.name);
        throw new MoreauError('E_UNKNOWN_PLUGIN',
          `auto's rule "${rule.name}" runs ${names.join(' -> ')}, and not all of them are registered (install @moreau/auto's dependencies, or register those solvers beside it): ${e.message}`, undefined, { cause: e });
      }
      this.chains.set(rule, chain);
    }
    return chain;
  }
}
