import { createRegistry, type AnyPlugin, type PluginRegistry } from '@moreau/core/simulation';
import { pluginPackages } from 'moreau:play-plugins';
import { LiveRun } from '../live-run.js';

/**
 * A registry of core's merits and every plugin the page was built with, registered by hand. A
 * package gives its default export, or its `plugins` array when it has several, as the commands
 * load packages (core's load-plugins.ts).
 */
export function createPlayRegistry(): PluginRegistry {
  const registry = createRegistry();
  for (const [name, mod] of pluginPackages) {
    const plugins = Array.isArray(mod.plugins) ? mod.plugins : [mod.default];
    for (const plugin of plugins as AnyPlugin[]) registry.register(plugin, name);
  }
  return registry;
}

/** The worker's engine: a LiveRun over that registry. */
export function createLiveRun(): LiveRun {
  return new LiveRun(createPlayRegistry());
}
