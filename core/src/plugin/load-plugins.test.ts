import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { discoverPluginPackages, loadPlugins, PLUGIN_KEYWORD } from './load-plugins.js';
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

function writePackage(nodeModules: string, name: string, keywords: unknown, entry?: string): void {
  const dir = join(nodeModules, ...name.split('/'));
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, version: '0.1.0', type: 'module', keywords, exports: { '.': './index.js' } }));
  if (entry !== undefined) writeFileSync(join(dir, 'index.js'), entry);
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
