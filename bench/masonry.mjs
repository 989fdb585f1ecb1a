// Paper 004's Figure 5 rebuilt on its masonry scenes (examples/scenes/masonry): increments of
// the modified implicit Euler (`implicit-euler`, eqs 22-24; the scenes' h = 1), μ set on every
// material pair, and every step's contact problem solved by the same eight configurations:
// NEWT(A), NEWT(G), HYB(A), HYB(G), FIX (the semismooth-newton plugin) and PQN, APGD and
// Gauss-Seidel, which the paper did not run.
//
//   node scripts/build.mjs && node bench/masonry.mjs [--scenes CUBE1,WALL1,DOME1] [--steps 100]
//        [--mu 1/3,2/3,1] [--tol 1e-8] [--max-iterations 1000] [--budget-ms 0] [--out bench/out/masonry]
//        [--config examples/scenes/masonry/masonry-paper.config.json]
//        [--figure docs/figures/masonry-figure5.svg] [--dump-dir dir] [--configs NEWT(A),HYB(A),...]
//        [--condition]
//   node bench/masonry.mjs --merge out1/masonry.json,out2/masonry.json [--out dir] [--figure ...]
//
// --condition estimates cond₁ of every factored Newton system (the semismooth-newton option
// `conditionEstimate`; Fig. 5 (e, f)). --merge writes the tables and the figure of runs made
// apart (one process per scene and μ, say) as if they were one run; the files must agree on
// tolerance, cap, budget and config.
//
// --config gives the integrator, detector and kinematics options (its solver is replaced by the
// driver below): masonry-paper.config.json (the default) has the paper's one contact point per
// face pair and inertia scaling λmax(M⁻¹K) = 4; masonry.config.json the full 4-point manifolds
// and real inertia.
//
// Protocol (paper 004 §6): inside each step all eight configurations solve the step's problem
// from the warm start the engine gives (the previous step's reactions by contact), so all eight
// answer the same problems; the engine continues with HYB(A)'s answer, or when it did not
// converge the first converged one (see `driverPlugin`). Step 1 starts from R = U = 0;
// later steps start from the warm start, and the Newton variants from U⁰ = W R⁰ + q
// (`initialVelocity: 'consistent'`; with an all-zero warm start U⁰ = 0, as `auto` does, because
// U⁰ = q stalls on these singular W). Convergence: the siconos merit at or below --tol (the
// plugins' comparison measure); the Newton variants also stop on the paper's ε = 1e-10 test on
// ‖δR‖/‖R‖, and such a stop above --tol counts as a failure. --budget-ms caps each solve's wall
// time as well (0: none); a run that hits it is neither converged nor a failure within the
// iteration cap, and is reported apart. Figure 5's aggregates take μ > 0 only (the paper's μ = 0
// runs are UNIL, Table 3); μ = 0 rows, when run, are listed separately.
// Writes masonry.md, masonry.json and masonry-figure5.svg into --out (and the SVG to --figure).
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  bsrNorm1, createRegistry, createSimulation, defineSolver, estimateInverseNorm1, loadPlugins, resolve as resolveRun, SparseLu, SparseLuPattern,
  writeFclibLocal, z,
} from '@moreau/core';

const root = resolve(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..');
const { values } = parseArgs({
  options: {
    scenes: { type: 'string', default: 'CUBE1,WALL1,DOME1' },
    steps: { type: 'string', default: '100' },
    mu: { type: 'string', default: '1/3,2/3,1' },
    tol: { type: 'string', default: '1e-8' },
    'max-iterations': { type: 'string', default: '1000' },
    'budget-ms': { type: 'string', default: '0' },
    out: { type: 'string', default: 'bench/out/masonry' },
    figure: { type: 'string' },
    'dump-dir': { type: 'string' },
    config: { type: 'string', default: 'examples/scenes/masonry/masonry-paper.config.json' },
    configs: { type: 'string' },
    condition: { type: 'boolean', default: false },
    merge: { type: 'string' },
  },
});
/** Bad input: one line on stderr, exit 2, no stack. */
const fail = (message) => {
  process.stderr.write(`bench/masonry.mjs: ${message}\n`);
  process.exit(2);
};
const positive = (name, x) => {
  if (!(Number.isFinite(x) && x >= 0)) fail(`--${name}: expected a non-negative number, got ${values[name]}`);
  return x;
};
const fraction = (s) => (s.includes('/') ? Number(s.split('/')[0]) / Number(s.split('/')[1]) : Number(s));
const steps = positive('steps', Number(values.steps));
const tolerance = positive('tol', Number(values.tol));
const cap = positive('max-iterations', Number(values['max-iterations']));
const budgetMs = positive('budget-ms', Number(values['budget-ms']));
const mus = values.mu.split(',').map((s) => ({ label: s, mu: positive('mu', fraction(s)) }));
const sceneNames = values.scenes.split(',');
const out = resolve(root, values.out);
const sceneConfig = JSON.parse(readFileSync(resolve(root, values.config), 'utf8'));
mkdirSync(out, { recursive: true });

/** The configurations: Figure 5's five (plugin README's names) and the three the paper did not run. */
const ssn = (label, options) => ({
  label, newton: true, name: 'semismooth-newton',
  options: { maxIterations: cap, tolerance, ...(values.condition ? { conditionEstimate: true } : {}), ...options },
});
const ALL_CONFIGS = [
  ssn('NEWT(A)', { variant: 'newt', memory: 0 }),
  ssn('NEWT(G)', { variant: 'newt', memory: 10 }),
  ssn('HYB(A)', { variant: 'hyb', memory: 0 }),
  ssn('HYB(G)', { variant: 'hyb', memory: 10 }),
  ssn('FIX', { variant: 'fix' }),
  { label: 'PQN', name: 'pqn', options: { maxIterations: cap, tolerance } },
  { label: 'APGD', name: 'apgd', options: { maxIterations: cap, tolerance } },
  { label: 'GS', name: 'gauss-seidel', options: { maxIterations: cap, tolerance } },
];
const CONFIGS = values.configs ? values.configs.split(',').map((l) => {
  const c = ALL_CONFIGS.find((x) => x.label === l);
  if (!c) fail(`--configs: unknown configuration ${l} (one of ${ALL_CONFIGS.map((x) => x.label).join(', ')})`);
  return c;
}) : ALL_CONFIGS;

const registry = createRegistry();
await loadPlugins(registry, { baseDir: root });
const solvers = new Map(CONFIGS.map((c) => [c.label, (iv) => resolveRun({ name: c.name, options: c.newton ? { ...c.options, initialVelocity: iv } : c.options }, registry).solver]));
const anyNonzero = (w) => !!w && w.some((x) => x !== 0);

/** One solve of a captured problem by one configuration, with the statistics Figure 5 plots. */
function solveOne(config, problem, warmStart) {
  const iv = anyNonzero(warmStart) ? 'consistent' : 'zero';
  const solver = solvers.get(config.label)(iv);
  const res = solver.solve(problem, { ...(anyNonzero(warmStart) ? { warmStart } : {}), ...(budgetMs > 0 ? { timeBudgetMs: budgetMs } : {}) });
  return summarise(config, res);
}

function summarise(config, res) {
  const s = res.stats ?? {};
  return {
    config: config.label, converged: res.converged, reason: res.reason, iterations: res.iterations, error: res.error,
    lineSearches: config.newton && config.label !== 'FIX' ? (s.lineSearchSteps ?? 0) : null,
    penaltyShare: config.newton && config.label !== 'FIX' ? (s.penaltyScaledFraction ?? 0) : null,
    systems: s.linear?.systems ?? null, negativeCurvature: s.linear?.negativeCurvature ?? null,
    singularSystems: s.linear?.singular ?? null,
    conditionEstimates: s.linear?.conditionEstimates ?? null, conditionLogSum: s.linear?.conditionLogSum ?? null, conditionMax: s.linear?.conditionMax ?? null,
    ms: res.ms, result: res,
  };
}

/**
 * The driver inside the engine: every configuration solves the step's problem from the warm
 * start the engine gives, and the trajectory takes HYB(A)'s answer when it converged, else the
 * first converged one (PQN, APGD, GS, then the other Newton variants), else the one with the
 * smallest error, so that one unconverged solver does not scatter the blocks for the others.
 */
const captured = [];
const PREFERENCE = ['HYB(A)', 'PQN', 'APGD', 'GS', 'HYB(G)', 'NEWT(A)', 'NEWT(G)', 'FIX'];
const driverPlugin = defineSolver({
  name: 'masonry-driver',
  summary: 'all eight configurations on each step; the trajectory takes the best answer (bench/masonry.mjs)',
  options: z.object({}),
  supports: { warmStart: true, cone: 'coulomb', friction: true },
  create: () => ({
    name: 'masonry-driver',
    solve(problem, options = {}) {
      const warmStart = options.warmStart ? Float64Array.from(options.warmStart) : undefined;
      const row = CONFIGS.map((c) => solveOne(c, problem, warmStart));
      const ranked = PREFERENCE.map((l) => row.find((r) => r.config === l)).filter(Boolean);
      const answer = ranked.find((r) => r.converged) ?? [...row].sort((a, b) => a.error - b.error)[0];
      captured.push({ problem, warmStart, row, answeredBy: answer.config });
      return { ...answer.result, answeredBy: `masonry-driver: ${answer.config}` };
    },
  }),
});
registry.register(driverPlugin, 'bench/masonry.mjs');

/** Paper 004 Table 1's cond(W) (SuperLU's dgscon), beside which ours is printed. */
const PAPER_W_CONDITION = { CUBE1: 2e7, CUBE2: 5e7, CUBE3: 9e7, WALL1: 3e6, WALL2: 4e7, WALL3: 2e8, DOME1: 7e5, DOME2: 2e6, DOME3: 8e6 };

/** cond₁ W estimated from a sparse LU of W (as dgscon does from SuperLU's), or null when W is numerically singular. */
function conditionOfW(W) {
  const lu = new SparseLu(new SparseLuPattern(W.rowPtr, W.colIdx));
  if (!lu.factor(W.values, 1e-12, 1) || lu.deficiency > 0) return null;
  return bsrNorm1(W) * estimateInverseNorm1(W.size, (b, x) => lu.solve(b, x), (b, x) => lu.solveTranspose(b, x));
}

/** The scene file's JSON with μ on the default pair and every listed pair. */
function withFriction(scene, mu) {
  const s = structuredClone(scene);
  s.defaultFriction = { ...s.defaultFriction, mu };
  s.friction = (s.friction ?? []).map((p) => ({ ...p, mu }));
  return s;
}

let runs = [];
let wConditions = [];
let runOptions = { scenes: sceneNames, steps, mu: values.mu, tolerance, cap, budgetMs, config: values.config, condition: values.condition };
const log = (s) => process.stderr.write(`${s}\n`);
if (values.merge) ({ runs, runOptions, wConditions } = mergeRuns(values.merge.split(',')));
else for (const name of sceneNames) {
  const sceneFile = join(root, 'examples/scenes/masonry', `${name}.json`);
  if (!existsSync(sceneFile)) fail(`--scenes: no scene ${name} (examples/scenes/masonry has CUBE1-3, WALL1-3, DOME1-3)`);
  const scene = JSON.parse(readFileSync(sceneFile, 'utf8'));
  const n = Math.min(steps, Math.round(scene.duration / scene.timeStep));
  for (const { label: muLabel, mu } of mus) {
    captured.length = 0;
    const config = { integrator: { name: 'implicit-euler', options: { stabilization: 0 } }, ...sceneConfig, solver: { name: 'masonry-driver' }, onSolveFailure: 'continue' };
    const sim = createSimulation(withFriction(scene, mu), config, { registry, source: name });
    for (let k = 1; k <= n; k++) {
      const before = captured.length;
      sim.step();
      if (captured.length === before) continue; // no contacts this step
      const { problem, warmStart, row, answeredBy } = captured[captured.length - 1];
      if (k === 1 && values['dump-dir'] && muLabel === '1/3') {
        mkdirSync(resolve(root, values['dump-dir']), { recursive: true });
        await writeFclibLocal(resolve(root, values['dump-dir'], `masonry-${name}-step1.hdf5`), problem, {
          info: { title: `${name} step 1, mu 1/3`, description: `paper 004 masonry scene ${name} (examples/scenes/masonry), first increment of implicit-euler, h = 1, mu = 1/3, config ${values.config}; written by bench/masonry.mjs` },
        });
      }
      if (k === 1 && values.condition) wConditions.push({ scene: name, mu: muLabel, contacts: problem.contacts, condition: conditionOfW(problem.W) });
      for (const r of row) {
        delete r.result;
        runs.push({ scene: name, mu: muLabel, step: k, contacts: problem.contacts, warm: anyNonzero(warmStart), answeredBy, ...r });
      }
      log(`${name} mu=${muLabel} step ${k} (${problem.contacts} contacts, trajectory: ${answeredBy}): ${row.map((r) => `${r.config} ${r.converged ? '' : r.reason === 'time-budget' ? 'T' : 'x'}${r.iterations}`).join(', ')}`);
      writeFileSync(join(out, 'masonry.json'), `${JSON.stringify({ options: runOptions, wConditions, runs }, null, 0)}\n`);
    }
  }
}

/** The runs of several masonry.json files, with options that say what they hold together. */
function mergeRuns(files) {
  const parts = files.map((f) => {
    const path = resolve(root, f.endsWith('.json') ? f : join(f, 'masonry.json'));
    try {
      return { path, ...JSON.parse(readFileSync(path, 'utf8')) };
    } catch (e) {
      return fail(`--merge: ${path}: ${e.message}`);
    }
  });
  for (const key of ['tolerance', 'cap', 'config']) {
    const seen = new Set(parts.map((p) => JSON.stringify(p.options?.[key])));
    if (seen.size > 1) fail(`--merge: the files disagree on ${key} (${[...seen].join(' vs ')})`);
  }
  const merged = parts.flatMap((p) => p.runs);
  const o = parts[0].options;
  const uniq = (xs) => [...new Set(xs)];
  return {
    runs: merged,
    wConditions: parts.flatMap((p) => p.wConditions ?? []),
    runOptions: {
      ...o, scenes: uniq(merged.map((r) => r.scene)), steps: Math.max(...parts.map((p) => p.options.steps)),
      mu: uniq(merged.map((r) => r.mu)).join(','), condition: parts.every((p) => p.options.condition), merged: parts.map((p) => p.path),
      // Budgets may differ between the parts (a cap on wall time for the largest scenes): say which had which.
      budgetMs: Math.max(...parts.map((p) => p.options.budgetMs ?? 0)),
      budgets: parts.filter((p) => p.options.budgetMs > 0).map((p) => `${p.options.scenes.join(', ')} μ = ${p.options.mu}: ${p.options.budgetMs / 1000} s`),
    },
  };
}
writeFileSync(join(out, 'masonry.json'), `${JSON.stringify({ options: runOptions, wConditions, runs }, null, 0)}\n`);

// ---- aggregates, as Figure 5 defines them: averages over all runs, "average maximal" the mean
// over (scene, μ) of the maximum over the increments ----
const mean = (a) => (a.length ? a.reduce((x, y) => x + y, 0) / a.length : NaN);
function aggregate(rows) {
  return CONFIGS.map((c) => {
    const mine = rows.filter((r) => r.config === c.label);
    const groups = new Map();
    for (const r of mine) {
      const key = `${r.scene}|${r.mu}`;
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(r);
    }
    const avgMax = (f) => mean([...groups.values()].map((g) => Math.max(...g.map(f))));
    const timed = mine.filter((r) => r.reason === 'time-budget');
    const judged = mine.filter((r) => r.reason !== 'time-budget');
    const systems = mine.reduce((x, r) => x + (r.systems ?? 0), 0);
    const estimated = mine.reduce((x, r) => x + (r.conditionEstimates ?? 0), 0);
    const conditionGroups = [...groups.values()].filter((g) => g.some((r) => r.conditionEstimates > 0));
    return {
      config: c.label, runs: mine.length,
      avgIterations: mean(judged.map((r) => r.iterations)), avgMaxIterations: avgMax((r) => r.iterations),
      avgConvergedIterations: mean(mine.filter((r) => r.converged).map((r) => r.iterations)),
      avgLineSearches: c.newton && c.label !== 'FIX' ? mean(mine.map((r) => r.lineSearches)) : null,
      avgMaxLineSearches: c.newton && c.label !== 'FIX' ? avgMax((r) => r.lineSearches) : null,
      penaltyShare: c.newton && c.label !== 'FIX' ? 100 * mean(mine.map((r) => r.penaltyShare)) : null,
      negativeShare: c.newton && systems ? (100 * mine.reduce((x, r) => x + (r.negativeCurvature ?? 0), 0)) / systems : null,
      failures: judged.filter((r) => !r.converged).length, timeCapped: timed.length, converged: mine.filter((r) => r.converged).length,
      // Fig. 5 (e): the geometric mean (eq 69) over every estimated system; (f): that of the largest per (scene, μ).
      conditionSystems: c.newton ? estimated : null,
      singularSystems: c.newton ? mine.reduce((x, r) => x + (r.singularSystems ?? 0), 0) : null,
      avgCondition: c.newton && estimated ? Math.exp(mine.reduce((x, r) => x + (r.conditionLogSum ?? 0), 0) / estimated) : null,
      avgMaxCondition: c.newton && conditionGroups.length ? Math.exp(mean(conditionGroups.map((g) => Math.log(Math.max(...g.map((r) => r.conditionMax ?? 0)))))) : null,
    };
  });
}
const frictional = runs.filter((r) => fraction(r.mu) > 0);
const frictionless = runs.filter((r) => fraction(r.mu) === 0);
const agg = aggregate(frictional);

const f = (x, d = 1) => (x === null || x === undefined || Number.isNaN(x) ? '—' : Number.isInteger(x) ? String(x) : x.toFixed(d));
const lines = [];
const table = (rows, title) => {
  lines.push(title, '');
  lines.push('| configuration | runs | converged | failures within the cap | stopped by the time budget | average iterations (runs not stopped by the budget) | average maximal iterations (a budget stop counts its iterations: a lower bound) | average iterations, converged runs | average line searches | average maximal line searches | penalty scaling share % | negative-curvature systems % | average cond₁ Ω | average maximal cond₁ Ω | systems estimated / singular |');
  lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const e = (x) => (x === null || x === undefined ? '—' : x.toExponential(1));
  for (const a of rows) lines.push(`| ${a.config} | ${a.runs} | ${a.converged} | ${a.failures} | ${a.timeCapped} | ${f(a.avgIterations)} | ${f(a.avgMaxIterations)} | ${f(a.avgConvergedIterations)} | ${f(a.avgLineSearches)} | ${f(a.avgMaxLineSearches)} | ${f(a.penaltyShare)} | ${f(a.negativeShare, 2)} | ${e(a.avgCondition)} | ${e(a.avgMaxCondition)} | ${a.conditionSystems === null ? '—' : `${a.conditionSystems} / ${a.singularSystems}`} |`);
  lines.push('');
};
const R = runOptions;
lines.push(`Masonry scenes ${R.scenes.join(', ')}; ${R.steps} increment(s) of implicit-euler (h = 1) each; μ ∈ {${R.mu}}; siconos tolerance ${R.tolerance}, cap ${R.cap} iterations${R.budgets ? (R.budgets.length ? `, wall time per solve capped for ${R.budgets.join('; ')} (the others: none)` : '') : R.budgetMs ? `, ${R.budgetMs} ms per solve` : ''}; config ${R.config}${R.condition ? '; cond₁(Ω) estimated' : ''}.`, '');
// What was run: increments per (scene, μ), so a part cut short shows as such.
{
  const scenesRun = [...new Set(runs.map((r) => r.scene))];
  const musRun = [...new Set(runs.map((r) => r.mu))].sort((a, b) => fraction(a) - fraction(b));
  lines.push('Increments run (with contacts):', '', `| scene | ${musRun.map((m) => `μ = ${m}`).join(' | ')} |`, `|---|${musRun.map(() => '---:').join('|')}|`);
  for (const sc of scenesRun) lines.push(`| ${sc} | ${musRun.map((m) => new Set(runs.filter((r) => r.scene === sc && r.mu === m).map((r) => r.step)).size || '—').join(' | ')} |`);
  lines.push('');
}
table(agg, '### Figure 5 aggregates (μ > 0)');
if (frictionless.length) table(aggregate(frictionless), '### μ = 0');
if (wConditions.length) {
  // The first increment starts from rest, so its W is the same for every μ: one row per scene.
  const firstOfScene = wConditions.filter((w, i) => wConditions.findIndex((x) => x.scene === w.scene) === i);
  lines.push('### Table 1: cond₁ W of the first increment\'s problem, ours (Hager–Higham from a sparse LU) beside the paper\'s (dgscon)', '');
  lines.push('| scene | contacts | cond₁ W here | paper 004 |', '|---|---:|---:|---:|');
  for (const w of firstOfScene) lines.push(`| ${w.scene} | ${w.contacts} | ${w.condition === null ? 'singular' : w.condition.toExponential(1)} | ${PAPER_W_CONDITION[w.scene]?.toExponential(0) ?? '—'} |`);
  lines.push('');
}
// The cold starts, where the schemes differ (the warm-started increments mostly need no iteration).
const byPlace = (a, b) => a.scene.localeCompare(b.scene) || fraction(a.mu) - fraction(b.mu) || a.step - b.step;
const cold = [...new Set(runs.filter((r) => !r.warm).sort(byPlace).map((r) => `${r.scene}|${r.mu}|${r.step}`))];
const warmWork = runs.filter((r) => r.warm && r.iterations > 0).sort(byPlace);
const warmWorkSteps = [...new Set(warmWork.map((r) => `${r.scene} μ = ${r.mu} step ${r.step}`))];
lines.push('### Cold starts (R = U = 0)', '', '| scene | μ | step | contacts | ' + CONFIGS.map((c) => c.label).join(' | ') + ' |', '|---|---|---:|---:|' + CONFIGS.map(() => '---:').join('|') + '|');
for (const key of cold) {
  const rs = runs.filter((r) => `${r.scene}|${r.mu}|${r.step}` === key);
  const cell = (r) => (r ? (r.converged ? String(r.iterations) : `${r.reason === 'time-budget' ? '⏱' : '**no**'} ${r.iterations} (${r.error.toExponential(0)})`) : '');
  lines.push(`| ${rs[0].scene} | ${rs[0].mu} | ${rs[0].step} | ${rs[0].contacts} | ${CONFIGS.map((c) => cell(rs.find((r) => r.config === c.label))).join(' | ')} |`);
}
lines.push('', `Warm-started increments: ${new Set(runs.filter((r) => r.warm).map((r) => `${r.scene}|${r.mu}|${r.step}`)).size}; of these, ${warmWorkSteps.length} needed any iteration of any configuration${warmWorkSteps.length ? ` (${warmWorkSteps.join('; ')})` : ''}.`, '');
lines.push('### Every run', '', '| scene | μ | step | contacts | warm | trajectory | ' + CONFIGS.map((c) => c.label).join(' | ') + ' |', '|---|---|---:|---:|---|---|' + CONFIGS.map(() => '---').join('|') + '|');
const keys = [...new Set(runs.map((r) => `${r.scene}|${r.mu}|${r.step}`))];
for (const key of keys) {
  const rs = runs.filter((r) => `${r.scene}|${r.mu}|${r.step}` === key);
  const cell = (r) => (r ? `${r.converged ? '' : r.reason === 'time-budget' ? '⏱ ' : '**no** '}${r.iterations}${r.converged ? '' : ` (${r.error.toExponential(0)})`}` : '');
  lines.push(`| ${rs[0].scene} | ${rs[0].mu} | ${rs[0].step} | ${rs[0].contacts} | ${rs[0].warm ? 'yes' : 'no'} | ${rs[0].answeredBy} | ${CONFIGS.map((c) => cell(rs.find((r) => r.config === c.label))).join(' | ')} |`);
}
lines.push('', 'Cells: iterations; **no** (siconos error) a failure within the cap, ⏱ stopped by the time budget. Trajectory: whose answer the engine took for the next step.');
writeFileSync(join(out, 'masonry.md'), `${lines.join('\n')}\n`);

// ---- the bar chart: one panel per statistic, one bar per configuration ----
function svgChart(rows) {
  const panels = [
    { title: 'average iterations', get: (a) => a.avgIterations },
    { title: 'average maximal iterations', get: (a) => a.avgMaxIterations },
    { title: 'average line searches', get: (a) => a.avgLineSearches },
    { title: 'penalty scaling share %', get: (a) => a.penaltyShare },
    { title: 'runs not converged %', get: (a) => (a.runs ? (100 * (a.failures + a.timeCapped)) / a.runs : null) },
    ...(rows.some((a) => a.avgCondition !== null) ? [
      { title: 'log10 average cond₁ Ω', get: (a) => (a.avgCondition ? Math.log10(a.avgCondition) : null) },
      { title: 'log10 average maximal cond₁ Ω', get: (a) => (a.avgMaxCondition ? Math.log10(a.avgMaxCondition) : null) },
    ] : []),
  ];
  const W = 300, H = 210, barArea = 130, cols = 3;
  const colour = (label) => (label.startsWith('HYB') ? '#2b7bb9' : label.startsWith('NEWT') ? '#d9822b' : label === 'FIX' ? '#7a7a7a' : '#5aa469');
  const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const parts = [];
  panels.forEach((p, i) => {
    const x0 = (i % cols) * W, y0 = Math.floor(i / cols) * H + 30;
    const vals = rows.map((a) => p.get(a));
    const top = Math.max(1, ...vals.filter((v) => v !== null && Number.isFinite(v)));
    parts.push(`<text x="${x0 + W / 2}" y="${y0 + 14}" text-anchor="middle" font-size="12">${esc(p.title)}</text>`);
    const bw = (W - 40) / rows.length;
    rows.forEach((a, j) => {
      const v = vals[j];
      const x = x0 + 20 + j * bw;
      const base = y0 + 24 + barArea;
      if (v !== null && Number.isFinite(v)) {
        const h = (barArea * v) / top;
        parts.push(`<rect x="${x + 2}" y="${(base - h).toFixed(1)}" width="${(bw - 4).toFixed(1)}" height="${h.toFixed(1)}" fill="${colour(a.config)}"/>`);
        parts.push(`<text x="${x + bw / 2}" y="${(base - h - 3).toFixed(1)}" text-anchor="middle" font-size="9">${f(v)}</text>`);
      } else parts.push(`<text x="${x + bw / 2}" y="${base - 3}" text-anchor="middle" font-size="9">n/a</text>`);
      parts.push(`<text x="${x + bw / 2}" y="${base + 12}" text-anchor="middle" font-size="8">${esc(a.config)}</text>`);
    });
  });
  const title = `Paper 004 Fig. 5 rebuilt: ${R.scenes.join(', ')}, ${R.steps} increment(s), μ ∈ {${R.mu}}, siconos ${R.tolerance}, cap ${R.cap}${R.budgetMs ? `, wall time per solve ≤ ${R.budgetMs / 1000} s${R.budgets ? ' on some' : ''}` : ''}`;
  const height = Math.ceil(panels.length / cols) * H + 40;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${cols * W}" height="${height}" font-family="sans-serif">\n<rect width="100%" height="100%" fill="white"/>\n<text x="10" y="18" font-size="13">${esc(title)}</text>\n${parts.join('\n')}\n</svg>\n`;
}
const svgFile = join(out, 'masonry-figure5.svg');
writeFileSync(svgFile, svgChart(agg));
if (values.figure) {
  mkdirSync(dirname(resolve(root, values.figure)), { recursive: true });
  copyFileSync(svgFile, resolve(root, values.figure));
}
process.stdout.write(`${lines.join('\n')}\n\nWritten: ${values.out}/masonry.md, masonry.json, masonry-figure5.svg\n`);
