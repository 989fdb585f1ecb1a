import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { otherCoreCopy } from './core-copy.js';
import { discoverPluginPackages, importPluginPackage, loadPlugins, PLUGIN_KEYWORD } from './load-plugins.js';
import { PluginRegistry } from './registry.js';

/**
 * Discovery reads package.json files in node_modules folders; these tests build
 * a small node_modules tree in a temporary folder (outside any workspace), so
 * nothing is installed and nothing is fetched.
 */

/** A plugin module that needs no import: a plain object of the solver plugin shape. */
function solverModule(name: string): string {
  return `export default {
  kind: 'solver', name: ${JSON.stringify(name)}, summary: 'fixture for discovery',
  supports: { warmStart: false, cone: 'coulomb', friction: true },
  options: { safeParse: (x) => ({ success: true, data: x ?? {} }) },
  create: () => ({ name: ${JSON.stringify(name)}, solve: () => { throw new Error('not for solving'); } }),
};
`;
}

function writePackage(nodeModules: string, name: string, keywords: unknown, entry?: string, exportsPath = './index.js'): string {
  const dir = join(nodeModules, ...name.split('/'));
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, version: '0.1.0', type: 'module', keywords, exports: { '.': { types: exportsPath.replace(/\.js$/, '.d.ts'), default: exportsPath } } }));
  if (entry !== undefined) {
    mkdirSync(join(dir, exportsPath, '..'), { recursive: true });
    writeFileSync(join(dir, exportsPath), entry);
  }
  return dir;
}

let root: string;
let project: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'moreau-discovery-'));
  project = join(root, 'project');
  const nm = join(project, 'node_modules');
  writePackage(nm, '@acme/scoped-solver', [PLUGIN_KEYWORD], solverModule('acme-scoped'));
  writePackage(nm, 'plain-solver', ['contact', PLUGIN_KEYWORD], solverModule('plain-one'));
  writePackage(nm, 'plain-library', ['contact', 'mechanics']);
  writePackage(nm, '@acme/no-keywords', undefined);
  writePackage(nm, 'keyword-not-a-list', PLUGIN_KEYWORD);
  // npm's own entries and unreadable manifests are skipped, not fatal.
  mkdirSync(join(nm, '.bin'), { recursive: true });
  writeFileSync(join(nm, '.package-lock.json'), '{}');
  mkdirSync(join(nm, 'broken-manifest'), { recursive: true });
  writeFileSync(join(nm, 'broken-manifest', 'package.json'), '{ not json');
  writeFileSync(join(nm, 'stray-file.txt'), 'not a package');
  // A package installed one folder up (a parent project) is found from the child too.
  writePackage(join(root, 'node_modules'), 'parent-solver', [PLUGIN_KEYWORD], solverModule('parent-one'));
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('discoverPluginPackages', () => {
  test('should find scoped and unscoped packages that list the keyword, and only those', () => {
    const found = discoverPluginPackages(project);
    expect(found).toEqual(expect.arrayContaining(['@acme/scoped-solver', 'plain-solver', 'parent-solver']));
    for (const name of ['plain-library', '@acme/no-keywords', 'keyword-not-a-list', 'broken-manifest', '.bin', 'stray-file.txt']) {
      expect(found).not.toContain(name);
    }
  });

  test('should also find the packages installed beside core, sorted and without repeats', () => {
    const found = discoverPluginPackages(project);
    // Core's own workspace installs the built-in plugins under @moreau.
    expect(found).toContain('@moreau/gauss-seidel');
    expect(found).toEqual([...new Set(found)].sort());
  });

  test('should not see a parent project from a sibling folder', () => {
    const sibling = join(root, 'elsewhere');
    mkdirSync(sibling, { recursive: true });
    const found = discoverPluginPackages(sibling);
    expect(found).toContain('parent-solver');
    expect(found).not.toContain('plain-solver');
    expect(found).not.toContain('@acme/scoped-solver');
  });
});

describe('loadPlugins with discovered names', () => {
  test('should import and register an unscoped and a scoped package from the project folder', async () => {
    const names = discoverPluginPackages(project).filter((n) => !n.startsWith('@moreau/'));
    const registry = new PluginRegistry();
    const loaded = await loadPlugins(registry, { baseDir: project, extra: names, discover: false });
    expect(loaded).toEqual(names);
    expect(registry.names('solver')).toEqual(['acme-scoped', 'parent-one', 'plain-one']);
  });
});

/** A TypeScript plugin as its author has it before `npm run build`: package.json points at dist/, which does not exist yet. */
function unbuiltPackage(nodeModules: string, name: string): string {
  const dir = writePackage(nodeModules, name, [PLUGIN_KEYWORD], undefined, './dist/index.js');
  mkdirSync(join(dir, 'src'), { recursive: true });
  writeFileSync(join(dir, 'src', 'index.ts'), solverModule('unbuilt'));
  return dir;
}

describe('plugins that Node cannot load as they are', () => {
  test('should say how to build a plugin folder whose compiled entry is missing', async () => {
    const dir = unbuiltPackage(join(root, 'authoring'), 'my-ts-solver');
    const error = await importPluginPackage(dir, root).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'E_PLUGIN_LOAD' });
    expect(String((error as Error).message)).toContain(join(dir, 'dist', 'index.js'));
    expect(String((error as Error).message)).toContain('npm run build');
  });

  test('should call an installed but unbuilt package unbuilt, not "not installed"', async () => {
    unbuiltPackage(join(project, 'node_modules'), 'installed-unbuilt');
    const error = await importPluginPackage('installed-unbuilt', project).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'E_PLUGIN_LOAD' });
    expect(String((error as Error).message)).toContain('npm run build');
    // A name that is installed nowhere is still E_UNKNOWN_PLUGIN.
    await expect(importPluginPackage('installed-nowhere', project)).rejects.toMatchObject({ code: 'E_UNKNOWN_PLUGIN' });
  });

  // The test runner itself compiles TypeScript on import, so only Node as the `moreau` command runs it shows the error.
  test('should say that the moreau command loads compiled JavaScript when an entry is a .ts file (compiled CLI)', async () => {
    const dir = writePackage(join(root, 'authoring'), 'ts-entry', [PLUGIN_KEYWORD], solverModule('ts-entry'), './src/index.ts');
    const bin = fileURLToPath(new URL('../../../cli/bin/moreau.js', import.meta.url));
    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((done) => {
      const child = execFile(process.execPath, [bin, 'conformance', dir], { cwd: root }, (_e, _out, stderr) => done({ code: child.exitCode, stderr }));
    });
    expect(code).toBe(2);
    expect(stderr).toMatch(/^E_PLUGIN_LOAD: .*it is TypeScript, and Moreau loads compiled JavaScript: build the plugin first \(`npm run build`/);
  });
});

describe('what a plugin package exports', () => {
  /** A plugin folder whose index.js is `source`. */
  function pluginFolder(name: string, source: string): string {
    return writePackage(join(root, 'exports'), name, [PLUGIN_KEYWORD], source);
  }
  const detectorObject = (kind: string) => `{ ${kind} name: 'brute-detector', summary: 's', options: { safeParse: (x) => ({ success: true, data: x }) }, create: () => ({ detect() {} }) }`;

  test('should refuse a plugin without a kind, listing the kinds and naming the helper of the kind it looks like', async () => {
    const dir = pluginFolder('no-kind', `export default ${detectorObject('')};\n`);
    const error = await importPluginPackage(dir, root).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'E_PLUGIN_CONTRACT' });
    expect((error as Error).message).toBe(`Plugin package "${dir}" exports a plugin that does not follow the contract: kind is missing; `
      + 'a plugin\'s kind is one of solver, merit, kinematics, detector, integrator, set by the define* helper that builds it: '
      + '"brute-detector" looks like a detector plugin: build it with defineDetector({...}) from @moreau/core.');
  });

  test('should point at a plugin exported under another name, with its kind, when there is no default export', async () => {
    const dir = pluginFolder('named-export', `export const detector = ${detectorObject("kind: 'detector',")};\nexport const version = 1;\n`);
    const error = await importPluginPackage(dir, root).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'E_PLUGIN_CONTRACT' });
    expect((error as Error).message).toBe(`Plugin package "${dir}" exports no plugin where Moreau looks for one (its default export, or an array exported as "plugins"). `
      + 'It exports "detector" (a detector plugin) under another name: export default detector.');
  });

  test('should list every define* helper, not only defineSolver, when the package exports no plugin at all', async () => {
    const dir = pluginFolder('no-plugin', 'export const options = {};\n');
    const error = await importPluginPackage(dir, root).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'E_PLUGIN_CONTRACT' });
    expect((error as Error).message).toBe(`Plugin package "${dir}" exports no plugin where Moreau looks for one (its default export, or an array exported as "plugins"), nor under another name. `
      + 'Default-export the plugin; build it with the helper of its kind from @moreau/core: defineSolver, defineMerit, defineKinematics, defineDetector or defineIntegrator.');
  });
});

describe('otherCoreCopy', () => {
  test('should name both copies when a plugin folder has its own @moreau/core', () => {
    const dir = writePackage(join(root, 'copies'), 'own-core', [PLUGIN_KEYWORD], solverModule('own-core'));
    const copy = writePackage(join(dir, 'node_modules'), '@moreau/core', undefined, '', './index.js');
    const message = otherCoreCopy(dir, root);
    expect(message).toContain(`plugin package "${dir}" loads its own copy of @moreau/core (${realpathSync(copy)}), not the one running this command (`);
    expect(message).toContain('npm pack');
  });

  test('should say nothing of a plugin that resolves the running core, installed or by path', () => {
    expect(otherCoreCopy('@moreau/gauss-seidel', project)).toBeUndefined();
    expect(otherCoreCopy(fileURLToPath(new URL('../../../plugins/contact-detection', import.meta.url)), root)).toBeUndefined();
    expect(otherCoreCopy(writePackage(join(root, 'copies'), 'no-core', [PLUGIN_KEYWORD], solverModule('no-core')), root)).toBeUndefined();
  });
});
