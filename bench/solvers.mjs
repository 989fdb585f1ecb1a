// Solvers on real problems: iterations, siconos error and time, beside Siconos' NSGS.
//
//   node bench/solvers.mjs [--solver name[:<json options>]]... [--tol 1e-8] [--problems dir] [--repeat-ms 1500]
//
// Runs the compiled packages (npm run build first; `npm run bench` does). Problems come from
// ../shared/problems when it exists, else examples/problems. Each solve is run once cold (first
// call in this process, JIT included) and then repeated for about --repeat-ms; the table reports
// the median of the warm repeats. Writes bench/out/solvers.md.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createRegistry, loadPlugins, readProblem, resolve as resolveRun, SiconosMerit } from '@moreau/core';
import { SICONOS_NSGS_1E8 } from './siconos-reference.mjs';

const root = resolve(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..');
const { values } = parseArgs({
  options: {
    solver: { type: 'string', multiple: true },
    tol: { type: 'string', default: '1e-8' },
    problems: { type: 'string' },
    'repeat-ms': { type: 'string', default: '1500' },
  },
});
const tolerance = Number(values.tol);
const repeatMs = Number(values['repeat-ms']);
const shared = resolve(root, '../shared/problems');
const dir = values.problems ? resolve(values.problems) : existsSync(shared) ? shared : join(root, 'examples/problems');
const files = readdirSync(dir).filter((f) => /\.(dat|hdf5|h5|json)$/.test(f));

const registry = createRegistry();
await loadPlugins(registry, { baseDir: root });
const specs = (values.solver ?? ['gauss-seidel']).map((s) => {
  const i = s.indexOf(':');
  return i < 0 ? { name: s, options: {} } : { name: s.slice(0, i), options: JSON.parse(s.slice(i + 1)) };
});

const loaded = [];
for (const f of files) loaded.push((await readProblem(join(dir, f))).problem);
loaded.sort((a, b) => a.contacts - b.contacts);

const siconos = new SiconosMerit();
const lines = [];
for (const spec of specs) {
  const label = spec.name + (Object.keys(spec.options).length ? ` ${JSON.stringify(spec.options)}` : '');
  // Same accuracy for every solver: the siconos merit at the same tolerance, unless options say
  // otherwise (a solver without a merit option, such as auto, measures in siconos already).
  const shape = registry.has('solver', spec.name) ? registry.get('solver', spec.name).options.shape ?? {} : {};
  const merit = Object.hasOwn(shape, 'merit') ? { merit: 'siconos' } : {};
  const run = resolveRun({ name: spec.name, options: { ...merit, tolerance, ...spec.options } }, registry);
  lines.push(`### ${label}, tolerance ${tolerance}`, '');
  lines.push('| problem | contacts | iterations | converged | siconos error | ms (warm median) | ms (cold) | µs / iteration | Siconos NSGS: it / ms / µs per it | ratio per iteration |');
  lines.push('|---|---|---|---|---|---|---|---|---|---|');
  for (const problem of loaded) {
    const t0 = performance.now();
    const first = run.solver.solve(problem);
    const cold = performance.now() - t0;
    const times = [];
    const until = performance.now() + repeatMs;
    while (performance.now() < until || times.length < 3) {
      const t = performance.now();
      run.solver.solve(problem);
      times.push(performance.now() - t);
      if (times.length >= 200) break;
    }
    times.sort((a, b) => a - b);
    const warm = times[Math.floor(times.length / 2)];
    const err = siconos.evaluate(problem, first.r);
    const perIt = first.iterations > 0 ? (1000 * warm) / first.iterations : NaN;
    const ref = SICONOS_NSGS_1E8[problem.name];
    const refPerIt = ref ? (1000 * ref.ms) / ref.iterations : NaN;
    const cells = [
      problem.name, problem.contacts, first.iterations, first.converged ? 'yes' : `no (${first.reason})`,
      err.toExponential(1), warm.toFixed(3), cold.toFixed(1), Number.isFinite(perIt) ? perIt.toFixed(1) : '–',
      ref ? `${ref.iterations} / ${ref.ms} / ${refPerIt.toFixed(1)}${ref.solved ? '' : ' (not solved)'}` : '–',
      Number.isFinite(perIt) && ref && first.iterations > 2 ? (perIt / refPerIt).toFixed(2) : '–',
    ];
    lines.push(`| ${cells.join(' | ')} |`);
    process.stderr.write(`${label}: ${problem.name} done\n`);
  }
  lines.push('');
}
const text = lines.join('\n');
console.log(text);
mkdirSync(join(root, 'bench/out'), { recursive: true });
writeFileSync(join(root, 'bench/out/solvers.md'), `${text}\n`);
