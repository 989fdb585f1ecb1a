import { inject, injectable } from 'tsyringe';
import { MoreauError } from '../contracts/errors.js';
import type { EventBus } from '../contracts/events.js';
import type { ContactSolver, MeritFunction } from '../contracts/solver.js';
import type { PluginContext, SolverChainFactory, SolverConfig } from '../contracts/plugin.js';
import type { PluginRegistry } from './registry.js';
import { TOKENS } from '../contracts/tokens.js';

/**
 * The context a plugin's `create` receives: the run's event bus, merit look-up and solver chains.
 * One per run. `resolve()` gives it the chain factory; a context built by hand (a test harness
 * calling a plugin directly) has merits but builds no chains.
 */
@injectable()
export class RunContext implements PluginContext {
  private readonly merits = new Map<string, MeritFunction>();

  constructor(
    @inject(TOKENS.Registry) private readonly registry: PluginRegistry,
    @inject(TOKENS.EventBus) readonly events: EventBus,
    @inject(TOKENS.SolverChainFactory) private readonly chains?: SolverChainFactory,
  ) {}

  solverChain(config: SolverConfig, options?: { events?: EventBus }): ContactSolver {
    if (!this.chains) {
      throw new MoreauError('E_UNSUPPORTED', `This plugin context builds no solver chains (it was not made by resolve()), so "${config.name}" cannot be built; run the plugin through resolve() or a config.`);
    }
    return this.chains(config, { events: options?.events ?? this.events });
  }

  merit(name: string): MeritFunction {
    let m = this.merits.get(name);
    if (!m) {
      const plugin = this.registry.get('merit', name);
      m = plugin.create(plugin.options.parse({}), this);
      this.merits.set(name, m);
    }
    return m;
  }
}
