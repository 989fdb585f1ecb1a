import siconosMerit from '../merit/siconos.js';
import newtonMerit from '../merit/newton.js';
import energyMerit from '../merit/energy.js';
import projectedGradientMerit from '../merit/projected-gradient.js';
import type { AnyPlugin } from '../contracts/plugin.js';
import { PluginRegistry } from './registry.js';

/** The plugins core itself provides: the shared merit functions (DESIGN §4). */
export const builtinPlugins: readonly AnyPlugin[] = [siconosMerit, energyMerit, newtonMerit, projectedGradientMerit];

/** A registry holding core's built-in plugins, ready for solver plugins to be added. */
export function createRegistry(): PluginRegistry {
  const registry = new PluginRegistry();
  for (const p of builtinPlugins) registry.register(p, '@moreau/core');
  return registry;
}
