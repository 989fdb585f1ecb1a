import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createRegistry, loadPlugins, readProblem, resolve as resolveRun, SiconosMerit } from '@moreau/core';
const root = '/work/main';
const dirs = ['/tmp/drumtest/dump-s/problems', '/tmp/drumtest/dump-e/problems'];
const registry = createRegistry();
await loadPlugins(registry, { baseDir: root });
const opts = JSON.parse(process.argv[2] ?? '{"preset":"solfec-drum"}');
const only = process.argv[3];
const run = resolveRun({ name: 'pqn', options: opts }, registry);
let ok = 0, tot = 0;
for (const dir of dirs) for (const f of readdirSync(dir).filter(n => n.endsWith('.hdf5')).sort()) {
  if (only && !f.includes(only)) continue;
  const L = await readProblem(join(dir, f));
  const p = L.problem, g = L.guesses?.[0]?.r;
  const res = run.solver.solve(p, g ? { warmStart: Float64Array.from(g) } : {});
  tot++; if (res.converged) ok++;
  let open = 0; for (let a = 0; a < p.contacts; a++) if (p.q[3*a] > 0) open++;
  const h = res.stats.history.errors;
  console.log(dir.includes('dump-s')?'s':'e', f, 'nc', p.contacts, 'openq', open, res.reason, res.iterations, 'err0', h[0]?.toExponential(2), 'min', Math.min(...h).toExponential(2), 'last', h.at(-1)?.toExponential(2));
  if (only) {
    const s = res.stats.steps;
    for (let k = 0; k < Math.min(40, s.cNorm.length); k++) console.log(k, h[k+1].toExponential(3), 'c', s.cNorm[k].toExponential(3), 'gm', s.gmresIterations[k], 'lr', s.linearResidual[k].toExponential(2));
  }
}
console.log('solved', ok, '/', tot);
