// The path of a third party, end to end, outside this repository: pack @moreau/core,
// @moreau/conformance and @moreau/cli as `npm publish` would ship them, then, in a temporary folder, build three
// solver plugins against the tarballs alone — the TypeScript package docs/writing-a-solver.md shows
// file by file, and `moreau new-solver` in JavaScript and in TypeScript — and a detector, a kinematics,
// an integrator and a merit plugin with `moreau new-plugin`, each in JavaScript and in TypeScript, and
// run each one's own tests (vitest, the suite of its kind) and `moreau conformance .` on it. The
// commands are the guide's §7, word for word; the script stops if the guide no longer shows one of them.
//
//   node scripts/stranger-test.mjs [--skip-build] [--keep] [--verbose]
//
// --skip-build: the packages are already built (e.g. right after `npm ci`). --keep: leave the
// temporary folder for inspection (it is always left when a step fails). --verbose: stream every
// command's output instead of printing it only on failure.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = new Set(process.argv.slice(2));
const verbose = args.has('--verbose');
const guidePath = join(root, 'docs', 'writing-a-solver.md');
const guide = readFileSync(guidePath, 'utf8');
const version = JSON.parse(readFileSync(join(root, 'core', 'package.json'), 'utf8')).version;

/** What a user may receive in each package's tarball; anything else is a packaging mistake. */
const SHIPPED = {
  core: ['package.json', 'README.md', 'LICENSE', 'dist/', 'schema/', 'wasm/'],
  conformance: ['package.json', 'README.md', 'LICENSE', 'dist/'],
  cli: ['package.json', 'README.md', 'LICENSE', 'bin/', 'dist/', 'templates/'],
};

// The guide's §7, the commands this script runs. TARBALLS is set in their environment.
const TARBALL_CORE = `"$TARBALLS/moreau-core-${version}.tgz"`;
const TARBALL_CONFORMANCE = `"$TARBALLS/moreau-conformance-${version}.tgz"`;
const TARBALL_CLI = `"$TARBALLS/moreau-cli-${version}.tgz"`;
const STEPS = {
  build: 'npm run build',
  pack: 'npm pack ./core ./conformance ./cli --pack-destination "$TARBALLS"',
  newSolver: `npx --yes -p ${TARBALL_CORE} -p ${TARBALL_CONFORMANCE} -p ${TARBALL_CLI} moreau new-solver moreau-my-solver`,
  newPlugin: `npx --yes -p ${TARBALL_CORE} -p ${TARBALL_CONFORMANCE} -p ${TARBALL_CLI} moreau new-plugin --kind`,
  install: `npm install --save-dev ${TARBALL_CORE} ${TARBALL_CONFORMANCE} ${TARBALL_CLI}`,
  buildPlugin: 'npm run build',
  test: 'npm test',
  conformance: 'npx moreau conformance .',
};

function fail(message) {
  console.error(`\nstranger test FAILED: ${message}`);
  process.exit(1);
}

for (const command of Object.values(STEPS)) {
  if (!guide.includes(command)) fail(`${relative(root, guidePath)} no longer shows \`${command}\`; the guide and this script must agree (update one of them).`);
}

// npm passes its own settings to scripts through npm_* variables (npm_config_local_prefix among
// them, which would point a nested `npm install` at this repository): a stranger has none of them.
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k) && k !== 'INIT_CWD'));
// Packages already in npm's cache are taken from it without asking the registry whether they changed
// (anything missing is still fetched): the test is about what installs, not about the network.
env.npm_config_prefer_offline = 'true';
const work = mkdtempSync(join(tmpdir(), 'moreau-stranger-'));
env.TARBALLS = join(work, 'tarballs');
mkdirSync(env.TARBALLS);
const t0 = performance.now();

/** Runs one command in a shell, as a user types it; on failure prints its output and stops. */
function run(label, command, cwd) {
  const start = performance.now();
  const r = spawnSync(command, { cwd, env, shell: true, encoding: 'utf8', stdio: verbose ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 });
  return settle(label, command, cwd, start, r.status ?? r.signal, r.stdout ?? '', r.stderr ?? '');
}

/** The same, without waiting: for the installs, which wait on the network rather than the processor. */
function runAsync(label, command, cwd) {
  const start = performance.now();
  const child = spawn(command, { cwd, env, shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '', stderr = '';
  child.stdout.on('data', (d) => { stdout += d; });
  child.stderr.on('data', (d) => { stderr += d; });
  return new Promise((done) => child.on('close', (code, signal) => done(settle(label, command, cwd, start, code ?? signal, stdout, stderr))));
}

function settle(label, command, cwd, start, status, stdout, stderr) {
  const seconds = ((performance.now() - start) / 1000).toFixed(1);
  if (status !== 0) {
    const output = `${stdout}${stderr}`.trimEnd().split('\n').slice(-60).join('\n');
    console.error(`  ✗ ${label}: \`${command}\` in ${cwd} exited with ${status} after ${seconds} s`);
    if (output) console.error(output.replace(/^/gm, '    | '));
    fail(`${label}. The temporary folder is kept: ${work}`);
  }
  console.log(`  ✓ ${label} (${seconds} s)`);
  return stdout;
}

/** The TypeScript package of the guide: every block introduced by "TypeScript, `<file>`:". */
function guidePackage() {
  const files = [...guide.matchAll(/^TypeScript, `([^`]+)`:\n\n```\w*\n([\s\S]*?)^```$/gm)].map((m) => ({ path: m[1], text: m[2] }));
  for (const needed of ['package.json', 'tsconfig.json', 'src/index.ts']) {
    if (!files.some((f) => f.path === needed)) fail(`${relative(root, guidePath)} shows no "TypeScript, \`${needed}\`:" block; this script builds the guide's package from those blocks.`);
  }
  return files;
}

/**
 * What the packages sharing one install ask for: their devDependencies but the @moreau packages
 * (the install takes those from the tarballs). Two packages asking for different versions of one
 * package cannot share an install: that stops the script.
 */
function sharedDevDependencies(pkgs) {
  const wanted = {};
  for (const p of pkgs) {
    const { devDependencies = {} } = JSON.parse(readFileSync(join(p.dir, 'package.json'), 'utf8'));
    for (const [name, range] of Object.entries(devDependencies)) {
      if (name.startsWith('@moreau/')) continue;
      if (wanted[name] !== undefined && wanted[name] !== range) fail(`${p.name} asks for ${name} ${range}, another package for ${wanted[name]}: they cannot share one install`);
      wanted[name] = range;
    }
  }
  return wanted;
}

/** Bundles and the entry each is built from (relative to src/): the viewer's page, the playground's page and its worker. */
const BUNDLE_SOURCES = {
  'dist/page/view.js': 'view/page/main.ts',
  'dist/play-page/play.js': 'play/page/main.ts',
  'dist/play-page/worker.js': 'play/page/worker.ts',
};

/** The source a compiled file comes from: dist/x/y.js from src/x/y.ts, except the bundles above. */
function sourceOf(distFile) {
  return BUNDLE_SOURCES[distFile] ?? distFile.slice(5).replace(/\.js$/, '.ts');
}

/** Lists a tarball's files and refuses what a user should not get, and compiled files without a source (a stale build). */
function checkTarball(pkg) {
  const file = join(env.TARBALLS, `moreau-${pkg}-${version}.tgz`);
  if (!existsSync(file)) fail(`npm pack did not write ${file}`);
  const listing = spawnSync('tar', ['-tzf', file], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).map((f) => f.replace(/^package\//, ''));
  const stray = listing.filter((f) => !SHIPPED[pkg].some((allowed) => (allowed.endsWith('/') ? f.startsWith(allowed) : f === allowed)));
  if (stray.length) fail(`the ${pkg} tarball ships files a user does not need: ${stray.join(', ')} (see "files" in ${pkg}/package.json)`);
  const stale = listing.filter((f) => /^dist\/.*\.js$/.test(f) && !existsSync(join(root, pkg, 'src', sourceOf(f))));
  if (stale.length) fail(`the ${pkg} tarball ships compiled files whose source is gone: ${stale.join(', ')}. Delete ${pkg}/dist and build again.`);
  for (const needed of SHIPPED[pkg].filter((f) => !f.endsWith('/') || f === 'dist/')) {
    if (!listing.some((f) => f === needed || f.startsWith(needed))) fail(`the ${pkg} tarball lacks ${needed}`);
  }
  console.log(`  ✓ ${pkg} tarball: ${listing.length} files, nothing a user does not need`);
}

/** The kinds `moreau new-plugin` writes besides solvers, and the suite each one's test file runs. */
const OTHER_KINDS = { detector: 'detectorSuite', kinematics: 'kinematicsSuite', integrator: 'integratorSuite', merit: 'meritSuite' };

/** Builds (TypeScript), tests and certifies an installed plugin package. */
function certify(name, dir, typescript, suite) {
  if (typescript) run(`${name}: build`, STEPS.buildPlugin, dir);
  const tests = run(`${name}: npm test (vitest, ${suite})`, STEPS.test, dir);
  if (!verbose && !/Tests\s+.*\d+ passed/.test(tests.replace(/\x1b\[[0-9;]*m/g, ''))) fail(`${name}: npm test printed no passed tests`);
  const report = run(`${name}: moreau conformance .`, STEPS.conformance, dir);
  if (!verbose && !/— PASSED/.test(report)) fail(`${name}: moreau conformance . did not report PASSED`);
}

console.log(`stranger test: @moreau/core, @moreau/conformance and @moreau/cli ${version}, outside the repository in ${work}`);
if (!args.has('--skip-build')) run('build the checkout', STEPS.build, root);
run('pack core, conformance and cli', STEPS.pack, root);
checkTarball('core');
checkTarball('conformance');
checkTarball('cli');

const packages = [{ name: 'guide package', dir: join(work, 'guide', 'moreau-projected-jacobi'), typescript: true, suite: 'solverSuite' }];
for (const { path, text } of guidePackage()) {
  mkdirSync(dirname(join(packages[0].dir, ...path.split('/'))), { recursive: true });
  writeFileSync(join(packages[0].dir, ...path.split('/')), text);
}
console.log(`  ✓ the guide's TypeScript package written: ${readdirSync(packages[0].dir, { recursive: true }).filter((f) => f.includes('.')).map((f) => f.split(sep).join('/')).sort().join(', ')}`);

for (const typescript of [false, true]) {
  const parent = join(work, typescript ? 'typescript' : 'javascript');
  mkdirSync(parent);
  const flag = typescript ? ' --typescript' : '';
  run(`new-solver${flag}`, `${STEPS.newSolver}${flag}`, parent);
  packages.push({ name: `new-solver${flag} package`, dir: join(parent, 'moreau-my-solver'), typescript, suite: 'solverSuite' });
}

// The other kinds, each in both languages. Their devDependencies are a solver package's, so the eight
// share one install: a folder whose package.json asks for what theirs ask for, which their
// node_modules link to. Each package is still built, tested and certified in its own folder.
const sharedInstall = join(work, 'other-kinds', 'shared-install');
const others = [];
for (const typescript of [false, true]) {
  const parent = join(work, 'other-kinds', typescript ? 'typescript' : 'javascript');
  mkdirSync(parent, { recursive: true });
  const flag = typescript ? ' --typescript' : '';
  for (const [kind, suite] of Object.entries(OTHER_KINDS)) {
    run(`new-plugin --kind ${kind}${flag}`, `${STEPS.newPlugin} ${kind} moreau-my-${kind}${flag}`, parent);
    others.push({ name: `new-plugin --kind ${kind}${flag} package`, dir: join(parent, `moreau-my-${kind}`), typescript, suite });
  }
}
mkdirSync(sharedInstall);
writeFileSync(join(sharedInstall, 'package.json'), `${JSON.stringify({ name: 'shared-install', version: '1.0.0', private: true, type: 'module', devDependencies: sharedDevDependencies(others) }, null, 2)}\n`);

// The installs at once: each waits on the registry and the cache far more than on the processor.
// A library user installs @moreau/core alone: none of the application's dependencies come with it.
const libraryOnly = join(work, 'library-only');
mkdirSync(libraryOnly);
writeFileSync(join(libraryOnly, 'package.json'), `${JSON.stringify({ name: 'library-only', version: '1.0.0', private: true, type: 'module' }, null, 2)}\n`);
const installs = [
  runAsync('library only: npm install @moreau/core', `npm install ${TARBALL_CORE}`, libraryOnly),
  ...packages.map((p) => runAsync(`${p.name}: install the tarballs and the dev dependencies`, STEPS.install, p.dir)),
  runAsync(`the other kinds' ${others.length} packages: install the tarballs and the dev dependencies once`, STEPS.install, sharedInstall),
];
await Promise.all(installs);
for (const p of others) symlinkSync(join(sharedInstall, 'node_modules'), join(p.dir, 'node_modules'), 'junction');
packages.push(...others);
const tree = run('library only: npm ls --all', 'npm ls --all --parseable', libraryOnly);
const applicationOnly = ['bullmq', 'ioredis', 'piscina', 'three', 'uplot', 'esbuild', 'playwright-core'].filter((name) => tree.split('\n').some((line) => line.split(/[\\/]node_modules[\\/]/).pop() === name));
if (applicationOnly.length) fail(`installing @moreau/core alone brings ${applicationOnly.join(', ')}: the application's dependencies belong to @moreau/cli`);
console.log('  ✓ @moreau/core alone installs none of bullmq, ioredis, piscina, three, uplot, esbuild, playwright-core');
// One core per project: conformance takes core as a peer dependency and the command depends on
// the same version, so npm gives both the plugin's copy (core's registry and instanceof checks
// need a single copy).
for (const p of packages) {
  for (const user of ['conformance', 'cli']) {
    const nested = join(p.dir, 'node_modules', '@moreau', user, 'node_modules', '@moreau', 'core');
    if (existsSync(nested)) fail(`${p.name}: @moreau/${user} got a copy of @moreau/core of its own (${nested}); it must share the plugin's.`);
  }
}
console.log('  ✓ one copy of @moreau/core in each package, shared by the plugin, @moreau/conformance and @moreau/cli');
// The tests one package at a time: the suites measure time budgets, which a shared processor would blur.
for (const p of packages) certify(p.name, p.dir, p.typescript, p.suite);

// A deformable body model that can turn a body inside out (the suite's own broken fixture, which
// imports @moreau/core alone) must fail the shared suite's Jacobian positivity property from the
// tarballs too, and the report must name it.
const broken = join(work, 'broken-deformable');
mkdirSync(broken);
const fixture = 'deformable-kinematics-fixtures.js';
writeFileSync(join(broken, fixture), readFileSync(join(root, 'conformance', 'test-fixtures', fixture)));
writeFileSync(join(broken, 'index.js'), `import { brokenDeformableKinematics } from './${fixture}';\nexport default brokenDeformableKinematics['fast-deformation'].plugin;\n`);
writeFileSync(join(broken, 'package.json'), `${JSON.stringify({ name: 'moreau-broken-deformable', version: '0.1.0', private: true, type: 'module', keywords: ['moreau-plugin'], exports: { '.': './index.js' } }, null, 2)}\n`);
symlinkSync(join(sharedInstall, 'node_modules'), join(broken, 'node_modules'), 'junction');
{
  const start = performance.now();
  const r = spawnSync(STEPS.conformance, { cwd: broken, env, shell: true, encoding: 'utf8', maxBuffer: 64 << 20 });
  const out = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  const seconds = ((performance.now() - start) / 1000).toFixed(1);
  const named = /FAIL.*det F > 0 after every integrator step/.test(out) && /turned inside out/.test(out);
  if (r.status !== 1 || !named) {
    console.error(out.trimEnd().split('\n').slice(-40).join('\n').replace(/^/gm, '    | '));
    fail(`a deformable model that inverts a body: \`${STEPS.conformance}\` exited with ${r.status}${named ? '' : ' without naming the Jacobian positivity property'}; expected exit 1 naming it. The temporary folder is kept: ${work}`);
  }
  console.log(`  ✓ a deformable model that inverts a body fails moreau conformance ., naming det F > 0 (${seconds} s)`);
}

if (args.has('--keep')) console.log(`kept ${work}`);
else rmSync(work, { recursive: true, force: true });
console.log(`stranger test passed in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
