// Kernel benchmark: y = W x on a 50,000-block-row BSR matrix (8 blocks per row),
// Node against a C reference on the identical matrix, then GMRES and power
// iteration on the same W. Run with `npm run bench` (builds first).
// Options: --passes=N (default 5), --rounds=N (10), --reps=N (10).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { bsrMul, Gmres, invertDiagonalBlocks, ParallelBsrMul, PowerIteration } from '@moreau/core';
import { checksum, generate } from './generate.mjs';

const ROWS = 50_000, PER = 8, SEED = 20240611;
const arg = (name, def) => {
  const a = process.argv.find((s) => s.startsWith(`--${name}=`));
  return a ? Number(a.slice(name.length + 3)) : def;
};
const PASSES = arg('passes', 5), ROUNDS = arg('rounds', 10), REPS = arg('reps', 10);

const here = new URL('.', import.meta.url).pathname;
const out = join(here, 'out');
mkdirSync(out, { recursive: true });

const blocks = ROWS * PER;
const flop = 18 * blocks;
const bytes = 76 * blocks + 4 * ROWS + 2 * 8 * 3 * ROWS;
const median = (a) => [...a].sort((p, q) => p - q)[a.length >> 1];
const fmt = (v, d = 2) => v.toFixed(d);
const load = () => os.loadavg().map((v) => v.toFixed(2)).join(' ');

// ---- C reference ----
function compileC() {
  const src = join(here, 'c', 'bsr-matvec.c');
  const bins = {};
  try {
    execFileSync('gcc', ['--version'], { stdio: 'ignore' });
  } catch {
    console.log('gcc not found: skipping the C reference');
    return bins;
  }
  const serial = join(out, 'bsr-matvec');
  execFileSync('gcc', ['-O3', '-march=native', '-o', serial, src]);
  bins.serial = serial;
  try {
    const omp = join(out, 'bsr-matvec-omp');
    execFileSync('gcc', ['-O3', '-march=native', '-fopenmp', '-o', omp, src], { stdio: 'ignore' });
    bins.omp = omp;
  } catch {
    console.log('gcc -fopenmp failed: skipping the threaded C reference');
  }
  return bins;
}

function runC(bin, threads) {
  const env = { ...process.env, OMP_NUM_THREADS: String(threads) };
  const text = execFileSync(bin, [ROWS, PER, SEED, ROUNDS, REPS].map(String), { env, encoding: 'utf8' });
  return JSON.parse(text);
}

// ---- Node ----
function timeNode(fn) {
  for (let w = 0; w < 2 * REPS; w++) fn();
  const times = [];
  for (let r = 0; r < ROUNDS; r++) {
    const t0 = process.hrtime.bigint();
    for (let q = 0; q < REPS; q++) fn();
    times.push(Number(process.hrtime.bigint() - t0) / 1e6 / REPS);
  }
  return { median: median(times), min: Math.min(...times), max: Math.max(...times) };
}

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
let gccVersion = 'none';
try { gccVersion = execFileSync('gcc', ['-dumpfullversion'], { encoding: 'utf8' }).trim(); } catch { /* no gcc */ }
const loadBefore = load();
console.log(`Node ${process.version}, ${os.availableParallelism()} cores (${cpu}), gcc ${gccVersion}; load average before: ${loadBefore}`);

const bins = compileC();
const { W, x } = generate(ROWS, PER, SEED);
const y = new Float64Array(W.size);
const par = new ParallelBsrMul(W, { threads: 2 });
par.x.set(x);

const rows = {
  c1: { label: 'C gcc -O3 -march=native', threads: 1, passes: [] },
  c2: { label: 'C gcc -O3 -march=native -fopenmp', threads: 2, passes: [] },
  node: { label: 'Node `bsrMul`', threads: 1, passes: [] },
  parShared: { label: 'Node `ParallelBsrMul` (x, y in shared memory)', threads: par.threads, passes: [] },
  parCopy: { label: 'Node `ParallelBsrMul` (copies x in, y out)', threads: par.threads, passes: [] },
};
const sums = {};
for (let p = 0; p < PASSES; p++) {
  if (bins.serial) {
    const r = runC(bins.serial, 1);
    rows.c1.passes.push(r);
    sums.c1 = r.checksum;
  }
  rows.node.passes.push(timeNode(() => bsrMul(W, x, y)));
  sums.node = checksum(y);
  rows.parShared.passes.push(timeNode(() => par.mul(par.x, par.y)));
  sums.parShared = checksum(par.y);
  const y2 = new Float64Array(W.size);
  rows.parCopy.passes.push(timeNode(() => par.mul(x, y2)));
  sums.parCopy = checksum(y2);
  if (bins.omp) {
    const r = runC(bins.omp, 2);
    rows.c2.passes.push(r);
    sums.c2 = r.checksum;
  }
  console.log(`pass ${p + 1}/${PASSES}: ` + Object.values(rows).filter((r) => r.passes.length).map((r) => `${r.label} ${fmt(r.passes.at(-1).median, 3)} ms`).join('; '));
}

// ---- solvers on the same W ----
const b = x;
const bNorm = Math.sqrt(b.reduce((s, v) => s + v * v, 0));
const gm = new Gmres(W.size, 30);
const P = invertDiagonalBlocks(W);
function timeSolve(apply, prec) {
  const ms = [];
  let res;
  for (let r = 0; r < 3; r++) {
    const sol = new Float64Array(W.size);
    const t0 = performance.now();
    res = gm.solve(apply, b, sol, { tolerance: 1e-8 * bNorm, maxIterations: 3000, preconditioner: prec });
    ms.push(performance.now() - t0);
  }
  return { ...res, ms: median(ms) };
}
const serialOp = (v, o) => { bsrMul(W, v, o); };
const parallelOp = (v, o) => { par.mul(v, o); };
const solverRows = [
  ['GMRES(30), no preconditioner, `bsrMul`', timeSolve(serialOp, undefined)],
  ['GMRES(30), block-Jacobi (right), `bsrMul`', timeSolve(serialOp, P)],
  ['GMRES(30), block-Jacobi (right), `ParallelBsrMul`', timeSolve(parallelOp, P)],
];
const pi = new PowerIteration(W.size);
const piMs = [];
let piRes;
for (let r = 0; r < 3; r++) {
  const t0 = performance.now();
  piRes = pi.symmetricPart(W, { tolerance: 1e-4, maxIterations: 300 });
  piMs.push(performance.now() - t0);
}
await par.close();
const loadAfter = load();

// ---- report ----
const summary = (r) => ({ median: median(r.passes.map((p) => p.median)), best: Math.min(...r.passes.map((p) => p.min)) });
const cBase = rows.c1.passes.length ? summary(rows.c1) : undefined;
const lines = [];
lines.push(`y = W x, W: ${ROWS.toLocaleString('en')} block rows x ${PER} blocks (${blocks.toLocaleString('en')} 3x3 blocks, ${(bytes / 1e6).toFixed(1)} MB moved per mat-vec), seed ${SEED}.`);
lines.push(`${PASSES} interleaved passes, each ${ROUNDS} rounds of ${REPS} mat-vecs. "median": median over passes of the per-pass median round; "best": fastest round seen (noise from other processes only adds time).`);
lines.push('');
lines.push('| kernel | threads | ms / mat-vec, median | ms, best | GFLOP/s, median | GB/s, median | speed vs C 1 thread, median | speed vs C 1 thread, best |');
lines.push('|---|---|---|---|---|---|---|---|');
for (const r of Object.values(rows)) {
  if (!r.passes.length) continue;
  const t = summary(r);
  const ratio = (a, c) => (c === undefined ? 'n/a' : fmt(c / a));
  lines.push(`| ${r.label} | ${r.threads} | ${fmt(t.median, 3)} | ${fmt(t.best, 3)} | ${fmt(flop / t.median / 1e6)} | ${fmt(bytes / t.median / 1e6, 1)} | ${ratio(t.median, cBase?.median)} | ${ratio(t.best, cBase?.best)} |`);
}
lines.push('');
const rel = (a, c) => Math.abs(a - c) / Math.max(Math.abs(c), 1e-300);
const checks = [`Node checksum ${sums.node.toPrecision(17)}`];
const agree = (c) => (rel(sums.node, c) < 1e-12 ? 'same matrix and result' : 'MISMATCH');
if (sums.c1 !== undefined) checks.push(`C ${sums.c1.toPrecision(17)}, relative difference ${rel(sums.node, sums.c1).toExponential(1)} (${agree(sums.c1)}; gcc contracts a*b+c to FMA, so the last bits differ)`);
if (sums.c2 !== undefined) checks.push(`C OpenMP ${agree(sums.c2)}`);
checks.push(`parallel ${sums.parShared === sums.node && sums.parCopy === sums.node ? 'bit-identical to serial' : 'DIFFERS from serial'}`);
lines.push(`Checksums: ${checks.join('; ')}.`);
lines.push('');
lines.push(`Solvers on the same W (n = ${W.size.toLocaleString('en')}), b = the generated x, absolute tolerance 1e-8 ‖b‖, zero start; median of 3 runs:`);
lines.push('');
lines.push('| solver | iterations | mat-vecs | converged | ms | ms / iteration |');
lines.push('|---|---|---|---|---|---|');
for (const [label, r] of solverRows) {
  lines.push(`| ${label} | ${r.iterations} | ${r.matVecs} | ${r.converged} | ${fmt(r.ms, 1)} | ${fmt(r.ms / Math.max(1, r.iterations), 2)} |`);
}
lines.push(`| power iteration, λ_max(½(W + Wᵀ)) = ${piRes.lambda.toFixed(6)}, tolerance 1e-4 | ${piRes.iterations} | ${piRes.iterations} (one pass over W for ½(W + Wᵀ) x) | ${piRes.converged} | ${fmt(median(piMs), 1)} | ${fmt(median(piMs) / piRes.iterations, 2)} |`);
lines.push('');
lines.push(`Machine: ${cpu}, ${os.availableParallelism()} cores, Node ${process.version}, gcc ${gccVersion}. Load average (1, 5, 15 min) before the run: ${loadBefore}; after: ${loadAfter}.`);
const md = lines.join('\n') + '\n';
console.log('\n' + md);
writeFileSync(join(out, 'kernels.md'), md);
console.log(`written to ${join('bench', 'out', 'kernels.md')}`);
