import { copyFileSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';
import { runCli, tempFolder } from '../test/cli-harness.js';

// A plugin used from its own folder loads the @moreau/core installed there, a second copy beside
// the command's. The fixture's copy is core's compiled errors module (all the plugin imports),
// copied into the plugin's node_modules: its MoreauError is another class than the command's.

const compiledErrors = fileURLToPath(new URL('../../core/dist/contracts/errors.js', import.meta.url));

const separating = JSON.stringify({
  format: 'moreau-problem', version: 1, contacts: 1,
  W: { dense: [[2, 0, 0], [0, 1, 0], [0, 0, 1]] }, q: [1, 0.5, 0], mu: [0.3],
});

const copySolver = `import { MoreauError } from '@moreau/core';
export default {
  kind: 'solver', name: 'copy-solver', summary: 'a solver whose @moreau/core is a copy of its own',
  supports: { warmStart: false, cone: 'coulomb', friction: true },
  options: { safeParse: (x) => ({ success: true, data: x ?? {} }) },
  create: () => { throw new MoreauError('E_CONFIG', 'copy-solver: refused by the copy of core beside the plugin'); },
};
`;

/** A project folder with the plugin folder ./copy-solver, which has its own node_modules/@moreau/core. */
function projectWithCoreCopy(): { dir: string; copy: string } {
  const dir = realpathSync(tempFolder({ 'sep.json': separating, 'moreau.config.json': JSON.stringify({ plugins: ['./copy-solver'], solver: { name: 'gauss-seidel' } }) }));
  const plugin = join(dir, 'copy-solver');
  const copy = join(plugin, 'node_modules', '@moreau', 'core');
  mkdirSync(join(copy, 'dist', 'contracts'), { recursive: true });
  writeFileSync(join(copy, 'package.json'), JSON.stringify({
    name: '@moreau/core', version: '0.1.0', type: 'module', exports: { '.': './dist/contracts/errors.js', './package.json': './package.json' },
  }));
  copyFileSync(compiledErrors, join(copy, 'dist', 'contracts', 'errors.js'));
  writeFileSync(join(plugin, 'package.json'), JSON.stringify({ name: 'copy-solver', version: '0.1.0', type: 'module', main: 'index.js' }));
  writeFileSync(join(plugin, 'index.js'), copySolver);
  return { dir, copy };
}

let project: { dir: string; copy: string };

beforeAll(() => {
  expect(readFileSync(compiledErrors, 'utf8'), 'core/dist is older than core/src: run `npm run build`').toContain("Symbol.for('moreau.error')");
  project = projectWithCoreCopy();
});

describe('a MoreauError from a second copy of @moreau/core', () => {
  test('should be reported with its code and status 2, as a user error, not as an internal one', async () => {
    const run = await runCli(['solve', 'sep.json', '--solver', 'copy-solver'], project.dir);
    expect(run.stderr).toMatch(/^E_CONFIG: copy-solver: refused by the copy of core beside the plugin\n/);
    expect(run.stderr).not.toMatch(/internal error/);
    expect(run.code).toBe(2);
  });
});

describe('a plugin with its own copy of @moreau/core', () => {
  const warning = (command: string) => `moreau ${command}: plugin package "./copy-solver" loads its own copy of @moreau/core (${project.copy}), not the one running this command (`;

  test('should be named by moreau plugins, which still lists it, and no other plugin', async () => {
    const run = await runCli(['plugins'], project.dir);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(warning('plugins'));
    // The installed plugins found beside core use the running core.
    expect(run.stderr.match(/own copy of @moreau\/core/g)).toHaveLength(1);
    expect(run.stdout).toMatch(/\n {2}copy-solver — a solver whose @moreau\/core is a copy of its own\n/);
    expect(run.stdout).toMatch(/from packages: @moreau\/core, .*@moreau\/gauss-seidel/);
  });

  test('should be named by moreau conformance before it runs the suite', async () => {
    const run = await runCli(['conformance', './copy-solver'], project.dir);
    expect(run.stderr.startsWith(warning('conformance')), run.stderr).toBe(true);
    expect(run.stderr).toMatch(/\nE_CONFIG: copy-solver: refused by the copy of core beside the plugin\n/);
    expect(run.code).toBe(2);
  });

});

describe('moreau conformance on a plugin without a kind', () => {
  test('should say the kind is missing, list the kinds and name the helper of the kind it looks like', async () => {
    const dir = tempFolder({ 'brute-detector.js': "export default { name: 'brute-detector', summary: 's', options: {}, create: () => ({}) };\n" });
    const run = await runCli(['conformance', './brute-detector.js'], dir);
    expect(run.stderr).toBe('E_PLUGIN_CONTRACT: Plugin package "./brute-detector.js" exports a plugin that does not follow the contract: kind is missing; '
      + 'a plugin\'s kind is one of solver, merit, kinematics, detector, integrator, set by the define* helper that builds it: '
      + '"brute-detector" looks like a detector plugin: build it with defineDetector({...}) from @moreau/core.\n');
    expect(run.code).toBe(2);
  });
});
