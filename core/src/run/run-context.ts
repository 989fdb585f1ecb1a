import { inject, injectable } from 'tsyringe';
import type { EventBus } from '../contracts/events.js';
import type { MeritFunction } from '../contracts/solver.js';
import type { PluginContext } from '../contracts/plugin.js';
import type { PluginRegistry } from './registry.js';
import { TOKENS } from '../contracts/tokens.js';

/** The context a plugin's `create` receives: the run's event bus and merit look-up. One per run. */
@injectable()
export class RunContext implements PluginContext {
  private readonly merits = new Map<string, MeritFunction>();

  constructor(
    @inject(TOKENS.Registry) private readonly registry: PluginRegistry,
    @inject(TOKENS.EventBus) readonly events: EventBus,
  ) {}

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
