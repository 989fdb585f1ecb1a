import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { DETECTOR_PROPERTY_NAMES, INTEGRATOR_PROPERTY_NAMES, KINEMATICS_PROPERTY_NAMES, MERIT_PROPERTY_NAMES } from '@moreau/conformance/runner';
import { PLUGIN_TEMPLATES, TEMPLATE_KINDS } from './new-plugin/kinds.js';
import { pluginNames, scaffoldPlugin } from './new-plugin/scaffold.js';
import { scaffoldSolver } from './new-solver.js';
import { coreVersion, errorOf, readJson, root, run, tempFolders } from './__fixtures__/new-package-harness.js';

const temp = tempFolders('moreau-new-plugin-');

/** Every file under `dir`, with `/` separators, sorted. */
const filesUnder = (dir: string) => (readdirSync(dir, { recursive: true, withFileTypes: true }))
  .filter((d) => d.isFile()).map((d) => join(d.parentPath, d.name).slice(dir.length + 1).split(/[\\/]/).join('/')).sort();

const OTHER_KINDS = TEMPLATE_KINDS.filter((k) => k !== 'solver');

describe('pluginNames', () => {
  test.each([
    ['detector', 'moreau-my-detector', 'my-detector', 'MyDetector'],
    ['kinematics', '@lab/soft-bodies', 'soft-bodies', 'SoftBodies'],
    ['integrator', 'moreau-plugin-2nd-order', '2nd-order', 'Integrator2ndOrder'],
    ['merit', 'moreau-fb.merit', 'fb-merit', 'FbMerit'],
  ] as const)('should derive the %s names from %s', (kind, packageName, pluginName, className) => {
    expect(pluginNames(kind, packageName)).toMatchObject({ packageName, pluginName, className });
  });

  test('should say which kind of name is missing', () => {
    expect(errorOf(() => pluginNames('detector', 'moreau-'))).toMatchObject({ code: 'E_USAGE', message: expect.stringContaining('leaves no detector name') });
  });
});

describe('scaffoldPlugin', () => {
  test.each(OTHER_KINDS)('should write a JavaScript %s package under the new names, with nothing of the template\'s names left', (kind) => {
    const template = PLUGIN_TEMPLATES[kind];
    const { dir, files } = scaffoldPlugin(kind, 'moreau-my-plugin', { parent: temp(), typescript: false });
    expect(files).toEqual(['.gitignore', 'README.md', 'conformance.test.js', 'index.js', 'my-plugin.js', 'options.js', 'package.json']);
    expect(filesUnder(dir)).toEqual([...files].sort());
    const pkg = readJson(join(dir, 'package.json'));
    expect(pkg).toMatchObject({ name: 'moreau-my-plugin', type: 'module', keywords: ['moreau-plugin'], exports: { '.': './index.js' } });
    expect(pkg.files).toEqual(['index.js', 'options.js', 'my-plugin.js']);
    expect(readFileSync(join(dir, 'index.js'), 'utf8')).toContain("name: 'my-plugin'");
    expect(readFileSync(join(dir, 'my-plugin.js'), 'utf8')).toContain('export class MyPlugin {');
    expect(readFileSync(join(dir, 'my-plugin.js'), 'utf8')).toContain("name = 'my-plugin';");
    const left = new RegExp(`${template.pluginName}|${template.className}`);
    for (const f of files) expect(readFileSync(join(dir, f), 'utf8'), f).not.toMatch(left);
  });

  test.each(OTHER_KINDS)('should write a TypeScript %s package that compiles src/ to dist/ and keeps its test out of dist/', (kind) => {
    const { dir, files } = scaffoldPlugin(kind, '@lab/my-plugin', { parent: temp(), typescript: true });
    expect(files).toEqual(['.gitignore', 'README.md', 'package.json', 'src/conformance.test.ts', 'src/index.ts', 'src/my-plugin.ts', 'src/options.ts', 'tsconfig.json']);
    const pkg = readJson(join(dir, 'package.json'));
    expect(pkg.name).toBe('@lab/my-plugin');
    expect(pkg.exports).toEqual({ '.': { types: './dist/index.d.ts', default: './dist/index.js' } });
    expect(readJson(join(dir, 'tsconfig.json'))).toMatchObject({ compilerOptions: { rootDir: 'src', outDir: 'dist', declaration: true }, exclude: ['src/**/*.test.ts'] });
    expect(readFileSync(join(dir, 'src', 'my-plugin.ts'), 'utf8')).toMatch(/^export class MyPlugin implements \w+ \{$/m);
  });

  test.each(TEMPLATE_KINDS)('should run the %s suite in the package\'s own test, and declare the kind in its manifest', (kind) => {
    const helper = { solver: 'defineSolver', detector: 'defineDetector', kinematics: 'defineKinematics', integrator: 'defineIntegrator', merit: 'defineMerit' }[kind];
    for (const typescript of [false, true]) {
      const { dir } = scaffoldPlugin(kind, 'moreau-x', { parent: temp(), typescript });
      const src = typescript ? join(dir, 'src') : dir;
      expect(readFileSync(join(src, `conformance.test.${typescript ? 'ts' : 'js'}`), 'utf8')).toMatch(new RegExp(`^${kind}Suite\\(plugin\\b`, 'm'));
      expect(readFileSync(join(src, `index.${typescript ? 'ts' : 'js'}`), 'utf8')).toContain(`export default ${helper}({`);
    }
  });

  test('should give the solver package new-solver gives', () => {
    const a = scaffoldPlugin('solver', 'moreau-same', { parent: temp(), typescript: true });
    const b = scaffoldSolver('moreau-same', { parent: temp(), typescript: true });
    expect(a.files).toEqual(b.files);
    for (const f of a.files) expect(readFileSync(join(a.dir, f), 'utf8')).toBe(readFileSync(join(b.dir, f), 'utf8'));
  });

  test.each([['detector', 'moreau-options'], ['merit', 'moreau-index'], ['integrator', 'moreau-step-system'], ['kinematics', 'moreau-moreau-error']] as const)(
    'should refuse the %s name %s, whose file or class would clash with the template\'s', (kind, name) => {
      expect(errorOf(() => scaffoldPlugin(kind, name, { parent: temp(), typescript: true }))).toMatchObject({ code: 'E_USAGE' });
    });
});

describe('moreau new-plugin', () => {
  test('should create the package and say what to do next', async () => {
    const cwd = temp();
    const { code, out } = await run(['new-plugin', '--kind', 'detector', 'moreau-my-detector', '--typescript'], cwd);
    expect(code).toBe(0);
    expect(out).toContain('Created moreau-my-detector/: package moreau-my-detector, detector "my-detector" (TypeScript)');
    expect(out).toContain('put yours in src/my-detector.ts');
    expect(out).toMatch(/cd moreau-my-detector\n {2}npm install\n {2}npm test/);
    expect(out).toContain('docs/writing-a-detector.md explains every file');
  });

  test('should list the kinds in its help', async () => {
    const { code, out } = await run(['new-plugin', '--help'], temp());
    expect(code).toBe(0);
    for (const kind of TEMPLATE_KINDS) {
      expect(out).toMatch(new RegExp(`^ +${kind} +${PLUGIN_TEMPLATES[kind].algorithm.replace(/[()²‖+]/g, '.')}$`, 'm'));
      expect(out).toMatch(new RegExp(`^ +${PLUGIN_TEMPLATES[kind].guide}$`, 'm'));
    }
  });

  test('should refuse a misspelt kind, naming the kinds and the closest', async () => {
    const { code, err } = await run(['new-plugin', '--kind', 'detecter', 'moreau-x'], temp());
    expect(code).toBe(2);
    expect(err).toMatch(/^E_USAGE: moreau new-plugin: unknown kind "detecter"; known kinds: solver, detector, kinematics, integrator, merit; did you mean "detector"\?/);
  });

  test.each([[['moreau-x']], [['--kind', 'merit']], [['--kind', 'merit', 'a', 'b']], [['--kind', 'merit', 'Bad']], [['--kind', 'body', 'moreau-x']], [['--kind', 'merit', 'moreau-x', '--typo']]])(
    'should refuse %j with status 2 and E_USAGE', async (args) => {
      const { code, err } = await run(['new-plugin', ...args], temp());
      expect(code).toBe(2);
      expect(err).toMatch(/^E_USAGE: /);
    });

  // The promise of the command: what it writes passes the conformance suite as it is. The TypeScript
  // packages are compiled and certified outside the checkout by scripts/stranger-test.mjs.
  test.each(OTHER_KINDS)('should create a JavaScript %s package that passes moreau conformance', async (kind) => {
    const parent = temp(true);
    expect((await run(['new-plugin', '--kind', kind, 'moreau-fresh-plugin', '--dir', parent], root)).code).toBe(0);
    const { code, out } = await run(['conformance', join(parent, 'moreau-fresh-plugin'), '--runs', '10', '--seed', '20261125', '--json'], root);
    const report = JSON.parse(out) as { passed: boolean; reports: { plugin: string; properties: { name: string; status: string; reason?: string }[] }[] };
    expect(report.reports.map((r) => r.plugin)).toEqual(['fresh-plugin']);
    expect(report.reports[0].properties.filter((p) => p.status !== 'pass' && p.status !== 'skip')).toEqual([]);
    expect(report.passed).toBe(true);
    expect(code).toBe(0);
  });
});

describe('the templates', () => {
  const templates = join(root, 'cli', 'templates');

  test('should hold a JavaScript and a TypeScript package for each kind, and nothing else', () => {
    expect(readdirSync(templates).sort()).toEqual([...TEMPLATE_KINDS].sort());
    for (const kind of TEMPLATE_KINDS) expect(readdirSync(join(templates, kind)).sort()).toEqual(['javascript', 'typescript']);
  });

  test.each(OTHER_KINDS)('should ask for the %s package the same versions of core, conformance, the command and the tools as the solver package', (kind) => {
    for (const language of ['javascript', 'typescript']) {
      const solver = readJson(join(templates, 'solver', language, 'package.json'));
      const pkg = readJson(join(templates, kind, language, 'package.json'));
      expect(pkg.peerDependencies).toEqual({ '@moreau/core': `^${coreVersion}` });
      expect(pkg.devDependencies).toEqual(solver.devDependencies);
      expect(pkg.scripts).toEqual(solver.scripts);
      const manifest = readFileSync(join(templates, kind, language, language === 'typescript' ? 'src/index.ts' : 'index.js'), 'utf8');
      expect(manifest).toContain(`core: '^${coreVersion}'`);
    }
  });
});

/** Each kind's guide, and the names its conformance suite prints, in the order it runs them. */
const GUIDES = {
  detector: DETECTOR_PROPERTY_NAMES,
  kinematics: KINEMATICS_PROPERTY_NAMES,
  integrator: INTEGRATOR_PROPERTY_NAMES,
  merit: MERIT_PROPERTY_NAMES,
} as const;

describe.each(Object.keys(GUIDES) as (keyof typeof GUIDES)[])('the %s guide', (kind) => {
  const guidePath = join(root, PLUGIN_TEMPLATES[kind].guide);
  const names: readonly string[] = GUIDES[kind];
  /** The rows of the markdown table whose header row starts with `| <first> |`, split into cells. */
  const table = (first: string) => {
    const guide = readFileSync(guidePath, 'utf8');
    const start = guide.indexOf(`\n| ${first} |`);
    expect(start, `a table headed "${first}" in ${guidePath}`).toBeGreaterThanOrEqual(0);
    const rows = guide.slice(start + 1).split('\n');
    return rows.slice(2, rows.findIndex((l) => !l.startsWith('|'))).map((l) => l.split(/(?<!\\)\|/).slice(1, -1).map((c) => c.trim()));
  };

  test('should show the template\'s TypeScript files byte for byte, the manifest and the algorithm among them', () => {
    const blocks = [...readFileSync(guidePath, 'utf8').matchAll(/^TypeScript, `([^`]+)`:\n\n```\w*\n([\s\S]*?)^```$/gm)];
    for (const [, path, text] of blocks) expect(text, path).toBe(readFileSync(join(root, 'cli', 'templates', kind, 'typescript', path), 'utf8'));
    expect(blocks.map((b) => b[1])).toEqual(expect.arrayContaining(['src/index.ts', `src/${PLUGIN_TEMPLATES[kind].pluginName}.ts`, 'src/conformance.test.ts']));
  });

  test('should list every property of the suite, by the name it prints, in the order it runs them', () => {
    expect(table('property').map((cells) => cells[0])).toEqual([...names]);
  });

  test('should tie each obligation to properties the suite has', () => {
    const obligations = table('obligation');
    expect(obligations.length).toBeGreaterThan(3);
    for (const [obligation, checkedBy] of obligations) {
      const named = [...checkedBy.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
      expect(named.length, obligation).toBeGreaterThan(0);
      for (const name of named) expect(names, `${obligation}: ${name}`).toContain(name);
    }
  });
});
