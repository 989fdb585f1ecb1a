import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { scaffoldSolver, solverNames } from './new-solver.js';
import { coreVersion, errorOf, readJson, root, run, tempFolders } from './__fixtures__/new-package-harness.js';

const temp = tempFolders('moreau-new-solver-');

describe('solverNames', () => {
  test.each([
    ['moreau-my-solver', 'my-solver', 'MySolver', 'moreau-my-solver'],
    ['@lab/nsgs-variant', 'nsgs-variant', 'NsgsVariant', 'nsgs-variant'],
    ['moreau-plugin-3d.gs', '3d-gs', 'Solver3dGs', 'moreau-plugin-3d.gs'],
    ['x', 'x', 'X', 'x'],
  ])('should derive the names of %s', (packageName, pluginName, className, folder) => {
    expect(solverNames(packageName)).toEqual({ packageName, pluginName, className, folder });
  });

  test.each([
    '', 'My-Solver', '.hidden', '_private', 'a b', ' padded', '@scope', '@scope/', '@/x', 'x/y', '@lab/.x',
    'node_modules', 'fs', 'http', 'a'.repeat(215), 'x~y', "x'y", 'x!', 'moreau-', 'moreau-plugin-', 'moreau--x',
  ])('should refuse the name %j with E_USAGE', (name) => {
    expect(errorOf(() => solverNames(name))).toMatchObject({ code: 'E_USAGE' });
  });
});

describe('scaffoldSolver', () => {
  test('should write a JavaScript package under the new names, with nothing of the template\'s names left', () => {
    const parent = temp();
    const { dir, files } = scaffoldSolver('moreau-my-solver', { parent, typescript: false });
    expect(dir).toBe(join(parent, 'moreau-my-solver'));
    expect(files).toEqual(['.gitignore', 'README.md', 'conformance.test.js', 'index.js', 'my-solver.js', 'options.js', 'package.json']);
    expect(readdirSync(dir).sort()).toEqual([...files].sort());
    const pkg = readJson(join(dir, 'package.json'));
    expect(pkg).toMatchObject({ name: 'moreau-my-solver', type: 'module', keywords: ['moreau-plugin'], exports: { '.': './index.js' } });
    expect(pkg.peerDependencies).toEqual({ '@moreau/core': `^${coreVersion}` });
    expect(Object.keys(pkg.devDependencies)).toEqual(expect.arrayContaining(['@moreau/core', '@moreau/conformance', 'vitest']));
    expect(pkg.files).toEqual(['index.js', 'options.js', 'my-solver.js']);
    expect(readFileSync(join(dir, 'index.js'), 'utf8')).toContain("name: 'my-solver'");
    expect(readFileSync(join(dir, 'my-solver.js'), 'utf8')).toContain('export class MySolver {');
    for (const f of files) expect(readFileSync(join(dir, f), 'utf8')).not.toMatch(/projected-jacobi|ProjectedJacobi/);
  });

  test('should write a TypeScript package that compiles src/ to dist/ and keeps its test out of dist/', () => {
    const { dir, files } = scaffoldSolver('@lab/nsgs-variant', { parent: temp(), typescript: true });
    expect(files).toEqual([
      '.gitignore', 'README.md', 'package.json', 'src/conformance.test.ts', 'src/index.ts', 'src/nsgs-variant.ts', 'src/options.ts', 'tsconfig.json',
    ]);
    const pkg = readJson(join(dir, 'package.json'));
    expect(pkg.name).toBe('@lab/nsgs-variant');
    expect(pkg.exports).toEqual({ '.': { types: './dist/index.d.ts', default: './dist/index.js' } });
    expect(Object.keys(pkg.devDependencies)).toEqual(expect.arrayContaining(['@moreau/core', '@moreau/conformance', 'typescript', 'vitest']));
    expect(readJson(join(dir, 'tsconfig.json'))).toMatchObject({ compilerOptions: { rootDir: 'src', outDir: 'dist', declaration: true }, exclude: ['src/**/*.test.ts'] });
    expect(readFileSync(join(dir, 'src', 'nsgs-variant.ts'), 'utf8')).toContain('export class NsgsVariant implements ContactSolver {');
  });

  test('should replace a template name that the new name contains exactly once', () => {
    const { dir } = scaffoldSolver('moreau-projected-jacobi-2', { parent: temp(), typescript: false });
    expect(readJson(join(dir, 'package.json')).name).toBe('moreau-projected-jacobi-2');
    expect(readFileSync(join(dir, 'index.js'), 'utf8')).toContain("name: 'projected-jacobi-2'");
    expect(readFileSync(join(dir, 'projected-jacobi-2.js'), 'utf8')).toContain('export class ProjectedJacobi2 {');
  });

  test('should refuse a non-empty folder and a file in the way, leaving both as they were', () => {
    const parent = temp();
    mkdirSync(join(parent, 'moreau-taken'));
    writeFileSync(join(parent, 'moreau-taken', 'notes.txt'), 'mine');
    writeFileSync(join(parent, 'moreau-file'), 'a file');
    expect(errorOf(() => scaffoldSolver('moreau-taken', { parent, typescript: false }))).toMatchObject({ code: 'E_USAGE' });
    expect(errorOf(() => scaffoldSolver('moreau-file', { parent, typescript: true }))).toMatchObject({ code: 'E_USAGE' });
    expect(readdirSync(parent).sort()).toEqual(['moreau-file', 'moreau-taken']);
    expect(readdirSync(join(parent, 'moreau-taken'))).toEqual(['notes.txt']);
  });

  test('should fill an existing empty folder, and create a missing parent', () => {
    const parent = temp();
    mkdirSync(join(parent, 'moreau-empty'));
    expect(scaffoldSolver('moreau-empty', { parent, typescript: false }).files).toContain('index.js');
    expect(scaffoldSolver('moreau-deep', { parent: join(parent, 'a', 'b'), typescript: false }).dir).toBe(join(parent, 'a', 'b', 'moreau-deep'));
    // Only the two packages: no staging folder left behind.
    expect(readdirSync(parent).sort()).toEqual(['a', 'moreau-empty']);
  });

  test.each(['moreau-options', 'moreau-index', 'moreau-math', 'moreau-solve-result'])('should refuse %s, whose file or class would clash with the template\'s', (name) => {
    expect(errorOf(() => scaffoldSolver(name, { parent: temp(), typescript: true }))).toMatchObject({ code: 'E_USAGE' });
  });
});

describe('moreau new-solver', () => {
  test('should create the package and say what to do next', async () => {
    const cwd = temp();
    const { code, out } = await run(['new-solver', 'moreau-my-solver', '--typescript'], cwd);
    expect(code).toBe(0);
    expect(out).toContain('Created moreau-my-solver/: package moreau-my-solver, solver "my-solver" (TypeScript)');
    expect(out).toContain('put yours in src/my-solver.ts');
    expect(out).toMatch(/cd moreau-my-solver\n {2}npm install\n {2}npm test/);
    expect(existsSync(join(cwd, 'moreau-my-solver', 'src', 'index.ts'))).toBe(true);
  });

  test.each([[[]], [['a', 'b']], [['moreau-x', '--typo']], [['Bad']]])('should refuse %j with status 2 and E_USAGE', async (args) => {
    const { code, err } = await run(['new-solver', ...args], temp());
    expect(code).toBe(2);
    expect(err).toMatch(/^E_USAGE: /);
  });

  // The promise of the command: what it writes passes the conformance suite as it is.
  test('should create a JavaScript package that passes moreau conformance', async () => {
    const parent = temp(true);
    expect((await run(['new-solver', 'moreau-fresh-solver', '--dir', parent], root)).code).toBe(0);
    const { code, out } = await run(['conformance', join(parent, 'moreau-fresh-solver'), '--runs', '10', '--seed', '20261125', '--json'], root);
    const report = JSON.parse(out) as { passed: boolean; reports: { plugin: string }[] };
    expect(report.reports.map((r) => r.plugin)).toEqual(['fresh-solver']);
    expect(report.passed).toBe(true);
    expect(code).toBe(0);
  });
});

describe('the templates and the guide', () => {
  const templates = join(root, 'cli', 'templates', 'solver');
  const guide = readFileSync(join(root, 'docs', 'writing-a-solver.md'), 'utf8');

  test('should show every TypeScript file of the template in the guide, byte for byte, and the JavaScript ones it names', () => {
    const blocks = [...guide.matchAll(/^(TypeScript|JavaScript), `([^`]+)`:\n\n```\w*\n([\s\S]*?)^```$/gm)];
    for (const [, language, path, text] of blocks) expect(text, `${language} ${path}`).toBe(readFileSync(join(templates, language.toLowerCase(), path), 'utf8'));
    const shown = blocks.filter((b) => b[1] === 'TypeScript').map((b) => b[2]).sort();
    expect(shown).toEqual(['package.json', 'src/conformance.test.ts', 'src/index.ts', 'src/options.ts', 'src/projected-jacobi.ts', 'tsconfig.json']);
  });

  test('should ask for the version of core, conformance and the command this repository is, and tool versions the repository uses', () => {
    const rootDev = readJson(join(root, 'package.json')).devDependencies;
    const conformance = readJson(join(root, 'conformance', 'package.json'));
    const major = (range: string) => range.replace(/^[\^~]/, '').split('.')[0];
    expect(conformance.version).toBe(coreVersion);
    for (const kind of ['typescript', 'javascript']) {
      const pkg = readJson(join(templates, kind, 'package.json'));
      expect(pkg.peerDependencies['@moreau/core']).toBe(`^${coreVersion}`);
      expect(pkg.devDependencies['@moreau/core']).toBe(`^${coreVersion}`);
      expect(pkg.devDependencies['@moreau/conformance']).toBe(`^${coreVersion}`);
      expect(pkg.devDependencies['@moreau/cli']).toBe(`^${readJson(join(root, 'cli', 'package.json')).version}`);
      expect(major(pkg.devDependencies.vitest)).toBe(major(conformance.peerDependencies.vitest));
      expect(major(pkg.devDependencies.vitest)).toBe(major(rootDev.vitest));
      if (kind === 'typescript') {
        expect(major(pkg.devDependencies.typescript)).toBe(major(rootDev.typescript));
        expect(major(pkg.devDependencies['@types/node'])).toBe(major(rootDev['@types/node']));
      }
      const manifest = readFileSync(join(templates, kind, kind === 'typescript' ? 'src/index.ts' : 'index.js'), 'utf8');
      expect(manifest).toContain(`core: '^${coreVersion}'`);
    }
  });
});
