// Plants small, realistic bugs one at a time and checks that the tests a reviewer would point at
// catch each one (issue 16, "Must show"). Every bug is a named patch: a file, a text that must
// occur exactly once in it, its replacement, and the test files to run.
//
//   node scripts/planted-bugs.mjs [--only <name>]... [--list] [--keep]
//
// The working tree is never touched: each run copies the sources (not node_modules, .git, dist,
// bench/out or other generated folders) into a sandbox under the system's temporary folder, links
// the installed packages, applies the patch there and runs `npx vitest run <test files>` with the
// JSON reporter. The selected tests first run once unpatched in their own sandbox: a bug counts
// as killed only by a test that passed there and fails with the bug, so a test broken by work in
// progress kills nothing. The table goes to stdout and to reports/planted-bugs.md; the exit
// status is 1 when a bug survives, a patch no longer applies or the unpatched run cannot be read.
//
// --only <name>: only this bug (repeatable, or comma-separated). --list: print the bugs and stop.
// --keep: leave the sandboxes for inspection.
import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

// Test files by module: the module's own tests and the conformance tests that cover it.
const CONE = ['core/src/cone/project.test.ts', 'conformance/src/cone-suite.test.ts'];
const SICONOS = ['core/src/merit/siconos.test.ts', 'conformance/src/siconos-judge.test.ts'];
const BSR = ['core/src/linalg/bsr-matvec.test.ts'];
const LOCAL = [
  'plugins/gauss-seidel/src/local-solver.test.ts', 'plugins/gauss-seidel/src/sliding-solver.test.ts',
  'plugins/gauss-seidel/src/sweep.test.ts', 'plugins/gauss-seidel/src/gauss-seidel.test.ts',
];
const GLOBAL = ['core/src/io/global-reduction.test.ts', 'core/src/io/fclib.test.ts', 'core/src/io/read-problem.test.ts'];
const DAT = ['core/src/io/siconos-dat.test.ts', 'core/src/io/fuzz.test.ts', 'core/src/io/read-problem.test.ts'];
const CLI = ['cli/src/cli.test.ts', 'cli/src/hostile.test.ts'];

/** The planted bugs of issue 16, in its order. `find` must occur exactly once in `file`. */
const BUGS = [
  {
    name: 'cone-tangent-without-mu',
    what: 'projectOntoCone scales the tangential part without μ',
    file: 'core/src/cone/project.ts',
    find: '    // rho > 0 here: rho = 0 falls in one of the branches above for any x_N.\n    const s = (mu * pn) / rho;',
    replace: '    // rho > 0 here: rho = 0 falls in one of the branches above for any x_N.\n    const s = pn / rho;',
    tests: CONE,
  },
  {
    name: 'cone-without-normal-guard',
    what: 'projectOntoCone without the x_N ≥ 0 guard',
    file: 'core/src/cone/project.ts',
    find: '  if (rho <= mu * xn && xn >= 0) {\n    out[oo] = xn;',
    replace: '  if (rho <= mu * xn) {\n    out[oo] = xn;',
    tests: CONE,
  },
  {
    name: 'siconos-scale-without-u',
    what: 'SiconosMerit normalised by max(‖q‖, ‖r‖), dropping ‖u‖',
    file: 'core/src/merit/siconos.ts',
    find: 'Math.max(sqrtSumOfSquares(q2, q), sqrtSumOfSquares(r2, r), sqrtSumOfSquares(u2, u))',
    replace: 'Math.max(sqrtSumOfSquares(q2, q), sqrtSumOfSquares(r2, r))',
    tests: SICONOS,
  },
  {
    name: 'siconos-without-mu-ut',
    what: 'SiconosMerit without the μ‖u_T‖ term (no De Saxcé shift)',
    file: 'core/src/merit/siconos.ts',
    find: 'x[0] = r0 - (u0 + m * hypot2(u1, u2_));',
    replace: 'x[0] = r0 - u0;',
    tests: SICONOS,
  },
  {
    name: 'bsr-rows-transposed',
    what: 'bsrMulRows reads each 3x3 block transposed',
    file: 'core/src/linalg/bsr-matvec.ts',
    find: 'let k = rowPtr[r0] | 0, v = (k * 9) | 0, o = (r0 * 3) | 0;\n'
      + '  for (let i = (r0 + 1) | 0; i <= r1; i = (i + 1) | 0) {\n'
      + '    let y0 = 0, y1 = 0, y2 = 0;\n'
      + '    const end = rowPtr[i] | 0;\n'
      + '    for (; k < end; k = (k + 1) | 0, v = (v + 9) | 0) {\n'
      + '      const j = (colIdx[k] * 3) | 0;\n'
      + '      const x0 = x[j], x1 = x[(j + 1) | 0], x2 = x[(j + 2) | 0];\n'
      + '      y0 += values[v] * x0 + values[(v + 1) | 0] * x1 + values[(v + 2) | 0] * x2;\n'
      + '      y1 += values[(v + 3) | 0] * x0 + values[(v + 4) | 0] * x1 + values[(v + 5) | 0] * x2;\n'
      + '      y2 += values[(v + 6) | 0] * x0 + values[(v + 7) | 0] * x1 + values[(v + 8) | 0] * x2;',
    replace: 'let k = rowPtr[r0] | 0, v = (k * 9) | 0, o = (r0 * 3) | 0;\n'
      + '  for (let i = (r0 + 1) | 0; i <= r1; i = (i + 1) | 0) {\n'
      + '    let y0 = 0, y1 = 0, y2 = 0;\n'
      + '    const end = rowPtr[i] | 0;\n'
      + '    for (; k < end; k = (k + 1) | 0, v = (v + 9) | 0) {\n'
      + '      const j = (colIdx[k] * 3) | 0;\n'
      + '      const x0 = x[j], x1 = x[(j + 1) | 0], x2 = x[(j + 2) | 0];\n'
      + '      y0 += values[v] * x0 + values[(v + 3) | 0] * x1 + values[(v + 6) | 0] * x2;\n'
      + '      y1 += values[(v + 1) | 0] * x0 + values[(v + 4) | 0] * x1 + values[(v + 7) | 0] * x2;\n'
      + '      y2 += values[(v + 2) | 0] * x0 + values[(v + 5) | 0] * x1 + values[(v + 8) | 0] * x2;',
    tests: BSR,
  },
  {
    name: 'bsr-rows-from-block-0',
    what: "bsrMulRows starts its row range's blocks at block 0, not at rowPtr[r0]",
    file: 'core/src/linalg/bsr-matvec.ts',
    find: 'let k = rowPtr[r0] | 0, v = (k * 9) | 0, o = (r0 * 3) | 0;',
    replace: 'let k = 0, v = 0, o = (r0 * 3) | 0;',
    tests: BSR,
  },
  {
    name: 'bsr-transpose-without-fill',
    what: 'bsrMulTranspose accumulates into y without y.fill(0)',
    file: 'core/src/linalg/bsr-matvec.ts',
    find: '  y.fill(0, 0, 3 * blockRows);\n  let k = 0, v = 0, o = 0;\n  for (let i = 1; i <= blockRows; i = (i + 1) | 0) {\n    const x0 = x[o],',
    replace: '  let k = 0, v = 0, o = 0;\n  for (let i = 1; i <= blockRows; i = (i + 1) | 0) {\n    const x0 = x[o],',
    tests: BSR,
  },
  {
    name: 'local-stick-mu-not-mu2',
    what: 'the local stick test with μ instead of μ² (LocalSolver.solveFactored, which the sweep runs)',
    file: 'plugins/gauss-seidel/src/local-solver.ts',
    find: 's1 * s1 + s2 * s2 <= mu * mu * s0 * s0',
    replace: 's1 * s1 + s2 * s2 <= mu * s0 * s0',
    tests: LOCAL,
  },
  {
    name: 'local-ignores-previous',
    what: 'the local solver ignores the previous reaction (the sliding case starts from 0)',
    file: 'plugins/gauss-seidel/src/local-solver.ts',
    find: 'inp[3] = prev[pr]; inp[4] = prev[pr + 1]; inp[5] = prev[pr + 2];',
    replace: 'inp[3] = 0; inp[4] = 0; inp[5] = 0;',
    tests: LOCAL,
  },
  {
    name: 'reduce-global-without-w',
    what: 'reduceGlobal computes q = Hᵀ M⁻¹ f without + w',
    file: 'core/src/io/global-reduction.ts',
    find: 'q[c] = s + w[c];',
    replace: 'q[c] = s;',
    tests: GLOBAL,
  },
  {
    name: 'reduce-global-transposed',
    what: 'reduceGlobal stores W transposed',
    file: 'core/src/io/global-reduction.ts',
    find: 'entries.push(wTouched[t], c, wcol[wTouched[t]]);',
    replace: 'entries.push(c, wTouched[t], wcol[wTouched[t]]);',
    tests: GLOBAL,
  },
  {
    name: 'dat-without-size-guard',
    what: "the .dat reader without its sparse-block size guard (the blocks' values against what is left)",
    file: 'core/src/io/siconos-dat.ts',
    find: '  if (total + nbblocks > s.maxRemaining) throw s.error(`the file ends early: the ${nbblocks} blocks need ${total} values`);\n',
    replace: '',
    tests: DAT,
  },
  {
    name: 'fclib-guess-is-solution',
    what: 'the FCLIB writer writes the solution in place of each guess',
    file: 'core/src/io/fclib-writer.ts',
    find: 'g[String(k + 1)] = solutionGroup(s);',
    replace: 'g[String(k + 1)] = solutionGroup(solution ?? s);',
    tests: ['core/src/io/fclib.test.ts', 'cli/src/solve-init.test.ts'],
  },
  {
    name: 'newton-ignores-u',
    what: 'NewtonMerit ignores the u passed in and recomputes W r + q',
    file: 'core/src/merit/newton.ts',
    find: 'let u = uIn;',
    replace: 'let u: Float64Array | undefined;',
    tests: ['core/src/merit/newton.test.ts', 'plugins/semismooth-newton/src/constraints.test.ts', 'plugins/gauss-seidel/src/screen.test.ts'],
  },
  {
    name: 'cli-ignores-frictionless',
    what: '`moreau solve` ignores --frictionless',
    file: 'cli/src/solve.ts',
    find: 'const problem = values.frictionless ? loaded.problem.frictionless() : loaded.problem;',
    replace: 'const problem = loaded.problem;',
    tests: CLI,
  },
  {
    name: 'overrides-ignore-tol',
    what: 'applyOverrides ignores --tol',
    file: 'core/src/run/config-file.ts',
    find: "    set('tolerance', o.tolerance);\n",
    replace: '',
    tests: [...CLI, 'core/src/run/apply-overrides.test.ts'],
  },
];

// Generated or large folders that tests never read; `reports` is where this script writes.
const SKIP_NAMES = new Set(['node_modules', '.git', 'dist', '.stryker-tmp']);
const SKIP_PATHS = new Set(['bench/out', 'reports', 'runs', 'tmp']);
// A stuck test run (a planted bug can make a solver loop) is stopped after this long.
const RUN_LIMIT_MS = 20 * 60_000;

function parseArgs(argv) {
  const only = [];
  let list = false, keep = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--only') {
      if (i + 1 >= argv.length) usage('--only needs a bug name');
      only.push(...argv[++i].split(',').filter(Boolean));
    } else if (a.startsWith('--only=')) only.push(...a.slice(7).split(',').filter(Boolean));
    else if (a === '--list') list = true;
    else if (a === '--keep') keep = true;
    else usage(`unknown argument "${a}"`);
  }
  const known = new Set(BUGS.map((b) => b.name));
  const unknown = only.filter((n) => !known.has(n));
  if (unknown.length > 0) usage(`unknown bug ${unknown.map((n) => `"${n}"`).join(', ')}; known: ${[...known].join(', ')}`);
  return { only, list, keep };
}

function usage(message) {
  console.error(`planted-bugs: ${message}\nusage: node scripts/planted-bugs.mjs [--only <name>]... [--list] [--keep]`);
  process.exit(2);
}

// npm passes its settings to scripts through npm_* variables (npm_config_local_prefix would point
// npx back at this repository): the sandbox's runs get none of them.
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k) && k !== 'INIT_CWD'));

const sandboxes = [];
let sandboxCount = 0;

/** A fresh copy of the sources with the installed packages linked in, ready to run vitest. */
function makeSandbox() {
  const dir = join(tmpdir(), `moreau-planted-${process.pid}-${sandboxCount++}`);
  rmSync(dir, { recursive: true, force: true });
  sandboxes.push(dir);
  cpSync(root, dir, {
    recursive: true,
    filter: (src) => {
      const rel = relative(root, src).split('\\').join('/');
      if (rel === '') return true;
      const name = rel.slice(rel.lastIndexOf('/') + 1);
      return !SKIP_NAMES.has(name) && !SKIP_PATHS.has(rel) && !name.endsWith('.tsbuildinfo');
    },
  });
  linkNodeModules(dir);
  return dir;
}

/** Names in node_modules that are caches written by the tools, not installed packages. */
const CACHES = new Set(['.vite', '.vitest', '.cache']);

/**
 * node_modules as a folder of links to the installed packages, except @moreau: npm's workspace
 * links there lead to this repository's folders, so they are remade to lead to the sandbox's
 * (else a plugin's `import '@moreau/core'` would run the unpatched core). Tool caches then land
 * in the sandbox too. A workspace's own node_modules, if it has one, is linked as it is.
 */
function linkNodeModules(dir) {
  const real = join(root, 'node_modules');
  const nm = join(dir, 'node_modules');
  mkdirSync(nm);
  for (const entry of readdirSync(real)) {
    if (entry !== '@moreau' && !CACHES.has(entry)) symlinkSync(join(real, entry), join(nm, entry));
  }
  const realScope = join(real, '@moreau');
  mkdirSync(join(nm, '@moreau'));
  for (const pkg of existsSync(realScope) ? readdirSync(realScope) : []) {
    const link = join(realScope, pkg);
    let target = link;
    if (lstatSync(link).isSymbolicLink()) {
      const inRepo = relative(root, resolve(realScope, readlinkSync(link)));
      target = inRepo.startsWith('..') || isAbsolute(inRepo) ? resolve(realScope, readlinkSync(link)) : join(dir, inRepo);
    }
    symlinkSync(target, join(nm, '@moreau', pkg));
  }
  for (const ws of workspaces()) {
    const own = join(root, ws, 'node_modules');
    if (existsSync(own) && existsSync(join(dir, ws))) symlinkSync(own, join(dir, ws, 'node_modules'));
  }
}

/** The workspace folders of package.json (`dir` or `dir/*` patterns). */
function workspaces() {
  const patterns = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces ?? [];
  return patterns.flatMap((p) => {
    if (!p.endsWith('/*')) return [p];
    const parent = p.slice(0, -2);
    return readdirSync(join(root, parent), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => `${parent}/${d.name}`);
  });
}

/** Applies a bug's patch in the sandbox. @returns why it could not be applied, or undefined */
function applyPatch(dir, bug) {
  const path = join(dir, bug.file);
  if (!existsSync(path)) return `${bug.file} does not exist`;
  const text = readFileSync(path, 'utf8');
  const count = text.split(bug.find).length - 1;
  if (count !== 1) return `the text to replace occurs ${count} times in ${bug.file}, not once: the code has moved, update the bug`;
  writeFileSync(path, text.replace(bug.find, () => bug.replace));
  return undefined;
}

/**
 * Runs `npx vitest run <files>` in the sandbox with the JSON reporter, in its own process group
 * so that a run past RUN_LIMIT_MS is stopped with every worker it started.
 * @returns the failing tests (`file > full name`), or `error` when no results could be read
 */
function runTests(dir, files) {
  const out = join(dir, '.planted-bugs-results.json');
  const args = ['vitest', 'run', ...files, '--reporter=json', `--outputFile=${out}`];
  return new Promise((done) => {
    const child = spawn('npx', args, { cwd: dir, env, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
    let stderr = '', timedOut = false;
    child.stderr.on('data', (d) => { stderr = (stderr + d).slice(-4000); });
    const timer = setTimeout(() => {
      timedOut = true;
      try { process.kill(-child.pid, 'SIGKILL'); } catch { /* already gone */ }
    }, RUN_LIMIT_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (timedOut) return done({ timedOut: true, failing: [] });
      if (!existsSync(out)) return done({ error: `vitest wrote no results (exit ${code}): ${stderr.trim().split('\n').slice(-3).join(' / ')}` });
      const report = JSON.parse(readFileSync(out, 'utf8'));
      const failing = [];
      for (const file of report.testResults ?? []) {
        const rel = relative(dir, file.name);
        const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
        for (const a of failed) failing.push(`${rel} > ${a.fullName ?? [...a.ancestorTitles, a.title].join(' ')}`);
        // A file that fails outside its tests (it does not load, or a hook throws).
        if (failed.length === 0 && file.status === 'failed') failing.push(`${rel} (the file failed: ${String(file.message ?? '').split('\n')[0]})`);
      }
      done({ failing, tests: report.numTotalTests ?? 0 });
    });
  });
}

/** Runs `files` in a fresh sandbox, with `bug` planted when given. */
async function trial(bug, files) {
  const missing = files.filter((f) => !existsSync(join(root, f)));
  if (missing.length > 0) return { error: `test file(s) not found: ${missing.join(', ')}; update the bug's tests` };
  const dir = makeSandbox();
  try {
    if (bug) {
      const why = applyPatch(dir, bug);
      if (why) return { notApplied: why };
    }
    return await runTests(dir, files);
  } finally {
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
}

function cleanup() {
  if (!keep) for (const dir of sandboxes) rmSync(dir, { recursive: true, force: true });
}

function git(args) {
  const r = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : '';
}

const cell = (s) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

const { only, list, keep } = parseArgs(process.argv.slice(2));
const bugs = only.length > 0 ? BUGS.filter((b) => only.includes(b.name)) : BUGS;
if (list) {
  for (const b of bugs) console.log(`${b.name.padEnd(28)} ${b.file}: ${b.what}\n${' '.repeat(29)}tests: ${b.tests.join(' ')}`);
  process.exit(0);
}
process.on('SIGINT', () => { cleanup(); process.exit(130); });

const started = performance.now();
const seconds = (t0) => `${Math.round((performance.now() - t0) / 1000)} s`;
// A missing test file fails its bugs below, not the whole run.
const allTests = [...new Set(bugs.flatMap((b) => b.tests))].filter((f) => existsSync(join(root, f)));
console.error(`unpatched: ${allTests.length} test files ...`);
let t0 = performance.now();
const base = await trial(undefined, allTests);
if (base.error) {
  console.error(`planted-bugs: the unpatched run failed, so no bug can be judged: ${base.error}`);
  cleanup();
  process.exit(1);
}
const baseFailing = new Set(base.failing);
console.error(`unpatched: ${base.tests} tests, ${base.failing.length} failing, ${seconds(t0)}`);

const results = [];
for (const [k, bug] of bugs.entries()) {
  t0 = performance.now();
  const r = await trial(bug, bug.tests);
  const killers = (r.failing ?? []).filter((f) => !baseFailing.has(f));
  const status = r.notApplied ? 'not applied' : r.error ? 'error' : r.timedOut ? 'killed (timed out)' : killers.length > 0 ? 'killed' : 'SURVIVED';
  results.push({ bug, status, killers, note: r.notApplied ?? r.error ?? '' });
  console.error(`[${k + 1}/${bugs.length}] ${bug.name}: ${status}${killers.length ? ` (${killers.length} failing)` : ''}, ${seconds(t0)}`);
}

const rows = results.map(({ bug, status, killers, note }) => {
  const shown = killers.slice(0, 3).join('<br>') + (killers.length > 3 ? `<br>(+${killers.length - 3} more)` : '');
  return `| \`${bug.name}\` | ${cell(bug.what)} | ${status} | ${cell(note || shown || (status.startsWith('killed') ? 'the run was stopped after its time limit' : 'no test failed'))} |`;
});
const table = ['| bug | planted | killed? | failing tests |', '|---|---|---|---|', ...rows].join('\n');
console.log(table);

const dirty = git(['status', '--porcelain']).split('\n').filter(Boolean).length;
const report = [
  '# Planted bugs',
  '',
  `\`node scripts/planted-bugs.mjs${process.argv.slice(2).length ? ` ${process.argv.slice(2).join(' ')}` : ''}\` on ${new Date().toISOString()}, commit ${git(['rev-parse', '--short', 'HEAD']) || 'unknown'}`
    + `${dirty ? ` with ${dirty} uncommitted change(s) in the working tree` : ''}, ${seconds(started)}.`,
  'Each bug is planted alone in a copy of the sources; "killed" means at least one test that passes unpatched fails with the bug.',
  '',
  table,
  '',
  '## Test files per bug',
  '',
  ...results.map(({ bug }) => `- \`${bug.name}\` (${bug.file}): ${bug.tests.map((t) => `\`${t}\``).join(', ')}`),
  '',
  '## Failing tests per killed bug',
  '',
  ...results.filter((r) => r.killers.length > 0).flatMap(({ bug, killers }) => [`### ${bug.name}`, '', ...killers.map((f) => `- ${f}`), '']),
  '## Unpatched run',
  '',
  `${base.tests} tests in ${allTests.length} files, ${base.failing.length} failing${base.failing.length ? ' (these count for no bug):' : '.'}`,
  ...base.failing.map((f) => `- ${f}`),
  '',
].join('\n');
mkdirSync(join(root, 'reports'), { recursive: true });
writeFileSync(join(root, 'reports', 'planted-bugs.md'), report);
console.error(`\nwrote reports/planted-bugs.md (${seconds(started)})`);
cleanup();
process.exit(results.every((r) => r.status.startsWith('killed')) ? 0 : 1);
