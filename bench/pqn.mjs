// PQN against Gauss-Seidel on the shared Siconos problems, through the `moreau`
// command exactly as a user runs it: `moreau solve <file> --solver <name> --json`,
// and `--config bench/pqn-fallback.config.json` for PQN with its Gauss-Seidel
// fallback. Run `npm run build`, then `node bench/pqn.mjs`; it prints a markdown table
// and writes it to bench/out/pqn.md.
// Options: --problems=DIR (default: ../shared/problems beside the repository),
//          --repeat=N (median time of N runs, default 1).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { createRegistry, loadPlugins, readProblem, resolve as resolveRun } from '@moreau/core';

const root = new URL('..', import.meta.url).pathname;
const arg = (name, def) => {
  const a = process.argv.find((s) => s.startsWith(`--${name}=`));
  return a ? a.slice(name.length + 3) : def;
};
const dir = resolve(arg('problems', join(root, '..', 'shared', 'problems')));
const REPEAT = Number(arg('repeat', '1'));
if (!existsSync(dir)) {
  console.error(`no problem folder at ${dir}; pass --problems=DIR`);
  process.exit(2);
}

const FILES = [
  'FrictionContact3D_1c.dat', 'FC3D_Example1_SBM.dat', 'Rover4516.dat', 'Rover1040.dat',
  'OneObject-i1028-138.hdf5.dat', 'BoxesStack1-i100000-32.hdf5.dat',
  'LMGC_100_PR_PerioBox-i00361-60-03000.hdf5', 'Box_Stacks-i0122-82-5.hdf5',
  'Capsules-i101-404.dat', 'Capsules-i125-1213.hdf5',
];
const cli = join(root, 'cli', 'bin', 'moreau.js');
const fallbackConfig = join(root, 'bench', 'pqn-fallback.config.json');

/** One `moreau solve --json` run; exit status 1 (not converged) is a result, not a failure. */
function solve(file, args) {
  const p = spawnSync(process.execPath, [cli, 'solve', join(dir, file), '--json', ...args], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 });
  if ((p.status !== 0 && p.status !== 1) || !p.stdout) throw new Error(`moreau solve ${file} ${args.join(' ')} exited ${p.status}: ${p.stderr}`);
  return JSON.parse(p.stdout);
}
function measure(file, args) {
  const runs = Array.from({ length: REPEAT }, () => solve(file, args));
  const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
  return { ...runs[0], ms: ms[ms.length >> 1] };
}

// Warm timings: the same compiled solvers in this process, after one untimed solve (JIT warm-up).
const registry = createRegistry();
await loadPlugins(registry, { baseDir: root, discover: false, extra: ['@moreau/gauss-seidel', '@moreau/pqn'] });
async function warmMs(file, name) {
  const { problem } = await readProblem(join(dir, file));
  const solver = resolveRun({ name }, registry).solver;
  solver.solve(problem);
  const ms = Array.from({ length: 3 }, () => solver.solve(problem).ms).sort((a, b) => a - b);
  return ms[1];
}

const e = (v) => (v === 0 ? '0' : v.toExponential(1));
const t = (v) => (v < 10 ? v.toFixed(2) : v.toFixed(0));
const yes = (r) => (r.converged ? 'yes' : `**no** (${r.reason})`);
const rows = [];
const variantRows = [];
const VARIANTS = [
  ['--merit siconos', ['--merit', 'siconos']],
  ['δ = 1·avg W_ii', ['--options', JSON.stringify({ delta: { value: 1, relativeTo: 'avgWii' } })]],
  ['diagonal (paper 001, θ = 0.25)', ['--options', JSON.stringify({ variant: 'diagonal' })]],
];
const brief = (r) => `${r.iterations} / ${r.stats.matVecs} / ${t(r.ms)} / ${e(r.siconosError)} / ${r.converged ? 'yes' : '**no**'}`;
const loadBefore = os.loadavg().map((v) => v.toFixed(2)).join(' ');
for (const file of FILES) {
  const gs = measure(file, ['--solver', 'gauss-seidel']);
  const pqn = measure(file, ['--solver', 'pqn']);
  const chain = measure(file, ['--config', fallbackConfig]);
  const s = pqn.stats;
  const gsWarm = await warmMs(file, 'gauss-seidel'), pqnWarm = await warmMs(file, 'pqn');
  const fb = chain.attempts.length > 1;
  rows.push(
    `| \`${file}\` | ${gs.contacts} | ${gs.iterations} | ${t(gs.ms)} / ${t(gsWarm)} | ${e(gs.siconosError)} | ${yes(gs)} `
    + `| ${pqn.iterations} | ${s.gmresIterations} | ${s.matVecs} | ${t(pqn.ms)} / ${t(pqnWarm)} | ${e(pqn.error)} | ${e(pqn.siconosError)} | ${yes(pqn)} `
    + `| ${fb ? `**${chain.answeredBy}** (after ${chain.attempts[0].iterations} PQN steps; ${chain.iterations} sweeps)` : chain.answeredBy} | ${t(chain.ms)} | ${e(chain.siconosError)} | ${yes(chain)} |`,
  );
  const v = VARIANTS.map(([, args]) => measure(file, ['--solver', 'pqn', ...args]));
  variantRows.push(`| \`${file}\` | ${v.map(brief).join(' | ')} |`);
  console.error(`${file}: done`);
}

const lines = [
  'Every solver from r = 0 with its defaults, run through `moreau solve <file> --json`.',
  'Gauss-Seidel (GS): siconos merit, 1e-8, at most 10000 sweeps. PQN: paper 000 Table 1 (energy merit eq 40,',
  'γ = 1e-8, n = 1000, ω = 1e-3·γ, δ = 0, m = 10, ε = 0.25, restart 20, at most 100000 GMRES mat-vecs).',
  '"mat-vecs": every product with W that PQN made (GMRES, plus one U = W R + q per Newton step and one at the start;',
  'merit evaluations excluded); a Gauss-Seidel sweep costs about one. The energy merit is quadratic in the residual,',
  'so energy 1e-8 corresponds to a siconos error of roughly 1e-4 to 1e-6 here.',
  'PQN → GS: `--config bench/pqn-fallback.config.json` (PQN, then Gauss-Seidel from PQN\'s last iterate when PQN does not converge).',
  `Times in ms are the solver call alone: "cold / warm", cold = ${REPEAT === 1 ? 'one `moreau solve` run in a fresh process (includes JIT warm-up)' : `median of ${REPEAT} \`moreau solve\` runs, each in a fresh process (includes JIT warm-up)`},`,
  'warm = median of 3 solves in one process after an untimed one. Other columns\' times are cold.',
  '',
  '| problem | contacts | GS sweeps | GS ms cold / warm | GS siconos error | GS converged | PQN Newton steps | GMRES iterations | mat-vecs | PQN ms cold / warm | PQN energy error | PQN siconos error | PQN converged | PQN → GS: answered by | ms | siconos error | converged |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ...rows,
  '',
  'PQN with other options (each cell: Newton steps / mat-vecs / ms / siconos error / converged in its own merit at 1e-8):',
  '',
  `| problem | ${VARIANTS.map(([label]) => label).join(' | ')} |`,
  `|---|${VARIANTS.map(() => '---').join('|')}|`,
  ...variantRows,
  '',
  `Machine: ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.availableParallelism()} cores, Node ${process.version}; load average before: ${loadBefore}, after: ${os.loadavg().map((v) => v.toFixed(2)).join(' ')}.`,
];
const md = lines.join('\n') + '\n';
console.log(md);
mkdirSync(join(root, 'bench', 'out'), { recursive: true });
writeFileSync(join(root, 'bench', 'out', 'pqn.md'), md);
console.error(`written to ${join('bench', 'out', 'pqn.md')}`);
