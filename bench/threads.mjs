// Gauss–Seidel on one thread and on two (`"threads": 2`, the plugin's README, "Two threads"),
// side by side on the same dumped simulation steps, alternated problem by problem in one
// process. Checks that two threads give the bits of the same partitioned sweep on one (the
// TypeScript kernel sweeps the parts one after the other), and reports the wall and CPU time of
// each configuration's solves and their ratios.
//
//   node bench/threads.mjs [--problems DIR] [--repeat N] [--out FILE]
//
// Without --problems it first dumps its own: every 100th step of the first 1.5 s of paper 000's
// drum with 1,000 ellipsoids (`node examples/scenes/rotating-drum/drum.mjs --n 1000`, the
// project's chain, `--dump-problems 100`, into bench/out/threads/run; about 3 minutes), each
// step's warm start included. Two threads pay only where a second core is free: run it on an
// otherwise idle machine. Runs the compiled packages (`npm run bench:threads` builds).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createRegistry, loadPlugins, readProblem, resolve as resolveRun } from '@moreau/core';

const root = resolve(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..');
const { values } = parseArgs({
  options: {
    problems: { type: 'string' },
    repeat: { type: 'string', default: '2' },
    out: { type: 'string', default: join(root, 'bench/out/threads.md') },
  },
});
const repeat = Number(values.repeat);
if (!(Number.isInteger(repeat) && repeat >= 1 && repeat <= 100)) {
  process.stderr.write(`bench/threads.mjs: --repeat takes an integer from 1 to 100, got ${values.repeat}\n`);
  process.exit(2);
}

let dir = values.problems && resolve(values.problems);
if (!dir) {
  const run = join(root, 'bench/out/threads/run');
  rmSync(run, { recursive: true, force: true });
  mkdirSync(run, { recursive: true });
  const scene = join(run, 'drum-1000.json');
  writeFileSync(scene, execFileSync(process.execPath, [join(root, 'examples/scenes/rotating-drum/drum.mjs'), '--n', '1000'], { cwd: root }));
  console.error('dumping the first 1.5 s of the 1,000-ellipsoid drum (every 100th step; about 3 minutes)…');
  execFileSync(process.execPath, [join(root, 'cli/bin/moreau.js'), 'simulate', scene, '--until', '1.5', '--dump-problems', '100', '--out', run],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  dir = join(run, 'problems');
}
if (!existsSync(dir)) {
  process.stderr.write(`bench/threads.mjs: no such folder: ${dir}\n`);
  process.exit(2);
}
const files = readdirSync(dir).filter((f) => f.endsWith('.hdf5')).sort();
if (files.length === 0) {
  process.stderr.write(`bench/threads.mjs: no .hdf5 problems in ${dir}\n`);
  process.exit(2);
}
const problems = [];
for (const f of files) {
  const p = await readProblem(join(dir, f));
  problems.push({ problem: p.problem, guess: p.guesses?.[0]?.r });
}

const registry = createRegistry();
await loadPlugins(registry, { baseDir: root });
const CASES = [
  ['energy 1e-8, Anderson, cap 300 (the drum chain\'s first link)', { merit: 'energy', tolerance: 1e-8, maxIterations: 300, acceleration: 'anderson' }],
  ['siconos 1e-8, Anderson, cap 1,000', { tolerance: 1e-8, maxIterations: 1000, acceleration: 'anderson' }],
  ['siconos 1e-8, plain, cap 1,000', { tolerance: 1e-8, maxIterations: 1000 }],
];
const cpuMs = (from) => { const c = process.cpuUsage(from); return (c.user + c.system) / 1000; };
const sameBits = (a, b) => a.iterations === b.iterations && Object.is(a.error, b.error) && a.r.every((v, i) => Object.is(v, b.r[i]));
const rows = [];
for (const [label, options] of CASES) {
  const solver = (extra) => resolveRun({ solver: { name: 'gauss-seidel', options: { ...options, ...extra } } }, registry).solver;
  const one = solver({}), two = solver({ threads: 2 }), serialParts = solver({ threads: 2, kernel: 'typescript' });
  const opts = (p) => (p.guess ? { warmStart: Float64Array.from(p.guess) } : {});
  // Pass 0: warm-up (JIT, the worker's start), not timed. Every two-thread answer, timed ones
  // included, is checked against the same parts swept one after the other.
  let differing = 0, checked = 0, sweepsOne = 0, sweepsTwo = 0;
  const serial = [];
  const check = (a, i) => { checked++; if (!sameBits(a, serial[i])) differing++; };
  problems.forEach((p, i) => {
    serial.push(serialParts.solve(p.problem, opts(p)));
    const a = two.solve(p.problem, opts(p));
    check(a, i);
    sweepsTwo += a.iterations;
    sweepsOne += one.solve(p.problem, opts(p)).iterations;
  });
  await new Promise((done) => setTimeout(done, 500));
  let wallOne = 0, wallTwo = 0, cpuOne = 0, cpuTwo = 0;
  for (let pass = 0; pass < repeat; pass++) {
    for (const p of problems) {
      let c = process.cpuUsage(), t = performance.now();
      one.solve(p.problem, opts(p));
      wallOne += performance.now() - t; cpuOne += cpuMs(c);
      c = process.cpuUsage(); t = performance.now();
      const a = two.solve(p.problem, opts(p));
      wallTwo += performance.now() - t; cpuTwo += cpuMs(c);
      check(a, problems.indexOf(p));
    }
  }
  const n = problems.length;
  rows.push(`| ${label} | ${n} | ${(sweepsOne / n).toFixed(1)} / ${(sweepsTwo / n).toFixed(1)} | ${differing} of ${checked} | ${wallOne.toFixed(0)} | ${wallTwo.toFixed(0)} | **${(wallTwo / wallOne).toFixed(2)}** | ${cpuOne.toFixed(0)} | ${cpuTwo.toFixed(0)} | ${(cpuTwo / cpuOne).toFixed(2)} |`);
  console.error(`${label}: done`);
}
const text = [
  `Gauss–Seidel, threads 1 against threads 2, on ${problems.length} problems from ${dir}; ${repeat} timed pass(es) after a warm-up pass, alternated problem by problem.`,
  '"differ": two-thread answers (every pass, timed ones included) that were not the bits of the same parts swept one after the other (should be 0).',
  '',
  '| options | problems | sweeps a solve, 1 / 2 threads | differ | wall ms, 1 thread | wall ms, 2 threads | wall ratio | CPU ms, 1 thread | CPU ms, 2 threads | CPU ratio |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...rows,
].join('\n');
mkdirSync(join(values.out, '..'), { recursive: true });
writeFileSync(values.out, `${text}\n`);
console.log(text);
