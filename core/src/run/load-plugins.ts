import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, resolve as resolvePath } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyPlugin } from '../contracts/plugin.js';
import { isMoreauError, MoreauError } from '../contracts/errors.js';
import { defineHelperAdvice, isPluginKind, pluginKindProblem, pluginOfKind } from '../contracts/plugin-kind.js';
import { createRegistry } from './builtins.js';
import { installedPackageDir } from './package-folders.js';
import type { PluginRegistry } from './registry.js';

/** Packages that declare this keyword in package.json are found without being listed in a config. */
export const PLUGIN_KEYWORD = 'moreau-plugin';

/**
 * The installed plugin packages: every `node_modules/@moreau/*` (and any other
 * scoped or plain package found there) whose package.json lists the keyword
 * `moreau-plugin`, searched from `fromDir` upwards and from core's own location.
 * @returns package names, sorted
 */
export function discoverPluginPackages(fromDir: string): string[] {
  const found = new Set<string>();
  const here = dirname(fileURLToPath(import.meta.url));
  for (const start of [fromDir, here]) {
    for (let dir = resolvePath(start); ; dir = dirname(dir)) {
      const nm = join(dir, 'node_modules');
      if (existsSync(nm)) for (const name of pluginPackagesIn(nm)) found.add(name);
      if (dirname(dir) === dir) break;
    }
  }
  return [...found].sort();
}

/** The plugin packages directly in one node_modules folder: scoped ones (`@scope/pkg`, `@moreau` first) and plain ones (`pkg`). */
function pluginPackagesIn(nodeModules: string): string[] {
  const names: string[] = [];
  const entries = readdirSync(nodeModules);
  const scopes = entries.filter((d) => d.startsWith('@'));
  for (const scope of ['@moreau', ...scopes.filter((s) => s !== '@moreau')]) {
    const dir = join(nodeModules, scope);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) continue;
    for (const pkg of readdirSync(dir)) {
      if (hasPluginKeyword(join(dir, pkg, 'package.json'))) names.push(`${scope}/${pkg}`);
    }
  }
  // Plain packages; `.bin`, `.package-lock.json` and the like are npm's own, never packages.
  for (const pkg of entries) {
    if (pkg.startsWith('@') || pkg.startsWith('.')) continue;
    if (hasPluginKeyword(join(nodeModules, pkg, 'package.json'))) names.push(pkg);
  }
  return names;
}

function hasPluginKeyword(packageJson: string): boolean {
  try {
    const pkg = JSON.parse(readFileSync(packageJson, 'utf8')) as { keywords?: unknown };
    return Array.isArray(pkg.keywords) && pkg.keywords.includes(PLUGIN_KEYWORD);
  } catch {
    return false;
  }
}

/**
 * Imports a plugin package by name (resolved from `baseDir`) or by path (a
 * package folder or a module file), and returns its default export (or its
 * `plugins` array export, for packages that provide several). E_PLUGIN_CONTRACT
 * when it exports no plugin there, or one without a valid kind (the rest of the
 * shape is the registry's to check).
 */
export async function importPluginPackage(spec: string, baseDir: string): Promise<AnyPlugin[]> {
  let mod: Record<string, unknown>;
  try {
    mod = (await importModule(spec, baseDir)) as typeof mod;
  } catch (e) {
    if (isMoreauError(e)) throw e;
    // The package was found, but importing it failed: a dependency of its own is missing, or its module threw.
    // That is a load error, not a broken contract (the contract is checked on what it exports).
    const code = (e as { code?: string })?.code;
    const message = (e as Error)?.message ?? String(e);
    const missing = code === 'ERR_MODULE_NOT_FOUND' || /cannot find (package|module)/i.test(message);
    const why = code === 'ERR_UNKNOWN_FILE_EXTENSION' && TYPESCRIPT_FILE.test(message)
      ? `it is TypeScript, and Moreau loads compiled JavaScript: ${BUILD_HINT}`
      : missing ? 'a module it imports cannot be found (install its dependencies)' : 'its module threw while loading';
    throw new MoreauError('E_PLUGIN_LOAD', `Could not load plugin package "${spec}": ${why}: ${message}`, { file: spec }, { cause: e });
  }
  const exported = Array.isArray(mod.plugins) ? mod.plugins : [mod.default];
  if (exported.length === 0 || (!Array.isArray(mod.plugins) && mod.default === undefined)) {
    throw new MoreauError('E_PLUGIN_CONTRACT', noPluginExported(spec, mod), { file: spec });
  }
  // The kind says which contract the rest follows (the registry checks that): without one, a plugin
  // would be passed over by every command as "not a solver", "no suite for its kind".
  for (const plugin of exported) {
    const problem = typeof plugin !== 'object' || plugin === null
      ? `it is ${plugin == null ? String(plugin) : `a ${typeof plugin}`}, not a plugin object; ${defineHelperAdvice(plugin)}`
      : pluginKindProblem(plugin);
    if (problem) throw new MoreauError('E_PLUGIN_CONTRACT', `Plugin package "${spec}" exports a plugin that does not follow the contract: ${problem}.`, { file: spec });
  }
  return exported as AnyPlugin[];
}

/**
 * Why a module gives no plugin where Moreau looks (its default export, or an array exported as
 * `plugins`), naming a plugin it exports under another name (a one-line fix) or the helpers
 * that build one.
 */
function noPluginExported(spec: string, mod: Record<string, unknown>): string {
  const where = `Plugin package "${spec}" exports no plugin where Moreau looks for one (its default export, or an array exported as "plugins")`;
  if (Array.isArray(mod.plugins)) return `${where}: its "plugins" array is empty.`;
  const named = Object.keys(mod).filter((k) => k !== 'default' && typeof (mod[k] as { create?: unknown } | null)?.create === 'function');
  if (named.length === 0) return `${where}, nor under another name. Default-export the plugin; ${defineHelperAdvice(undefined)}.`;
  const what = named.map((k) => {
    const kind = (mod[k] as { kind?: unknown }).kind;
    return `"${k}" (${isPluginKind(kind) ? pluginOfKind(kind) : `no kind: ${defineHelperAdvice(mod[k])}`})`;
  });
  return `${where}. It exports ${what.join(', ')} under another name: ${named.length === 1 ? `export default ${named[0]}` : `export const plugins = [${named.join(', ')}]`}.`;
}

/** A TypeScript source named in an error message (Node does not run these without a loader). */
const TYPESCRIPT_FILE = /\.(ts|mts|cts|tsx)\b/;

/** What to do when a plugin's compiled output is missing or its entry is a TypeScript source. */
const BUILD_HINT = 'build the plugin first (`npm run build` in its package folder), and point "exports" in its package.json at the compiled .js (e.g. "./dist/index.js"), not at a .ts file';

/** A package folder whose entry file is missing: almost always a TypeScript plugin that was not built. */
function missingEntryError(spec: string, entry: string): MoreauError {
  return new MoreauError('E_PLUGIN_LOAD',
    `Could not load plugin package "${spec}": its entry ${entry} does not exist. Moreau loads compiled JavaScript: ${BUILD_HINT}.`, { file: spec });
}

/**
 * A package name is first imported as a bare specifier from core's own location,
 * so the running tool's resolution conditions apply (sources under the test
 * runner, compiled output under node); then from `baseDir`, for packages
 * installed beside a config file but not beside core.
 */
async function importModule(spec: string, baseDir: string): Promise<unknown> {
  const isPath = spec.startsWith('.') || isAbsolute(spec);
  if (isPath) return import(resolvePathModule(spec, baseDir));
  try {
    return await import(spec);
  } catch (e) {
    if (!isNotFound(e, spec)) throw e;
  }
  let resolved: string;
  try {
    resolved = createRequire(join(baseDir, 'noop.js')).resolve(spec);
  } catch {
    // Installed, yet unresolvable: its entry file is missing (an unbuilt TypeScript plugin), which "not installed" would hide.
    const installed = installedPackageDir(spec, [baseDir, dirname(fileURLToPath(import.meta.url))]);
    if (installed) {
      const entry = packageEntry(installed, spec);
      if (!existsSync(entry)) throw missingEntryError(spec, entry);
    }
    throw new MoreauError('E_UNKNOWN_PLUGIN', `Plugin package "${spec}" is not installed (looked from ${baseDir}). Install it with npm, or give a path.`, { file: spec });
  }
  return import(pathToFileURL(resolved).href);
}

function isNotFound(e: unknown, spec: string): boolean {
  const err = e as { code?: string; message?: string };
  return err?.code === 'ERR_MODULE_NOT_FOUND' ? String(err.message).includes(spec) : /cannot find (package|module)|failed to (load|resolve)/i.test(String(err?.message)) && String(err?.message).includes(spec);
}

function resolvePathModule(spec: string, baseDir: string): string {
  const target = resolvePath(baseDir, spec);
  if (!existsSync(target)) throw new MoreauError('E_FILE_IO', `Plugin path "${spec}" does not exist (resolved to ${target}).`, { file: spec });
  if (!statSync(target).isDirectory()) return pathToFileURL(target).href;
  const entry = packageEntry(target, spec);
  if (!existsSync(entry)) throw missingEntryError(spec, entry);
  return pathToFileURL(entry).href;
}

/** The entry file of a package folder: its exports["."] (import/default condition) or main, else index.js. */
function packageEntry(dir: string, spec: string): string {
  const pj = join(dir, 'package.json');
  if (!existsSync(pj)) {
    const index = join(dir, 'index.js');
    if (existsSync(index)) return index;
    throw new MoreauError('E_PLUGIN_CONTRACT', `Plugin folder "${spec}" has neither package.json nor index.js.`, { file: spec });
  }
  const pkg = JSON.parse(readFileSync(pj, 'utf8')) as { exports?: unknown; main?: string };
  const pick = (e: unknown): string | undefined => {
    if (typeof e === 'string') return e;
    if (e && typeof e === 'object') {
      const o = e as Record<string, unknown>;
      if ('.' in o) return pick(o['.']);
      return pick(o.import) ?? pick(o.default) ?? pick(o.node);
    }
    return undefined;
  };
  const entry = pick(pkg.exports) ?? pkg.main ?? 'index.js';
  return join(dir, entry);
}

/**
 * Registers the installed plugin packages and the extra ones named (by package or path).
 * A package listed twice is loaded once.
 * @returns the package specifiers loaded
 */
export async function loadPlugins(registry: PluginRegistry, opts: { baseDir: string; extra?: string[]; discover?: boolean }): Promise<string[]> {
  const specs = [...(opts.discover === false ? [] : discoverPluginPackages(opts.baseDir)), ...(opts.extra ?? [])];
  const loaded: string[] = [];
  for (const spec of new Set(specs)) {
    for (const plugin of await importPluginPackage(spec, opts.baseDir)) {
      // The same module reached twice (installed and listed by path) is registered once.
      if (registry.has(plugin?.kind, plugin?.name) && registry.get(plugin.kind, plugin.name) === plugin) continue;
      registry.register(plugin, spec);
    }
    loaded.push(spec);
  }
  return loaded;
}

/**
 * The registry a command runs with: core's built-in merits, every installed plugin package found
 * from `baseDir` (and from core's location), and the packages a config lists under `plugins`.
 * @returns the registry and the package specifiers loaded
 */
export async function openRegistry(opts: { baseDir: string; extra?: string[]; discover?: boolean }): Promise<{ registry: PluginRegistry; packages: string[] }> {
  const registry = createRegistry();
  const packages = await loadPlugins(registry, opts);
  return { registry, packages };
}
