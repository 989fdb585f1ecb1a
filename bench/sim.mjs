// A simulation benchmark: spheres poured into a box, through the `moreau simulate` command.
//
//   node bench/sim.mjs [--spheres 1000] [--until 1] [--h 1e-3] [--seed 1]
//                      [--config moreau.config.json | --tol <gauss-seidel tolerance>]
//
// Runs the compiled packages (npm run build first; `npm run bench:sim` does). The scene is
// generated here: a seeded, jittered lattice of spheres (radius 5 cm, 10 per row) above an
// open box made of five static planes, falling under gravity. Prints a markdown table of the
// step cost, contacts, solver iterations and the detect / assemble / correct / solve / update split,
// and writes it to bench/out/sim.md. Without --config the built-in defaults run (Gauss-Seidel
// to 1e-8 in the siconos merit, the Moreau midpoint integrator); --tol loosens Gauss-Seidel.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { main } from '../cli/dist/main.js';
import { pourBodies } from './pour.mjs';

const root = resolve(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..');
const { values } = parseArgs({
  options: {
    spheres: { type: 'string', default: '1000' },
    until: { type: 'string', default: '1' },
    h: { type: 'string', default: '1e-3' },
    config: { type: 'string' },
    tol: { type: 'string' },
    seed: { type: 'string', default: '1' },
  },
});
const count = Number(values.spheres), until = Number(values.until), h = Number(values.h), seed = Number(values.seed);

/** Spheres on a lattice of 10 x 10 per layer (bench/pour.mjs). */
function scene() {
  const bodies = pourBodies(count, 10, seed);
  return {
    description: `${count} spheres poured into a box (bench/sim.mjs, seed ${seed})`,
    timeStep: h,
    duration: until,
    output: { interval: until },
    materials: { glass: { density: 2500 } },
    defaultFriction: { mu: 0.3 },
    bodies,
  };
}

const dir = mkdtempSync(join(tmpdir(), 'moreau-bench-sim-'));
const args = ['simulate', join(dir, 'scene.json'), '--json'];
if (process.stderr.isTTY) args.push('--progress'); // --json alone turns the progress line off
if (values.config) args.push('--config', resolve(values.config));
else if (values.tol) {
  writeFileSync(join(dir, 'moreau.config.json'), JSON.stringify({ solver: { name: 'gauss-seidel', options: { tolerance: Number(values.tol) } } }));
}
writeFileSync(join(dir, 'scene.json'), JSON.stringify(scene()));
let stdout = '';
const code = await main(args, {
  out: (t) => { stdout += t; },
  err: (t) => process.stderr.write(t),
  isTTY: Boolean(process.stderr.isTTY),
  cwd: values.config ? process.cwd() : dir,
  // Ctrl-C ends the run after the current step; the table then covers the steps taken.
  onInterrupt: (handler) => {
    process.once('SIGINT', handler);
    return () => process.off('SIGINT', handler);
  },
});
rmSync(dir, { recursive: true, force: true });
if (code !== 0 && code !== 1 && code !== 130) process.exit(code);
const r = JSON.parse(stdout);

const f = (x, d = 2) => (Number.isInteger(x) ? String(x) : x.toFixed(d));
const lines = [
  `### ${count} spheres into a box, h = ${h}, ${r.ended === 'interrupted' ? `interrupted at ${r.time} of ${until}` : until} s (${r.steps} steps), ${values.config ? `config ${values.config}` : `gauss-seidel to ${values.tol ?? '1e-8'}`}`,
  '',
  '| ms / step | wall s | contacts mean / max | iterations mean / median / p90 / max | not converged | fallbacks | detect | assemble | correct | solve | update |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
  `| ${f(r.msPerStep)} | ${f(r.wallMs / 1000, 1)} | ${f(r.contacts.mean, 0)} / ${r.contacts.max} | ${f(r.iterations.mean, 1)} / ${r.iterations.median} / ${r.iterations.p90} / ${r.iterations.max} | ${r.notConverged} of ${r.solvedSteps} | ${r.fallbacks} | ${f(r.split.detect, 1)} % | ${f(r.split.assemble, 1)} % | ${f(r.split.correct ?? 0, 1)} % | ${f(r.split.solve, 1)} % | ${f(r.split.update, 1)} % |`,
  '',
];
mkdirSync(join(root, 'bench', 'out'), { recursive: true });
writeFileSync(join(root, 'bench', 'out', 'sim.md'), lines.join('\n'));
console.log(lines.join('\n'));
