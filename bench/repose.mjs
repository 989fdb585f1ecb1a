// The angle of repose of a heap of spheres against the rolling resistance ρ (docs/rolling-resistance.md).
//
//   node scripts/build.mjs && node bench/repose.mjs [--spheres 200] [--rho 0,0.05,0.1,0.2] [--mu 0.5]
//        [--h 2e-3] [--tol 1e-6] [--max-time 3] [--seed 1] [--out bench/out/repose.md]
//
// Scene: `--spheres` spheres of radius R = 5 cm (density 2500), placed at random (a seeded
// generator) without overlap in a vertical cylinder of radius 4 R standing on a static plane,
// at a packing fraction of about 0.3 (a loose column: every sphere starts at rest, apart from
// its neighbours, so the column slumps at once instead of standing as balanced stacks). The
// column collapses into a heap. Between spheres μ = --mu and ρ = (ρ/R)·R for each value of
// --rho (σ = 0); between a sphere and the plane μ = 1 and ρ = 0.5 R in every run, a rough base,
// so the bottom layer stops where it lands and the heap has a foot whatever ρ is between
// spheres (on a smooth plane without rolling resistance the spheres roll away and no heap
// forms). Solver: `auto` (its `rolling` rule: Gauss-Seidel, then APGD) at the `siconos`
// tolerance --tol, every step solved to it or counted in the table; the Moreau midpoint
// integrator, h = --h.
//
// At rest: the run stops at the first check (every 0.05 s of simulated time, after 0.5 s) at
// which every sphere moves slower than 0.01·sqrt(g R) (7 mm/s), or at --max-time (the table
// says which).
//
// The angle, two ways, from the final positions:
// - fit: the spheres' tops (z + R) binned by distance r from the heap's axis (the vertical line
//   through the spheres' mean x, y) in rings 2 R wide; the highest top in each ring is the
//   surface there; a least-squares line z(r) through the rings whose surface lies between 20 %
//   and 80 % of the heap's height (leaving out the peak and the foot) gives tan θ = −slope;
// - cone: the heap's height H (highest top) over its base radius r95 (the radius holding 95 % of
//   the spheres), θ = atan(H / r95): a coarser number, lower for a heap with a long foot.
// With a few hundred spheres the heap is a few diameters across, so both are rough (±a few
// degrees between seeds).
//
// Writes the markdown table to --out after each run (a sweep cut short keeps its rows) and prints it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createSimulation, openRegistry } from '@moreau/core';
import { random } from './pour.mjs';

const root = resolve(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..');
const { values } = parseArgs({
  options: {
    spheres: { type: 'string', default: '200' },
    rho: { type: 'string', default: '0,0.05,0.1,0.2' },
    mu: { type: 'string', default: '0.5' },
    h: { type: 'string', default: '2e-3' },
    tol: { type: 'string', default: '1e-6' },
    'max-time': { type: 'string', default: '3' },
    seed: { type: 'string', default: '1' },
    out: { type: 'string', default: 'bench/out/repose.md' },
  },
});
const fail = (message) => {
  process.stderr.write(`bench/repose.mjs: ${message}\n`);
  process.exit(2);
};
const positive = (name, x) => {
  if (!(Number.isFinite(x) && x > 0)) fail(`--${name}: expected a positive number, got ${values[name]}`);
  return x;
};
const count = positive('spheres', Number(values.spheres));
if (!Number.isInteger(count)) fail(`--spheres: expected a whole number, got ${values.spheres}`);
const mu = positive('mu', Number(values.mu));
const h = positive('h', Number(values.h));
const tol = positive('tol', Number(values.tol));
const maxTime = positive('max-time', Number(values['max-time']));
const seed = Number(values.seed);
const rhos = values.rho.split(',').map(Number);
if (!rhos.every((x) => Number.isFinite(x) && x >= 0)) fail(`--rho: expected non-negative numbers, got ${values.rho}`);

const R = 0.05, g = 9.81;
/** The column's radius, and its height for a packing fraction of 0.35 (of the cylinder the centres may fill). */
const COLUMN_RADIUS = 6 * R;
const COLUMN_HEIGHT = (count * (4 / 3) * R ** 3) / (0.35 * (COLUMN_RADIUS - R) ** 2);
const REST_SPEED = 1e-2 * Math.sqrt(g * R), CHECK_EVERY = 0.05, FIRST_CHECK = 0.5;

/** Centres at random in the column (rejection sampling: at least 2.05 R apart, inside its wall), seeded. */
function columnCentres() {
  const next = random(seed), out = [];
  const rMax = COLUMN_RADIUS - R;
  for (let tries = 0; out.length < count; tries++) {
    if (tries > 1000 * count) fail(`--spheres ${count}: could not place them in the column`);
    const x = (2 * next() - 1) * rMax, y = (2 * next() - 1) * rMax, z = 1.05 * R + next() * COLUMN_HEIGHT;
    if (x * x + y * y > rMax * rMax) continue;
    if (out.some(([a, b, c]) => (a - x) ** 2 + (b - y) ** 2 + (c - z) ** 2 < (2.05 * R) ** 2)) continue;
    out.push([x, y, z]);
  }
  return out;
}

/** The loose column above a plane. */
function scene(rhoOverR) {
  const bodies = [{ name: 'base', shape: { type: 'plane', normal: [0, 0, 1] }, motion: 'static', material: 'base', position: [0, 0, 0] }];
  columnCentres().forEach((position, i) => bodies.push({ name: `s${i}`, shape: { type: 'sphere', radius: R }, material: 'glass', position }));
  return {
    description: `${count} spheres released in a column, ρ/R = ${rhoOverR} (bench/repose.mjs, seed ${seed})`,
    timeStep: h,
    duration: maxTime,
    materials: { glass: { density: 2500 }, base: { density: 2500 } },
    friction: [
      { between: ['glass', 'glass'], mu, rollingResistance: rhoOverR * R, spinningResistance: 0 },
      { between: ['glass', 'base'], mu: 1, rollingResistance: 0.5 * R, spinningResistance: 0 },
    ],
    bodies,
  };
}

const config = { solver: { name: 'auto', options: { tolerance: tol } } };
const { registry } = await openRegistry({ baseDir: root });

/** The spheres' centres (body 0 is the plane). */
function centres(sim) {
  const out = [];
  for (let b = 1; b < sim.bodies.length; b++) out.push(Array.from(sim.pose(b).position));
  return out;
}

function maxSpeed(sim) {
  let top = 0;
  for (let b = 1; b < sim.bodies.length; b++) {
    const v = sim.velocity(b);
    top = Math.max(top, Math.hypot(v[0], v[1], v[2]));
  }
  return top;
}

/** Both angles (degrees) of the heap the centres make; see the header. */
function reposeAngles(xs) {
  const cx = xs.reduce((s, p) => s + p[0], 0) / xs.length, cy = xs.reduce((s, p) => s + p[1], 0) / xs.length;
  const pts = xs.map((p) => ({ r: Math.hypot(p[0] - cx, p[1] - cy), top: p[2] + R }));
  const H = Math.max(...pts.map((p) => p.top));
  const radii = pts.map((p) => p.r).sort((a, b) => a - b);
  const r95 = radii[Math.min(radii.length - 1, Math.floor(0.95 * radii.length))];
  const ring = 2 * R, surface = new Map();
  for (const p of pts) {
    const k = Math.floor(p.r / ring);
    surface.set(k, Math.max(surface.get(k) ?? -Infinity, p.top));
  }
  const flank = [...surface].map(([k, top]) => ({ r: (k + 0.5) * ring, top })).filter((s) => s.top >= 0.2 * H && s.top <= 0.8 * H);
  let fit = NaN;
  if (flank.length >= 2) {
    const mr = flank.reduce((s, p) => s + p.r, 0) / flank.length, mt = flank.reduce((s, p) => s + p.top, 0) / flank.length;
    let sxy = 0, sxx = 0;
    for (const p of flank) {
      sxy += (p.r - mr) * (p.top - mt);
      sxx += (p.r - mr) ** 2;
    }
    fit = (Math.atan(-sxy / sxx) * 180) / Math.PI;
  }
  return { fit, rings: flank.length, cone: (Math.atan(H / r95) * 180) / Math.PI, H, r95 };
}

const rows = [];
const outFile = resolve(root, values.out);

/** The table of the runs so far, written after each (a long sweep keeps what it has). */
function writeTable() {
  const table = [
    `${count} spheres, R = ${R} m, μ = ${mu} between spheres (base: μ = 1, ρ = 0.5 R), σ = 0, h = ${h} s, auto at siconos ${tol}, seed ${seed}; load average ${loadavg().map((x) => x.toFixed(2)).join(', ')} at the end.`,
    '',
    '| ρ/R | θ fit (°) | rings fitted | θ cone = atan(H/r95) (°) | H / R | r95 / R | stopped at t (s) | at rest | steps not converged | wall (s) |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.rhoOverR} | ${r.fit.toFixed(1)} | ${r.rings} | ${r.cone.toFixed(1)} | ${(r.H / R).toFixed(1)} | ${(r.r95 / R).toFixed(1)} | ${r.time.toFixed(2)} | ${r.rest ? 'yes' : 'no'} | ${r.notConverged} of ${r.steps} | ${r.wall.toFixed(0)} |`),
  ];
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, `${table.join('\n')}\n`);
  return table;
}

for (const rhoOverR of rhos) {
  const sim = createSimulation(scene(rhoOverR), config, { registry, source: `repose-rho-${rhoOverR}` });
  const t0 = performance.now();
  let notConverged = 0, steps = 0, rest = false, nextCheck = FIRST_CHECK;
  while (sim.time < maxTime - h / 2) {
    const s = sim.step();
    steps++;
    if (s.contacts > 0 && s.converged === false) notConverged++;
    if (sim.time >= nextCheck - h / 2) {
      nextCheck += CHECK_EVERY;
      const v = maxSpeed(sim);
      const line = `ρ/R = ${rhoOverR}: t = ${sim.time.toFixed(2)} s, max speed ${v.toExponential(2)} m/s`;
      if (process.stderr.isTTY) process.stderr.write(`\r${line}   `);
      else if (Math.abs(sim.time / 0.5 - Math.round(sim.time / 0.5)) < h) process.stderr.write(`${line}\n`);
      if (v < REST_SPEED) {
        rest = true;
        break;
      }
    }
  }
  if (process.stderr.isTTY) process.stderr.write('\n');
  const a = reposeAngles(centres(sim));
  rows.push({ rhoOverR, ...a, time: sim.time, rest, steps, notConverged, wall: (performance.now() - t0) / 1000 });
  writeTable();
  process.stderr.write(`ρ/R = ${rhoOverR}: fit ${a.fit.toFixed(1)}°, cone ${a.cone.toFixed(1)}°, ${rest ? 'at rest' : 'not at rest'} at t = ${sim.time.toFixed(2)} s, ${((performance.now() - t0) / 1000).toFixed(0)} s wall\n`);
}

process.stdout.write(`${writeTable().join('\n')}\n`);
