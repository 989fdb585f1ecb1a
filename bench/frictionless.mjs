// The frictionless solvers (GPMINRES and MPRGP, paper 002) on the frictionless versions of the
// shared problems (every μ set to 0, as `moreau solve --frictionless` does), beside semismooth
// Newton's UNIL variant, APGD and Gauss–Seidel, each with its defaults at the given tolerance.
//
//   npm run build && node bench/frictionless.mjs [--problems dir] [--tol 1e-8] [--repeat-ms 300]
//        [--solver name[:json options]]...   (default: the five configurations below)
//
// Runs the compiled packages. Problems come from ../shared/problems beside the repository (or
// --problems). Every solve starts from r = 0. Each runs once cold (converged, iterations,
// products with W where the solver counts them); a converged one runs again for about
// --repeat-ms and its times (wall clock and CPU) are the medians of those runs. Every answer is judged by the siconos
// error recomputed from its r. Prints one markdown table and writes it to bench/out/frictionless.md.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createRegistry, readProblem, resolve as resolveRun, SiconosMerit } from '@moreau/core';
import { plugins as frictionless } from '@moreau/frictionless';
import ssn from '@moreau/semismooth-newton';
import apgd from '@moreau/apgd';
import gaussSeidel from '@moreau/gauss-seidel';

const root = resolve(new URL('.', import.meta.url).pathname, '..');
const { values } = parseArgs({
  options: {
    problems: { type: 'string' },
    tol: { type: 'string', default: '1e-8' },
    'repeat-ms': { type: 'string', default: '300' },
    solver: { type: 'string', multiple: true },
  },
});
const tolerance = Number(values.tol);
const repeatMs = Number(values['repeat-ms']);
const dir = resolve(values.problems ?? join(root, '..', 'shared', 'problems'));
if (!existsSync(dir)) {
  console.error(`no problem folder at ${dir}; pass --problems=DIR`);
  process.exit(1);
}

const DEFAULT_SOLVERS = ['semismooth-newton:{"variant":"unil"}', 'apgd', 'gauss-seidel', 'gpminres', 'mprgp'];
const configs = (values.solver ?? DEFAULT_SOLVERS).map((s) => {
  const at = s.indexOf(':');
  return at < 0 ? { name: s, options: {} } : { name: s.slice(0, at), options: JSON.parse(s.slice(at + 1)) };
});
const label = (c) => (Object.keys(c.options).length ? `${c.name} ${JSON.stringify(c.options)}` : c.name);

const registry = createRegistry()
  .register(ssn, '@moreau/semismooth-newton')
  .register(apgd, '@moreau/apgd')
  .register(gaussSeidel, '@moreau/gauss-seidel');
for (const p of frictionless) registry.register(p, '@moreau/frictionless');

const files = readdirSync(dir).filter((f) => /\.(dat|hdf5|h5|json)$/.test(f));
const problems = [];
for (const f of files) problems.push({ file: f, problem: (await readProblem(join(dir, f))).problem.frictionless() });
problems.sort((a, b) => a.problem.contacts - b.problem.contacts || a.file.localeCompare(b.file));

const siconos = new SiconosMerit();
const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];

/** A solve, with its CPU time (ms): on a shared machine other processes inflate the wall clock, not this. */
function timed(solver, problem) {
  const c0 = process.cpuUsage();
  const result = solver.solve(problem);
  const c = process.cpuUsage(c0);
  return { result, ms: result.ms, cpu: (c.user + c.system) / 1e3 };
}

/** One configuration on one problem: the cold result, then the median times of warm reruns when it converged. */
function measure(config, problem) {
  const { solver } = resolveRun({ name: config.name, options: { tolerance, ...config.options } }, registry);
  const first = timed(solver, problem);
  let runs = [first];
  if (first.result.converged) {
    runs = [];
    const until = performance.now() + repeatMs;
    while ((performance.now() < until || runs.length < 3) && runs.length < 50) runs.push(timed(solver, problem));
  }
  return { result: first.result, ms: median(runs.map((x) => x.ms)), cpu: median(runs.map((x) => x.cpu)), error: siconos.evaluate(problem, first.result.r) };
}

const exp = (x) => (x === 0 ? '0' : Number.isFinite(x) ? x.toExponential(1) : String(x));
const fmtMs = (ms) => (ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2));
const out = [];
const print = (s = '') => { console.log(s); out.push(s); };

print(`Node ${process.version}, ${os.availableParallelism()} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), load average ${os.loadavg().map((x) => x.toFixed(2)).join(', ')} at the start; ` +
  `tolerance ${tolerance} on the siconos merit; every μ set to 0; r⁰ = 0; times: median of warm reruns (${repeatMs} ms) when converged, the single run otherwise.`);
print();
print('Each cell: converged (recomputed siconos error ≤ tolerance) / iterations (products with W, where the solver counts them) / wall ms (CPU ms).');
print();
print(`| problem | contacts | ${configs.map(label).join(' | ')} |`);
print(`|---|---:|${configs.map(() => '---|').join('')}`);
const solved = configs.map(() => 0);
for (const { file, problem } of problems) {
  const cells = configs.map((c, i) => {
    const m = measure(c, problem);
    const ok = m.error <= tolerance;
    if (ok) solved[i]++;
    const products = typeof m.result.stats?.matvecs === 'number' ? ` (${m.result.stats.matvecs})` : '';
    const claim = m.result.converged === ok ? '' : ` claimed ${m.result.converged}`;
    return `${ok ? 'yes' : `**no** ${m.result.reason} ${exp(m.error)}`}${claim} / ${m.result.iterations}${products} / ${fmtMs(m.ms)} (${fmtMs(m.cpu)})`;
  });
  print(`| ${file} | ${problem.contacts} | ${cells.join(' | ')} |`);
}
print(`| solved | | ${solved.map((s) => `${s} of ${problems.length}`).join(' | ')} |`);

mkdirSync(join(root, 'bench', 'out'), { recursive: true });
writeFileSync(join(root, 'bench', 'out', 'frictionless.md'), `${out.join('\n')}\n`);
