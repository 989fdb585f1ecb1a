import { closestName } from './did-you-mean.js';
import type { PluginKind } from './plugin.js';

/**
 * The kinds of plugin, each with the helper of @moreau/core that builds one and sets its kind:
 * what a message names when a plugin object has no kind, a wrong one, or is not exported
 * where Moreau looks for it.
 */
export const PLUGIN_KINDS: Readonly<Record<PluginKind, string>> = {
  solver: 'defineSolver',
  merit: 'defineMerit',
  kinematics: 'defineKinematics',
  detector: 'defineDetector',
  integrator: 'defineIntegrator',
};

const KINDS = Object.keys(PLUGIN_KINDS) as PluginKind[];

export function isPluginKind(kind: unknown): kind is PluginKind {
  return typeof kind === 'string' && Object.hasOwn(PLUGIN_KINDS, kind);
}

/**
 * The kind a plugin object seems to be when its `kind` is not one: a misspelt kind
 * ("detecter"), a kind among the words of its name ("brute-detector"), or a solver's
 * `supports` (warmStart, cone, friction). Undefined when nothing tells.
 */
export function guessPluginKind(plugin: unknown): PluginKind | undefined {
  if (typeof plugin !== 'object' || plugin === null) return undefined;
  const { kind, name, supports } = plugin as { kind?: unknown; name?: unknown; supports?: unknown };
  if (isPluginKind(kind)) return kind;
  const words = [...(typeof kind === 'string' ? [kind] : []), ...(typeof name === 'string' ? name.split(/[-_\s]+/) : [])];
  for (const word of words) {
    const close = closestName(word, KINDS);
    if (close !== undefined) return close as PluginKind;
  }
  const solverCapability = typeof supports === 'object' && supports !== null && ['warmStart', 'cone', 'friction'].some((k) => k in supports);
  return solverCapability ? 'solver' : undefined;
}

/** `a solver plugin`, `an integrator plugin`: a kind in a sentence. */
export function pluginOfKind(kind: PluginKind): string {
  return `${kind === 'integrator' ? 'an' : 'a'} ${kind} plugin`;
}

/**
 * Which helper to build `plugin` with: the one of the kind it seems to be
 * (`"brute-detector" looks like a detector plugin: build it with defineDetector({...}) from @moreau/core`),
 * else the five.
 */
export function defineHelperAdvice(plugin: unknown): string {
  const kind = guessPluginKind(plugin);
  const name = (plugin as { name?: unknown } | null)?.name;
  const who = typeof name === 'string' ? `"${name}"` : 'it';
  if (kind !== undefined) return `${who} looks like ${pluginOfKind(kind)}: build it with ${PLUGIN_KINDS[kind]}({...}) from @moreau/core`;
  const helpers = Object.values(PLUGIN_KINDS);
  return `build it with the helper of its kind from @moreau/core: ${helpers.slice(0, -1).join(', ')} or ${helpers.at(-1)}`;
}

/**
 * What is wrong with the kind of a plugin object, or undefined when it has one of the kinds:
 * what was found, the kinds there are, and the helper to build it with, e.g.
 * `kind is missing; a plugin's kind is one of solver, merit, kinematics, detector, integrator,
 * set by the define* helper that builds it: "brute-detector" looks like a detector plugin: build
 * it with defineDetector({...}) from @moreau/core`.
 */
export function pluginKindProblem(plugin: object): string | undefined {
  const kind = (plugin as { kind?: unknown }).kind;
  if (isPluginKind(kind)) return undefined;
  const found = kind === undefined ? 'kind is missing' : `kind is ${typeof kind === 'string' ? JSON.stringify(kind) : String(kind)}, not a kind of plugin`;
  return `${found}; a plugin's kind is one of ${KINDS.join(', ')}, set by the define* helper that builds it: ${defineHelperAdvice(plugin)}`;
}

/**
 * What was given where a plugin was expected, for messages: `a detector plugin`, `null`,
 * `a string`, or `an object whose kind is missing; …` (see `pluginKindProblem`).
 */
export function describeGivenPlugin(given: unknown): string {
  if (given === null || given === undefined) return String(given);
  if (typeof given !== 'object') return `a ${typeof given}`;
  const kind = (given as { kind?: unknown }).kind;
  return isPluginKind(kind) ? pluginOfKind(kind) : `an object whose ${pluginKindProblem(given)}`;
}
