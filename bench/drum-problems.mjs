// Solver configurations on real per-step problems of a simulation (the rotating drum's
// `--dump-problems` files), warm started as the engine starts them.
//
//   node bench/drum-problems.mjs --problems DIR [--problems DIR]...
//        [--solver NAME [--options JSON]]... [--config JSON]... [--cold] [--cold-only]
//        [--repeat N] [--no-warmup] [--time-limit MS] [--per-problem] [--out FILE] [--profile FILE.svg]
//
// Runs the compiled packages (`node scripts/build.mjs` first). Every FCLIB file in the folders
// is read once; `/guesses/1` is the warm start the engine gave its solver (the previous step's
// reactions by contact id), and every configuration starts from it. The JSON problems that
// `--dump-problems` writes for steps with rolling pairs are read too; they carry no first guess,
// so they start from r = 0 whatever the start says (`--cold`: also from r = 0;
// `--cold-only`: only from r = 0). A configuration is `--solver NAME` with the `--options JSON`
// that follows it, or a whole solver config with a fallback chain, `--config '{"name": ...,
// "fallback": {...}}'` (or a whole config as `moreau.config.json` holds it, `{"solver": ...}`). Solves run through core's solver chain, as in a simulation step (answer
// check included). Before the timed pass each configuration solves every problem once untimed
// (JIT warm-up); the timed pass takes, per problem, the fastest of --repeat solves. `--time-limit MS`
// is every solve's budget (`timeBudgetMs`, checked between iterations), so a cold solve of a large
// problem cannot run for minutes.
//
// Per configuration: problems solved (the chain's `converged`, i.e. at the configuration's own
// merit and tolerance, checked by core), how many also meet siconos <= 1e-8, the siconos error
// recomputed (median and max), total and median ms, the first solver's iterations (mean, p90,
// max) and how many solves it ended at its iteration cap, fallbacks taken, and µs per
// iteration of the first solver, and the CPU time of the process over the timed solves (less
// sensitive than wall time to other work on the machine). Markdown to stdout and to --out (default
// bench/out/drum-problems.md). `--profile FILE.svg`: the Dolan-Moré performance profile of every
// configuration and start, drawn as `moreau bench` draws its own, a problem counting as solved
// where the recomputed siconos error is at most 1e-8 (within --time-limit, if given).
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createRegistry, EnergyMerit, loadPlugins, readProblem, resolve as resolveRun, SiconosMerit } from '@moreau/core';
import { performanceProfiles } from '../cli/dist/bench/profile.js';
import { renderProfileSvg } from '../cli/dist/bench/profile-svg.js';

const root = resolve(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..');

/** Ordered argument parsing: `--options` belongs to the `--solver` before it. */
function parseCommandLine(argv) {
  const out = { dirs: [], configs: [], cold: false, warm: true, repeat: 1, warmup: true, perProblem: false, out: join(root, 'bench/out/drum-problems.md'), profile: null, timeLimitMs: undefined };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i], next = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    }, json = (text) => {
      try {
        return JSON.parse(text);
      } catch (err) {
        throw new Error(`${a} takes JSON: ${err.message}`);
      }
    };
    if (a === '--problems') out.dirs.push(resolve(next()));
    else if (a === '--solver') out.configs.push({ name: next(), options: {} });
    else if (a === '--options') {
      const last = out.configs.at(-1);
      if (!last) throw new Error('--options must follow a --solver');
      last.options = json(next());
    } else if (a === '--config') out.configs.push(json(next()));
    else if (a === '--cold') out.cold = true;
    else if (a === '--cold-only') { out.cold = true; out.warm = false; }
    else if (a === '--repeat') out.repeat = Math.max(1, Number(next()));
    else if (a === '--no-warmup') out.warmup = false;
    else if (a === '--per-problem') out.perProblem = true;
    else if (a === '--out') out.out = resolve(next());
    else if (a === '--profile') out.profile = resolve(next());
    else if (a === '--time-limit') {
      out.timeLimitMs = Number(next());
      if (!(out.timeLimitMs > 0)) throw new Error(`--time-limit needs a positive number of milliseconds, got ${argv[i]}`);
    }
    else throw new Error(`unknown argument ${a}`);
  }
  if (out.dirs.length === 0) throw new Error('give at least one --problems DIR');
  if (out.configs.length === 0) out.configs.push({ name: 'gauss-seidel', options: { merit: 'siconos', tolerance: 1e-8, maxIterations: 1000 } });
  return out;
}

/** A short label of a solver config: name and options, then each fallback after an arrow. */
function label(config) {
  // A whole config (`{ "solver": … }`, as `moreau.config.json` holds it) is labelled by its chain.
  if (config.solver !== undefined && config.name === undefined) return label(config.solver);
  const opts = config.options && Object.keys(config.options).length ? ` ${JSON.stringify(config.options)}` : '';
  return `${config.name}${opts}${config.fallback ? ` → ${label(config.fallback)}` : ''}`;
}

/** A folder's name for the tables: the folder, or its parent when it is called `problems` (a dump's layout). */
const shortName = (dir) => {
  const parts = dir.split('/').filter(Boolean);
  return parts.at(-1) === 'problems' && parts.length > 1 ? parts.at(-2) : parts.at(-1);
};
const quantile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN);
const median = (sorted) => quantile(sorted, 0.5);
const exp = (v) => (v === 0 ? '0' : Number.isFinite(v) ? v.toExponential(1) : String(v));
const fix = (v, d = 1) => (Number.isFinite(v) ? v.toFixed(d) : '–');

const USAGE = `usage: node bench/drum-problems.mjs --problems DIR [--problems DIR]...
       [--solver NAME [--options JSON]]... [--config JSON]... [--cold] [--cold-only]
       [--repeat N] [--no-warmup] [--time-limit MS] [--per-problem] [--out FILE] [--profile FILE.svg]
(what each does: the comment at the top of bench/drum-problems.mjs)
`;
if (process.argv.includes('--help') || process.argv.includes('-h')) {
  process.stdout.write(USAGE);
  process.exit(0);
}
let args;
try {
  args = parseCommandLine(process.argv.slice(2));
} catch (err) {
  // A mistyped argument or malformed JSON: say which, not a stack trace.
  process.stderr.write(`bench/drum-problems.mjs: ${err instanceof Error ? err.message : String(err)}\n${USAGE}`);
  process.exit(2);
}
const problems = [];
for (const dir of args.dirs) {
  for (const f of readdirSync(dir).filter((name) => /\.(hdf5|h5|json)$/.test(name)).sort()) {
    const loaded = await readProblem(join(dir, f));
    const guess = loaded.guesses?.[0]?.r;
    problems.push({ name: `${shortName(dir)}/${f}`, problem: loaded.problem, guess });
  }
}
if (problems.length === 0) {
  process.stderr.write(`bench/drum-problems.mjs: no problem files (*.hdf5, *.h5, *.json) in ${args.dirs.join(', ') || '(no --problems given)'}\n`);
  process.exit(2);
}
const registry = createRegistry();
await loadPlugins(registry, { baseDir: root });
const siconos = new SiconosMerit();
const energy = new EnergyMerit();

const starts = [...(args.warm ? ['warm'] : []), ...(args.cold ? ['cold'] : [])];
const rows = [];
const details = [];
for (const config of args.configs) {
  for (const start of starts) {
    const run = resolveRun(config, registry);
    const budget = args.timeLimitMs ? { timeBudgetMs: args.timeLimitMs } : {};
    const solveOne = (p) => run.solver.solve(p.problem, start === 'warm' && p.guess ? { ...budget, warmStart: Float64Array.from(p.guess) } : budget);
    if (args.warmup) for (const p of problems) solveOne(p);
    const stat = { solved: 0, siconosOk: 0, errs: [], energyErrs: [], ms: [], cpuMs: 0, its: [], atCap: 0, fallbacks: 0, firstMs: 0 };
    for (const p of problems) {
      let best;
      for (let k = 0; k < args.repeat; k++) {
        const c0 = process.cpuUsage(), t0 = performance.now();
        const res = solveOne(p);
        const ms = performance.now() - t0, cpu = process.cpuUsage(c0);
        if (!best || ms < best.ms) best = { res, ms, cpuMs: (cpu.user + cpu.system) / 1000 };
      }
      const { res, ms, cpuMs } = best;
      const first = res.attempts?.[0] ?? res;
      const err = siconos.evaluate(p.problem, res.r);
      stat.solved += res.converged ? 1 : 0;
      stat.siconosOk += err <= 1e-8 ? 1 : 0;
      stat.errs.push(err);
      stat.energyErrs.push(energy.evaluate(p.problem, res.r));
      stat.ms.push(ms);
      stat.cpuMs += cpuMs;
      stat.its.push(first.iterations);
      stat.firstMs += first.ms;
      if (first.reason === 'max-iterations') stat.atCap++;
      if ((res.attempts?.length ?? 1) > 1) stat.fallbacks++;
      details.push({ config: label(config), start, problem: p.name, contacts: p.problem.contacts, converged: res.converged, reason: res.reason, answeredBy: res.answeredBy, iterations: first.iterations, ms, siconos: err });
    }
    const sorted = (a) => [...a].sort((x, y) => x - y);
    const its = sorted(stat.its), ms = sorted(stat.ms), errs = sorted(stat.errs), eErrs = sorted(stat.energyErrs);
    const totalIts = stat.its.reduce((a, b) => a + b, 0);
    rows.push([
      label(config), start, `${stat.solved}/${problems.length}`, `${stat.siconosOk}`, exp(median(errs)), exp(errs.at(-1)), exp(eErrs.at(-1)),
      fix(ms.reduce((a, b) => a + b, 0), 0), fix(median(ms), 2), fix(totalIts / its.length), String(quantile(its, 0.9)), String(its.at(-1)),
      String(stat.atCap), String(stat.fallbacks), totalIts > 0 ? fix((1000 * stat.firstMs) / totalIts, 0) : '–', fix(stat.cpuMs, 0),
    ]);
    process.stderr.write(`| ${rows.at(-1).join(' | ')} |\n`);
  }
}

const contacts = problems.map((p) => p.problem.contacts).sort((a, b) => a - b);
const lines = [
  `${problems.length} problems from ${args.dirs.join(', ')} (contacts ${contacts[0]}–${contacts.at(-1)}, median ${median(contacts)}); fastest of ${args.repeat} per problem${args.warmup ? ', after one untimed warm-up pass' : ''}.`,
  '',
  '| configuration | start | solved | siconos ≤ 1e-8 | siconos err median | max | energy err max | total ms | median ms | its mean | p90 | max | at cap | fallbacks | µs / it (first) | total CPU ms |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ...rows.map((r) => `| ${r.join(' | ')} |`),
];
if (args.perProblem) {
  lines.push('', '| configuration | start | problem | contacts | converged | answered by | iterations | ms | siconos |', '|---|---|---|---|---|---|---|---|---|');
  for (const d of details) {
    lines.push(`| ${d.config} | ${d.start} | ${d.problem} | ${d.contacts} | ${d.converged ? 'yes' : `no (${d.reason})`} | ${d.answeredBy} | ${d.iterations} | ${fix(d.ms, 2)} | ${exp(d.siconos)} |`);
  }
}
const text = lines.join('\n');
console.log(text);
mkdirSync(dirname(args.out), { recursive: true });
writeFileSync(args.out, `${text}\n`);

if (args.profile) {
  // One line per configuration and start; a time counts only where siconos ≤ 1e-8 was met.
  const lineOf = (d) => `${d.config} (${d.start})`;
  const solvers = [...new Set(details.map(lineOf))];
  const times = problems.map((p) => solvers.map((s) => {
    const d = details.find((x) => x.problem === p.name && lineOf(x) === s);
    return d && d.siconos <= 1e-8 && !(d.ms > args.timeLimitMs) ? d.ms : Infinity;
  }));
  const title = `Performance profile: ${problems.length} simulation problems, siconos ≤ 1e-8`;
  mkdirSync(dirname(args.profile), { recursive: true });
  writeFileSync(args.profile, renderProfileSvg({ title, profiles: performanceProfiles(solvers, times) }));
}
