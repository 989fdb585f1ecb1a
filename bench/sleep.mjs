// Sleeping islands (config `sleep`): a pour run to rest twice in one process, awake and with
// sleep, side by side.
//
//   node bench/sleep.mjs [--bodies 400] [--shape sphere|cube] [--layers 4] [--until 3] [--seed 1]
//                        [--rolling ρ] [--speed 0.01] [--time 0.2] [--config moreau.config.json]
//
// Runs the compiled packages (`npm run bench:sleep` builds first). The scene is bench/pour.mjs's
// box of spheres (radius 5 cm; `--shape cube`: cubes of side 8 cm in their places) dropped from a
// jittered lattice (`--rolling ρ`: with rolling resistance ρ, which needs a chain that takes it,
// e.g. `auto`); both runs take the same config
// (default: the project's chain in moreau.config.json), one with `sleep: { speed, time }` added.
// Per run: CPU ms a step over the whole run and over its last 0.5 s, steps not converged, bodies
// asleep at the end, and the first step at which every body slept. Then what sleeping changed:
// the largest distance between a body's final positions in the two runs. Markdown to stdout and
// to bench/out/sleep.md.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { benchArgs } from './args.mjs';
import { createSimulation, openRegistry } from '@moreau/core';
import { pourScene } from './pour.mjs';

const root = resolve(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..');
const { values, fail } = benchArgs('bench/sleep.mjs', {
  bodies: { type: 'string', default: '400' },
  layers: { type: 'string', default: '4' },
  until: { type: 'string', default: '3' },
  seed: { type: 'string', default: '1' },
  speed: { type: 'string', default: '0.01' },
  time: { type: 'string', default: '0.2' },
  config: { type: 'string', default: join(root, 'moreau.config.json') },
  shape: { type: 'string', default: 'sphere' },
  rolling: { type: 'string', default: '0' },
});
if (!['sphere', 'cube'].includes(values.shape)) fail(`--shape must be sphere or cube, got ${values.shape}`);
const count = Number(values.bodies), layers = Number(values.layers), until = Number(values.until), seed = Number(values.seed);
const sleep = { speed: Number(values.speed), time: Number(values.time) };
for (const [k, v] of Object.entries({ bodies: count, layers, until, seed, speed: sleep.speed, time: sleep.time })) {
  if (!(Number.isFinite(v) && v > 0)) fail(`--${k} must be a positive number, got ${values[k]}`);
}
if (!(Number.isInteger(count) && count <= 100_000)) fail(`--bodies must be an integer of at most 100,000, got ${values.bodies}`);

const h = 1e-3;
const scene = pourScene(count, layers, seed, Math.round(until / h));
// Cubes of side 8 cm in the spheres' places: they come to rest where spheres may roll on.
if (values.shape === 'cube') for (const b of scene.bodies) if (b.shape.type === 'sphere') b.shape = { type: 'box', halfExtents: [0.04, 0.04, 0.04] };
// Rolling resistance ρ (a length, docs/rolling-resistance.md): spheres that would roll on come to rest.
const rolling = Number(values.rolling);
if (!(rolling >= 0 && rolling <= 1)) fail(`--rolling must be a length in [0, 1] m, got ${values.rolling}`);
if (rolling > 0) scene.defaultFriction = { ...scene.defaultFriction, rollingResistance: rolling };
const { solver } = JSON.parse(readFileSync(values.config, 'utf8'));
const { registry } = await openRegistry({ baseDir: root });
const firstSphere = scene.bodies.findIndex((b) => b.shape.type !== 'plane');

/** One run: CPU time per step (whole run and last 0.5 s), failures, sleepers, and the final positions. */
function run(config) {
  const sim = createSimulation(scene, config, { registry });
  const tailFrom = Math.max(0, Math.round((until - 0.5) / h));
  let notConverged = 0, asleep = 0, allAsleepAt = -1, tailCpu = 0;
  const c0 = process.cpuUsage();
  let mark;
  sim.run({
    onStep: (s) => {
      if (!s.converged) notConverged++;
      asleep = s.sleeping ?? 0;
      if (allAsleepAt < 0 && asleep === count) allAsleepAt = s.step;
      if (s.step === tailFrom) mark = process.cpuUsage();
    },
  });
  const cpu = process.cpuUsage(c0);
  if (mark) { const t = process.cpuUsage(mark); tailCpu = (t.user + t.system) / 1000; }
  const positions = [];
  for (let b = firstSphere; b < scene.bodies.length; b++) positions.push(Array.from(sim.pose(b).position));
  return {
    msPerStep: (cpu.user + cpu.system) / 1000 / sim.steps, tailMsPerStep: tailCpu / (sim.steps - tailFrom),
    notConverged, asleep, allAsleepAt, positions, steps: sim.steps,
  };
}

// JIT warm-up, so that neither timed run pays for compiling the code both use.
createSimulation(scene, { solver, sleep }, { registry }).run({ until: Math.min(until, 0.3) });
const awake = run({ solver });
const asleep = run({ solver, sleep });
let moved = 0;
awake.positions.forEach((p, i) => { moved = Math.max(moved, Math.hypot(p[0] - asleep.positions[i][0], p[1] - asleep.positions[i][1], p[2] - asleep.positions[i][2])); });

const f = (x, d = 2) => x.toFixed(d);
const what = values.shape === 'cube' ? 'cubes' : 'spheres', size = values.shape === 'cube' ? 'side 80 mm' : 'radius 50 mm';
const rows = [['awake', awake], [`sleep ${JSON.stringify(sleep)}`, asleep]].map(([name, r]) =>
  `| ${name} | ${f(r.msPerStep)} | ${f(r.tailMsPerStep)} | ${r.notConverged} of ${r.steps} | ${r.asleep} | ${r.allAsleepAt < 0 ? '—' : `${f(r.allAsleepAt * h, 3)} s`} |`);
const md = [
  `${count} ${what} poured (${layers} layers, seed ${seed}${rolling > 0 ? `, rolling resistance ${rolling} m` : ''}), ${until} s, h = ${h}; solver: ${JSON.stringify(solver.name)} chain of ${values.config.replace(root + '/', '')}`,
  '',
  `| run | CPU ms a step | last 0.5 s: CPU ms a step | steps not converged | ${what} asleep at the end | all asleep from |`,
  '|---|---:|---:|---:|---:|---:|',
  ...rows,
  '',
  `CPU a step, whole run: sleep / awake = ${f(asleep.msPerStep / awake.msPerStep, 3)}; last 0.5 s: ${f(asleep.tailMsPerStep / awake.tailMsPerStep, 3)}.`,
  `Largest distance between a body's final positions in the two runs: ${(moved * 1000).toPrecision(3)} mm (${size}).`,
].join('\n');
console.log(md);
mkdirSync(join(root, 'bench/out'), { recursive: true });
writeFileSync(join(root, 'bench/out/sleep.md'), md + '\n');
