import { createRegistry, loadPlugins, readProblem, resolve as resolveRun } from '@moreau/core';
const registry = createRegistry();
await loadPlugins(registry, { baseDir: '/work/main' });
const L = await readProblem(process.argv[2]);
const p = L.problem, g = Float64Array.from(L.guesses[0].r);
const solve = (k) => resolveRun({ name: 'pqn', options: { preset: 'solfec-drum', maxIterations: k } }, registry).solver.solve(p, { warmStart: g });
const a = solve(40), b = solve(41);
const W = p.W;
const rows = [];
for (let c = 0; c < p.contacts; c++) {
  const o = 3*c; let d = 0;
  for (let i = 0; i < 3; i++) d = Math.max(d, Math.abs(a.r[o+i]-b.r[o+i]));
  if (d > 1e-6 * (1e-30 + Math.abs(a.r[o]) + Math.abs(b.r[o]))) rows.push([c, d, p.q[o], g[o], a.r[o], b.r[o], a.u[o], b.u[o], p.mu[c], W.values[9*W.diagIdx[c]]]);
}
rows.sort((x,y)=>y[1]-x[1]);
console.log('contacts differing', rows.length, 'of', p.contacts);
for (const r of rows.slice(0, 25)) console.log(r.map(v => typeof v === 'number' && !Number.isInteger(v) ? v.toExponential(2) : v).join(' '));
