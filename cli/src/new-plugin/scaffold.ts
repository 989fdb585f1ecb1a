import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMoreauError, makeFolder, MoreauError, type PluginKind } from '@moreau/core';
import { PLUGIN_TEMPLATES, type PluginTemplate } from './kinds.js';

/** cli/templates/, from src/new-plugin/ (tests) and dist/new-plugin/ (the command) alike. */
const TEMPLATES_DIR = fileURLToPath(new URL('../../templates/', import.meta.url));

/** A new package's names: what npm calls it, what users write in a config, the algorithm's class, its folder. */
export interface PluginNames {
  packageName: string;
  pluginName: string;
  className: string;
  folder: string;
}

/** The command whose help a refused name points to: `new-solver` kept its own. */
const helpOf = (kind: PluginKind) => (kind === 'solver' ? 'moreau new-solver --help' : 'moreau new-plugin --help');

/**
 * Checks a package name against npm's rules for new packages (those of
 * validate-npm-package-name) and derives the other names from it: the plugin's name is the
 * package name without its scope and a leading "moreau-" (or "moreau-plugin-").
 * @throws MoreauError E_USAGE naming the rule broken
 */
export function pluginNames(kind: PluginKind, packageName: string): PluginNames {
  const refuse = (why: string) => new MoreauError('E_USAGE', `"${packageName}" cannot be the name of an npm package: ${why}. See \`${helpOf(kind)}\`.`);
  if (packageName.length === 0 || packageName.length > 214) throw refuse('a name has 1 to 214 characters');
  if (packageName.trim() !== packageName) throw refuse('it has leading or trailing spaces');
  if (packageName.toLowerCase() !== packageName) throw refuse('npm names are lowercase');
  const scoped = /^@([^/]+)\/([^/]+)$/.exec(packageName);
  if (packageName.startsWith('@') && !scoped) throw refuse('a scoped name is "@scope/name"');
  const folder = scoped ? scoped[2] : packageName;
  for (const part of scoped ? [scoped[1], scoped[2]] : [packageName]) {
    if (part.startsWith('.') || part.startsWith('_')) throw refuse('a name cannot start with "." or "_"');
    if (encodeURIComponent(part) !== part || /[~'!()*]/.test(part)) throw refuse('only letters, digits, "-", "." and "_" are allowed');
  }
  if (['node_modules', 'favicon.ico'].includes(packageName) || builtinModules.includes(packageName)) throw refuse('the name is reserved (a Node.js module or an npm folder)');

  const pluginName = folder.replace(/^moreau-(plugin-)?/, '').replace(/[._]/g, '-');
  if (!/^[a-z0-9][a-z0-9-]*$/.test(pluginName)) {
    throw new MoreauError('E_USAGE', `"${packageName}" leaves no ${kind} name (the package name without its scope and a leading "moreau-" must start with a letter or digit). Try "moreau-<${kind}>".`);
  }
  const pascal = pluginName.split('-').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
  // A class name cannot start with a digit: the kind goes first (Solver3dGs, Detector2Phase).
  const className = /^[0-9]/.test(pascal) ? `${kind.charAt(0).toUpperCase()}${kind.slice(1)}${pascal}` : pascal;
  return { packageName, pluginName, className, folder };
}

/** One file of a template: its path with `/` separators, and its text. */
interface TemplateFile {
  path: string;
  text: string;
}

function templateFiles(kind: PluginKind, language: 'typescript' | 'javascript'): TemplateFile[] {
  const base = join(TEMPLATES_DIR, kind, language);
  return (readdirSync(base, { recursive: true }) as string[])
    .filter((p) => statSync(join(base, p)).isFile())
    .map((p) => ({ path: p.split(sep).join('/'), text: readFileSync(join(base, p), 'utf8') }));
}

/**
 * Replaces the template's names in one pass, so a new name that contains an old one is not
 * replaced twice; the package name comes first, as it contains the plugin's.
 */
function renamer(template: PluginTemplate, names: PluginNames): (text: string) => string {
  const map: Record<string, string> = { [template.packageName]: names.packageName, [template.pluginName]: names.pluginName, [template.className]: names.className };
  const pattern = new RegExp(Object.keys(map).join('|'), 'g'); // letters and hyphens only: nothing to escape
  return (text) => text.replace(pattern, (m) => map[m]);
}

/**
 * The template's files under the new names. npm never packs a file named `.gitignore`, so
 * the templates hold it as `gitignore`. A name that would make the algorithm's file or class
 * clash with another file or identifier of the template is refused.
 */
function renderedFiles(kind: PluginKind, names: PluginNames, typescript: boolean): TemplateFile[] {
  const template = PLUGIN_TEMPLATES[kind];
  const files = templateFiles(kind, typescript ? 'typescript' : 'javascript');
  const rename = renamer(template, names);
  const taken = new Set(files.filter((f) => !f.path.includes(template.pluginName)).map((f) => f.path.replace(/^.*\//, '').replace(/\..*$/, '')));
  const identifiers = new Set(files.filter((f) => /\.(ts|js)$/.test(f.path)).flatMap((f) => f.text.match(/\b[A-Z][A-Za-z0-9]*\b/g) ?? []));
  if (taken.has(names.pluginName) || (identifiers.has(names.className) && names.className !== template.className)) {
    throw new MoreauError('E_USAGE', `The ${kind} name "${names.pluginName}" (class ${names.className}) would clash with a file or a type of the package it starts from; choose another name.`);
  }
  return files
    .map((f) => ({ path: rename(f.path === 'gitignore' ? '.gitignore' : f.path), text: rename(f.text) }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** A folder that does not exist or is empty; anything else is refused before a file is written. */
function checkTarget(target: string): void {
  const stat = statSync(target, { throwIfNoEntry: false });
  if (!stat) return;
  if (!stat.isDirectory()) throw new MoreauError('E_USAGE', `${target} exists and is not a folder; choose another name or --dir.`, { file: target });
  if (readdirSync(target).length > 0) throw new MoreauError('E_USAGE', `${target} exists and is not empty; choose another name or --dir, or empty the folder.`, { file: target });
}

/** A package written by `scaffoldPlugin`: its folder, its files in order, its names. */
export interface ScaffoldedPackage {
  dir: string;
  files: string[];
  names: PluginNames;
}

/**
 * Writes a plugin package of `kind` into `<parent>/<folder>`: first into a temporary folder
 * beside it, then renamed into place, so a failure leaves nothing half-written.
 */
export function scaffoldPlugin(kind: PluginKind, packageName: string, opts: { parent: string; typescript: boolean }): ScaffoldedPackage {
  const names = pluginNames(kind, packageName);
  const dir = resolve(opts.parent, names.folder);
  checkTarget(dir);
  const files = renderedFiles(kind, names, opts.typescript);
  let staging: string | undefined;
  try {
    makeFolder(opts.parent);
    staging = mkdtempSync(join(opts.parent, `.${names.folder}-`));
    for (const f of files) {
      const path = join(staging, ...f.path.split('/'));
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, f.text);
    }
    if (existsSync(dir)) rmdirSync(dir); // empty: checked above
    renameSync(staging, dir);
  } catch (e) {
    if (staging) rmSync(staging, { recursive: true, force: true });
    // makeFolder's own error already says which folder and why.
    if (isMoreauError(e)) throw e;
    const code = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    throw new MoreauError('E_FILE_IO', `Could not create ${dir} (${code}).`, { file: dir }, { cause: e });
  }
  return { dir, files: files.map((f) => f.path), names };
}
