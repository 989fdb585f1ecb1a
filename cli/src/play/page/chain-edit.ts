/** A link of a config's solver chain as the menus edit it. */
interface Link {
  name: string;
  options?: unknown;
  fallback?: Link;
  [key: string]: unknown;
}

/**
 * The config with the solver chain's first link (`depth` 0) or its fallback (`depth` 1) set to
 * the solver `name`; `undefined` removes the fallback. The link keeps its options when the
 * solver stays the same, and starts from the solver's defaults otherwise (options are
 * per solver); a link's own fallbacks stay. Everything else in the config is kept.
 */
export function withChainLink(config: Record<string, unknown>, depth: 0 | 1, name: string | undefined): Record<string, unknown> {
  const first = (config.solver ?? { name: 'gauss-seidel' }) as Link;
  if (depth === 0) return { ...config, solver: relink(first, name ?? first.name) };
  const { fallback, ...rest } = first;
  return { ...config, solver: name === undefined ? rest : { ...rest, fallback: relink(fallback, name) } };
}

function relink(link: Link | undefined, name: string): Link {
  if (link?.name === name) return link;
  const { name: _old, options: _options, ...rest } = link ?? { name };
  return { name, ...rest };
}

/** The names of the first link and of its fallback (undefined when there is none), as the menus show them. */
export function chainNames(config: Record<string, unknown>): [string | undefined, string | undefined] {
  const first = config.solver as Link | undefined;
  return [first?.name, first?.fallback?.name];
}
