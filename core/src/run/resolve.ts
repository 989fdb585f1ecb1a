import { container as rootContainer, type DependencyContainer } from 'tsyringe';
import { z } from 'zod';
import { EventBus } from '../contracts/events.js';
import { MoreauError } from '../contracts/errors.js';
import { moreauConfigSchema, solverConfigSchema, type SolverConfig } from './config.js';
import type { ChainStart, ContactSolver } from '../contracts/solver.js';
import type { PluginContext, SolverChainFactory, SolverPlugin } from '../contracts/plugin.js';
import { formatIssues, formatPath } from '../contracts/format-issues.js';
import { unknownPluginLine } from '../contracts/did-you-mean.js';
import type { PluginRegistry } from './registry.js';
import { RunContext } from './run-context.js';
import { SolverChain, type ChainLink } from './solver-chain.js';
import { TOKENS } from '../contracts/tokens.js';
import { checkPluginOptions } from './check-options.js';
import { readStopping } from '../contracts/stopping.js';

/** A configured run: the solver chain, its event bus and the child container that built them. */
export interface ResolvedRun {
  solver: ContactSolver;
  events: EventBus;
  context: PluginContext;
  container: DependencyContainer;
  /** The validated solver chain, defaults filled in. */
  config: ResolvedSolverConfig;
}

export interface ResolvedSolverConfig {
  name: string;
  options: Record<string, unknown>;
  start: ChainStart;
  fallback?: ResolvedSolverConfig;
}

/**
 * Validates a solver config against the registry and every plugin's option schema,
 * reporting all problems at once, one line each with its path; then builds the
 * chain in a child container of its own, so runs share nothing.
 *
 * Accepts either a whole config (`{ solver: {...} }`) or a solver config (`{ name, ... }`).
 */
export function resolve(config: unknown, registry: PluginRegistry, opts: { events?: EventBus } = {}): ResolvedRun {
  const isWhole = typeof config === 'object' && config !== null && 'solver' in config;
  const parsed = isWhole ? moreauConfigSchema.safeParse(config) : solverConfigSchema.safeParse(config);
  if (!parsed.success) throw configError(formatIssues(parsed.error.issues), false);
  const solverConfig = isWhole ? (parsed.data as z.infer<typeof moreauConfigSchema>).solver : (parsed.data as SolverConfig);
  return resolveChain(solverConfig, registry, opts, isWhole ? ['solver'] : []);
}

/**
 * `resolve` for a solver config already parsed by the config schema (`createSimulation`
 * parses the whole config once and hands its chain here): the same checks, paths under
 * `prefix`, and the same chain.
 */
export function resolveChain(solverConfig: SolverConfig, registry: PluginRegistry, opts: { events?: EventBus } = {}, prefix: (string | number)[] = ['solver']): ResolvedRun {
  const problems: string[] = [];
  let unknownOnly = true;
  const resolved = checkSolverConfig(solverConfig, registry, prefix, problems, (u) => (unknownOnly &&= u));
  if (problems.length) throw configError(problems, unknownOnly);

  const child = rootContainer.createChildContainer();
  const events = opts.events ?? new EventBus();
  child.registerInstance(TOKENS.Registry, registry);
  child.registerInstance(TOKENS.EventBus, events);
  // Chains a plugin composes (PluginContext.solverChain) are resolved like this one, in the same registry.
  child.registerInstance(TOKENS.SolverChainFactory, ((c, o) => resolve(c, registry, { events: o?.events ?? events }).solver) satisfies SolverChainFactory);
  child.registerSingleton(TOKENS.PluginContext, RunContext);
  const context = child.resolve<PluginContext>(TOKENS.PluginContext);

  const links: ChainLink[] = [];
  for (let c: ResolvedSolverConfig | undefined = resolved; c; c = c.fallback) {
    const plugin = registry.get('solver', c.name);
    // The answer check holds each link to the merit and tolerance it was configured with.
    const { merit, tolerance } = readStopping(c.options);
    links.push({
      solver: plugin.create(c.options, context), start: c.start, merit, tolerance,
      friction: plugin.supports.friction, rolling: plugin.supports.rolling === true,
    });
  }
  const solver = new SolverChain(links, events, context);
  child.registerInstance(TOKENS.ContactSolver, solver);
  return { solver, events, context, container: child, config: resolved! };
}

/**
 * Checks every link of the chain against the registry and its plugin's option
 * schema, in a loop (chains are at most MAX_SOLVER_CHAIN links, but nothing here
 * recurses), collecting one problem line per finding.
 */
function checkSolverConfig(
  head: SolverConfig,
  registry: PluginRegistry,
  prefix: (string | number)[],
  problems: string[],
  noteKind: (unknownName: boolean) => void,
): ResolvedSolverConfig | undefined {
  const resolved: (ResolvedSolverConfig | undefined)[] = [];
  let path = prefix;
  for (let c: SolverConfig | undefined = head; c; c = c.fallback) {
    resolved.push(checkLink(c, registry, path, problems, noteKind));
    const fb = c.fallback && registry.has('solver', c.fallback.name) ? registry.get('solver', c.fallback.name) : undefined;
    const fbStart = c.fallback?.start ?? 'previous';
    if (fb && fbStart !== 'initial' && !fb.supports.warmStart) {
      problems.push(`${formatPath([...path, 'fallback', 'start'])}: solver "${fb.name}" does not support warm starts, so it cannot start from ${fbStart === 'best' ? 'the best answer so far' : 'the previous iterate'}; set "start": "initial"`);
      noteKind(false);
    }
    path = [...path, 'fallback'];
  }
  // Link the resolved chain from its tail; a link that failed breaks it (its problems are reported).
  let next: ResolvedSolverConfig | undefined;
  for (let k = resolved.length - 1; k >= 0; k--) {
    const link = resolved[k];
    if (link) link.fallback = next;
    next = link;
  }
  return resolved[0];
}

/** One link: its name registered, its options known to the plugin (own keys only) and valid, its merit registered. */
function checkLink(
  c: SolverConfig,
  registry: PluginRegistry,
  path: (string | number)[],
  problems: string[],
  noteKind: (unknownName: boolean) => void,
): ResolvedSolverConfig | undefined {
  if (!registry.has('solver', c.name)) {
    problems.push(`${formatPath([...path, 'name'])}: ${unknownPluginLine('solver', c.name, registry.names('solver'))}`);
    noteKind(true);
    return undefined;
  }
  const plugin: SolverPlugin = registry.get('solver', c.name);
  const note = (line: string, unknownName: boolean) => {
    problems.push(line);
    noteKind(unknownName);
  };
  const options = checkPluginOptions(plugin, c.options, [...path, 'options'], note) ?? {};
  const merit = readStopping(options).merit;
  if (merit !== undefined && !registry.has('merit', merit)) {
    note(`${formatPath([...path, 'options', 'merit'])}: ${unknownPluginLine('merit', merit, registry.names('merit'))}`, true);
  }
  return { name: c.name, options, start: c.start ?? 'previous' };
}

/** One coded error listing every configuration problem, one line each (E_UNKNOWN_PLUGIN when only names were unknown). */
export function configError(lines: string[], unknownOnly: boolean): MoreauError {
  const err = new MoreauError(
    unknownOnly ? 'E_UNKNOWN_PLUGIN' : 'E_CONFIG',
    `Invalid configuration (${lines.length} problem${lines.length === 1 ? '' : 's'}):\n${lines.map((l) => `  ${l}`).join('\n')}`,
  );
  err.issues = lines;
  return err;
}
