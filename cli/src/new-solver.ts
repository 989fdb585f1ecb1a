import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMoreauError, makeFolder, MoreauError } from '@moreau/core';
import { parseCommandArgs } from './args.js';
import { EXIT, type CliIO } from './io.js';

export const newSolverHelp = `moreau new-solver <package-name> [--typescript] [--dir <parent>]

Creates a solver plugin package in <parent>/<folder>, the folder named after the
package (without its scope): package.json (keyword moreau-plugin, peer dependency on
@moreau/core), the manifest, the options schema, a working algorithm (projected
Jacobi: correct, simple and slow; the file to replace with yours), a test file
running the conformance suite (solverSuite), and a README. As created, it passes
\`npm test\` and \`moreau conformance .\`; docs/writing-a-solver.md explains every file.

  --typescript     TypeScript in src/, compiled to dist/ by \`npm run build\` (tsconfig.json);
                   without it, plain JavaScript modules with JSDoc types
  --dir <parent>   where to create the package folder (default: the current folder;
                   created if missing)

<package-name> follows npm's rules (lowercase letters, digits, - . _; "@scope/name").
The solver's name is the package name without its scope and a leading "moreau-":
moreau-my-solver and @lab/my-solver both give the solver "my-solver".
The package folder must not exist, or be empty.

Exit status: 0 created, 2 user error (a bad name, an occupied folder).`;

/** The names in the templates, which are a complete example package: each becomes the new package's. */
const TEMPLATE = { packageName: 'moreau-projected-jacobi', pluginName: 'projected-jacobi', className: 'ProjectedJacobi' } as const;

/** cli/templates/, from src/ (tests) and dist/ (the command) alike. */
const TEMPLATES_DIR = fileURLToPath(new URL('../templates/', import.meta.url));

/** A new package's names: what npm calls it, what users write in `solver: { name }`, the algorithm's class, its folder. */
export interface SolverNames {
  packageName: string;
  pluginName: string;
  className: string;
  folder: string;
}

/**
 * Checks a package name against npm's rules for new packages (those of
 * validate-npm-package-name) and derives the other names from it.
 * @throws MoreauError E_USAGE naming the rule broken
 */
export function solverNames(packageName: string): SolverNames {
  const refuse = (why: string) => new MoreauError('E_USAGE', `"${packageName}" cannot be the name of an npm package: ${why}. See \`moreau new-solver --help\`.`);
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
    throw new MoreauError('E_USAGE', `"${packageName}" leaves no solver name (the package name without its scope and a leading "moreau-" must start with a letter or digit). Try "moreau-<solver>".`);
  }
  const pascal = pluginName.split('-').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
  const className = /^[0-9]/.test(pascal) ? `Solver${pascal}` : pascal;
  return { packageName, pluginName, className, folder };
}

/** One file of a template: its path with `/` separators, and its text. */
interface TemplateFile {
  path: string;
  text: string;
}

function templateFiles(kind: 'typescript' | 'javascript'): TemplateFile[] {
  const base = join(TEMPLATES_DIR, kind);
  return (readdirSync(base, { recursive: true }) as string[])
    .filter((p) => statSync(join(base, p)).isFile())
    .map((p) => ({ path: p.split(sep).join('/'), text: readFileSync(join(base, p), 'utf8') }));
}

/**
 * Replaces the template's names in one pass, so a new name that contains an old one is not
 * replaced twice; the package name comes first, as it contains the plugin's.
 */
function renamer(names: SolverNames): (text: string) => string {
  const map: Record<string, string> = { [TEMPLATE.packageName]: names.packageName, [TEMPLATE.pluginName]: names.pluginName, [TEMPLATE.className]: names.className };
  const pattern = new RegExp(Object.keys(map).join('|'), 'g'); // letters and hyphens only: nothing to escape
  return (text) => text.replace(pattern, (m) => map[m]);
}

/**
 * The template's files under the new names. npm never packs a file named `.gitignore`, so
 * the templates hold it as `gitignore`. A name that would make the algorithm's file or class
 * clash with another file or identifier of the template is refused.
 */
function renderedFiles(names: SolverNames, typescript: boolean): TemplateFile[] {
  const files = templateFiles(typescript ? 'typescript' : 'javascript');
  const rename = renamer(names);
  const taken = new Set(files.filter((f) => !f.path.includes(TEMPLATE.pluginName)).map((f) => f.path.replace(/^.*\//, '').replace(/\..*$/, '')));
  const identifiers = new Set(files.filter((f) => /\.(ts|js)$/.test(f.path)).flatMap((f) => f.text.match(/\b[A-Z][A-Za-z0-9]*\b/g) ?? []));
  if (taken.has(names.pluginName) || (identifiers.has(names.className) && names.className !== TEMPLATE.className)) {
    throw new MoreauError('E_USAGE', `The solver name "${names.pluginName}" (class ${names.className}) would clash with a file or a type of the package it starts from; choose another name.`);
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

/**
 * Writes the package into `<parent>/<folder>`: first into a temporary folder beside it,
 * then renamed into place, so a failure leaves nothing half-written.
 * @returns the package folder and its files, in order
 */
export function scaffoldSolver(packageName: string, opts: { parent: string; typescript: boolean }): { dir: string; files: string[]; names: SolverNames } {
  const names = solverNames(packageName);
  const dir = resolve(opts.parent, names.folder);
  checkTarget(dir);
  const files = renderedFiles(names, opts.typescript);
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

export async function newSolverCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs('new-solver', args, { typescript: { type: 'boolean' }, dir: { type: 'string' } });
  if (positionals.length !== 1) throw new MoreauError('E_USAGE', `moreau new-solver expects one package name, got ${positionals.length}.\n\n${newSolverHelp}`);
  const typescript = Boolean(values.typescript);
  const { dir, files, names } = scaffoldSolver(positionals[0], { parent: resolve(io.cwd, (values.dir as string | undefined) ?? '.'), typescript });
  const where = relative(io.cwd, dir) || '.';
  const algorithm = files.find((f) => f.endsWith(`${names.pluginName}.${typescript ? 'ts' : 'js'}`));
  io.out([
    `Created ${where}${sep}: package ${names.packageName}, solver "${names.pluginName}" (${typescript ? 'TypeScript' : 'JavaScript'})`,
    ...files.map((f) => `  ${f}`),
    '',
    `Its algorithm is projected Jacobi (correct, simple, slow): put yours in ${algorithm}.`,
    'Next:',
    `  cd ${where}`,
    '  npm install',
    `  npm test                     # ${typescript ? 'compiles to dist/, then runs' : 'runs'} the conformance suite (vitest)`,
    '  npx moreau conformance .     # the same suite, one line per property',
    'Before the @moreau packages are on the npm registry, install them from a checkout: docs/writing-a-solver.md §7.',
  ].join('\n'));
  return EXIT.converged;
}
