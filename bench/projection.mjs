// The position projection's two kernels side by side (core/src/engine/position-correction.ts):
// its sweeps in WebAssembly (the default where the runtime has it) against the TypeScript loop,
// on the same projections, alternated in one process. Checks that both give the same impulses
// and corrected gaps to the bit, and reports the time of a projection with each and their ratio.
//
//   node bench/projection.mjs [--contacts N] [--repeat N]
//
// The projections are a bed's: point masses (one per 2.5 contacts) joined by contacts with
// random normals, W_NN = Σ ±(n_a·n_b)/m over shared bodies, penetrations up to 0.1 mm on 60 % of
// the contacts, β = 1; like a settled bed's, they run the 50 sweeps. `npm run bench:projection`
// builds first.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { BlockSparseMatrix } from '@moreau/core';
import { PositionProjection } from '../core/dist/engine/position-correction.js';

const USAGE = `usage: node bench/projection.mjs [--contacts N] [--repeat N]
  --contacts N   contacts of each bed projection, 10 to 200000 (default 2500)
  --repeat N     timed passes over the four projections, 1 to 1000 (default 20)
`;

/** A bad argument: its message and the usage on stderr, exit status 2 (no stack trace). */
function refuse(message) {
  process.stderr.write(`bench/projection.mjs: ${message}\n${USAGE}`);
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({ options: { contacts: { type: 'string', default: '2500' }, repeat: { type: 'string', default: '20' }, help: { type: 'boolean' } } }));
} catch (error) {
  refuse(error.message);
}
if (values.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}
const contacts = Number(values.contacts), repeat = Number(values.repeat);
if (!(Number.isInteger(contacts) && contacts >= 10 && contacts <= 200_000)) refuse(`--contacts takes an integer from 10 to 200000, got ${values.contacts}`);
if (!(Number.isInteger(repeat) && repeat >= 1 && repeat <= 1000)) refuse(`--repeat takes an integer from 1 to 1000, got ${values.repeat}`);

let seed = 20261129;
const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;

/** A bed's projection: W (3×3 blocks, W_NN in each block's first entry) and the gaps. */
function bed(nc) {
  const bodies = Math.ceil(nc / 2.5);
  const mass = Array.from({ length: bodies }, () => 0.5 + random());
  const pair = Array.from({ length: nc }, () => {
    const A = Math.floor(random() * bodies), B = (A + 1 + Math.floor(random() * 20)) % bodies;
    const n = [random() - 0.5, random() - 0.5, random() - 0.5], l = Math.hypot(...n);
    return { A, B, n: n.map((x) => x / l) };
  });
  const byBody = Array.from({ length: bodies }, () => []);
  pair.forEach((p, a) => { byBody[p.A].push(a); byBody[p.B].push(a); });
  const rowPtr = [0], colIdx = [], vals = [];
  for (let a = 0; a < nc; a++) {
    const row = new Map();
    for (const [body, sign] of [[pair[a].A, 1], [pair[a].B, -1]]) {
      for (const b of byBody[body]) {
        const other = pair[b], s = sign * (other.A === body ? 1 : -1);
        const dot = pair[a].n[0] * other.n[0] + pair[a].n[1] * other.n[1] + pair[a].n[2] * other.n[2];
        row.set(b, (row.get(b) ?? 0) + (s * dot) / mass[body]);
      }
    }
    for (const b of [...row.keys()].sort((x, y) => x - y)) { colIdx.push(b); vals.push(row.get(b), 0, 0, 0, b === a ? 1 : 0, 0, 0, 0, b === a ? 1 : 0); }
    rowPtr.push(colIdx.length);
  }
  const W = new BlockSparseMatrix(nc, Int32Array.from(rowPtr), Int32Array.from(colIdx), Float64Array.from(vals));
  const gap = Float64Array.from({ length: nc }, () => (random() < 0.6 ? -1e-4 * random() : 1e-4 * random()));
  return { W, gap, entries: colIdx.length };
}

const problems = Array.from({ length: 4 }, () => bed(contacts));
const kernels = { wasm: new PositionProjection(), typescript: new PositionProjection('typescript') };
const correction = { fraction: 1, slop: 0 };
const time = { wasm: 0, typescript: 0 };
let same = 0, compared = 0, sweeps = 0;
for (let r = 0; r <= repeat; r++) {
  for (const { W, gap } of problems) {
    const order = r % 2 ? ['typescript', 'wasm'] : ['wasm', 'typescript'];
    for (const k of order) {
      const t0 = performance.now();
      kernels[k].project(W, gap, contacts, correction);
      if (r > 0) time[k] += performance.now() - t0;
    }
    const a = kernels.wasm, b = kernels.typescript;
    let equal = a.sweeps === b.sweeps;
    for (let i = 0; equal && i < contacts; i++) equal = Object.is(a.p[i], b.p[i]) && Object.is(a.gap[i], b.gap[i]);
    compared++;
    if (equal) same++;
    sweeps += a.sweeps;
  }
}
const per = (k) => time[k] / (repeat * problems.length);
console.log(`Node ${process.version}, ${os.availableParallelism()} cores; load average ${os.loadavg().map((v) => v.toFixed(2)).join(' ')}`);
console.log(`${problems.length} bed projections of ${contacts} contacts (${problems.map((p) => p.entries).join(', ')} entries of W_NN), ${(sweeps / compared).toFixed(1)} sweeps each, ${repeat} timed passes (after one warm-up)`);
console.log(`same bits (impulses, corrected gaps, sweeps): ${same} of ${compared}`);
console.log(`ms a projection: TypeScript ${per('typescript').toFixed(3)}, WebAssembly ${per('wasm').toFixed(3)}; WebAssembly / TypeScript ${(per('wasm') / per('typescript')).toFixed(2)}`);
if (same !== compared) process.exitCode = 1;
