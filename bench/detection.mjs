// Contact detection timed alone, on the poses of a running scene. The scene runs to --at (s)
// with the config's plugins; the detector's input at the last two detections (every body's
// shape, pose and reach, and the last step's contacts the engine handed it as starts) is kept,
// and a fresh detector with the run's options detects on them in turn, --repeat times (two
// poses in turn, so every pass sees bodies that moved, as in a run).
// With --against <checkout>, the detector of another checkout's build (its
// plugins/contact-detection/dist) runs on the same input, alternated with this one pass by pass
// in this one process: the ratio of their times, and how far their contacts differ (the pairs
// each finds, over the pairs both find the largest angle between normals and the largest
// differences of gap and point, and whether the two gave the same contacts to the bit). Both
// detectors also detect each pose twice, to check that a detection repeats to the bit.
//
//   node bench/detection.mjs [--scene examples/scenes/rotating-drum/ellipsoids-100.json] [--at 2]
//                            [--config moreau.config.json] [--tol t] [--repeat 200] [--against dir]
//
// Runs the compiled packages (`npm run bench:detection` builds first). Markdown to stdout and to
// bench/out/detection.md.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchArgs } from './args.mjs';
import { applyOverrides, ContactBuffer, createSimulation, DEFAULT_SOLVER, openRegistry } from '@moreau/core';

const USAGE = `usage: node bench/detection.mjs [--scene file] [--at t] [--config file] [--tol t] [--repeat N] [--against dir]
  --scene file    a scene JSON (default: the 100-ellipsoid rotating drum of examples/scenes)
  --at t          simulated time (s) of the poses detection is timed on, above 0 to 1000 (default 2)
  --config file   the plugins and solver chain of the run to --at (default: moreau.config.json)
  --tol t         the chain's tolerance in that run, as moreau simulate --tol
  --repeat N      timed detections of each detector, 1 to 100000 (default 200)
  --against dir   another checkout, built: its detector runs beside this one on the same poses
`;
const root = resolve(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..');
const { values, fail, whole } = benchArgs('bench/detection.mjs', {
  help: { type: 'boolean' },
  scene: { type: 'string', default: join(root, 'examples/scenes/rotating-drum/ellipsoids-100.json') },
  at: { type: 'string', default: '2' },
  config: { type: 'string', default: join(root, 'moreau.config.json') },
  tol: { type: 'string' },
  repeat: { type: 'string', default: '200' },
  against: { type: 'string' },
});
if (values.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}
const at = Number(values.at);
if (!(at > 0 && at <= 1000)) fail(`--at: expected a time from above 0 to 1000 s (the run to reach it is simulated first), got "${values.at}".`);
const repeat = whole('repeat', 1, 100_000, 'passes of each detector');
const tolerance = values.tol === undefined ? undefined : Number(values.tol);
if (values.tol !== undefined && !Number.isFinite(tolerance)) fail(`--tol: expected a number, got "${values.tol}".`);
for (const file of [values.scene, values.config]) if (!existsSync(file)) fail(`no such file: ${file}`);
const againstEntry = values.against === undefined ? undefined : join(resolve(values.against), 'plugins/contact-detection/dist/index.js');
if (againstEntry && !existsSync(againstEntry)) fail(`--against: ${againstEntry} does not exist (build that checkout first: node scripts/build.mjs).`);

/** A file's JSON, or a one-line refusal naming it. */
function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return fail(`${file}: ${error.message}`);
  }
}
const scene = readJson(values.scene);
const fileConfig = readJson(values.config);
const { registry } = await openRegistry({ baseDir: root });
const detectorName = fileConfig.detector?.name ?? 'contact-detection';
if (!registry.has('detector', detectorName)) fail(`${values.config}: no detector named "${detectorName}" is registered (known: ${registry.names('detector').join(', ')}).`);
const base = registry.get('detector', detectorName);

// A detector that keeps its last two inputs (copies: the engine updates its poses in place).
const kept = [];
let detectorOptions, context;
registry.register({
  ...base,
  name: 'bench-recording',
  create(options, ctx) {
    detectorOptions = options;
    context = ctx;
    const inner = base.create(options, ctx);
    return new Proxy(inner, {
      get(target, key) {
        if (key === 'detect') {
          return (bodies, out, previous) => {
            // The bodies, and the last step's contacts the engine handed over (the detector's starts), copied.
            kept.push({
              bodies: bodies.map((b) => ({ shape: b.shape, free: b.free, reach: b.reach, pose: { position: b.pose.position.slice(), linear: b.pose.linear.slice() } })),
              previous: previous && {
                count: previous.count, bodyA: previous.bodyA.slice(0, previous.count), bodyB: previous.bodyB.slice(0, previous.count),
                feature: previous.feature.slice(0, previous.count), frame: previous.frame.slice(0, 9 * previous.count),
              },
            });
            if (kept.length > 2) kept.shift();
            return target.detect(bodies, out, previous);
          };
        }
        const v = target[key];
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
  },
});
let solver = fileConfig.solver ?? DEFAULT_SOLVER;
try {
  if (tolerance !== undefined) solver = applyOverrides(solver, registry, { tolerance });
} catch (error) {
  fail(error.message);
}
const config = { ...fileConfig, solver, detector: { name: 'bench-recording', options: fileConfig.detector?.options } };
delete config.start;
delete config.$schema;
const c0 = process.cpuUsage();
try {
  createSimulation(scene, config, { registry }).run({ until: at });
} catch (error) {
  // A scene or config the engine refuses: its coded message, not a stack trace.
  fail(`${error.code ? `${error.code}: ` : ''}${error.message}`);
}
const spent = process.cpuUsage(c0), runCpu = (spent.user + spent.system) / 1e6;
if (kept.length < 2) fail(`the run detected ${kept.length} time(s) before t = ${at} s; give a later --at.`);

const detectors = [{ name: 'this checkout', plugin: base }];
if (againstEntry) {
  const other = (await import(pathToFileURL(againstEntry).href)).default;
  detectors.push({ name: values.against, plugin: other });
}
for (const d of detectors) {
  d.detector = d.plugin.create(detectorOptions, context);
  d.out = new ContactBuffer();
  d.ms = [];
}

/** The contacts of one detection, keyed by bodies and feature: each one's frame (n first), point and gap. */
function contactsOf(out) {
  const map = new Map();
  for (let k = 0; k < out.count; k++) {
    map.set(`${out.bodyA[k]}:${out.bodyB[k]}:${out.feature[k]}`, {
      frame: Array.from(out.frame.subarray(9 * k, 9 * k + 9)), p: Array.from(out.point.subarray(3 * k, 3 * k + 3)), gap: out.gap[k],
    });
  }
  return map;
}

/** Whether two detections gave the same contacts to the bit. */
function sameBits(a, b) {
  if (a.size !== b.size) return false;
  for (const [key, x] of a) {
    const y = b.get(key);
    if (!y || !Object.is(x.gap, y.gap) || x.frame.some((v, i) => !Object.is(v, y.frame[i])) || x.p.some((v, i) => !Object.is(v, y.p[i]))) return false;
  }
  return true;
}

// The contacts on the last pose, and whether detecting it again repeats them.
const last = kept[1];
for (const d of detectors) {
  d.detector.detect(kept[0].bodies, d.out, kept[0].previous);
  d.detector.detect(last.bodies, d.out, last.previous);
  d.contacts = contactsOf(d.out);
  d.detector.detect(kept[0].bodies, d.out, kept[0].previous);
  d.detector.detect(last.bodies, d.out, last.previous);
  d.repeats = sameBits(d.contacts, contactsOf(d.out));
}

// Timed: the detectors in turn, each pass on the next pose; the first passes warm the JIT up.
const warm = Math.min(20, repeat);
for (let pass = -warm; pass < repeat; pass++) {
  const input = kept[(pass + warm) % 2];
  for (const d of pass % 2 === 0 ? detectors : [...detectors].reverse()) {
    const t0 = performance.now();
    d.detector.detect(input.bodies, d.out, input.previous);
    if (pass >= 0) d.ms.push(performance.now() - t0);
  }
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[(s.length - 1) / 2] : 0.5 * (s[s.length / 2 - 1] + s[s.length / 2]); };
const f = (x, d = 3) => x.toFixed(d);
const lines = [
  `Detection on the poses of ${values.scene.replace(root + '/', '')} at t = ${at} s (run with ${values.config.replace(root + '/', '')}'s plugins${tolerance === undefined ? '' : `, --tol ${tolerance}`}; ${f(runCpu, 1)} s of CPU to get there): ${last.bodies.length} bodies, detector "${detectorName}" with options ${JSON.stringify(detectorOptions)}, ${repeat} timed passes each.`,
  '',
  '| detector | contacts | ms a detection (median) | mean | repeats to the bit |',
  '|---|---:|---:|---:|---|',
  ...detectors.map((d) => `| ${d.name} | ${d.contacts.size} | ${f(median(d.ms))} | ${f(d.ms.reduce((s, x) => s + x, 0) / d.ms.length)} | ${d.repeats ? 'yes' : '**no**'} |`),
];
if (detectors.length === 2) {
  const [a, b] = detectors;
  const ratios = a.ms.map((x, i) => x / b.ms[i]);
  let onlyA = 0, onlyB = 0, angle = 0, gap = 0, point = 0;
  for (const [key, x] of a.contacts) {
    const y = b.contacts.get(key);
    if (!y) { onlyA++; continue; }
    const [n0, n1, n2] = x.frame, [m0, m1, m2] = y.frame;
    angle = Math.max(angle, Math.atan2(Math.hypot(n1 * m2 - n2 * m1, n2 * m0 - n0 * m2, n0 * m1 - n1 * m0), n0 * m0 + n1 * m1 + n2 * m2));
    gap = Math.max(gap, Math.abs(x.gap - y.gap));
    point = Math.max(point, Math.hypot(x.p[0] - y.p[0], x.p[1] - y.p[1], x.p[2] - y.p[2]));
  }
  for (const key of b.contacts.keys()) if (!a.contacts.has(key)) onlyB++;
  lines.push(
    '',
    `Time, this checkout / ${b.name}: ${f(median(ratios))} (median of the passes' ratios; ${f(median(a.ms) / median(b.ms))} of the medians).`,
    `Contacts: ${a.contacts.size - onlyA} found by both, ${onlyA} only here, ${onlyB} only by ${b.name}; over those found by both, the largest angle between normals ${angle.toExponential(2)} rad, gap difference ${gap.toExponential(2)}, point difference ${point.toExponential(2)} (scene units).`,
    `The same contacts to the bit (ids, frames, points, gaps): ${sameBits(a.contacts, b.contacts) ? 'yes' : 'no'}.`,
  );
}
const md = lines.join('\n');
console.log(md);
mkdirSync(join(root, 'bench/out'), { recursive: true });
writeFileSync(join(root, 'bench/out/detection.md'), md + '\n');
