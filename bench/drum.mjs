// The rotating drum of paper 000 §8.1 against Solfec-1.0's measured figures on its own drum.
//
//   node bench/drum.mjs [--particles spheres,ellipsoids] [--configs solfec-pqn,solfec-gs,...]
//                       [--n 100] [--until 10] [--out bench/out/drum]
//
// Each configuration is one `moreau simulate` process, run one after another (one core each,
// as Solfec's runs were). The scene comes from examples/scenes/rotating-drum/drum.mjs; the
// configurations are the config files named below. Per run it reads steps.jsonl and reports
// the anchor page's statistics: wall time, ms per step, contacts (mean, max), iterations of
// the first solver per step (mean over all steps, mean over steps below the cap, median,
// 90th percentile, max, steps at the cap, steps with 0 iterations), fallbacks, steps not
// converged, and the detect / assemble / solve / update split. Writes drum.json and drum.md
// into --out. `npm run bench:drum` runs the full set (10 s, N = 100, both particle kinds).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { drumScene } from '../examples/scenes/rotating-drum/drum.mjs';

const root = resolve(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..');
const drumDir = join(root, 'examples/scenes/rotating-drum');

/** Configurations by name: a config file in the drum's folder, and what it stands for. */
const CONFIGS = {
  'solfec-pqn': { file: 'solfec-pqn.config.json', label: 'PQN → GS, Solfec settings (energy 1e-8)', solfec: 'NS' },
  'solfec-gs': { file: 'solfec-gs.config.json', label: 'GS, Solfec settings (energy 1e-8)', solfec: 'GS' },
  'siconos-pqn': { file: 'siconos-pqn.config.json', label: 'PQN → GS, siconos 1e-8', solfec: 'NS' },
  'siconos-gs': { file: 'siconos-gs.config.json', label: 'GS, siconos 1e-8', solfec: 'GS' },
  'moreau-gs': { file: 'moreau-gs.config.json', label: 'GS with over-relaxation 1.5, Solfec\'s merit (energy 1e-8)', solfec: 'GS' },
  'siconos-sor': { file: 'siconos-sor.config.json', label: 'GS with over-relaxation 1.5, siconos 1e-8', solfec: 'GS' },
  'siconos-ssn': { file: 'siconos-ssn.config.json', label: 'semismooth Newton → GS, siconos 1e-8' },
};

/** Solfec-1.0 on this machine kind, 10 s, N = 100 (the anchor page, set 2). */
const SOLFEC = {
  spheres: {
    NS: { wall: 120.5, msPerStep: 12.0, contacts: [189.6, 249], mean: 47.1, meanBelow: 30.6, median: 17, p90: 73, max: 1000, atCap: 170, zero: 387 },
    GS: { wall: 183.0, msPerStep: 18.3, contacts: [191.3, 259], mean: 174.1, meanBelow: 158.7, median: 98, p90: 429, max: 1000, atCap: 183, zero: null },
  },
  ellipsoids: {
    NS: { wall: 153.2, msPerStep: 15.3, contacts: [248.2, 322], mean: 30.1, meanBelow: 18.2, median: 12, p90: 36, max: 1000, atCap: 121, zero: 291 },
    GS: { wall: 224.5, msPerStep: 22.5, contacts: [246.2, 325], mean: 119.4, meanBelow: 118.2, median: 85, p90: 242, max: 1000, atCap: 14, zero: null },
  },
};

const { values } = parseArgs({
  options: {
    particles: { type: 'string', default: 'spheres,ellipsoids' },
    configs: { type: 'string', default: 'solfec-pqn,solfec-gs,moreau-gs,siconos-sor' },
    n: { type: 'string', default: '100' },
    until: { type: 'string', default: '10' },
    out: { type: 'string', default: 'bench/out/drum' },
  },
});
const n = Number(values.n), until = Number(values.until);
const out = resolve(root, values.out);
mkdirSync(out, { recursive: true });

/** Nearest-rank percentile of a sorted array. */
const rank = (sorted, p) => (sorted.length ? sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] : 0);

/** The anchor page's statistics from a run's steps.jsonl. */
function statistics(stepsFile) {
  const steps = readFileSync(stepsFile, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
  const first = steps.map((s) => (s.contacts > 0 ? (s.attempts?.[0]?.iterations ?? s.iterations) : 0));
  const capped = steps.map((s) => s.contacts > 0 && (s.attempts?.[0]?.reason ?? s.reason) === 'max-iterations');
  const sorted = Float64Array.from(first).sort();
  const below = first.filter((_, k) => !capped[k]);
  const sum = (a) => a.reduce((x, y) => x + y, 0);
  const ms = { detect: 0, assemble: 0, solve: 0, update: 0, total: 0 };
  for (const s of steps) for (const k of Object.keys(ms)) ms[k] += s.ms[k];
  const contacts = steps.map((s) => s.contacts);
  return {
    steps: steps.length,
    msPerStep: ms.total / steps.length,
    contacts: [sum(contacts) / steps.length, Math.max(...contacts)],
    mean: sum(first) / steps.length,
    meanBelow: below.length ? sum(below) / below.length : 0,
    median: rank(sorted, 0.5),
    p90: rank(sorted, 0.9),
    max: sorted[sorted.length - 1],
    atCap: capped.filter(Boolean).length,
    zero: first.filter((x) => x === 0).length,
    fallbacks: sum(steps.map((s) => s.fallbacks)),
    notConverged: steps.filter((s) => !s.converged).length,
    split: Object.fromEntries(['detect', 'assemble', 'solve', 'update'].map((k) => [k, (100 * ms[k]) / ms.total])),
  };
}

const results = [];
for (const particles of values.particles.split(',')) {
  const sceneFile = join(out, `${particles}-${n}.json`);
  writeFileSync(sceneFile, JSON.stringify(drumScene({ n, particles, duration: until })));
  for (const name of values.configs.split(',')) {
    const config = CONFIGS[name];
    if (!config) throw new Error(`unknown configuration ${name}; known: ${Object.keys(CONFIGS).join(', ')}`);
    const runDir = join(out, `${particles}-${n}-${name}`);
    rmSync(runDir, { recursive: true, force: true });
    process.stderr.write(`${particles} N=${n}, ${config.label}: running ${until} s ...\n`);
    const t0 = performance.now();
    const run = spawnSync(process.execPath, [join(root, 'core/bin/moreau.js'), 'simulate', sceneFile, '--config', join(drumDir, config.file), '--until', String(until), '--out', runDir, '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 26 });
    const wall = (performance.now() - t0) / 1000;
    if (run.status !== 0 && run.status !== 1) throw new Error(`moreau simulate exited with ${run.status}`);
    const report = JSON.parse(run.stdout);
    const row = { particles, n, config: name, label: config.label, wall, simulateWall: report.wallMs / 1000, ...statistics(join(runDir, 'steps.jsonl')) };
    results.push(row);
    process.stderr.write(`  ${wall.toFixed(1)} s wall, ${row.msPerStep.toFixed(2)} ms/step, iterations mean ${row.mean.toFixed(1)}, at cap ${row.atCap}, not converged ${row.notConverged}\n`);
    writeFileSync(join(out, 'drum.json'), `${JSON.stringify(results, null, 1)}\n`);
  }
}

const f = (x, d = 1) => (x === null || x === undefined ? '–' : typeof x === 'number' && !Number.isInteger(x) ? x.toFixed(d) : String(x));
const lines = [
  `Rotating drum, N = ${n}, ${until} s simulated, h = 1e-3, one process per run. Solfec-1.0 rows: the anchor page (same machine kind, set 2).`,
  '',
  '| particles | run | wall s | ms/step | contacts mean / max | iters mean (all steps) | mean below cap | median | p90 | max | steps at cap | 0-iteration steps | fallbacks | not converged | detect / assemble / solve / update % |',
  '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
];
const solfecRow = (particles, kind, s) => `| ${particles} | Solfec-1.0: ${kind === 'NS' ? 'PQN (NS) → GS' : 'GS'}, energy 1e-8 | ${f(s.wall)} | ${f(s.msPerStep, 2)} | ${f(s.contacts[0])} / ${s.contacts[1]} | ${f(s.mean)} | ${f(s.meanBelow)} | ${s.median} | ${s.p90} | ${s.max} | ${s.atCap} | ${f(s.zero)} | – | – | – |`;
for (const particles of values.particles.split(',')) {
  for (const r of results.filter((q) => q.particles === particles)) {
    lines.push(`| ${r.particles} | Moreau: ${r.label} | ${f(r.wall)} | ${f(r.msPerStep, 2)} | ${f(r.contacts[0])} / ${r.contacts[1]} | ${f(r.mean)} | ${f(r.meanBelow)} | ${r.median} | ${r.p90} | ${r.max} | ${r.atCap} | ${r.zero} | ${r.fallbacks} | ${r.notConverged} | ${['detect', 'assemble', 'solve', 'update'].map((k) => r.split[k].toFixed(0)).join(' / ')} |`);
  }
  if (n === 100 && until === 10 && SOLFEC[particles]) for (const kind of ['NS', 'GS']) lines.push(solfecRow(particles, kind, SOLFEC[particles][kind]));
}
writeFileSync(join(out, 'drum.md'), `${lines.join('\n')}\n`);
process.stdout.write(`${lines.join('\n')}\n\nWritten: ${join(values.out, 'drum.md')}, drum.json\n`);
