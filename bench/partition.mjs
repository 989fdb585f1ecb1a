// Domain decomposition on paper: what a distributed Gauss–Seidel would send per step, counted from
// a run on one machine. Pours spheres as bench/scale.mjs does (bench/pour.mjs), runs until a bed
// has formed, then, over the last `--window` steps, partitions the spheres P ways by their
// positions (slabs across x, and recursive coordinate bisection) and counts what the
// partitions would share: contacts cut, bodies on a cut, the reactions each partition must receive
// per sweep, its neighbours and the colours of the partition graph. The measured ms per step and
// sweeps per step turn those counts into a predicted communication per step (docs/scaling.md).
//
//   node bench/partition.mjs [--spheres 4000] [--layers 10] [--steps 600] [--window 40]
//                            [--parts 2,4,8,16,32] [--seed 1] [--config c.json] [--save-problem bed.hdf5]
//                            [--network name:latencyUs:GBps]... [--from bench/out/partition.json]
//
// What is counted (a contact is owned by the partition of its free body; when both are free, by
// the one of body A or B as the sum of their indices is even or odd, which shares the cut contacts
// evenly; the box's static planes are held by every partition):
//   cut         contacts whose two bodies lie in different partitions
//   boundary    bodies with at least one cut contact
//   records     per sweep, Σ over partitions of the contacts owned elsewhere that share a body with
//               one of its own (its W rows need their reactions): one record is 3 doubles of
//               reaction and a 4-byte contact id, sent once per sweep to each partition needing it
//   max in      the largest number of records one partition receives per sweep
//   neighbours  partitions a partition exchanges with (largest, and mean)
//   colours     a greedy colouring of the partition graph in rank order (as Solfec's bgs.c does)
//   load        the most contacts one partition owns over the mean (the slowest partition sets the pace)
// Counts are means over the window's steps, with the partitions fixed at the window's start.
//
// The prediction, per network of latency α and bandwidth β (assumptions, --network; the defaults
// are printed with the tables), for the slowest partition of a step on P machines:
//   compute       CPU ms per step measured here × load / P (the whole step taken as divisible)
//   phases        per sweep 2 + max(0, colours − 2) + ⌈log2 P⌉: the two neighbour exchanges of
//                 Solfec's sweep (top and bottom sets), the chain of waits through its middle
//                 set (only partitions whose colour is neither the lowest nor the highest have
//                 one), and the sum of the stop test over the partitions (a tree); plus 4 per
//                 step outside the solve (positions of bodies near a cut, bodies that moved
//                 across, velocities, step statistics)
//   latency       (sweeps × phases + 4) × α
//   bandwidth     sweeps × max in+out × record bytes / β
// Writes the tables to bench/out/partition.md and the raw numbers to bench/out/partition.json;
// --from takes those numbers from such a file and only predicts; --save-problem writes the last
// step's contact problem (FCLIB) for the solver benchmarks (bench/pqn.mjs --problems=DIR).
// Runs the compiled packages (`node scripts/build.mjs` first).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { benchArgs } from './args.mjs';
import { createSimulation, openRegistry, writeFclibLocal } from '@moreau/core';
import { pourScene } from './pour.mjs';

const root = resolve(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..');
const { values, fail } = benchArgs('bench/partition.mjs', {
  spheres: { type: 'string', default: '4000' },
  layers: { type: 'string', default: '10' },
  steps: { type: 'string', default: '600' },
  window: { type: 'string', default: '40' },
  parts: { type: 'string', default: '2,4,8,16,32' },
  seed: { type: 'string', default: '1' },
  config: { type: 'string' },
  'save-problem': { type: 'string' },
  network: { type: 'string', multiple: true },
  from: { type: 'string' },
});
const whole = (name, min = 1) => {
  const x = Number(values[name]);
  if (!Number.isInteger(x) || x < min) fail(`--${name}: a whole number of at least ${min}, got ${values[name]}`);
  return x;
};
const spheres = whole('spheres'), layers = whole('layers'), steps = whole('steps'), window = whole('window'), seed = whole('seed', 0);
if (window > steps) fail(`--window (${window}) cannot exceed --steps (${steps})`);
const parts = values.parts.split(',').map(Number);
for (const P of parts) if (!Number.isInteger(P) || P < 2 || P > spheres) fail(`--parts: whole numbers from 2 to the number of spheres, got ${P}`);
const config = values.config ? JSON.parse(readFileSync(resolve(values.config), 'utf8')) : { solver: { name: 'gauss-seidel' } };
const RECORD_BYTES = 3 * 8 + 4; // reaction (normal, two tangential) and the contact's id

// ---- partitions of the free bodies by position -------------------------------------------------

// Both balance a weight per body, 1 + its contacts at the window's start: the work of a step is
// mostly the solve, which goes with the contacts.

/** The index in `sorted` where the running weight first reaches `share` of the total. */
function weightedCut(sorted, weight, share) {
  const total = sorted.reduce((s, b) => s + weight[b], 0);
  let sum = 0, i = 0;
  while (i < sorted.length && sum + weight[sorted[i]] / 2 < share * total) sum += weight[sorted[i++]];
  return i;
}

/** Slabs across x of equal weight: part[b] for each free body index in `ids`. */
function slabs(ids, pos, weight, P, part) {
  const sorted = [...ids].sort((a, b) => pos[3 * a] - pos[3 * b] || a - b);
  let from = 0;
  for (let p = 0; p < P; p++) {
    const to = p === P - 1 ? sorted.length : weightedCut(sorted, weight, (p + 1) / P);
    for (let i = from; i < to; i++) part[sorted[i]] = p;
    from = to;
  }
}

/** Recursive coordinate bisection: cut the set across its longest extent, in proportion to the parts each side gets. */
function rcb(ids, pos, weight, P, part, first = 0) {
  if (P === 1) { for (const b of ids) part[b] = first; return; }
  let axis = 0, longest = -1;
  for (let d = 0; d < 3; d++) {
    let lo = Infinity, hi = -Infinity;
    for (const b of ids) { lo = Math.min(lo, pos[3 * b + d]); hi = Math.max(hi, pos[3 * b + d]); }
    if (hi - lo > longest) { longest = hi - lo; axis = d; }
  }
  const sorted = [...ids].sort((a, b) => pos[3 * a + axis] - pos[3 * b + axis] || a - b);
  const left = Math.floor(P / 2), cut = weightedCut(sorted, weight, left / P);
  rcb(sorted.slice(0, cut), pos, weight, left, part, first);
  rcb(sorted.slice(cut), pos, weight, P - left, part, first + left);
}

// ---- what a partition shares, for one step's contacts --------------------------------------------

/** Counts for one step: `pairs` holds bodyA, bodyB per contact; part[b] is -1 for a static body. */
function share(pairs, count, part, P, bodies) {
  const owner = new Int32Array(count);
  const touching = Array.from({ length: bodies }, () => []); // contacts at each free body
  let cut = 0;
  for (let c = 0; c < count; c++) {
    const pa = part[pairs[2 * c]], pb = part[pairs[2 * c + 1]];
    owner[c] = pa < 0 ? pb : pb < 0 ? pa : (pairs[2 * c] + pairs[2 * c + 1]) % 2 ? pb : pa;
    if (pa >= 0 && pb >= 0 && pa !== pb) cut++;
    if (pa >= 0) touching[pairs[2 * c]].push(c);
    if (pb >= 0) touching[pairs[2 * c + 1]].push(c);
  }
  const boundary = new Uint8Array(bodies);
  for (let c = 0; c < count; c++) {
    const a = pairs[2 * c], b = pairs[2 * c + 1];
    if (part[a] >= 0 && part[b] >= 0 && part[a] !== part[b]) boundary[a] = boundary[b] = 1;
  }
  // Partition p needs contact c (owned by q ≠ p) when c shares a free body with a contact p owns.
  const needed = new Set(); // p * count + c
  for (let b = 0; b < bodies; b++) {
    const cs = touching[b];
    if (cs.length < 2) continue;
    for (const c of cs) for (const d of cs) if (owner[d] !== owner[c]) needed.add(owner[d] * count + c);
  }
  const received = new Float64Array(P), sent = new Float64Array(P), owned = new Float64Array(P);
  const adjacent = Array.from({ length: P }, () => new Set());
  for (let c = 0; c < count; c++) owned[owner[c]]++;
  for (const key of needed) {
    const p = Math.floor(key / count), q = owner[key % count];
    received[p]++; sent[q]++;
    adjacent[p].add(q); adjacent[q].add(p);
  }
  // Greedy colouring in rank order, as Solfec's processor_coloring: the first colour no neighbour has.
  const colour = new Int32Array(P).fill(-1);
  for (let p = 0; p < P; p++) {
    const taken = new Set([...adjacent[p]].map((q) => colour[q]));
    let k = 0;
    while (taken.has(k)) k++;
    colour[p] = k;
  }
  let inOut = 0;
  for (let p = 0; p < P; p++) inOut = Math.max(inOut, received[p] + sent[p]);
  const degrees = adjacent.map((s) => s.size);
  return {
    cut,
    boundary: boundary.reduce((s, x) => s + x, 0),
    records: needed.size,
    maxIn: Math.max(...received),
    maxInOut: inOut,
    neighboursMax: Math.max(...degrees),
    neighboursMean: degrees.reduce((s, x) => s + x, 0) / P,
    colours: Math.max(...colour) + 1,
    load: Math.max(...owned) / (count / P),
  };
}

// ---- the run -------------------------------------------------------------------------------------

const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.floor((s.length - 1) / 2)] : 0; };

/** Runs the pour and counts: the measured step costs and one row of counts per partition method and P. */
async function measure() {
  const { registry } = await openRegistry({ baseDir: root });
  const t0 = performance.now();
  const sim = createSimulation(pourScene(spheres, layers, seed, steps), config, { registry, source: `pour-${spheres}` });
  const bodies = sim.bodies.length;
  const free = sim.bodies.flatMap((b, i) => (b.free ? [i] : []));
  const stats = [], cpuMs = []; // cpuMs: the process's CPU time per step, less sensitive than wall time to a loaded machine
  const windowSteps = []; // per window step: contact pairs
  const methods = { slabs, rcb };
  let partitions; // method -> P -> part
  for (let k = 0; k < steps; k++) {
    if (k === steps - window) {
      const pos = new Float64Array(3 * bodies), weight = new Float64Array(bodies).fill(1);
      for (const b of free) pos.set(sim.pose(b).position, 3 * b);
      const set = sim.contacts();
      for (let c = 0; c < set.count; c++) { weight[set.bodyA[c]]++; weight[set.bodyB[c]]++; }
      partitions = Object.fromEntries(Object.entries(methods).map(([name, fn]) => [name, Object.fromEntries(parts.map((P) => {
        const part = new Int32Array(bodies).fill(-1);
        fn(free, pos, weight, P, part);
        return [P, part];
      }))]));
    }
    const cpu0 = process.cpuUsage();
    stats.push(sim.step());
    const cpu = process.cpuUsage(cpu0);
    cpuMs.push((cpu.user + cpu.system) / 1000);
    if (k >= steps - window) {
      const set = sim.contacts(), pairs = new Int32Array(2 * set.count);
      for (let c = 0; c < set.count; c++) { pairs[2 * c] = set.bodyA[c]; pairs[2 * c + 1] = set.bodyB[c]; }
      windowSteps.push({ pairs, count: set.count });
    }
    if ((k + 1) % 50 === 0) console.error(`${spheres} spheres: step ${k + 1} of ${steps}, ${stats[k].contacts} contacts, ${stats[k].iterations} sweeps, ${stats[k].ms.total.toFixed(0)} ms`);
  }
  const wallS = (performance.now() - t0) / 1000;
  if (values['save-problem'] && sim.lastProblem()) await writeFclibLocal(resolve(values['save-problem']), sim.lastProblem());

  const last = stats.slice(steps - window);
  const measured = {
    spheres, layers, steps, window, seed, wallS, config: values.config ? `config ${values.config}` : undefined,
    msStep: mean(last.map((s) => s.ms.total)),
    cpuMsStep: mean(cpuMs.slice(steps - window)),
    msSolve: mean(last.map((s) => s.ms.solve)),
    sweepsMean: mean(last.map((s) => s.iterations)),
    sweepsMedian: median(last.map((s) => s.iterations)),
    contacts: mean(last.map((s) => s.contacts)),
    notConverged: last.filter((s) => !s.converged).length,
    kinetic: mean(last.map((s) => s.kinetic)),
  };
  const rows = [];
  for (const [method, byP] of Object.entries(partitions)) {
    for (const P of parts) {
      const counts = windowSteps.map(({ pairs, count }) => share(pairs, count, byP[P], P, bodies));
      const avg = Object.fromEntries(Object.keys(counts[0]).map((key) => [key, mean(counts.map((c) => c[key]))]));
      rows.push({ method, P, ...avg, maxColours: Math.max(...counts.map((c) => c.colours)) });
    }
  }
  return { measured, rows };
}

// ---- the prediction ------------------------------------------------------------------------------

/** Assumed networks, name:latencyUs:GBps. */
const NETWORKS = ['threads:5:5', '10GbE:50:1.25', 'RDMA:2:12.5', 'Redis:200:0.6'];
const STEP_PHASES = 4; // exchanges per step outside the solve

/** One table per network: predicted ms per step on P machines against the measured one. */
function predict(m, rows) {
  const out = [];
  const k = m.sweepsMean, t1 = m.cpuMsStep;
  for (const spec of values.network ?? NETWORKS) {
    const [name, us, gbps] = spec.split(':');
    const alpha = Number(us) / 1000, beta = Number(gbps) * 1e6; // ms, bytes per ms
    if (!name || !(alpha >= 0) || !(beta > 0)) fail(`--network: name:latencyUs:GBps, got ${spec}`);
    out.push(`#### Predicted: ${name}, latency ${us} µs, ${gbps} GB/s; one machine ${t1.toFixed(1)} CPU ms per step, ${k.toFixed(1)} sweeps`, '');
    out.push('| partition | P | compute ms / step | compute µs / sweep | phases / sweep | exchanges / step | latency µs / sweep | latency ms / step | bandwidth ms / step | predicted ms / step | speed-up |');
    out.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of rows) {
      const compute = (t1 * r.load) / r.P;
      const phases = 2 + Math.max(0, r.maxColours - 2) + Math.ceil(Math.log2(r.P));
      const latency = (k * phases + STEP_PHASES) * alpha;
      const bandwidth = (k * r.maxInOut * RECORD_BYTES) / beta;
      const total = compute + latency + bandwidth;
      out.push(`| ${r.method} | ${r.P} | ${compute.toFixed(1)} | ${((1000 * compute) / Math.max(k, 1)).toFixed(0)} | ${phases} | ${(k * phases + STEP_PHASES).toFixed(0)} | ${(1000 * phases * alpha).toFixed(0)} | ${latency.toFixed(1)} | ${bandwidth.toFixed(1)} | ${total.toFixed(1)} | ${(t1 / total).toFixed(2)} |`);
    }
    out.push('');
  }
  return out;
}

const { measured, rows } = values.from ? JSON.parse(readFileSync(resolve(values.from), 'utf8')) : await measure();

const f = (x, d = 0) => x.toFixed(d);
const m = measured;
const lines = [
  `### ${m.spheres} spheres, ${m.layers} layers, steps ${m.steps - m.window + 1}-${m.steps} (h = 1e-3), ${m.config ?? 'gauss-seidel, defaults'}`,
  '',
  '| spheres | contacts (mean) | ms / step | CPU ms / step | solve ms / step | sweeps / step mean / median | not converged | kinetic J | run wall s |',
  '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  `| ${m.spheres} | ${f(m.contacts)} | ${f(m.msStep, 1)} | ${f(m.cpuMsStep, 1)} | ${f(m.msSolve, 1)} | ${f(m.sweepsMean, 1)} / ${m.sweepsMedian} | ${m.notConverged} of ${m.window} | ${m.kinetic.toExponential(2)} | ${f(m.wallS)} |`,
  '',
  `Per sweep, a record is ${RECORD_BYTES} B (3 doubles of reaction, a 4-byte id); per step, × ${f(m.sweepsMean, 1)} sweeps.`,
  '',
  'Messages per step: the busiest partition sends to and receives from each neighbour once per sweep.',
  '',
  '| partition | P | cut contacts | cut % | boundary bodies | records / sweep | max in / sweep | max in+out KiB / sweep | max in+out MiB / step | neighbours max / mean | messages / step, busiest | colours | load (max / mean) |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|',
  ...rows.map((r) => `| ${r.method} | ${r.P} | ${f(r.cut)} | ${f((100 * r.cut) / m.contacts, 1)} | ${f(r.boundary)} | ${f(r.records)} | ${f(r.maxIn)} | ${f(r.maxInOut * RECORD_BYTES / 1024)} | ${f(r.maxInOut * RECORD_BYTES * m.sweepsMean / 2 ** 20)} | ${f(r.neighboursMax, 1)} / ${f(r.neighboursMean, 1)} | ${f(2 * r.neighboursMax * m.sweepsMean)} | ${r.maxColours} | ${f(r.load, 2)} |`),
  '',
  ...predict(m, rows),
];
mkdirSync(join(root, 'bench', 'out'), { recursive: true });
writeFileSync(join(root, 'bench', 'out', 'partition.md'), lines.join('\n'));
if (!values.from) writeFileSync(join(root, 'bench', 'out', 'partition.json'), JSON.stringify({ measured, recordBytes: RECORD_BYTES, rows }, null, 2));
console.log(lines.join('\n'));
