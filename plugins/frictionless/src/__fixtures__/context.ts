import { createRegistry, EventBus, RunContext, type PluginContext } from '@moreau/core';

/** A plugin context with core's merits and a fresh event bus, as `resolve()` would build. */
export function testContext(): PluginContext & { events: EventBus } {
  return new RunContext(createRegistry(), new EventBus());
}
