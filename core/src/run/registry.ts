import { supportsProblems } from '../contracts/capabilities.js';
import { unknownPluginLine } from '../contracts/did-you-mean.js';
import { MoreauError } from '../contracts/errors.js';
import type { AnyPlugin, PluginKind } from '../contracts/plugin.js';
import { PLUGIN_KINDS, pluginKindProblem } from '../contracts/plugin-kind.js';

const KINDS = Object.keys(PLUGIN_KINDS) as PluginKind[];

/** Plugins by kind and name. Refuses duplicates, and answers an unknown name with the list of known ones. */
export class PluginRegistry {
  private readonly byKind = new Map<PluginKind, Map<string, AnyPlugin>>(KINDS.map((k) => [k, new Map()]));

  /** Registers a plugin after checking its shape; `origin` (a package name or path) goes into error messages. */
  register(plugin: AnyPlugin, origin?: string): this {
    checkPluginShape(plugin, origin);
    const table = this.byKind.get(plugin.kind)!;
    if (table.has(plugin.name)) {
      throw new MoreauError(
        'E_DUPLICATE_PLUGIN',
        `A ${plugin.kind} named "${plugin.name}" is already registered${origin ? ` (registering ${origin})` : ''}. Give the plugin another name or load it once.`,
      );
    }
    table.set(plugin.name, plugin);
    return this;
  }

  has(kind: PluginKind, name: string): boolean {
    return this.byKind.get(kind)?.has(name) ?? false;
  }

  get<K extends PluginKind>(kind: K, name: string): Extract<AnyPlugin, { kind: K }> {
    const plugin = this.byKind.get(kind)?.get(name);
    if (!plugin) {
      const line = unknownPluginLine(kind, name, this.names(kind));
      throw new MoreauError('E_UNKNOWN_PLUGIN', `${line[0].toUpperCase()}${line.slice(1)}`);
    }
    return plugin as Extract<AnyPlugin, { kind: K }>;
  }

  names(kind: PluginKind): string[] {
    return [...(this.byKind.get(kind)?.keys() ?? [])].sort();
  }

  list(kind?: PluginKind): AnyPlugin[] {
    const kinds = kind ? [kind] : KINDS;
    return kinds.flatMap((k) => this.names(k).map((n) => this.byKind.get(k)!.get(n)!));
  }
}

function checkPluginShape(plugin: unknown, origin?: string): asserts plugin is AnyPlugin {
  const from = origin ? ` from ${origin}` : '';
  const p = plugin as Partial<AnyPlugin> | null;
  const problems: string[] = [];
  if (typeof p !== 'object' || p === null) {
    throw new MoreauError('E_PLUGIN_CONTRACT', `The plugin${from} is not an object (got ${p === null ? 'null' : typeof p}). A plugin package default-exports the object a define* helper of @moreau/core builds: ${Object.values(PLUGIN_KINDS).join(', ')}.`);
  }
  const kindProblem = pluginKindProblem(p);
  if (kindProblem) problems.push(kindProblem);
  if (typeof p.name !== 'string' || !/^[a-z0-9][a-z0-9-]*$/.test(p.name)) problems.push(`name must be a kebab-case string (got ${JSON.stringify(p.name)})`);
  if (typeof p.summary !== 'string') problems.push('summary must be a string');
  if (typeof p.create !== 'function') problems.push('create must be a function (options, ctx) => instance');
  if (typeof (p.options as { safeParse?: unknown } | undefined)?.safeParse !== 'function') problems.push('options must be a zod schema');
  if (p.kind === 'solver') {
    const s = (p as { supports?: Record<string, unknown> }).supports;
    if (typeof s !== 'object' || s === null || typeof s.warmStart !== 'boolean' || typeof s.friction !== 'boolean' || !['coulomb', 'relaxed', 'both'].includes(s.cone as string)) {
      problems.push("supports must be { warmStart: boolean, cone: 'coulomb' | 'relaxed' | 'both', friction: boolean }");
    }
    if (typeof s === 'object' && s !== null && s.rolling !== undefined && typeof s.rolling !== 'boolean') {
      problems.push(`supports.rolling must be a boolean when given (got ${JSON.stringify(s.rolling)})`);
    }
  }
  problems.push(...supportsProblems(p));
  if (problems.length) {
    throw new MoreauError('E_PLUGIN_CONTRACT', `The plugin${from} does not follow the contract:\n${problems.map((s) => `  - ${s}`).join('\n')}`);
  }
}
