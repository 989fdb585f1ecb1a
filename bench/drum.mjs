// The rotating drum of paper 000 §8.1 against Solfec-1.0's measured figures on its own drum.
//
//   node bench/drum.mjs [--particles spheres,ellipsoids,pseudo-rigid] [--configs solfec-pqn,solfec-gs,...]
//                       [--n 100] [--until 10] [--out bench/out/drum]
//
// Each configuration is one `moreau simulate` process, run one after another (one core each,
// as Solfec's runs were). The scene comes from examples/scenes/rotating-drum/drum.mjs; the
// configurations are the config files named below. Pseudo-rigid particles (Solfec's `-kifo PR`)
// run only the configurations that have a pseudo-rigid file (the linearly implicit integrator
// and damping h, as Solfec runs them); `--particles pseudo-rigid` runs those rows alone. Per run
// it records the machine's 1-minute load average (sampled every 5 s; other work on the machine
// makes the wall time an upper bound) and the child's CPU seconds (Linux), reads steps.jsonl and reports
// the anchor page's statistics: wall time, ms per step, contacts (mean, max), iterations of
// the first solver per step (mean over all steps, mean over steps below the cap, median,
// 90th percentile, max, steps at the cap, steps with 0 iterations), fallbacks, steps not
// converged, and the detect / assemble / correct (position projection) / solve / update split. Writes drum.json and drum.md
// into --out. `npm run bench:drum` runs the full set (10 s, N = 100, all three particle kinds).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { benchArgs } from './args.mjs';
import { drumScene, PARTICLES } from '../examples/scenes/rotating-drum/drum.mjs';

const root = resolve(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..');
const drumDir = join(root, 'examples/scenes/rotating-drum');

/**
 * Configurations by name: a config file in the drum's folder, what it stands for, and (`pr`) the
 * file for pseudo-rigid particles: the same solver with the linearly implicit integrator and
 * damping h.
 */
const CONFIGS = {
  'solfec-pqn': { file: 'solfec-pqn.config.json', pr: 'solfec-pr-pqn.config.json', label: 'PQN → GS, Solfec settings (energy 1e-8)', solfec: 'NS' },
  'solfec-gs': { file: 'solfec-gs.config.json', pr: 'solfec-pr-gs.config.json', label: 'GS, Solfec settings (energy 1e-8)', solfec: 'GS' },
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
  'pseudo-rigid': {
    NS: { wall: 48.6, msPerStep: 4.9, contacts: [249.9, 331], mean: 5.2, meanBelow: 5.2, median: 5, p90: 7, max: 22, atCap: 0, zero: 290 },
    GS: { wall: 56.1, msPerStep: 5.6, contacts: [251.7, 345], mean: 14.1, meanBelow: 14.1, median: 11, p90: 24, max: 304, atCap: 0, zero: null },
  },
};

const { values, fail, whole } = benchArgs('bench/drum.mjs', {
  particles: { type: 'string', default: 'spheres,ellipsoids,pseudo-rigid' },
  configs: { type: 'string', default: 'solfec-pqn,solfec-gs,moreau-gs,siconos-sor' },
  n: { type: 'string', default: '100' },
  until: { type: 'string', default: '10' },
  out: { type: 'string', default: 'bench/out/drum' },
});
const n = whole('n', 1, 100_000, 'a hundred times the largest drum measured here, docs/results/drum.md');
const until = Number(values.until);
if (!(until > 0 && until <= 1000)) fail(`--until: expected seconds of simulated time in (0, 1000], got "${values.until}".`);
for (const name of values.configs.split(',')) {
  if (!Object.hasOwn(CONFIGS, name)) fail(`--configs: unknown configuration "${name}"; known: ${Object.keys(CONFIGS).join(', ')}.`);
}
for (const kind of values.particles.split(',')) {
  if (!PARTICLES.includes(kind)) fail(`--particles: unknown kind "${kind}"; known: ${PARTICLES.join(', ')}.`);
}
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
  const ms = { detect: 0, assemble: 0, correct: 0, solve: 0, update: 0, total: 0 };
  // A line written before the position projection was timed apart has no `correct`.
  for (const s of steps) for (const k of Object.keys(ms)) ms[k] += s.ms[k] ?? 0;
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
    split: Object.fromEntries(['detect', 'assemble', 'correct', 'solve', 'update'].map((k) => [k, (100 * ms[k]) / ms.total])),
  };
}

/** CPU seconds of this process's waited-for children (Linux /proc: cutime + cstime), or null elsewhere. */
function childCpuSeconds() {
  if (!existsSync('/proc/self/stat')) return null;
  // Fields after the command name's closing parenthesis; cutime and cstime are fields 16 and 17 (1-based) of the whole line.
  const rest = readFileSync('/proc/self/stat', 'utf8').split(') ').pop().split(' ');
  return (Number(rest[13]) + Number(rest[14])) / 100;
}

/** Runs one `moreau simulate`, sampling the 1-minute load average every 5 s; resolves with its stdout, exit code and the samples. */
function simulate(args) {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    const chunks = [], load = [loadavg()[0]];
    const timer = setInterval(() => load.push(loadavg()[0]), 5000);
    child.stdout.on('data', (c) => chunks.push(c));
    child.on('error', fail);
    child.on('close', (status) => {
      clearInterval(timer);
      load.push(loadavg()[0]);
      done({ status, stdout: Buffer.concat(chunks).toString('utf8'), load });
    });
  });
}

const results = [];
for (const particles of values.particles.split(',')) {
  const sceneFile = join(out, `${particles}-${n}.json`);
  writeFileSync(sceneFile, JSON.stringify(drumScene({ n, particles, duration: until })));
  for (const name of values.configs.split(',')) {
    const config = CONFIGS[name];
    const file = particles === 'pseudo-rigid' ? config.pr : config.file;
    if (!file) {
      process.stderr.write(`${particles} N=${n}, ${config.label}: skipped (no pseudo-rigid configuration)\n`);
      continue;
    }
    const runDir = join(out, `${particles}-${n}-${name}`);
    rmSync(runDir, { recursive: true, force: true });
    process.stderr.write(`${particles} N=${n}, ${config.label} (${file}): running ${until} s ...\n`);
    const cpu0 = childCpuSeconds(), t0 = performance.now();
    const run = await simulate([join(root, 'cli/bin/moreau.js'), 'simulate', sceneFile, '--config', join(drumDir, file), '--until', String(until), '--out', runDir, '--json']);
    const wall = (performance.now() - t0) / 1000, cpu1 = childCpuSeconds();
    if (run.status !== 0 && run.status !== 1) throw new Error(`moreau simulate exited with ${run.status}`);
    const report = JSON.parse(run.stdout);
    const load = { mean: run.load.reduce((a, b) => a + b, 0) / run.load.length, max: Math.max(...run.load) };
    const row = { particles, n, config: name, file, label: config.label, wall, cpu: cpu0 === null ? null : cpu1 - cpu0, load, simulateWall: report.wallMs / 1000, ...statistics(join(runDir, 'steps.jsonl')) };
    results.push(row);
    process.stderr.write(`  ${wall.toFixed(1)} s wall (${row.cpu === null ? '?' : row.cpu.toFixed(1)} s CPU, load ${load.mean.toFixed(1)}), ${row.msPerStep.toFixed(2)} ms/step, iterations mean ${row.mean.toFixed(1)}, at cap ${row.atCap}, not converged ${row.notConverged}\n`);
    writeFileSync(join(out, 'drum.json'), `${JSON.stringify(results, null, 1)}\n`);
  }
}

const f = (x, d = 1) => (x === null || x === undefined ? '–' : typeof x === 'number' && !Number.isInteger(x) ? x.toFixed(d) : String(x));
const lines = [
  `Rotating drum, N = ${n}, ${until} s simulated, h = 1e-3, one process per run. Solfec-1.0 rows: the anchor page (same machine kind, set 2, one run at a time on an idle machine).`,
  'Load: the 1-minute load average during the run (mean / max of 5 s samples) on a 2-core machine; above 1, other work shared the cores and the wall time is an upper bound. CPU s: the process\'s user + system time.',
  '',
  '| particles | run | wall s | CPU s | ms/step | contacts mean / max | iters mean (all steps) | mean below cap | median | p90 | max | steps at cap | 0-iteration steps | fallbacks | not converged | detect / assemble / correct / solve / update % | load mean / max |',
  '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|',
];
const solfecRow = (particles, kind, s) => `| ${particles} | Solfec-1.0: ${kind === 'NS' ? 'PQN (NS) → GS' : 'GS'}, energy 1e-8 | ${f(s.wall)} | – | ${f(s.msPerStep, 2)} | ${f(s.contacts[0])} / ${s.contacts[1]} | ${f(s.mean)} | ${f(s.meanBelow)} | ${s.median} | ${s.p90} | ${s.max} | ${s.atCap} | ${f(s.zero)} | – | – | – | – |`;
for (const particles of values.particles.split(',')) {
  for (const r of results.filter((q) => q.particles === particles)) {
    lines.push(`| ${r.particles} | Moreau: ${r.label} | ${f(r.wall)} | ${f(r.cpu)} | ${f(r.msPerStep, 2)} | ${f(r.contacts[0])} / ${r.contacts[1]} | ${f(r.mean)} | ${f(r.meanBelow)} | ${r.median} | ${r.p90} | ${r.max} | ${r.atCap} | ${r.zero} | ${r.fallbacks} | ${r.notConverged} | ${['detect', 'assemble', 'correct', 'solve', 'update'].map((k) => r.split[k].toFixed(0)).join(' / ')} | ${r.load.mean.toFixed(1)} / ${r.load.max.toFixed(1)} |`);
  }
  if (n === 100 && until === 10 && SOLFEC[particles]) for (const kind of ['NS', 'GS']) lines.push(solfecRow(particles, kind, SOLFEC[particles][kind]));
}
writeFileSync(join(out, 'drum.md'), `${lines.join('\n')}\n`);
process.stdout.write(`${lines.join('\n')}\n\nWritten: ${join(values.out, 'drum.md')}, drum.json\n`);
