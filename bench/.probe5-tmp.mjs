import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createRegistry, loadPlugins, readProblem, resolve as resolveRun, EnergyMerit } from '@moreau/core';
const registry = createRegistry();
await loadPlugins(registry, { baseDir: '/work/main' });
const scale = Number(process.argv[2]);
const opts = JSON.parse(process.argv[3] ?? '{"preset":"solfec-drum"}');
const run = resolveRun({ name: 'pqn', options: opts }, registry);
const energy = new EnergyMerit();
let ok = 0, tot = 0, its = [];
for (const dir of ['/tmp/drumtest/dump-s/problems', '/tmp/drumtest/dump-e/problems']) for (const f of readdirSync(dir).filter(n=>n.endsWith('.hdf5')).sort()) {
  const L = await readProblem(join(dir, f));
  const p0 = L.problem;
  const W = Object.assign(Object.create(Object.getPrototypeOf(p0.W)), p0.W, { values: p0.W.values.map(v => v * scale) });
  const p = Object.assign(Object.create(Object.getPrototypeOf(p0)), p0, { W });
  const g = Float64Array.from(L.guesses[0].r, v => v / scale);
  const res = run.solver.solve(p, { warmStart: g });
  const back = Float64Array.from(res.r, v => v * scale);
  const e = energy.evaluate(p0, back);
  tot++; if (res.converged && e < 1.0001e-8) ok++; its.push(res.iterations);
}
its.sort((a,b)=>a-b);
console.log('scale', scale, 'solved', ok, '/', tot, 'median its', its[its.length>>1], 'atcap', its.filter(i=>i>=1000).length);
