// Paper 002's solver comparison ("Residuals: 128 Body Problem") rebuilt on one dumped step of
// a 128-sphere pile: APGD, P-SPG-FB (spg), PD-IP, Gauss–Seidel and its Jacobi variant on the
// frictional problem (μ = 0.3), and the same five plus GPMINRES and MPRGP (frictionless only)
// on its frictionless version (every μ set to 0, as `moreau solve --frictionless` does).
//
//   npm run build && node bench/paper002-comparison.mjs [--problem file.hdf5] [--tol 1e-8]
//        [--max-iter 10000] [--repeat 3] [--docs]
//
// Without --problem it simulates bench/paper002/pile-128.json to t = 1.6 s (the pile at rest,
// 336 contacts) with `moreau simulate --dump-problems 100` and takes the last dumped step.
// Every solve starts from r = 0 with the solver's defaults, the tolerance and the iteration cap
// (PD-IP keeps its own cap of 500 Newton steps). A first run records the merit (siconos) each
// iteration event carries; then --repeat runs without listeners give the CPU time (median, ms
// of process CPU: on a loaded machine other processes inflate the wall clock, less this).
// Writes bench/out/paper002/{table.md,histories.json,residuals.svg}; --docs also copies the
// figure to docs/figures/paper002-residuals.svg.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openRun, readProblem, resolve as resolveRun, SiconosMerit } from '@moreau/core';
import { renderResidualSvg } from './paper002/residual-svg.mjs';

const root = resolve(new URL('.', import.meta.url).pathname, '..');
const { values } = parseArgs({
  options: {
    problem: { type: 'string' },
    tol: { type: 'string', default: '1e-8' },
    'max-iter': { type: 'string', default: '10000' },
    repeat: { type: 'string', default: '3' },
    docs: { type: 'boolean', default: false },
  },
});
const tolerance = Number(values.tol), cap = Number(values['max-iter']), repeat = Number(values.repeat);
const outDir = join(root, 'bench', 'out', 'paper002');
mkdirSync(outDir, { recursive: true });

/** The problem file: the one given, else the last step dumped by a fresh run of the pile. */
function problemFile() {
  if (values.problem) return resolve(values.problem);
  const simDir = join(outDir, 'sim');
  const args = ['cli/bin/moreau.js', 'simulate', 'bench/paper002/pile-128.json', '--until', '1.6', '--out', 'bench/out/paper002/sim', '--dump-problems', '100', '--json'];
  console.error(`node ${args.join(' ')}`);
  const run = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`simulate failed (exit ${run.status}): ${run.stderr}`);
  const steps = readdirSync(join(simDir, 'problems')).filter((f) => f.endsWith('.hdf5')).sort();
  return join(simDir, 'problems', steps[steps.length - 1]);
}

// name in the figure, plugin, options; `frictionless` marks the solvers that take μ = 0 only.
const SOLVERS = [
  { label: 'APGD', name: 'apgd', options: {} },
  { label: 'P-SPG-FB', name: 'spg', options: {} },
  { label: 'PD-IP', name: 'pd-ip', options: {} },
  { label: 'Gauss–Seidel', name: 'gauss-seidel', options: {} },
  { label: 'Jacobi', name: 'gauss-seidel', options: { variant: 'jacobi' } },
  { label: 'GPMINRES', name: 'gpminres', options: {}, frictionless: true },
  { label: 'MPRGP', name: 'mprgp', options: {}, frictionless: true },
];

const { registry } = await openRun({ cwd: root });
const siconos = new SiconosMerit();
const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];

/** One solver on one problem: its iteration history, then the median CPU ms of unobserved runs. */
function measure(config, problem) {
  const options = { tolerance, ...(config.name === 'pd-ip' ? {} : { maxIterations: cap }), ...config.options };
  const observed = resolveRun({ name: config.name, options }, registry);
  const points = [];
  const listener = (e) => { if (e.error !== undefined) points.push({ x: e.iteration, y: e.error }); };
  observed.events.on('solver:iteration', listener);
  const result = observed.solver.solve(problem);
  observed.events.off('solver:iteration', listener);
  const { solver } = resolveRun({ name: config.name, options }, registry);
  const cpu = [];
  for (let k = 0; k < repeat; k++) {
    const c0 = process.cpuUsage();
    solver.solve(problem);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1e3);
  }
  return { result, points, error: siconos.evaluate(problem, result.r), cpu: median(cpu) };
}

const file = problemFile();
const loaded = (await readProblem(file)).problem;
const cases = [
  { key: 'frictional', problem: loaded, solvers: SOLVERS.filter((s) => !s.frictionless) },
  { key: 'frictionless', problem: loaded.frictionless(), solvers: SOLVERS },
];

const exp = (x) => (Number.isFinite(x) ? x.toExponential(1) : String(x));
const fmtMs = (ms) => (ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2));
const lines = [];
const print = (s = '') => { console.log(s); lines.push(s); };
print(`Problem ${file.slice(root.length + 1)}: ${loaded.contacts} contacts, μ ${loaded.mu[0]}. Node ${process.version}, ` +
  `${os.availableParallelism()} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), load average ${os.loadavg().map((x) => x.toFixed(2)).join(', ')} at the start. ` +
  `Tolerance ${tolerance} on the siconos merit, r⁰ = 0, cap ${cap} iterations (PD-IP: its own 500). CPU ms: median of ${repeat} runs without listeners.`);
print();
print('| problem | solver | converged | iterations | siconos error of the answer | CPU ms | CPU ms per iteration |');
print('|---|---|---|---:|---:|---:|---:|');
const histories = [], series = [];
for (const c of cases) {
  for (const s of c.solvers) {
    const m = measure(s, c.problem);
    const ok = m.error <= tolerance;
    print(`| ${c.key} | ${s.label} | ${ok ? 'yes' : `no (${m.result.reason})`} | ${m.result.iterations} | ${exp(m.error)} | ${fmtMs(m.cpu)} | ${(m.cpu / Math.max(1, m.result.iterations)).toPrecision(2)} |`);
    histories.push({ problem: c.key, solver: s.label, plugin: s.name, options: s.options, converged: ok, iterations: m.result.iterations, error: m.error, cpuMs: m.cpu, points: m.points });
    series.push({ name: `${s.label} (${c.key})`, colour: SOLVERS.indexOf(s), dashed: c.key === 'frictionless', points: m.points });
  }
}

const svg = renderResidualSvg({
  title: `Residual against iterations: 128-sphere pile, ${loaded.contacts} contacts`,
  xLabel: 'iteration (log scale)', yLabel: 'siconos error (log scale)', tolerance, logX: true,
  series,
});
writeFileSync(join(outDir, 'table.md'), `${lines.join('\n')}\n`);
writeFileSync(join(outDir, 'histories.json'), `${JSON.stringify({ file: file.slice(root.length + 1), contacts: loaded.contacts, tolerance, cap, histories })}\n`);
writeFileSync(join(outDir, 'residuals.svg'), svg);
console.error('wrote bench/out/paper002/table.md, histories.json and residuals.svg');
if (values.docs) {
  copyFileSync(join(outDir, 'residuals.svg'), join(root, 'docs', 'figures', 'paper002-residuals.svg'));
  console.error('copied the figure to docs/figures/paper002-residuals.svg');
}
