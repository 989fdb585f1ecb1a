// A hostile run (`npm run bench:hostile`): generated problem files, scenes, sweep specs, viewer
// requests and worker command lines, each handed to the CLI as a user would (`moreau solve`,
// `simulate`, `sweep`, `view`, `worker`), one process per case, two at a time.
// Every case must end in a coded error (exit 2, `E_CODE: ...` first on stderr, no stack), an
// honest "not converged" (exit 1) or an answer this script's own judge accepts (exit 0); never a
// crash (exit 3 or a stack trace), a hang (no answer within the case's bound), a false claim or
// a half-written output. Counts go to bench/out/hostile.md; every failing case is kept with its
// command line under bench/out/hostile/ to replay.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { benchArgs } from './args.mjs';
import { random } from './pour.mjs';

const { values, fail } = benchArgs('bench/hostile.mjs', {
  cases: { type: 'string', default: '1000' },
  seed: { type: 'string', default: '1' },
  jobs: { type: 'string', default: '2' },
  out: { type: 'string', default: 'bench/out' },
});
const total = Number(values.cases), jobs = Number(values.jobs), seed = Number(values.seed);
if (!(Number.isInteger(total) && total >= 1 && total <= 100_000)) fail(`--cases must be an integer in 1..100000, got ${values.cases}`);
if (!(Number.isInteger(jobs) && jobs >= 1 && jobs <= 8)) fail(`--jobs must be an integer in 1..8, got ${values.jobs}`);
const bin = resolve('cli/bin/moreau.js');
const work = mkdtempSync(join(tmpdir(), 'moreau-hostile-'));
const keep = resolve(values.out, 'hostile');
rmSync(keep, { recursive: true, force: true });
mkdirSync(keep, { recursive: true });
const next = random(seed);
const pick = (list) => list[Math.floor(next() * list.length)];

// ---------- problems ----------

/** W = s (H M⁻¹ Hᵀ + shift) from random rows H (PSD), or a coupling with a zero diagonal block. */
function problemCase(k) {
  const nc = pick([1, 1, 2, 3, 5, 8]);
  const n = 3 * nc;
  const scale = pick([1e-300, 1e-154, 1e-20, 1, 1, 1, 1e20, 1e150]);
  const qScale = pick([0, 1e-300, 1e-14, 1, 1, 1, 1e100, 1e154, 1e200]);
  const kind = pick(['psd', 'psd', 'psd', 'zero-block', 'indefinite', 'rank-one']);
  const H = Array.from({ length: n }, () => Array.from({ length: n }, () => next() * 2 - 1));
  const W = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => {
    let s = 0;
    if (kind === 'rank-one') s = H[0][i] * H[0][j];
    else for (let t = 0; t < n; t++) s += H[i][t] * H[j][t];
    if (kind === 'indefinite' && i !== j) s *= 3;
    return s * scale;
  }));
  if (kind === 'zero-block') for (let i = 0; i < 3; i++) for (let j = 0; j < n; j++) { W[i][j] = 0; W[j][i] = 0; }
  const q = Array.from({ length: n }, () => (next() * 2 - 1) * qScale);
  const badMu = next() < 0.1;
  const mu = Array.from({ length: nc }, () => pick(badMu ? [0.3, 1e7, -0.1] : [0, 0.3, 0.3, 0.6, 1e3, 1e6]));
  const doc = { format: 'moreau-problem', version: 1, contacts: nc, W: { dense: W }, q, mu };
  const broken = next() < 0.15 ? pick(['truncated', 'short-q', 'nan', 'huge-count', 'dup-block']) : null;
  let text = JSON.stringify(doc);
  if (broken === 'truncated') text = text.slice(0, Math.floor(text.length * next()));
  if (broken === 'short-q') text = JSON.stringify({ ...doc, q: q.slice(1) });
  if (broken === 'nan') text = text.replace(/\d\.\d+/, 'NaN');
  if (broken === 'huge-count') text = JSON.stringify({ ...doc, contacts: 1e9 });
  if (broken === 'dup-block') {
    const b = { row: 0, col: 0, values: [1, 0, 0, 0, 1, 0, 0, 0, 1] };
    text = JSON.stringify({ ...doc, W: { blocks: [b, b] } });
  }
  const solver = pick(['gauss-seidel', 'pqn', 'apgd', 'semismooth-newton', 'auto']);
  const file = join(work, `p${k}.json`), out = join(work, `p${k}.sol.json`);
  writeFileSync(file, text);
  return {
    name: `solve #${k}: ${nc} contacts, ${kind}, W×${scale}, q×${qScale}, μ ${mu.join('/')}, ${broken ?? 'well-formed'}, ${solver}`,
    args: ['solve', file, '--solver', solver, '--json', '--out', out],
    bound: 60_000,
    judge: (run) => judgeSolve(run, doc, out, broken === null && mu.every((m) => m >= 0 && m <= 1e6)),
  };
}

/** The siconos error (FORMATS.md §4) and the deepest approach, written out here, not imported. */
function judgeAnswer(doc, r) {
  const n = r.length, W = doc.W.dense, q = doc.q;
  const u = q.map((qi, i) => qi + W[i].reduce((s, w, j) => s + w * r[j], 0));
  // Overflow-proof, as the merits are (q up to 1e200 is squared here).
  const norm = (v) => { const m = Math.max(0, ...v.map(Math.abs)); return m === 0 || !(m < Infinity) ? m : m * Math.sqrt(v.reduce((s, x) => s + (x / m) ** 2, 0)); };
  const e = [];
  let approach = 0, coneGap = 0;
  for (let a = 0; a < n / 3; a++) {
    const m = doc.mu[a], o = 3 * a;
    const uT = norm([u[o + 1], u[o + 2]]);
    const x = [r[o] - (u[o] + m * uT), r[o + 1] - u[o + 1], r[o + 2] - u[o + 2]];
    const xT = norm([x[1], x[2]]);
    let p;
    if (xT <= m * x[0]) p = x;
    else if (m * xT <= -x[0]) p = [0, 0, 0];
    else { const pN = (x[0] + m * xT) / (1 + m * m); p = [pN, m * pN * (x[1] / xT), m * pN * (x[2] / xT)]; }
    for (let t = 0; t < 3; t++) e.push(r[o + t] - p[t]);
    approach = Math.max(approach, -u[o]);
    coneGap = Math.max(coneGap, norm([r[o + 1], r[o + 2]]) - m * r[o], -r[o]);
  }
  const scale = Math.max(norm(q), norm(r), norm(u));
  const normals = (v) => norm(v.filter((_, i) => i % 3 === 0));
  const Wr = u.map((ui, i) => ui - q[i]);
  return { error: scale > 2.2e-16 ? norm(e) / scale : norm(e), approach, VN: Math.max(normals(q), normals(Wr)), coneGap, rmax: Math.max(...r.map(Math.abs)) };
}

function judgeSolve(run, doc, out, valid) {
  if (run.code !== 0) return undefined;
  if (!valid) return 'exit 0 on a problem that should have been refused';
  const claim = JSON.parse(run.stdout);
  if (!claim.converged) return 'exit 0 without converged';
  if (!existsSync(out)) return 'converged but no --out file';
  const sol = JSON.parse(readFileSync(out, 'utf8'));
  const r = sol.r ?? sol.solution?.r;
  if (!Array.isArray(r)) return `the --out file has no r (keys ${Object.keys(sol).join(', ')})`;
  const j = judgeAnswer(doc, r.map(Number));
  const tol = 1e-8;
  // The project's meaning of converged: the siconos measure at the tolerance, no contact
  // approaching at more than half the normal velocity scale, r in the cones (docs/convergence.md).
  if (!(j.error <= tol * (1 + 1e-6) + 1e-15)) return `false claim: siconos error ${j.error} recomputed`;
  if (j.approach > 0.5 * j.VN) return `false claim: a contact approaches at ${j.approach} (V_N ${j.VN})`;
  if (j.coneGap > 1e-9 * (1 + Math.max(...doc.mu)) ** 2 * j.rmax) return `false claim: r leaves a cone by ${j.coneGap}`;
  return undefined;
}

// ---------- scenes ----------

function sceneCase(k) {
  // Each quantity is ordinary most of the time, so that most scenes are valid and run.
  const odd = (usual, extremes) => (next() < 0.25 ? pick(extremes) : usual);
  const size = odd(0.1, [1e-9, 1e-3, 1, 1e6, 1e7]);
  const density = odd(1000, [1, 1e9, 1e10]);
  const speed = odd(1, [0, 1e3, 1e10]);
  const h = odd(1e-3, [1e-9, 1e-2, 1]);
  const shape = pick([
    { type: 'sphere', radius: size },
    { type: 'sphere', radius: size },
    { type: 'box', halfExtents: [size, size / 2, size] },
    { type: 'ellipsoid', semiAxes: [size, size / 2, size / 3] },
    { type: 'capsule', radius: size / 2, halfLength: size },
    { type: 'hull', points: [[0, 0, 0], [size, 0, 0], [0, size, 0], [0, 0, size]] },
    { type: 'hull', points: [[0, 0, 0], [size, 0, 0], [0, size, 0], [size, size, 0]] },
  ]);
  const count = pick([1, 2, 5]);
  const bodies = [{ name: 'floor', shape: { type: 'plane', normal: [0, 0, 1] }, motion: 'static', position: [0, 0, 0] }];
  for (let i = 0; i < count; i++) {
    bodies.push({ name: `b${i}`, shape, density, position: [0, 0, size * (0.5 + 1.5 * i) * pick([1, 0.2])], velocity: [0, 0, -speed] });
  }
  const scene = {
    timeStep: h, duration: 10 * h,
    friction: [], defaultFriction: { mu: odd(0.5, [0, 1e3, 1e7]), restitution: pick([0, 0.5, 1]) },
    bodies,
  };
  const broken = next() < 0.15 ? pick(['unknown-key', 'truncated', 'no-bodies']) : null;
  let text = JSON.stringify(scene);
  if (broken === 'unknown-key') text = JSON.stringify({ ...scene, colour: 'red' });
  if (broken === 'truncated') text = text.slice(0, Math.floor(text.length * next()));
  if (broken === 'no-bodies') text = JSON.stringify({ ...scene, bodies: [] });
  const file = join(work, `s${k}.json`), out = join(work, `s${k}-out`);
  writeFileSync(file, text);
  const withOut = next() < 0.5;
  return {
    name: `simulate #${k}: ${count} ${shape.type}(s) of size ${size}, density ${density}, speed ${speed}, h ${h}, ${broken ?? 'well-formed'}${withOut ? ', --out' : ''}`,
    args: ['simulate', file, '--until', String(3 * h), ...(withOut ? ['--out', out] : [])],
    bound: 120_000,
    judge: (run) => (withOut ? judgeFolder(run, out) : undefined),
  };
}

// ---------- sweeps and the viewer ----------

/** A sweep spec over a generated problem: grids of every size, unknown or hostile option names, bad values. */
function sweepCase(k) {
  const problem = join(work, `w${k}.json`);
  writeFileSync(problem, JSON.stringify({
    format: 'moreau-problem', version: 1, contacts: 1, W: { dense: [[2, 0, 0], [0, 1, 0], [0, 0, 1]] }, q: [-1, 0.3, 0], mu: [0.5],
  }));
  const axis = (n, f) => Array.from({ length: n }, (_, i) => f(i));
  // Half the specs are ordinary (and run); the other half break one thing each.
  const ordinary = next() < 0.5;
  const solver = ordinary ? pick(['gauss-seidel', 'pqn', 'apgd']) : pick(['gauss-seidel', 'nonexistent']);
  const options = ordinary ? pick([{ tolerance: [1e-6, 1e-8] }, { maxIterations: axis(3, (i) => 10 ** (i + 1)) }]) : pick([
    { tolerance: axis(100, (i) => 10 ** -(i % 12)), maxIterations: axis(100, (i) => i + 1), relaxation: axis(100, (i) => 1 + i / 100) },
    { tolerence: [1e-6] },
    { tolerance: [-1, 'x'] },
    JSON.parse('{"__proto__": {"tolerance": [1e-6]}}'),
    { maxIterations: [1e308] },
  ]);
  const spec = ordinary || next() < 0.5 ? { solver, options, problems: problem } : pick([{ solver, options }, { solver, list: [], problems: problem }, 'not json']);
  const file = join(work, `w${k}.spec.json`), out = join(work, `w${k}-out`);
  writeFileSync(file, typeof spec === 'string' ? spec : JSON.stringify(spec));
  const jobs = ordinary ? pick([[], ['--jobs', '2']]) : pick([[], ['--jobs', '1000'], ['--jobs', '0']]);
  return {
    name: `sweep #${k}: ${solver}, options ${JSON.stringify(options).slice(0, 60)}, ${jobs.join(' ') || 'in process'}`,
    args: ['sweep', file, '--out', out, ...jobs],
    bound: 120_000,
    judge: (run) => judgeFolder(run, out),
  };
}

/** The viewer given what it cannot show: it must refuse at once (a valid folder would start a server). */
function viewCase(k) {
  const file = join(work, `v${k}.txt`);
  writeFileSync(file, 'not a run');
  const target = pick([join(work, `missing-${k}`), file, '/proc/self', '/dev/null', join(work, `p0.json`)]);
  const extra = pick([[], ['--port', '70000'], ['--port', '-1'], ['--host', '0.0.0.0.0']]);
  return { name: `view #${k}: ${target} ${extra.join(' ')}`, args: ['view', target, ...extra], bound: 20_000, judge: () => undefined };
}

/** A worker given a server it cannot use or options out of bounds: it must say so and exit, never wait for ever. */
function workerCase(k) {
  const closed = `redis://127.0.0.1:${1 + (k % 1000)}`; // privileged ports: nothing listens there
  const args = pick([
    ['--queue', closed],
    ['--queue', closed, '--reconnect-timeout', '1'],
    ['--queue', 'http://127.0.0.1:6379'],
    ['--queue', 'redis://no-such-host.invalid:6379'],
    ['--queue', closed, '--concurrency', '1000'],
    ['--queue', closed, '--concurrency', '0'],
    ['--queue', closed, '--idle-exit', '-1'],
    ['--queue', closed, '--reconnect-timeout', 'x'],
    [],
  ]);
  return { name: `worker #${k}: ${args.join(' ') || '(no arguments)'}`, args: ['worker', ...args], bound: 60_000, judge: () => undefined };
}

/** Nothing half-written: no temporary file left, and every frame the logs list exists. */
function judgeFolder(run, out) {
  if (!existsSync(out)) return undefined;
  const files = readdirSync(out);
  const temp = files.find((f) => f.includes('.tmp'));
  if (temp) return `a temporary file was left: ${temp}`;
  if (run.code === 0 && files.includes('frames.jsonl')) {
    const frames = readFileSync(join(out, 'frames.jsonl'), 'utf8').trim().split('\n').filter(Boolean);
    for (const line of frames) JSON.parse(line);
    if (frames.length === 0) return 'exit 0 with an empty frames.jsonl';
  }
  return undefined;
}

// ---------- the run ----------

function runCase(c) {
  return new Promise((done) => {
    const child = spawn(process.execPath, [bin, ...c.args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '', stderr = '', hung = false;
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    const timer = setTimeout(() => { hung = true; child.kill('SIGKILL'); }, c.bound);
    child.on('close', (code) => { clearTimeout(timer); done({ code, stdout, stderr, hung }); });
  });
}

function verdict(c, run) {
  if (run.hung) return ['hang', `no answer within ${c.bound / 1000} s`];
  if (run.code === 3 || run.code === null) return ['crash', `exit ${run.code}: ${run.stderr.slice(0, 300)}`];
  if (/\n\s+at .*\.(ts|js|mjs):\d+/.test(run.stderr)) return ['crash', `a stack trace on stderr (exit ${run.code})`];
  if (run.code === 2 && !/^E_[A-Z_]+: /.test(run.stderr)) return ['uncoded', `exit 2 without a coded message: ${run.stderr.slice(0, 200)}`];
  if (![0, 1, 2].includes(run.code)) return ['crash', `exit ${run.code}`];
  let problem;
  try { problem = c.judge(run); } catch (e) { problem = `the output could not be read: ${e.message}`; }
  if (problem) return [problem.startsWith('false claim') || problem.startsWith('exit 0') ? 'false-claim' : 'half-written', problem];
  return [`exit ${run.code}`, ''];
}

// Of every 40 cases: 25 problems, 10 scenes, 2 sweeps, 2 viewer requests, 1 worker.
const cases = Array.from({ length: total }, (_, k) => {
  const slot = k % 40;
  return slot < 25 ? problemCase(k) : slot < 35 ? sceneCase(k) : slot < 37 ? sweepCase(k) : slot < 39 ? viewCase(k) : workerCase(k);
});
const counts = new Map();
const bad = [];
let done = 0;
const t0 = Date.now();
async function worker() {
  for (let c = cases.shift(); c; c = cases.shift()) {
    const run = await runCase(c);
    const [kind, detail] = verdict(c, run);
    const command = c.args[0];
    const key = `${command} ${kind}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    if (detail) {
      bad.push({ name: c.name, kind, detail, args: c.args });
      writeFileSync(join(keep, `${bad.length}.json`), JSON.stringify({ name: c.name, kind, detail, args: c.args }, null, 1));
    }
    if (++done % 50 === 0) process.stderr.write(`${done}/${total} cases, ${bad.length} failing, ${((Date.now() - t0) / 1000).toFixed(0)} s\n`);
  }
}
await Promise.all(Array.from({ length: jobs }, worker));

const order = ['exit 0', 'exit 1', 'exit 2', 'false-claim', 'hang', 'crash', 'uncoded', 'half-written'];
const lines = [
  `# Hostile run: ${total} cases, seed ${seed} (\`node bench/hostile.mjs --cases ${total} --seed ${seed}\`)`,
  '',
  '| command | ' + order.join(' | ') + ' |',
  '|---|' + order.map(() => '---:').join('|') + '|',
  ...['solve', 'simulate', 'sweep', 'view', 'worker'].map((cmd) => `| ${cmd} | ${order.map((k) => counts.get(`${cmd} ${k}`) ?? 0).join(' | ')} |`),
  '',
  `${bad.length} failing case(s)${bad.length ? `; each is in ${keep}/<n>.json with its command line` : ''}.`,
  ...bad.slice(0, 50).map((b) => `- ${b.kind}: ${b.name}: ${b.detail.replace(/\n/g, ' ').slice(0, 300)}`),
  '',
  `Wall time ${((Date.now() - t0) / 1000).toFixed(0)} s, ${jobs} at a time.`,
];
writeFileSync(resolve(values.out, 'hostile.md'), lines.join('\n') + '\n');
console.log(lines.join('\n'));
rmSync(work, { recursive: true, force: true });
process.exitCode = bad.length ? 1 : 0;
