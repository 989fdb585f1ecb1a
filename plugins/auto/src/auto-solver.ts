import {
  createRegistry, EventBus, resolve,
  type ContactSolver, type FrictionContactProblem, type PluginContext, type PluginRegistry,
  type SolveAttempt, type SolveOptions, type SolveResult, type SolverConfig,
} from '@moreau/core';
import apgd from '@moreau/apgd';
import gaussSeidel from '@moreau/gauss-seidel';
import pqn from '@moreau/pqn';
import semismoothNewton from '@moreau/semismooth-newton';
import { problemFeatures } from './features.js';
import { AUTO_RULES, type AutoRule } from './rules.js';

export interface AutoOptions {
  tolerance: number;
}

/** One link of a rule's chain: the solver as core runs it (answer check included), and where it starts. */
interface Link {
  solver: ContactSolver;
  start: 'previous' | 'initial';
}

/**
 * Picks a configuration by what the problem shows (AUTO_RULES, first match) and runs its
 * links one after another while the answer is `converged: false`, each built by core's
 * `resolve()` so its answer is checked as in a config file. To its caller `auto` is one
 * solver: the iteration cap and the time budget hold for the whole run, iterations count
 * across the links (and number its `solver:iteration` events, which keep the link's name in
 * `link`), and it ends with one `solver:end`. The links are built once per rule, in a
 * registry of the built-in solvers this package depends on, so `auto` works wherever it
 * is installed.
 */
export class AutoSolver implements ContactSolver {
  readonly name = 'auto';
  private readonly registry: PluginRegistry;
  private readonly links = new Map<AutoRule, Link[]>();
  /** The links' own bus; their events reach the run's bus through `forward`. */
  private readonly inner = new EventBus();
  /** Iterations done by earlier links in the current solve: added to a link's own count. */
  private offset = 0;

  constructor(private readonly options: AutoOptions, private readonly ctx: PluginContext) {
    this.registry = createRegistry();
    for (const plugin of [gaussSeidel, semismoothNewton, apgd, pqn]) this.registry.register(plugin, '@moreau/auto');
    this.inner.on('solver:iteration', (e) => ctx.events.emit('solver:iteration', { ...e, solver: this.name, link: e.solver, iteration: e.iteration + this.offset }));
  }

  solve(problem: FrictionContactProblem, options: SolveOptions = {}): SolveResult {
    const t0 = performance.now();
    const rule = AUTO_RULES.find((r) => r.when(problemFeatures(problem))) ?? AUTO_RULES[AUTO_RULES.length - 1];
    const links = this.linksFor(rule);
    const cap = options.maxIterations ?? Infinity;
    const attempts: SolveAttempt[] = [];
    let result: SolveResult | undefined;
    let total = 0;
    this.offset = 0;
    for (let i = 0; i < links.length; i++) {
      const { solver, start } = links[i];
      const warmStart = i === 0 || start === 'initial' ? options.warmStart : result!.r;
      if (i > 0) {
        this.ctx.events.emit('solver:fallback', {
          from: result!.answeredBy, to: solver.name, reason: result!.reason, iterations: result!.iterations, error: result!.error, start,
        });
      }
      const elapsed = performance.now() - t0;
      result = solver.solve(problem, {
        ...options, warmStart,
        ...(cap < Infinity ? { maxIterations: cap - total } : {}),
        ...(options.timeBudgetMs === undefined ? {} : { timeBudgetMs: Math.max(0, options.timeBudgetMs - elapsed) }),
      });
      total += result.iterations;
      this.offset = total;
      attempts.push(...(result.attempts ?? []));
      if (result.converged || result.reason === 'time-budget' || result.reason === 'infeasible' || total >= cap) break;
    }
    const ms = performance.now() - t0;
    const { converged, reason, error, merit } = result!;
    this.ctx.events.emit('solver:end', { solver: this.name, converged, reason, iterations: total, error, merit, ms });
    return {
      ...result!, iterations: total, ms, attempts,
      stats: { ...result!.stats, auto: { rule: rule.name, chain: links.map((l) => l.solver.name).join(' -> '), attempts } },
    };
  }

  private linksFor(rule: AutoRule): Link[] {
    let links = this.links.get(rule);
    if (!links) {
      links = [];
      for (let c: SolverConfig | undefined = rule.chain(this.options.tolerance); c; c = c.fallback) {
        const { fallback: _rest, start, ...one } = c;
        links.push({ solver: resolve(one, this.registry, { events: this.inner }).solver, start: start ?? 'previous' });
      }
      this.links.set(rule, links);
    }
    return links;
  }
}
