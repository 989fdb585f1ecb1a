// Gauss–Seidel's two kernels side by side: the WebAssembly sweep (`"kernel": "wasm"`, the
// default) against the TypeScript one, on the same dumped simulation steps, alternated problem
// by problem in one process. Checks that both give the same reactions to the bit, and reports
// the CPU time of each kernel's solves and their ratio.
//
//   node bench/sweep-kernel.mjs [--problems DIR] [--repeat N] [--out FILE]
//
// Without --problems it first dumps its own: the first 2 s of the 100-sphere rotating drum with
// the project's chain (`moreau simulate … --dump-problems 20`, into bench/out/sweep-kernel/run),
// each step's warm start included. Runs the compiled packages (`npm run bench:sweep` builds).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { benchArgs } from './args.mjs';
import { createRegistry, loadPlugins, readProblem, resolve as resolveRun } from '@moreau/core';

const root = resolve(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..');
const { values, fail } = benchArgs('bench/sweep-kernel.mjs', {
  problems: { type: 'string' },
  repeat: { type: 'string', default: '2' },
  out: { type: 'string', default: join(root, 'bench/out/sweep-kernel.md') },
});
const repeat = Number(values.repeat);
if (!(Number.isInteger(repeat) && repeat >= 1 && repeat <= 100)) fail(`--repeat takes an integer from 1 to 100, got ${values.repeat}`);

let dir = values.problems && resolve(values.problems);
if (!dir) {
  const run = join(root, 'bench/out/sweep-kernel/run');
  rmSync(run, { recursive: true, force: true });
  mkdirSync(run, { recursive: true });
  console.error('dumping the first 2 s of the 100-sphere drum (every 20th step)…');
  execFileSync(process.execPath, [join(root, 'cli/bin/moreau.js'), 'simulate', 'examples/scenes/rotating-drum/spheres-100.json',
    '--until', '2', '--dump-problems', '20', '--out', run], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  dir = join(run, 'problems');
}
if (!existsSync(dir)) fail(`--problems: no such folder: ${dir}`);
const files = readdirSync(dir).filter((f) => f.endsWith('.hdf5')).sort();
if (files.length === 0) fail(`--problems: no .hdf5 problems in ${dir}`);
const problems = [];
for (const f of files) {
  const p = await readProblem(join(dir, f));
  problems.push({ problem: p.problem, guess: p.guesses?.[0]?.r });
}

const registry = createRegistry();
await loadPlugins(registry, { baseDir: root });
const CASES = [
  ['siconos 1e-8, plain, cap 1,000', { tolerance: 1e-8, maxIterations: 1000 }],
  ['siconos 1e-8, Anderson, cap 1,000', { tolerance: 1e-8, maxIterations: 1000, acceleration: 'anderson' }],
  ['energy 1e-8, Anderson, cap 300', { merit: 'energy', tolerance: 1e-8, maxIterations: 300, acceleration: 'anderson' }],
];
const cpuMs = (from) => { const c = process.cpuUsage(from); return (c.user + c.system) / 1000; };
const rows = [];
for (const [label, options] of CASES) {
  const solver = (kernel) => resolveRun({ solver: { name: 'gauss-seidel', options: { ...options, kernel } } }, registry).solver;
  const ts = solver('typescript'), wasm = solver('wasm');
  let tsMs = 0, wasmMs = 0, sweeps = 0, differing = 0;
  for (let pass = 0; pass <= repeat; pass++) {
    for (const p of problems) {
      const opts = () => (p.guess ? { warmStart: Float64Array.from(p.guess) } : {});
      let c = process.cpuUsage();
      const a = ts.solve(p.problem, opts());
      const t1 = cpuMs(c);
      c = process.cpuUsage();
      const b = wasm.solve(p.problem, opts());
      const t2 = cpuMs(c);
      // Pass 0 warms both kernels up (JIT, compilation) and is not counted.
      if (pass === 0) {
        let d = 0;
        for (let i = 0; i < a.r.length; i++) if (!Object.is(a.r[i], b.r[i])) d++;
        if (d > 0 || a.iterations !== b.iterations || !Object.is(a.error, b.error)) differing++;
        sweeps += a.iterations;
        continue;
      }
      tsMs += t1; wasmMs += t2;
    }
  }
  rows.push(`| ${label} | ${problems.length} | ${(sweeps / problems.length).toFixed(1)} | ${differing} | ${tsMs.toFixed(0)} | ${wasmMs.toFixed(0)} | **${(wasmMs / tsMs).toFixed(2)}** |`);
  console.error(`${label}: done`);
}
const text = [
  `Gauss–Seidel kernels on ${problems.length} problems from ${dir}; CPU of ${repeat} timed pass(es) after a warm-up pass, alternated problem by problem.`,
  '',
  '| options | problems | sweeps a solve | problems whose answers differ | TypeScript CPU ms | WebAssembly CPU ms | ratio |',
  '|---|---:|---:|---:|---:|---:|---:|',
  ...rows,
].join('\n');
mkdirSync(join(values.out, '..'), { recursive: true });
writeFileSync(values.out, `${text}\n`);
console.log(text);
