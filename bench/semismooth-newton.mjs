// The semismooth Newton solver (paper 004) on the shared problems: the frictionless runs (UNIL,
// paper Table 3), the five frictional configurations of the paper's Figure 5 — NEWT(A), NEWT(G),
// HYB(A), HYB(G), FIX — and, with --linear, sparse LU against dense LU and GMRES.
//
//   npm run build && node bench/semismooth-newton.mjs [--problems dir] [--tol 1e-8] [--repeat-ms 500] [--linear]
//   npm run build && node bench/semismooth-newton.mjs --defaults   (only: the defaults' sparse LU against dense LU)
//
// Runs the compiled packages. Problems come from ../shared/problems beside the repository (or
// --problems). Every solve starts from r = 0 with the plugin's defaults (paper 004 Table 2) except
// what the configuration names. Each runs once cold (converged, iterations, line searches, merits);
// a converged one runs again for about --repeat-ms and its time is the median of those runs.
// Prints the tables and writes them to bench/out/semismooth-newton.md.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createRegistry, readProblem, resolve as resolveRun, SiconosMerit } from '@moreau/core';
import ssn from '@moreau/semismooth-newton';

const root = resolve(new URL('.', import.meta.url).pathname, '..');
const { values } = parseArgs({
  options: {
    problems: { type: 'string' },
    tol: { type: 'string', default: '1e-8' },
    'repeat-ms': { type: 'string', default: '500' },
    linear: { type: 'boolean', default: false },
    defaults: { type: 'boolean', default: false },
  },
});
const tolerance = Number(values.tol);
const repeatMs = Number(values['repeat-ms']);
const dir = resolve(values.problems ?? join(root, '..', 'shared', 'problems'));
if (!existsSync(dir)) {
  console.error(`no problem folder at ${dir}; pass --problems=DIR`);
  process.exit(1);
}
const files = readdirSync(dir).filter((f) => /\.(dat|hdf5|h5|json)$/.test(f));
const problems = [];
for (const f of files) problems.push({ file: f, problem: (await readProblem(join(dir, f))).problem });
problems.sort((a, b) => a.problem.contacts - b.problem.contacts || a.file.localeCompare(b.file));

const registry = createRegistry().register(ssn, '@moreau/semismooth-newton');
const siconos = new SiconosMerit();
const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];

/** One configuration on one problem: the cold result, then the median time of warm reruns when it converged. */
function measure(options, problem) {
  const run = resolveRun({ name: 'semismooth-newton', options: { ...options, tolerance } }, registry);
  const first = run.solver.solve(problem);
  const times = [first.ms];
  if (first.converged) {
    times.length = 0;
    const until = performance.now() + repeatMs;
    while ((performance.now() < until || times.length < 3) && times.length < 50) times.push(run.solver.solve(problem).ms);
  }
  return { result: first, stats: first.stats, ms: median(times), error: siconos.evaluate(problem, first.r) };
}

const exp = (x, d = 1) => (x === undefined ? '—' : x === 0 ? '0' : Number.isFinite(x) ? x.toExponential(d) : String(x));
const fmtMs = (ms) => (ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2));
const yes = (m) => (m.result.converged ? 'yes' : `**no** (${m.result.reason})`);
const out = [];
const print = (s = '') => { console.log(s); out.push(s); };

// ---- --defaults: the defaults (linearSolver 'auto') against dense LU, median of 3 warm solves ----
if (values.defaults) {
  const med3 = (options, problem) => {
    const solver = resolveRun({ name: 'semismooth-newton', options: { ...options, tolerance } }, registry).solver;
    solver.solve(problem); // JIT warm-up
    const runs = [0, 1, 2].map(() => {
      const c0 = process.cpuUsage();
      const res = solver.solve(problem);
      const c = process.cpuUsage(c0);
      return { res, ms: res.ms, cpu: (c.user + c.system) / 1e3 };
    });
    return { res: runs[2].res, ms: median(runs.map((x) => x.ms)), cpu: median(runs.map((x) => x.cpu)) };
  };
  const cell = (m) => `${m.res.converged ? '' : '**no** '}${m.res.iterations} / ${fmtMs(m.ms)} (${fmtMs(m.cpu)})`;
  print(`Node ${process.version}, load average ${os.loadavg()[0].toFixed(1)}; median of 3 warm solves from r = 0: iterations / ms (CPU ms).`);
  print();
  print('| problem | contacts | dense LU | auto (the default) | auto took | error (auto) |');
  print('|---|---:|---|---|---|---:|');
  for (const { file, problem } of problems) {
    const d = med3({ linearSolver: 'dense-lu' }, problem), a = med3({}, problem);
    const took = a.res.stats.linear?.sparse > 0 ? 'sparse LU' : 'dense LU';
    print(`| ${file} | ${problem.contacts} | ${cell(d)} | ${cell(a)} | ${took} | ${exp(siconos.evaluate(problem, a.res.r))} |`);
  }
  process.exit(0);
}

print(`# Semismooth Newton (paper 004) on the shared problems`);
print();
print(`Node ${process.version}, ${os.availableParallelism()} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}); tolerance ${tolerance} on the siconos merit; r⁰ = 0, U⁰ = 0; ` +
  `times: median of warm reruns (${repeatMs} ms) when converged, the single run otherwise.`);

// ---- frictionless: UNIL (paper Table 3: at most 5 iterations on its examples) ----
print();
print('## Frictionless (`--frictionless`): UNIL');
print();
print('Paper 004 Table 3 reports at most 5 iterations on its (nonsingular) examples. The last column is UNIL exactly as the paper states it: no regularisation (λ = 0), stopping when the active set repeats (`stop: "step"`).');
print();
print('| problem | contacts | UNIL: converged | iterations | siconos error | ms | defaults (HYB(A)): iterations | siconos error | UNIL, λ = 0, stop "step": iterations |');
print('|---|---:|---|---:|---:|---:|---:|---:|---:|');
for (const { file, problem } of problems) {
  const p = problem.frictionless();
  const unil = measure({ variant: 'unil' }, p);
  const hyb = measure({}, p);
  const step = measure({ variant: 'unil', stop: 'step', regularization: 0 }, p);
  print(`| ${file} | ${p.contacts} | ${yes(unil)} | ${unil.result.iterations} | ${exp(unil.error)} | ${fmtMs(unil.ms)} | ${hyb.result.iterations}${hyb.result.converged ? '' : ' (no)'} | ${exp(hyb.error)} | ${step.result.iterations}${step.result.converged ? '' : ` (no: ${step.result.reason}, error ${exp(step.error)})`} |`);
}

// ---- frictional: the five configurations of the paper's Figure 5 ----
const CONFIGS = [
  ['NEWT(A)', { variant: 'newt', memory: 0 }],
  ['NEWT(G)', { variant: 'newt', memory: 10 }],
  ['HYB(A)', { variant: 'hyb', memory: 0 }],
  ['HYB(G)', { variant: 'hyb', memory: 10 }],
  ['FIX', { variant: 'fix' }],
];
const runs = new Map(CONFIGS.map(([name]) => [name, new Map()]));
print();
print('## Frictional: NEWT(A), NEWT(G), HYB(A), HYB(G), FIX');
print();
print('A = Armijo (J = 0), G = Grippo (J = 10). Line searches: step reductions / searches that ended at α ≤ β. ' +
  'M: the Newton merit ½CᵀC (eq 63) with the final, SCALEd ρ_α (so not comparable across runs). ' +
  'Penalty: contacts whose ρ_α SCALE raised. Neg.: Newton systems whose solution has δRᵀΩδR < 0 (Ω not positive semi-definite, cf. the paper\'s count of negative definite systems). ' +
  'Singular: Newton systems with a numerically zero pivot even after the regularisation.');
print();
print('| problem | contacts | solver | converged | iterations | line searches | M | siconos error | penalty | neg. | singular | ms |');
print('|---|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const { file, problem } of problems) {
  for (const [name, options] of CONFIGS) {
    const m = measure(options, problem);
    const s = m.stats;
    runs.get(name).set(file, m);
    const ls = name === 'FIX' ? `— (${s.boundUpdates ?? 0} bound updates)` : `${s.lineSearchSteps ?? 0} / ${s.lineSearchFailures ?? 0}`;
    const pen = name === 'FIX' ? '—' : `${Math.round(100 * (s.penaltyScaledFraction ?? 0))} %`;
    print(`| ${file} | ${problem.contacts} | ${name} | ${yes(m)} | ${m.result.iterations} | ${ls} | ${exp(s.newtonMerit)} | ${exp(m.error)} | ${pen} | ${s.linear?.negativeCurvature ?? 0} | ${s.linear?.singular ?? 0} | ${fmtMs(m.ms)} |`);
  }
}
print();
// Medians over the problems every configuration solved, so that they compare like with like.
const common = problems.filter(({ file }) => CONFIGS.every(([name]) => runs.get(name).get(file).result.converged)).map(({ file }) => file);
print('| solver | converged | median iterations | median ms |');
print('|---|---:|---:|---:|');
const solved = new Map();
for (const [name] of CONFIGS) {
  const byFile = runs.get(name);
  solved.set(name, [...byFile.values()].filter((m) => m.result.converged).length);
  const its = common.map((f) => byFile.get(f).result.iterations), ms = common.map((f) => byFile.get(f).ms);
  print(`| ${name} | ${solved.get(name)} / ${problems.length} | ${its.length ? median(its) : '—'} | ${ms.length ? fmtMs(median(ms)) : '—'} |`);
}
const best = Math.max(...solved.values());
print();
print(`Medians over the ${common.length} problems all five configurations solve (${common.join(', ')}).`);
print();
print(`Most robust here (most problems converged): ${[...solved].filter(([, n]) => n === best).map(([name]) => name).join(', ')} (${best} / ${problems.length}).`);

// ---- linear solver: sparse LU, dense LU, GMRES ----
if (values.linear) {
  print();
  print('## Linear solves: sparse LU, dense LU and block-Jacobi GMRES (HYB(A))');
  print();
  print('Blocks: the fraction of Ω\'s 3x3 blocks stored (W\'s pattern); the default `auto` takes sparse LU up to 30 %. L + U: entries of the last sparse factorisation against those of Ω.');
  print();
  print('| problem | contacts | blocks | sparse LU: converged | iterations | L + U / Ω | ms | dense LU: converged | iterations | ms | GMRES: converged | iterations | GMRES iterations | unconverged systems | ms |');
  print('|---|---:|---:|---|---:|---:|---:|---|---:|---:|---|---:|---:|---:|---:|');
  for (const { file, problem } of problems) {
    const W = problem.W;
    const s = measure({ variant: 'hyb', memory: 0, linearSolver: 'sparse-lu' }, problem);
    const d = measure({ variant: 'hyb', memory: 0, linearSolver: 'dense-lu' }, problem);
    const g = measure({ variant: 'hyb', memory: 0, linearSolver: 'gmres' }, problem);
    const density = `${Math.round((100 * W.blockCount) / W.blockRows ** 2)} %`;
    const fill = (s.stats.linear.factorEntries / (9 * W.blockCount)).toFixed(2);
    print(`| ${file} | ${problem.contacts} | ${density} | ${yes(s)} | ${s.result.iterations} | ${fill} | ${fmtMs(s.ms)} | ${yes(d)} | ${d.result.iterations} | ${fmtMs(d.ms)} | ${yes(g)} | ${g.result.iterations} | ${g.stats.linear.iterations} | ${g.stats.linear.unconverged} | ${fmtMs(g.ms)} |`);
  }
}

mkdirSync(join(root, 'bench', 'out'), { recursive: true });
writeFileSync(join(root, 'bench', 'out', 'semismooth-newton.md'), out.join('\n') + '\n');
