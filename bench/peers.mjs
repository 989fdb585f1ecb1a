// Moreau beside Rapier on the same scenes: each scene is written once as scene JSON, then run by
// Moreau (createSimulation with the installed plugins and the built-in default config, as
// `moreau simulate` runs without a moreau.config.json, or --config) and by Rapier
// (@dimforge/rapier3d-compat with its default integration parameters, the scene converted by
// bench/peers/rapier-scene.mjs), one engine after the other in this process, h = 1e-3.
//
//   node bench/peers.mjs [--cases pour,cubes,stick,stack] [--steps <n>] [--spheres 1000]
//                        [--cubes 100] [--seed 1] [--config c.json] [--rapier-sleep]
//                        [--rapier-iterations 4,64,256] [--rapier-frequency <Hz>]
//                        [--moreau-tolerances 1e-8,1e-6,1e-4] [--split]
//                        [--repeat <n>] [--cold] [--out bench/out/peers.md]
//
// Cases: pour (spheres poured into a box for 1 s) and cubes (cubes dropped into a box for 0.5 s)
// for speed, with each one's deepest overlap and its bodies' mean height at the end; stick (a box
// on a 30° incline with μ = 0.8: its drift along the incline after 1 s) and stack (10 boxes on a
// floor: how far the top sinks in 2 s and the deepest overlap). `--steps` replaces the step count of pour and cubes.
// Overlaps are measured from the final poses by one function for both engines
// (bench/peers/measures.mjs). Rapier bodies do not sleep unless --rapier-sleep (Moreau has no
// sleeping). `--rapier-iterations` runs Rapier once per listed solver-iteration count (default:
// Rapier's own, 4), and `--rapier-frequency` sets its contact softness's natural frequency (how
// stiffly it pushes overlaps apart; Rapier's default 30 Hz), so Rapier's cost can be read at the
// accuracy Moreau gives, not only at its defaults; `--moreau-tolerances` runs Moreau once per listed
// tolerance, every link of its chain held to it (bench/peers/tolerances.mjs), so that Moreau's
// accuracy can be read at Rapier's cost, not only at its own tolerance. `--split` adds where each
// engine's step goes, by its own timers (Rapier's from a second, profiled run of each setting: its
// profiler costs time, so the timed run has it off). `--repeat n` runs each case n times, the engines alternated,
// and gives the median CPU time with the range beside it, and the range of each run's own ratio
// of the two engines beside the medians' ratio; it also checks that every run of an
// engine ended in the same poses, to the bit. Before the cases, each engine runs 200 steps
// of the stack, not reported; then, before its timed runs, each case is run once by each engine
// (Rapier at its first setting) so that the times are of code compiled for that case: the first
// run's CPU is reported apart, and it must end where the timed runs do. `--cold` leaves that run
// out and times the first run (the stack's warm-up alone, as until 2026-12-02). Writes the
// tables to --out, the scenes beside it (peers/<case>.json), and prints them; progress goes to
// stderr every 100 Moreau steps. Moreau's pour slows down as its pile forms
// (docs/results/peers.md): `--steps 500` runs its first half.
// Runs the compiled packages (`npm run bench:peers` builds them first).
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import RAPIER from '@dimforge/rapier3d-compat';
import { applyOverrides, DEFAULT_SOLVER, EventBus, isMoreauError, openRun, readConfigFile, resolveDynamics } from '@moreau/core';
import { benchArgs } from './args.mjs';
import { median, rapierSettings, runMoreau, runRapier } from './peers/engines.mjs';
import { combineRuns, runRatioRange } from './peers/repeats.mjs';
import { parseTolerances } from './peers/tolerances.mjs';
import { moreauSplit, rapierSplit } from './peers/split.mjs';
import { deepestBoxOverlap, deepestSphereOverlap, deepestStackOverlap, driftAlong, meanHeight } from './peers/measures.mjs';
import { cubesScene, INCLINE, pourScene, stackScene, stickScene, TIME_STEP } from './peers/scenes.mjs';

const root = resolve(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..');
const OPTIONS = {
  cases: { type: 'string', default: 'pour,cubes,stick,stack' },
  steps: { type: 'string' },
  spheres: { type: 'string', default: '1000' },
  cubes: { type: 'string', default: '100' },
  seed: { type: 'string', default: '1' },
  config: { type: 'string' },
  'rapier-sleep': { type: 'boolean', default: false },
  'rapier-iterations': { type: 'string' },
  'rapier-frequency': { type: 'string' },
  'moreau-tolerances': { type: 'string' },
  split: { type: 'boolean', default: false },
  repeat: { type: 'string', default: '1' },
  cold: { type: 'boolean', default: false },
  out: { type: 'string', default: 'bench/out/peers.md' },
};
const { values, fail, whole } = benchArgs('bench/peers.mjs', OPTIONS);
const spheres = whole('spheres', 1, 10_000, 'the overlap check compares every pair of spheres');
const cubeCount = whole('cubes', 1, 2_000, 'the cubes stand 25 to a layer, 0.2 m apart: 2,000 make a 16 m column');
const seed = whole('seed', 0, 2 ** 31 - 1, 'a 32-bit seed');
const steps = values.steps === undefined ? undefined : whole('steps', 1, 100_000, 'at most 100 s of simulated time at h = 1e-3');
const repeat = whole('repeat', 1, 20, 'runs of each case, the engines alternated; twenty runs of the full pour take about a quarter of an hour');

/** Rapier's solver iterations to run, one run each: the list given, else Rapier's default. */
const rapierIterations = values['rapier-iterations'] === undefined ? [undefined] : values['rapier-iterations'].split(',').map((text) => {
  const t = text.trim();
  // Rapier's cost grows with its iterations: 4,096 a step on the pour would run for hours.
  if (!/^\d+$/.test(t) || Number(t) < 1 || Number(t) > 4096) fail(`--rapier-iterations: expected comma-separated whole numbers from 1 to 4096 (Rapier's solver iterations a step; its default is 4), got "${text}".`);
  return Number(t);
});
if (new Set(rapierIterations).size !== rapierIterations.length) fail(`--rapier-iterations: "${values['rapier-iterations']}" lists a count twice.`);
let rapierFrequency;
if (values['rapier-frequency'] !== undefined) {
  rapierFrequency = Number(values['rapier-frequency']);
  // Past the step's own rate (1,000 Hz at h = 1e-3) the contact spring is resolved by no step.
  if (!(rapierFrequency > 0 && rapierFrequency <= 1000)) fail(`--rapier-frequency: expected a number of Hz above 0 and at most 1000 (Rapier's contact natural frequency; its default is 30), got "${values['rapier-frequency']}".`);
}
/** Moreau's tolerances to run, one run each: the list given, else the config's own (undefined). */
let moreauTolerances = [undefined];
if (values['moreau-tolerances'] !== undefined) {
  const parsed = parseTolerances(values['moreau-tolerances']);
  if (parsed.error) fail(parsed.error);
  moreauTolerances = parsed.tolerances;
}
/** A tolerance as it would be typed: 1e-4, not 0.0001. */
const tolText = (t) => (t < 1e-3 ? t.toExponential() : String(t));
/** Rapier's settings for a run at `iterations` solver iterations (undefined: Rapier's default). */
const rapierSolver = (iterations) => ({ ...(iterations === undefined ? {} : { iterations }), ...(rapierFrequency === undefined ? {} : { frequency: rapierFrequency }) });

const stickNormal = [Math.sin(INCLINE.angle), 0, Math.cos(INCLINE.angle)];
const mm = (x) => 1000 * x;
/**
 * The cases: the scene (its duration sets the steps), and what is measured on the final poses
 * (`json`: the scene JSON; `poses`: per body, in scene order).
 */
const CASES = {
  pour: {
    scene: () => pourScene(spheres, seed, steps === undefined ? 1 : steps * TIME_STEP),
    measures: {
      'deepest overlap at the end, mm': (json, poses) => mm(deepestSphereOverlap(json.bodies, poses)),
      'mean height of the spheres at the end, mm': (json, poses) => mm(meanHeight(json.bodies, poses)),
    },
  },
  cubes: {
    scene: () => cubesScene(cubeCount, seed, steps === undefined ? 0.5 : steps * TIME_STEP),
    measures: {
      'deepest overlap at the end, mm': (json, poses) => mm(deepestBoxOverlap(json.bodies, poses)),
      'mean height of the cubes at the end, mm': (json, poses) => mm(meanHeight(json.bodies, poses)),
    },
  },
  stick: {
    scene: stickScene,
    measures: { 'drift along the incline after 1 s, mm': (json, poses) => mm(driftAlong(stickNormal, json.bodies[1].position, poses[1].position)) },
  },
  stack: {
    scene: () => stackScene(10),
    measures: {
      'top box sinks in 2 s, mm': (json, poses) => mm(json.bodies.at(-1).position[2] - poses.at(-1).position[2]),
      'deepest overlap at 2 s, mm': (json, poses) => mm(deepestStackOverlap(json.bodies, poses)),
    },
  },
};
const cases = values.cases.split(',').map((s) => s.trim());
for (const name of cases) {
  if (!Object.hasOwn(CASES, name)) fail(`--cases: unknown case "${name}"; known cases: ${Object.keys(CASES).join(', ')} (comma-separated).`);
}
if (new Set(cases).size !== cases.length) fail(`--cases: "${values.cases}" names a case twice.`);
if (steps !== undefined && !cases.some((c) => c === 'pour' || c === 'cubes')) fail('--steps sets the steps of pour and cubes; --cases runs neither.');

const outFile = resolve(values.out);
if (existsSync(outFile) && statSync(outFile).isDirectory()) fail(`--out: ${values.out} is a folder; give the markdown file to write, e.g. bench/out/peers.md.`);
const sceneDir = join(dirname(outFile), 'peers');
let registry, chain, settings;
try {
  // Without --config, what `moreau simulate` runs when the working folder has no moreau.config.json.
  const loaded = values.config ? readConfigFile(resolve(values.config)) : { config: { solver: DEFAULT_SOLVER }, dir: root };
  let config;
  ({ config, registry } = await openRun(loaded));
  // Validated here, so a bad config stops the run before any case; also gives the resolved chain to report.
  const validate = (c) => resolveDynamics(c, [{ name: 'rigid', path: ['kinematics'] }], registry, new EventBus()).normalized.solver;
  const solver = validate(config);
  chain = chainText(solver);
  /** Moreau's runs: the config as given, or at each listed tolerance. */
  settings = moreauTolerances.map((tolerance) => {
    if (tolerance === undefined) return { tolerance, config, chain };
    const atTolerance = { ...config, solver: applyOverrides(solver, registry, { tolerance }) };
    return { tolerance, config: atTolerance, chain: chainText(validate(atTolerance)) };
  });
} catch (e) {
  if (!isMoreauError(e)) throw e;
  fail(e.message);
}
await RAPIER.init();
const rapier = rapierSettings(RAPIER);
const canSleep = values['rapier-sleep'];

/** The solver chain as "gauss-seidel (siconos ≤ 1e-8) → …". */
function chainText(solver) {
  const links = [];
  for (let c = solver; c; c = c.fallback) {
    const o = c.options ?? {};
    links.push(o.merit !== undefined && o.tolerance !== undefined ? `${c.name} (${o.merit} ≤ ${o.tolerance})` : c.name);
  }
  return links.join(' → ');
}

const load = { before: loadavg() };
// Warm-up, not reported: the first case would otherwise pay for compiling each engine's hot loops.
{
  const warm = stackScene(10);
  runMoreau(warm, 200, { config: settings[0].config, registry, source: 'warm-up' });
  runRapier(RAPIER, warm, 200, { canSleep, solver: rapierSolver(rapierIterations[0]) });
}
const results = [];
mkdirSync(sceneDir, { recursive: true });
for (const name of cases) {
  const file = join(sceneDir, `${name}.json`);
  writeFileSync(file, `${JSON.stringify(CASES[name].scene(), null, 1)}\n`);
  // Both engines read the same file; each gets its own parsed copy.
  const text = readFileSync(file, 'utf8');
  const json = JSON.parse(text);
  const n = Math.round(json.duration / json.timeStep);
  process.stderr.write(`${name}: ${json.bodies.length} bodies, ${n} steps`);
  /** Every 100 steps, so a slow run shows where it is (a settled pile can take seconds per step at 1e-8). */
  const progress = () => {
    const cpu0 = process.cpuUsage();
    return (step) => {
      if (step % 100 !== 0 || step === n) return;
      const { user, system } = process.cpuUsage(cpu0);
      process.stderr.write(`step ${step} (${((user + system) / 1e6).toFixed(0)} s CPU)… `);
    };
  };
  // The case once in each engine before the timed runs: a JIT compiles a case's hot code during
  // its first run (the cubes' first run costs about twice the CPU of the next ones), which the
  // stack's warm-up does not reach. Each engine at its first setting only: its settings run the same code.
  let moreauWarmUp, peerWarmUp;
  if (!values.cold) {
    process.stderr.write(': first run, timed apart: Moreau… ');
    moreauWarmUp = runMoreau(JSON.parse(text), n, { config: settings[0].config, registry, source: relative(root, file), onStep: progress() });
    process.stderr.write(`${(moreauWarmUp.cpuMs / n).toFixed(2)} ms CPU per step; Rapier… `);
    peerWarmUp = runRapier(RAPIER, JSON.parse(text), n, { canSleep, solver: rapierSolver(rapierIterations[0]) });
    process.stderr.write(`${(peerWarmUp.cpuMs / n).toFixed(2)} ms CPU per step`);
  }
  // Each run: Moreau at each setting, then Rapier at each setting; with --repeat, the runs one after the other.
  const moreauRuns = settings.map(() => []), peerRuns = rapierIterations.map(() => []);
  for (let k = 0; k < repeat; k++) {
    process.stderr.write(`${repeat > 1 || !values.cold ? `\n  run ${k + 1} of ${repeat}` : ''}: `);
    settings.forEach((setting, i) => {
      process.stderr.write(`${i > 0 ? '; ' : ''}Moreau${setting.tolerance === undefined ? '' : ` at ${tolText(setting.tolerance)}`}… `);
      const run = runMoreau(JSON.parse(text), n, { config: setting.config, registry, source: relative(root, file), onStep: progress() });
      moreauRuns[i].push(run);
      process.stderr.write(`${(run.cpuMs / n).toFixed(2)} ms CPU per step`);
    });
    rapierIterations.forEach((iterations, j) => {
      process.stderr.write(`; Rapier${iterations === undefined ? '' : ` at ${iterations} iterations`}… `);
      const peer = runRapier(RAPIER, JSON.parse(text), n, { canSleep, solver: rapierSolver(iterations) });
      peerRuns[j].push(peer);
      process.stderr.write(`${(peer.cpuMs / n).toFixed(2)} ms CPU per step`);
    });
  }
  const moreaus = settings.map((setting, i) => ({ ...combineRuns(moreauRuns[i], i === 0 ? moreauWarmUp : undefined), tolerance: setting.tolerance, chain: setting.chain }));
  const peers = rapierIterations.map((iterations, j) => {
    // Each Moreau setting's runs against this setting's, run by run.
    const peer = { ...combineRuns(peerRuns[j], j === 0 ? peerWarmUp : undefined), ratioRanges: moreauRuns.map((runs) => runRatioRange(runs, peerRuns[j])) };
    if (!values.split) return peer;
    process.stderr.write(`; Rapier${iterations === undefined ? '' : ` at ${iterations} iterations`} profiled… `);
    return { ...peer, split: rapierSplit(runRapier(RAPIER, JSON.parse(text), n, { canSleep, solver: rapierSolver(iterations), profile: true })) };
  });
  process.stderr.write('\n');
  const measures = Object.entries(CASES[name].measures).map(([label, f]) => ({ label, moreau: moreaus.map((m) => f(json, m.poses)), rapier: peers.map((peer) => f(json, peer.poses)) }));
  results.push({ name, bodies: json.bodies.length, file, moreaus, peers, measures });
}
load.after = loadavg();

/** x to d decimals, without the "-0.000" of a tiny negative. */
const f = (x, d = 2) => (Math.abs(x) < 0.5 * 10 ** -d ? 0 : x).toFixed(d);
const e = (x) => x.toExponential(1);
/** CPU ms a step: the median of the runs, with their range when there were several. */
const cpuCell = (run, d) => `${f(run.cpuMs / run.steps, d)}${run.runs > 1 ? ` (${run.cpuRange.map((x) => f(x / run.steps, d)).join('–')})` : ''}`;
/** Moreau's CPU over the peer's: the medians' ratio, with each run's own ratio as a range when there were several. */
const ratioCell = (moreau, i, peer) => `${f(moreau.cpuMs / peer.cpuMs, 1)}${peer.runs > 1 ? ` (${peer.ratioRanges[i].map((x) => f(x, 1)).join('–')})` : ''}`;
/** With --moreau-tolerances, a column naming each Moreau run's tolerance. */
const byTolerance = moreauTolerances[0] !== undefined;
const tolCell = (m) => (byTolerance ? ` ${tolText(m.tolerance)} |` : '');
const tolHead = (head) => (byTolerance ? head : '');
const moreauName = (m) => (byTolerance ? `Moreau at ${tolText(m.tolerance)}` : 'Moreau');
const command = `node bench/peers.mjs ${process.argv.slice(2).join(' ')}`.trim();
const lines = [
  `Command: \`${command}\`; ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.versions.node}; load average (1, 5, 15 min) ${load.before.map((x) => f(x)).join(', ')} before, ${load.after.map((x) => f(x)).join(', ')} after.`,
  '',
  `Moreau: ${values.config ? `config ${values.config}` : 'built-in defaults'}, solver ${chain}${byTolerance ? `; run at ${moreauTolerances.map(tolText).join(', ')}, every link's tolerance set to each (at ${tolText(moreauTolerances.at(-1))}: ${settings.at(-1).chain})` : ''}. Rapier ${rapier.version} (rapier3d-compat): ${rapierIterations.map((k) => k ?? rapier.solverIterations).join(', ')} solver iterations × ${rapier.internalPgsIterations} PGS per step${rapierIterations[0] === undefined ? '' : ` (its default ${rapier.solverIterations})`}, contact natural frequency ${rapierFrequency === undefined ? 'Rapier\'s default' : `${rapierFrequency} Hz`}, allowed overlap ${rapier.allowedLinearError} m, prediction distance ${rapier.predictionDistance} m, sleeping ${canSleep ? 'on' : 'off'}. h = ${TIME_STEP}.`,
  '',
  '### Cost per step',
  '',
  ...(repeat > 1 ? [`Each case ran ${repeat} times, Moreau and Rapier alternated: times are the runs' medians, the CPU range of the runs in brackets; the ratio is the medians', with the range of each run's own ratio (the two engines back to back) in brackets.`, ''] : []),
  `| case | bodies | steps |${tolHead(' Moreau tolerance |')} Moreau CPU ms / step | Moreau wall ms / step | Rapier iterations | Rapier CPU ms / step | Rapier wall ms / step | CPU Moreau / Rapier |`,
  `|---|---:|---:|${tolHead('---:|')}---:|---:|---:|---:|---:|---:|`,
  ...results.flatMap((r) => r.moreaus.flatMap((m, i) => r.peers.map((p) => `| ${r.name} | ${r.bodies} | ${m.steps} |${tolCell(m)} ${cpuCell(m, 2)} | ${f(m.wallMs / m.steps)} | ${p.iterations} | ${cpuCell(p, 3)} | ${f(p.wallMs / p.steps, 3)} | ${ratioCell(m, i, p)} |`))),
  '',
];
if (!values.cold) {
  lines.push(
    '### First runs',
    '',
    'Before the timed runs each engine ran each case once (each at its first setting), so that the times above are of code already compiled for the case; that first run\'s CPU, which holds the compiling, is here. `--cold` times the first run instead.',
    '',
    '| case | Moreau CPU ms / step, first run | Moreau, timed runs | Rapier CPU ms / step, first run | Rapier, timed runs | CPU Moreau / Rapier, first run |',
    '|---|---:|---:|---:|---:|---:|',
    ...results.map(({ name, moreaus: [m], peers: [p] }) => `| ${name} | ${f(m.warmUpCpuMs / m.steps)} | ${f(m.cpuMs / m.steps)} | ${f(p.warmUpCpuMs / p.steps, 3)} | ${f(p.cpuMs / p.steps, 3)} | ${f(m.warmUpCpuMs / p.warmUpCpuMs, 1)} |`),
    '',
  );
}
const differed = results.flatMap((r) => [...r.moreaus.filter((m) => !m.sameEnd).map((m) => `${r.name} (${moreauName(m)})`), ...r.peers.filter((p) => !p.sameEnd).map((p) => `${r.name} (Rapier, ${p.iterations} iterations)`)]);
if (differed.length) lines.push(`**The runs of one engine ended in different poses**: ${differed.join(', ')}. An engine run twice on the same scene should end in the same place to the bit; the accuracy rows are the first run's.`, '');
if (values.split) {
  const row = (name, engine, s) => `| ${name} | ${engine} | ${f(s.iterations, 1)} | ${f(s.detect, 3)} | ${f(s.assemble, 3)} | ${f(s.solve, 3)} | ${f(s.rest, 3)} | ${f(s.total, 3)} | ${s.solvePerIteration === undefined ? '—' : f(s.solvePerIteration, 4)} |`;
  lines.push(
    '### Where a step goes (each engine\'s own timers, wall ms a step)',
    '',
    '| case | engine | iterations a step | contact detection | assembly | solve | rest of the step | whole step | solve, ms an iteration |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
    ...results.flatMap((r) => [...r.moreaus.map((m) => row(r.name, moreauName(m), moreauSplit(m))), ...r.peers.map((p) => row(r.name, `Rapier, ${p.iterations} iterations`, p.split))]),
    '',
    'Moreau\'s iterations are its chain\'s (mostly Gauss–Seidel sweeps), on average over all steps; its assembly builds W, and the rest of its step is its position projection, integration and bookkeeping. Rapier\'s come from a second run of each setting with its profiler on (the cost table\'s run has it off): its solver\'s time less its velocity assembly is the solve, and the rest is what its step timer holds beyond collision detection and the solver.',
    '',
  );
}
/** A row of Moreau's solves on one case at one setting. */
function solvesRow(name, m) {
  const s = m.solves;
  return `| ${name} |${tolCell(m)} ${s.withContacts} | ${s.withContacts - s.notConverged} | ${s.notConverged} | ${s.withContacts ? `${e(s.largestError)} (${[...s.merits].join(', ')})` : '—'} | ${s.withContacts ? e(median(s.siconos)) : '—'} | ${s.withContacts ? e(s.siconos.reduce((most, x) => Math.max(most, x), 0)) : '—'} | ${s.withContacts ? f(s.iterations / s.withContacts, 1) : '—'} | ${s.contactsMax} |`;
}
const measured = results.flatMap((r) => r.measures.map((m) => ({ name: r.name, ...m })));
if (measured.length) {
  lines.push(
    '### Accuracy (from the final poses, the same function for both engines)',
    '',
    `| case | measure | ${results[0].moreaus.map(moreauName).join(' | ')} | ${results[0].peers.map((p) => `Rapier, ${p.iterations} iterations`).join(' | ')} |`,
    `|---|---|${results[0].moreaus.map(() => '---:').join('|')}|${results[0].peers.map(() => '---:').join('|')}|`,
    ...measured.map((m) => `| ${m.name} | ${m.label} | ${m.moreau.map((x) => f(x, 3)).join(' | ')} | ${m.rapier.map((x) => f(x, 3)).join(' | ')} |`),
    '',
  );
}
lines.push(
  `### Moreau's solves (${byTolerance ? `${chain}, every link's tolerance set to each run's` : chain})`,
  '',
  `| case |${tolHead(' tolerance |')} steps with contacts | converged | not converged | largest error | siconos error, median | siconos error, largest | iterations mean | contacts max |`,
  `|---|${tolHead('---:|')}---:|---:|---:|---:|---:|---:|---:|---:|`,
  ...results.flatMap(({ name, moreaus }) => moreaus.map((m) => solvesRow(name, m))),
  '',
  'The siconos error is each step\'s answer measured in the siconos merit, whatever merit the chain stopped on; its time is left out of Moreau\'s.',
  '',
  `Scenes: ${results.map((r) => relative(root, r.file)).join(', ')}.`,
  '',
);
mkdirSync(dirname(outFile), { recursive: true });
writeFileSync(outFile, lines.join('\n'));
console.log(lines.join('\n'));
