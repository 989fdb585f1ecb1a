// Kernel benchmark: y = W x on a 50,000-block-row BSR matrix (8 blocks per row),
// Node (TypeScript and WebAssembly kernels) against a C reference on the
// identical matrix, y = Wᵀ x, the small sizes where the WebAssembly kernel
// starts to pay, then GMRES and power iteration on the same W. Run with
// `npm run bench:kernels` (builds first).
// Options: --passes=N (default 5), --rounds=N (10), --reps=N (10).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { bsrMul, bsrMulTranspose, Gmres, invertDiagonalBlocks, PowerIteration, WasmBsrMul } from '@moreau/core';
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
const wasm = new WasmBsrMul(W);
wasm.x.set(x);

const rows = {
  c1: { label: 'C gcc -O3 -march=native', threads: 1, passes: [] },
  c2: { label: 'C gcc -O3 -march=native -fopenmp', threads: 2, passes: [] },
  node: { label: 'Node `bsrMul` (TypeScript)', threads: 1, passes: [] },
  wasmShared: { label: 'Node `WasmBsrMul` (x, y in wasm memory)', threads: 1, passes: [] },
  wasmCopy: { label: 'Node `WasmBsrMul` (copies x in, y out)', threads: 1, passes: [] },
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
  rows.wasmShared.passes.push(timeNode(() => wasm.mul(wasm.x, wasm.y)));
  sums.wasmShared = checksum(wasm.y);
  const y3 = new Float64Array(W.size);
  rows.wasmCopy.passes.push(timeNode(() => wasm.mul(x, y3)));
  sums.wasmCopy = checksum(y3);
  if (bins.omp) {
    const r = runC(bins.omp, 2);
    rows.c2.passes.push(r);
    sums.c2 = r.checksum;
  }
  console.log(`pass ${p + 1}/${PASSES}: ` + Object.values(rows).filter((r) => r.passes.length).map((r) => `${r.label} ${fmt(r.passes.at(-1).median, 3)} ms`).join('; '));
}

// ---- y = Wᵀ x on the same W ----
const transposeRows = { node: { label: 'Node `bsrMulTranspose` (TypeScript)', passes: [] }, wasm: { label: 'Node `WasmBsrMul.mulTranspose` (copies x in, y out)', passes: [] } };
const yt = new Float64Array(W.size), yt2 = new Float64Array(W.size);
for (let p = 0; p < PASSES; p++) {
  transposeRows.node.passes.push(timeNode(() => bsrMulTranspose(W, x, yt)));
  transposeRows.wasm.passes.push(timeNode(() => wasm.mulTranspose(x, yt2)));
}
sums.transposeNode = checksum(yt);
sums.transposeWasm = checksum(yt2);

// ---- small matrices: where the WebAssembly kernel starts to pay ----
// The shared problems have 1 to 286 contacts (up to 1,308 blocks); a solver copies W into wasm
// memory once per solve and x in, y out at every product, so the rows time exactly that.
const SMALL = [[4, 4], [8, 4], [16, 4], [32, 4], [25, 5], [60, 10], [286, 5], [1000, 6], [5000, 8]];
const smallRows = [];
for (const [n, per] of SMALL) {
  const g = generate(n, per, SEED + n);
  const ys = new Float64Array(g.W.size);
  const k = new WasmBsrMul(g.W);
  const reps = Math.max(10, Math.round(2e6 / (n * per)));
  const timeSmall = (fn) => {
    for (let w = 0; w < reps; w++) fn();
    const t0 = process.hrtime.bigint();
    for (let q = 0; q < reps; q++) fn();
    return Number(process.hrtime.bigint() - t0) / 1e3 / reps;
  };
  const ts = [], wa = [], loads = [], once = [];
  for (let p = 0; p < PASSES; p++) {
    ts.push(timeSmall(() => bsrMul(g.W, g.x, ys)));
    wa.push(timeSmall(() => k.mul(g.x, ys)));
    loads.push(timeSmall(() => k.load(g.W)));
    once.push(timeSmall(() => { k.load(g.W); k.mul(g.x, ys); }));
  }
  smallRows.push({ n, blocks: g.W.blockCount, ts: median(ts), wasm: median(wa), load: median(loads), once: median(once) });
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
const wasmOp = (v, o) => { wasm.mul(v, o); };
const solverRows = [
  ['GMRES(30), no preconditioner, `bsrMul`', timeSolve(serialOp, undefined)],
  ['GMRES(30), block-Jacobi (right), `bsrMul`', timeSolve(serialOp, P)],
  ['GMRES(30), block-Jacobi (right), `WasmBsrMul`', timeSolve(wasmOp, P)],
];
const pi = new PowerIteration(W.size);
const piMs = [];
let piRes;
for (let r = 0; r < 3; r++) {
  const t0 = performance.now();
  piRes = pi.symmetricPart(W, { tolerance: 1e-4, maxIterations: 300 });
  piMs.push(performance.now() - t0);
}
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
lines.push('y = Wᵀ x on the same W (scatter form; no C reference):');
lines.push('');
lines.push('| kernel | ms / product, median | ms, best |');
lines.push('|---|---|---|');
for (const r of Object.values(transposeRows)) {
  const t = summary(r);
  lines.push(`| ${r.label} | ${fmt(t.median, 3)} | ${fmt(t.best, 3)} |`);
}
lines.push('');
lines.push('Small matrices (the sizes of the shared problems and a little beyond), µs per product, median of the passes; `WasmBsrMul` copies x in and y out; "load" is the one-time copy of W into wasm memory:');
lines.push('');
lines.push('| block rows | blocks | `bsrMul` µs | `WasmBsrMul.mul` µs | speed-up | `load(W)` µs | `load(W)` + `mul` µs | speed-up with the load |');
lines.push('|---|---|---|---|---|---|---|---|');
for (const r of smallRows) {
  lines.push(`| ${r.n.toLocaleString('en')} | ${r.blocks.toLocaleString('en')} | ${fmt(r.ts, 2)} | ${fmt(r.wasm, 2)} | ${fmt(r.ts / r.wasm)} | ${fmt(r.load, 2)} | ${fmt(r.once, 2)} | ${fmt(r.ts / r.once)} |`);
}
lines.push('');
const rel = (a, c) => Math.abs(a - c) / Math.max(Math.abs(c), 1e-300);
const checks = [`Node checksum ${sums.node.toPrecision(17)}`];
const agree = (c) => (rel(sums.node, c) < 1e-12 ? 'same matrix and result' : 'MISMATCH');
if (sums.c1 !== undefined) checks.push(`C ${sums.c1.toPrecision(17)}, relative difference ${rel(sums.node, sums.c1).toExponential(1)} (${agree(sums.c1)}; gcc contracts a*b+c to FMA, so the last bits differ)`);
if (sums.c2 !== undefined) checks.push(`C OpenMP ${agree(sums.c2)}`);
checks.push(`WebAssembly ${sums.wasmShared === sums.node && sums.wasmCopy === sums.node ? 'bit-identical to bsrMul' : 'DIFFERS from bsrMul'}`);
checks.push(`transpose ${sums.transposeNode === sums.transposeWasm ? 'bit-identical' : 'DIFFERS'}`);
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
