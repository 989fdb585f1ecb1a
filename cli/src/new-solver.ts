import { MoreauError } from '@moreau/core';
import { parseCommandArgs } from './args.js';
import type { CliIO } from './io.js';
import { createPackage } from './new-plugin.js';
import { pluginNames, scaffoldPlugin, type PluginNames, type ScaffoldedPackage } from './new-plugin/scaffold.js';

export const newSolverHelp = `moreau new-solver <package-name> [--typescript] [--dir <parent>]

Creates a solver plugin package in <parent>/<folder>, the folder named after the
package (without its scope): package.json (keyword moreau-plugin, peer dependency on
@moreau/core), the manifest, the options schema, a working algorithm (projected
Jacobi: correct, simple and slow; the file to replace with yours), a test file
running the conformance suite (solverSuite), and a README. As created, it passes
\`npm test\` and \`moreau conformance .\`; docs/writing-a-solver.md explains every file.
The same as \`moreau new-plugin --kind solver\`; \`moreau new-plugin --help\` lists the
other kinds (detector, kinematics, integrator, merit).

  --typescript     TypeScript in src/, compiled to dist/ by \`npm run build\` (tsconfig.json);
                   without it, plain JavaScript modules with JSDoc types
  --dir <parent>   where to create the package folder (default: the current folder;
                   created if missing)

<package-name> follows npm's rules (lowercase letters, digits, - . _; "@scope/name").
The solver's name is the package name without its scope and a leading "moreau-":
moreau-my-solver and @lab/my-solver both give the solver "my-solver".
The package folder must not exist, or be empty.

Exit status: 0 created, 2 user error (a bad name, an occupied folder).`;

/** A new solver package's names (see `pluginNames`). */
export type SolverNames = PluginNames;

/**
 * Checks a package name against npm's rules and derives the solver's names from it.
 * @throws MoreauError E_USAGE naming the rule broken
 */
export function solverNames(packageName: string): SolverNames {
  return pluginNames('solver', packageName);
}

/** Writes a solver package into `<parent>/<folder>` (see `scaffoldPlugin`). */
export function scaffoldSolver(packageName: string, opts: { parent: string; typescript: boolean }): ScaffoldedPackage {
  return scaffoldPlugin('solver', packageName, opts);
}

export async function newSolverCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs('new-solver', args, { typescript: { type: 'boolean' }, dir: { type: 'string' } });
  if (positionals.length !== 1) throw new MoreauError('E_USAGE', `moreau new-solver expects one package name, got ${positionals.length}.\n\n${newSolverHelp}`);
  return createPackage('solver', positionals[0], { typescript: Boolean(values.typescript), dir: values.dir as string | undefined }, io);
}
