import { relative, resolve, sep } from 'node:path';
import { didYouMean, MoreauError, type PluginKind } from '@moreau/core';
import { parseCommandArgs } from './args.js';
import { EXIT, type CliIO } from './io.js';
import { PLUGIN_TEMPLATES, TEMPLATE_KINDS } from './new-plugin/kinds.js';
import { scaffoldPlugin } from './new-plugin/scaffold.js';

export const newPluginHelp = `moreau new-plugin --kind <kind> <package-name> [--typescript] [--dir <parent>]

Creates a plugin package of one kind in <parent>/<folder>, the folder named after the
package (without its scope): package.json (keyword moreau-plugin, peer dependency on
@moreau/core), the manifest, the options schema, a working algorithm (correct and
simple: the file to replace with yours), a test file running the kind's conformance
suite, and a README. As created, it passes \`npm test\` and \`moreau conformance .\`.

  --kind <kind>    what the plugin is, and the algorithm its package starts from:
${TEMPLATE_KINDS.map((k) => `                     ${k.padEnd(11)}${PLUGIN_TEMPLATES[k].algorithm}`).join('\n')}
  --typescript     TypeScript in src/, compiled to dist/ by \`npm run build\` (tsconfig.json);
                   without it, plain JavaScript modules with JSDoc types
  --dir <parent>   where to create the package folder (default: the current folder;
                   created if missing)

<package-name> follows npm's rules (lowercase letters, digits, - . _; "@scope/name").
The plugin's name is the package name without its scope and a leading "moreau-":
moreau-my-detector and @lab/my-detector both give the detector "my-detector".
The package folder must not exist, or be empty. \`moreau new-solver <package-name>\` is
\`moreau new-plugin --kind solver <package-name>\`.

Each kind's guide explains every file and ties each obligation of its contract to the
conformance property that checks it:
${TEMPLATE_KINDS.map((k) => `  ${PLUGIN_TEMPLATES[k].guide}`).join('\n')}

Exit status: 0 created, 2 user error (a bad kind or name, an occupied folder).`;

/** `--kind`: one of the kinds, or E_USAGE naming them (and the closest, for a misspelt one). */
export function kindArg(value: string | boolean | undefined): PluginKind {
  const kinds = [...TEMPLATE_KINDS];
  if (value === undefined) throw new MoreauError('E_USAGE', `moreau new-plugin needs --kind, one of ${kinds.join(', ')}. See \`moreau new-plugin --help\`.`);
  const kind = String(value);
  if ((kinds as string[]).includes(kind)) return kind as PluginKind;
  throw new MoreauError('E_USAGE', `moreau new-plugin: unknown kind "${kind}"; known kinds: ${kinds.join(', ')}${didYouMean('kind', kind, kinds)}`);
}

export async function newPluginCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs('new-plugin', args, { kind: { type: 'string' }, typescript: { type: 'boolean' }, dir: { type: 'string' } });
  const kind = kindArg(values.kind);
  if (positionals.length !== 1) throw new MoreauError('E_USAGE', `moreau new-plugin expects one package name, got ${positionals.length}.\n\n${newPluginHelp}`);
  return createPackage(kind, positionals[0], { typescript: Boolean(values.typescript), dir: values.dir as string | undefined }, io);
}

/** Writes the package and says what was written and what to do next (`new-plugin` and `new-solver` alike). */
export function createPackage(kind: PluginKind, packageName: string, opts: { typescript: boolean; dir?: string }, io: CliIO): number {
  const { typescript } = opts;
  const { dir, files, names } = scaffoldPlugin(kind, packageName, { parent: resolve(io.cwd, opts.dir ?? '.'), typescript });
  const where = relative(io.cwd, dir) || '.';
  const template = PLUGIN_TEMPLATES[kind];
  const algorithm = files.find((f) => f.endsWith(`${names.pluginName}.${typescript ? 'ts' : 'js'}`));
  io.out([
    `Created ${where}${sep}: package ${names.packageName}, ${kind} "${names.pluginName}" (${typescript ? 'TypeScript' : 'JavaScript'})`,
    ...files.map((f) => `  ${f}`),
    '',
    `Its algorithm is ${template.algorithm}: put yours in ${algorithm}.`,
    'Next:',
    `  cd ${where}`,
    '  npm install',
    `  npm test                     # ${typescript ? 'compiles to dist/, then runs' : 'runs'} the conformance suite (vitest)`,
    '  npx moreau conformance .     # the same suite, one line per property',
    kind === 'solver'
      ? 'Before the @moreau packages are on the npm registry, install them from a checkout: docs/writing-a-solver.md §7.'
      : `${template.guide} explains every file. Before the @moreau packages are on the npm registry, install them from a checkout: docs/writing-a-solver.md §7.`,
  ].join('\n'));
  return EXIT.converged;
}
