// APGD on the shared problems: the three variants side by side, and the ρ rules of paper 003
// §2.4.1 compared by Dolan-Moré performance profiles (paper 003 Figures 1-2).
//
//   npm run build && node bench/apgd.mjs [--problems dir] [--tol 1e-8] [--repeat-ms 1000] [--docs]
//
// Runs the compiled packages. Problems come from ../shared/problems beside the repository (or
// --problems). Every solve starts from r = 0 and runs once cold (its result gives iterations,
// error and convergence), then, when it converged, again for about --repeat-ms: times are the
// median of those warm runs. Writes bench/out/apgd.md (the tables) and bench/out/apgd-profile.svg;
// --docs also copies the figure to docs/figures/apgd-rho-profile.svg.
import { copyFileSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createRegistry, readProblem, resolve as resolveRun, SiconosMerit } from '@moreau/core';
import apgd from '@moreau/apgd';

const root = resolve(new URL('.', import.meta.url).pathname, '..');
const { values } = parseArgs({
  options: {
    problems: { type: 'string' },
    tol: { type: 'string', default: '1e-8' },
    'repeat-ms': { type: 'string', default: '1000' },
    docs: { type: 'boolean', default: false },
  },
});
const tolerance = Number(values.tol);
const repeatMs = Number(values['repeat-ms']);
const dir = resolve(values.problems ?? join(root, '..', 'shared', 'problems'));
if (!existsSync(dir)) {
  console.error(`no problem folder at ${dir}; pass --problems=DIR`);
  process.exit(1);
}
const problems = [];
for (const f of readdirSync(dir).filter((f) => /\.(dat|hdf5|h5|json)$/.test(f))) problems.push((await readProblem(join(dir, f))).problem);
problems.sort((a, b) => a.contacts - b.contacts || a.name.localeCompare(b.name));

const registry = createRegistry().register(apgd, '@moreau/apgd');
const siconos = new SiconosMerit();
const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];

/** One configuration on one problem: the cold result, then the warm median time when it converged. */
function measure(options, problem) {
  let run, first;
  try {
    run = resolveRun({ name: 'apgd', options: { ...options, tolerance } }, registry);
    first = run.solver.solve(problem);
  } catch (e) {
    return { refused: e.code ?? 'error' };
  }
  const times = [first.ms];
  if (first.converged) {
    times.length = 0;
    const until = performance.now() + repeatMs;
    while ((performance.now() < until || times.length < 3) && times.length < 50) times.push(run.solver.solve(problem).ms);
  }
  return { result: first, ms: median(times), error: siconos.evaluate(problem, first.r) };
}

const fmtMs = (ms) => (ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2));
const lines = [];
const loadBefore = os.loadavg().map((v) => v.toFixed(2)).join(' ');
lines.push(`Node ${process.version}, ${os.availableParallelism()} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}); load average at start ${loadBefore}.`);
lines.push(`Tolerance ${tolerance} on the siconos merit (cone coulomb), from r = 0; times are warm medians in ms.`, '');

// ---------------------------------------------------------------- the three variants
const VARIANTS = [
  { label: 'nesterov', options: { variant: 'nesterov' } },
  { label: 'mazhar', options: { variant: 'mazhar' } },
  { label: 'acary', options: { variant: 'acary' } },
];
lines.push('### The three variants (default options)', '');
lines.push('| problem | contacts | variant | iterations | s-updates | mat-vecs | ms | siconos error | converged |');
lines.push('|---|---|---|---|---|---|---|---|---|');
for (const problem of problems) {
  for (const v of VARIANTS) {
    const m = measure(v.options, problem);
    const r = m.result;
    lines.push(`| ${problem.name} | ${problem.contacts} | ${v.label} | ${r.iterations} | ${r.stats.outerIterations} | ${r.stats.matvecs} | ${fmtMs(m.ms)} | ${m.error.toExponential(1)} | ${r.converged ? 'yes' : `no (${r.reason})`} |`);
    process.stderr.write(`variants: ${problem.name} ${v.label} ${r.converged ? 'converged' : r.reason} ${fmtMs(m.ms)} ms\n`);
  }
}
lines.push('');

// ---------------------------------------------------------------- the ρ rules
const RULES = ['ghadimi', 'normal', 'smaller', 'wrho', 'eigenwrho'];
const REFUSED = ['dicairano', 'acary'];
const PANELS = [
  { update: 'none', title: '(a) fixed ρ (Algorithm 1)' },
  { update: 'ratio1', title: '(b) adaptive ρ, ratio 1 (eq 20)' },
  { update: 'ratio2', title: '(c) adaptive ρ, ratio 2 (eq 21)' },
];
const refusal = measure({ variant: 'acary', rho: REFUSED[0] }, problems[0]).refused;
const times = {}; // times[update][rule][problem] = ms or Infinity
for (const panel of PANELS) {
  times[panel.update] = {};
  lines.push(`### ρ rules, variant acary, rhoUpdate ${panel.update}: ms (iterations), or why not solved`, '');
  lines.push(`| problem | ${RULES.join(' | ')} |`);
  lines.push(`|---|${RULES.map(() => '---').join('|')}|`);
  const rows = problems.map((p) => [p.name]);
  for (const rule of RULES) {
    times[panel.update][rule] = {};
    problems.forEach((problem, i) => {
      const m = measure({ variant: 'acary', rho: rule, rhoUpdate: panel.update }, problem);
      let cell;
      if (m.refused) {
        cell = 'refused';
        times[panel.update][rule][problem.name] = Infinity;
      } else {
        const r = m.result;
        times[panel.update][rule][problem.name] = r.converged ? m.ms : Infinity;
        cell = r.converged ? `${fmtMs(m.ms)} (${r.iterations})` : `${r.reason}, ${m.error.toExponential(0)}`;
      }
      rows[i].push(cell);
      process.stderr.write(`rho: ${panel.update} ${rule} ${problem.name} ${cell}\n`);
    });
  }
  for (const row of rows) lines.push(`| ${row.join(' | ')} |`);
  lines.push('');
}
lines.push(`Not run: ${REFUSED.map((r) => `\`${r}\``).join(' and ')}, which need M and H of a global problem: the solver refuses them when it is created (${refusal}).`, '');
lines.push(`Load average at the end: ${os.loadavg().map((v) => v.toFixed(2)).join(' ')}.`);

// ---------------------------------------------------------------- performance profiles
/** ρ_s(τ) of paper 003 eq 25 for every rule of one panel: the sorted finite ratios r_{p,s} (eq 24). */
function profile(panelTimes) {
  const ratios = {};
  for (const rule of RULES) ratios[rule] = [];
  for (const p of problems) {
    const best = Math.min(...RULES.map((rule) => panelTimes[rule][p.name]));
    for (const rule of RULES) {
      const t = panelTimes[rule][p.name];
      if (Number.isFinite(t)) ratios[rule].push(t / best);
    }
  }
  for (const rule of RULES) ratios[rule].sort((a, b) => a - b);
  return ratios;
}

const COLORS = { ghadimi: '#E69F00', normal: '#56B4E9', smaller: '#009E73', wrho: '#D55E00', eigenwrho: '#0072B2' };
const DASHES = { ghadimi: '', normal: '6 3', smaller: '2 3', wrho: '', eigenwrho: '8 3 2 3' };

function svgProfiles() {
  const profiles = PANELS.map((panel) => profile(times[panel.update]));
  // each panel's τ axis runs to the power of 2 above its largest finite ratio
  const kMaxOf = (pr) => {
    let tauMax = 2;
    for (const rule of RULES) for (const r of pr[rule]) tauMax = Math.max(tauMax, r);
    return Math.max(1, Math.ceil(Math.log2(tauMax * 1.05)));
  };
  const W = 400, H = 330, M = { left: 58, right: 14, top: 36, bottom: 52 };
  const pw = W - M.left - M.right, ph = H - M.top - M.bottom;
  const legendH = 40;
  const total = { w: W * PANELS.length, h: H + legendH + 34 };
  const out = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${total.w}" height="${total.h}" viewBox="0 0 ${total.w} ${total.h}" font-family="Helvetica, Arial, sans-serif">`);
  out.push(`<rect width="${total.w}" height="${total.h}" fill="#ffffff"/>`);
  out.push(`<text x="${total.w / 2}" y="22" text-anchor="middle" font-size="16" font-weight="bold">APGD (paper 003 Algorithm 1) on ${problems.length} problems: performance profiles of the ρ rules, time to reach ${tolerance} (siconos merit)</text>`);
  PANELS.forEach((panel, k) => {
    const ox = k * W, oy = 30;
    const kMax = kMaxOf(profiles[k]);
    const x = (tau) => ox + M.left + (Math.log2(tau) / kMax) * pw;
    const y = (f) => oy + M.top + (1 - f) * ph;
    out.push(`<g>`);
    out.push(`<text x="${ox + M.left + pw / 2}" y="${oy + M.top - 12}" text-anchor="middle" font-size="14">${panel.title}</text>`);
    // grid and ticks
    for (let i = 0; i <= 5; i++) {
      const f = i / 5;
      out.push(`<line x1="${x(1)}" y1="${y(f)}" x2="${x(2 ** kMax)}" y2="${y(f)}" stroke="#e3e3e3"/>`);
      out.push(`<text x="${x(1) - 6}" y="${y(f) + 4}" text-anchor="end" font-size="11">${f.toFixed(1)}</text>`);
    }
    for (let j = 0; j <= kMax; j++) {
      const tau = 2 ** j;
      out.push(`<line x1="${x(tau)}" y1="${y(0)}" x2="${x(tau)}" y2="${y(1)}" stroke="#e3e3e3"/>`);
      out.push(`<text x="${x(tau)}" y="${y(0) + 16}" text-anchor="middle" font-size="11">${tau}</text>`);
    }
    out.push(`<rect x="${x(1)}" y="${y(1)}" width="${pw}" height="${ph}" fill="none" stroke="#333"/>`);
    out.push(`<text x="${ox + M.left + pw / 2}" y="${y(0) + 36}" text-anchor="middle" font-size="12">τ (time / fastest rule's time, log scale)</text>`);
    out.push(`<text transform="translate(${ox + 16} ${oy + M.top + ph / 2}) rotate(-90)" text-anchor="middle" font-size="12">fraction of problems solved within τ</text>`);
    // step curves: ρ_s(τ) jumps by 1/n_p at every ratio
    const pr = profiles[k];
    RULES.forEach((rule, s) => {
      const rs = pr[rule];
      const lift = (s - 2) * 0.004; // tiny vertical offsets keep coinciding curves visible
      let d = `M ${x(1).toFixed(1)} ${y(0 + lift).toFixed(1)}`;
      let count = 0;
      for (const r of rs) {
        const px = x(Math.min(r, 2 ** kMax)).toFixed(1);
        d += ` H ${px}`;
        count++;
        d += ` V ${y(count / problems.length + lift).toFixed(1)}`;
      }
      d += ` H ${x(2 ** kMax).toFixed(1)}`;
      out.push(`<path d="${d}" fill="none" stroke="${COLORS[rule]}" stroke-width="2.2"${DASHES[rule] ? ` stroke-dasharray="${DASHES[rule]}"` : ''}/>`);
    });
    out.push(`</g>`);
  });
  // legend
  const ly = H + 30 + 8;
  const slot = total.w / RULES.length;
  RULES.forEach((rule, s) => {
    const lx = s * slot + slot / 2 - 60;
    out.push(`<line x1="${lx}" y1="${ly}" x2="${lx + 36}" y2="${ly}" stroke="${COLORS[rule]}" stroke-width="3"${DASHES[rule] ? ` stroke-dasharray="${DASHES[rule]}"` : ''}/>`);
    out.push(`<text x="${lx + 44}" y="${ly + 4}" font-size="13">${rule}</text>`);
  });
  out.push(`<text x="${total.w / 2}" y="${ly + 28}" text-anchor="middle" font-size="11" fill="#555">Not shown: dicairano and acary need M and H of a global problem and are refused on local problems. A curve that stays below 1 did not solve every problem.</text>`);
  out.push('</svg>');
  return out.join('\n');
}

const text = lines.join('\n');
console.log(text);
const outDir = join(root, 'bench', 'out');
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, 'apgd.md'), `${text}\n`);
const svgPath = join(outDir, 'apgd-profile.svg');
writeFileSync(svgPath, `${svgProfiles()}\n`);
console.error(`wrote ${join('bench', 'out', 'apgd.md')} and ${join('bench', 'out', 'apgd-profile.svg')}`);
if (values.docs) {
  mkdirSync(join(root, 'docs', 'figures'), { recursive: true });
  copyFileSync(svgPath, join(root, 'docs', 'figures', 'apgd-rho-profile.svg'));
  console.error('copied the figure to docs/figures/apgd-rho-profile.svg');
}
