// Memory a simulation holds, per body and per contact: a sphere (or cube) pour run through the
// library, then every buffer reachable from the simulation (bench/memory/held.mjs) summed by the
// class that holds it, and the process's own measures beside.
//
//   node bench/memory.mjs [--spheres 1000 | --cubes N] [--layers 10] [--steps 1000] [--seed 1]
//                         [--config moreau.config.json] [--out bench/out/memory.md]
//
// The pour is bench/pour.mjs's (the scene of bench/scale.mjs and of the peers' pour; `--cubes`:
// its cubes, `bench/scale.mjs --shape cube`); with the defaults its bed has formed by the last
// steps (about 2,600 contacts). Buffers grow and are kept
// for the next step, so what a class holds is its capacity for the largest problem so far: the
// table divides by the largest number of contacts of the run. Classes whose buffers are sized by
// the bodies (BODY_OWNERS) are counted per body, all others per contact. Runs the compiled
// packages (`npm run bench:memory` builds them first).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { createSimulation, isMoreauError, openRun, readConfigFile } from '@moreau/core';
import { benchArgs } from './args.mjs';
import { BODY_OWNERS, heldBytes } from './memory/held.mjs';
import { cubeScene, pourScene } from './pour.mjs';

const root = resolve(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..');
const OPTIONS = {
  spheres: { type: 'string' },
  cubes: { type: 'string' },
  layers: { type: 'string', default: '10' },
  steps: { type: 'string', default: '1000' },
  seed: { type: 'string', default: '1' },
  config: { type: 'string', default: join(root, 'moreau.config.json') },
  out: { type: 'string', default: join(root, 'bench', 'out', 'memory.md') },
};

const { values, fail, whole } = benchArgs('bench/memory.mjs', OPTIONS);
if (values.spheres !== undefined && values.cubes !== undefined) fail('--spheres or --cubes: a pour of one kind, not both.');
const what = values.cubes === undefined ? 'spheres' : 'cubes';
values[what] ??= '1000';
const count = whole(what, 1, 1_000_000, 'the scale ladder\'s bound');
const layers = whole('layers', 1, 1000, 'a pile at most a thousand bodies deep');
const steps = whole('steps', 1, 1_000_000, 'at most 1,000 s of h = 1e-3');
const seed = whole('seed', 0, 2 ** 31 - 1, 'the generator takes 31 bits');

let config, registry;
try {
  ({ config, registry } = await openRun(readConfigFile(resolve(values.config))));
} catch (e) {
  if (isMoreauError(e)) fail(`--config ${values.config}: ${e.message}`);
  throw e;
}

const scene = (what === 'cubes' ? cubeScene : pourScene)(count, layers, seed, steps);
const sim = createSimulation(scene, config, { registry, source: `pour-${count}-${what}` });
let contactsMax = 0, contactsLast = 0;
for (let k = 0; k < steps; k++) {
  const s = sim.step();
  contactsMax = Math.max(contactsMax, s.contacts);
  contactsLast = s.contacts;
  if (process.stderr.isTTY && (k + 1) % 50 === 0) process.stderr.write(`\r${count} ${what}: step ${k + 1} of ${steps}, ${s.contacts} contacts`);
}
if (process.stderr.isTTY) process.stderr.write('\n');

const held = [...heldBytes(sim)].filter(([, bytes]) => bytes > 0).sort((a, b) => b[1] - a[1]);
const bodies = sim.bodies.length;
const perBody = held.filter(([owner]) => BODY_OWNERS.has(owner));
const perContact = held.filter(([owner]) => !BODY_OWNERS.has(owner));
const sum = (rows) => rows.reduce((s, [, b]) => s + b, 0);
// Classes holding under 1 % of the contacts' share are summed in one row.
const floor = 0.01 * sum(perContact);
const small = perContact.filter(([, bytes]) => bytes < floor);
const shown = perContact.filter(([, bytes]) => bytes >= floor);
if (small.length > 0) shown.push([`${small.length} other classes`, sum(small)]);
const mem = process.memoryUsage();
const mb = (bytes) => (bytes / 2 ** 20).toFixed(2);
const per = (bytes, n) => (n > 0 ? Math.round(bytes / n).toLocaleString('en-US') : '—');
const lines = [
  `### Memory held after ${steps} steps of a pour of ${count} ${what}, ${layers} layers deep (config ${relative(process.cwd(), resolve(values.config)) || values.config})`,
  '',
  `${bodies} bodies; contacts at the last step ${contactsLast}, at most ${contactsMax}. Bytes of every buffer reachable from the simulation, by the class that holds it: `
    + 'capacities, kept from step to step for the largest problem so far.',
  '',
  '| held by | MB | bytes per contact (largest) | bytes per body |',
  '|---|---:|---:|---:|',
  ...shown.map(([owner, bytes]) => `| ${owner} | ${mb(bytes)} | ${per(bytes, contactsMax)} | |`),
  ...perBody.map(([owner, bytes]) => `| ${owner} (per body) | ${mb(bytes)} | | ${per(bytes, bodies)} |`),
  `| **per contact, in all** | ${mb(sum(perContact))} | **${per(sum(perContact), contactsMax)}** | |`,
  `| **per body, in all** | ${mb(sum(perBody))} | | **${per(sum(perBody), bodies)}** |`,
  '',
  `The process at the end: RSS ${mb(mem.rss)} MB, V8 heap ${mb(mem.heapUsed)} MB used of ${mb(mem.heapTotal)}, array buffers ${mb(mem.arrayBuffers)} MB, external ${mb(mem.external)} MB.`,
  '',
];
mkdirSync(dirname(resolve(values.out)), { recursive: true });
writeFileSync(resolve(values.out), lines.join('\n'));
console.log(lines.join('\n'));
