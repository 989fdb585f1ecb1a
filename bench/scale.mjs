// How a step's cost grows with the number of bodies: a ladder of sphere (or cube) pours, each run
// in this process through the library (createSimulation with the installed plugins: Gauss–Seidel
// alone with its defaults, the solver of the first ladders, unless --config names another), one
// rung after another.
//
//   node bench/scale.mjs [--ladder 1000,4000,16000,64000] [--steps 200] [--layers 10]
//                        [--shape sphere|cube] [--seed 1] [--config c.json]
//
// Each rung is N spheres (radius 5 cm) on a jittered lattice of `layers` layers, as wide as N
// needs, above an open box of five static planes: the pile's depth stays the same as N grows, so
// the growth measured is the width's. `--shape cube`: N cubes (half extent 5 cm, μ = 0.5), each
// turned at random, on a 0.2 m lattice (bench/pour.mjs's cubeBodies, the peers' cubes as wide as
// N needs). The run starts from the lattice (the lowest layer lands after about 0.1 s,
// h = 1e-3): `--steps` counts steps from there. Prints, per rung, the time to
// build the simulation, ms per step (median and mean over the steps), contacts, solver
// iterations, the detect / assemble / correct / solve / update split and the memory (RSS and V8 heap after
// the run), and the growth exponent of the mean ms per step between rungs (log-log slope), after
// a warm-up run that is not reported; writes the table
// to bench/out/scale.md. Runs the compiled packages (`npm run bench:scale` builds them first).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { benchArgs } from './args.mjs';
import { createSimulation, openRegistry } from '@moreau/core';
import { cubeScene, pourScene } from './pour.mjs';

const root = resolve(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..');
const { values, fail, whole } = benchArgs('bench/scale.mjs', {
  ladder: { type: 'string', default: '1000,4000,16000,64000' },
  steps: { type: 'string', default: '200' },
  layers: { type: 'string', default: '10' },
  seed: { type: 'string', default: '1' },
  shape: { type: 'string', default: 'sphere' },
  config: { type: 'string' },
});
if (!['sphere', 'cube'].includes(values.shape)) fail(`--shape: sphere or cube, got "${values.shape}".`);
const ladder = values.ladder.split(',').map(Number);
const steps = whole('steps', 1, 1_000_000, 'at most 1,000 s of h = 1e-3');
const layers = whole('layers', 1, 1000, 'a pile at most a thousand bodies deep');
const seed = whole('seed', 0, 2 ** 31 - 1, 'the generator takes 31 bits');
const MAX_BODIES = 1_000_000;
const bodies = values.shape === 'cube' ? 'cubes' : 'spheres';
for (const n of ladder) {
  if (!Number.isInteger(n) || n < 1 || n > MAX_BODIES) fail(`--ladder: each rung is a whole number of ${bodies} from 1 to ${MAX_BODIES}, got ${n}`);
}
let config = { solver: { name: 'gauss-seidel' } };
if (values.config) {
  try {
    config = JSON.parse(readFileSync(resolve(values.config), 'utf8'));
  } catch (e) {
    fail(`--config ${values.config}: ${e.code === 'ENOENT' ? 'no such file' : e.message}.`);
  }
}

/** N spheres (or cubes), `layers` deep, as wide as N needs (bench/pour.mjs). */
const pour = (count) => (values.shape === 'cube' ? cubeScene : pourScene)(count, layers, seed, steps);

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : 0;
};
const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

const { registry } = await openRegistry({ baseDir: root });
// Warm-up, not reported: the first rung would otherwise pay for compiling the hot loops.
{
  const warm = createSimulation(pour(Math.min(ladder[0], 1000)), config, { registry, source: 'warm-up' });
  for (let k = 0; k < Math.min(steps, 150); k++) warm.step();
}
const rows = [];
for (const n of ladder) {
  const t0 = performance.now();
  const sim = createSimulation(pour(n), config, { registry, source: `pour-${n}` });
  const buildMs = performance.now() - t0;
  const stats = [];
  for (let k = 0; k < steps; k++) {
    stats.push(sim.step());
    if (process.stderr.isTTY) process.stderr.write(`\r${n} ${bodies}: step ${k + 1} of ${steps}`);
  }
  if (process.stderr.isTTY) process.stderr.write('\n');
  const ms = stats.map((s) => s.ms.total);
  const total = (key) => stats.reduce((sum, s) => sum + s.ms[key], 0);
  const all = total('total') || 1;
  const mem = process.memoryUsage();
  rows.push({
    n, buildMs, msMedian: median(ms), msMean: mean(ms),
    contactsMean: mean(stats.map((s) => s.contacts)), contactsMax: Math.max(...stats.map((s) => s.contacts)),
    iterationsMean: mean(stats.filter((s) => s.contacts > 0).map((s) => s.iterations)),
    notConverged: stats.filter((s) => !s.converged).length,
    split: ['detect', 'assemble', 'correct', 'solve', 'update'].map((key) => (100 * total(key)) / all),
    rssMb: mem.rss / 2 ** 20, heapMb: mem.heapUsed / 2 ** 20,
  });
  console.error(`${n} ${bodies}: ${rows.at(-1).msMean.toFixed(1)} ms per step (mean), RSS ${rows.at(-1).rssMb.toFixed(0)} MB`);
}

const f = (x, d = 1) => x.toFixed(d);
const slope = (a, b) => Math.log(b.msMean / a.msMean) / Math.log(b.n / a.n);
const lines = [
  `### Poured ${bodies}, ${layers} layers deep, the first ${steps} steps from the lattice (h = 1e-3), ${values.config ? `config ${values.config}` : 'gauss-seidel, defaults'}`,
  '',
  `| ${bodies} | build ms | ms / step median / mean | growth exponent | contacts mean / max | iterations mean | not converged | detect / assemble / correct / solve / update % | RSS MB | heap MB |`,
  '|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|',
  ...rows.map((r, i) => `| ${r.n} | ${f(r.buildMs, 0)} | ${f(r.msMedian)} / ${f(r.msMean)} | ${i ? f(slope(rows[i - 1], r), 2) : '—'} | ${f(r.contactsMean, 0)} / ${r.contactsMax} | ${f(r.iterationsMean)} | ${r.notConverged} of ${steps} | ${r.split.map((x) => f(x)).join(' / ')} | ${f(r.rssMb, 0)} | ${f(r.heapMb, 0)} |`),
  '',
  'RSS and heap are the process\'s after each rung; the rungs run one after another in one process, so a rung\'s RSS can include what an earlier one left.',
  '',
];
mkdirSync(join(root, 'bench', 'out'), { recursive: true });
writeFileSync(join(root, 'bench', 'out', 'scale.md'), lines.join('\n'));
console.log(lines.join('\n'));
