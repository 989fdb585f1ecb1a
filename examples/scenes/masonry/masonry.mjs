#!/usr/bin/env node
/**
 * The masonry assemblies of paper 004 §6 (Fig. 4, Table 1) as Moreau scenes (docs/scene-json.md):
 * stacks of cubes, a running-bond wall and a dome of pseudo-rigid blocks on a rigid foundation,
 * E = 15.5 GPa, ν = 0.2, ρ = 2200 kg/m³.
 *
 *   node examples/scenes/masonry/masonry.mjs [--out dir]     writes CUBE1-3, WALL1-3, DOME1-3 .json
 *
 * The paper gives the units, loads and materials, and Table 1 the body and contact counts; the
 * sizes below are the ones whose counts, at one contact point per touching pair of bodies (the
 * paper's detection), are Table 1's exactly (README.md). Axes: z up, the foundation the plane z = 0.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const MASONRY = { density: 2200, young: 15.5e9, poisson: 0.2 };
/** One increment of the modified implicit Euler per second (paper 004 §6: h = 1, a hundred increments). */
const TIME = { timeStep: 1, duration: 100 };
/** μ = 1/3, the smallest of the paper's frictional cases (its study also runs 0, 2/3 and 1). */
const FRICTION = { mu: 1 / 3 };
const FOUNDATION = { name: 'foundation', shape: { type: 'plane', normal: [0, 0, 1] }, motion: 'static', position: [0, 0, 0] };

/** Rounded to 1e-12, so the JSON stays readable and the geometry exact far below any gap. */
const round = (v) => Math.round(v * 1e12) / 1e12 + 0;

const block = (name, halfExtents, position, material = 'masonry') => ({
  name, kinematics: 'pseudo-rigid', shape: { type: 'box', halfExtents }, material, position: position.map(round),
});

/** CUBE: n³ cubes of 0.1 m in a cube stack centred on the z axis, gravity (2, 2, −10). */
export function cubeScene(n) {
  const bodies = [FOUNDATION];
  const c = (i) => (i - (n - 1) / 2) * 0.1;
  for (let k = 0; k < n; k++) for (let j = 0; j < n; j++) for (let i = 0; i < n; i++) {
    bodies.push(block(`cube-${i}-${j}-${k}`, [0.05, 0.05, 0.05], [c(i), c(j), 0.05 + 0.1 * k]));
  }
  return {
    description: `Paper 004 §6, CUBE: ${n}×${n}×${n} pseudo-rigid cubes of 0.1 m on a rigid foundation, gravity (2, 2, −10)`,
    gravity: [2, 2, -10], ...TIME, materials: { masonry: MASONRY }, defaultFriction: FRICTION, bodies,
  };
}

/**
 * WALL: `rows` courses of units 0.2 (x, along the wall) × 0.2 (y, thickness) × 0.1 (z), in running
 * bond: even courses from the bottom hold k units, odd ones k − 1 and a half unit at each end.
 * On top a loading bar (0.2k × 0.2 × 0.1) whose weight is the paper's 30 kN (the scene format has
 * no applied loads: its density is 3000 kg / its volume); at the lower-left corner a static cube of
 * 0.1 m against the first unit's free end, set 1 cm into the foundation so that it touches that
 * unit's end face only (flush with the course above, it would touch that course along an edge).
 */
export function wallScene(rows, k) {
  const bodies = [FOUNDATION];
  bodies.push({ name: 'obstacle', shape: { type: 'box', halfExtents: [0.05, 0.05, 0.05] }, motion: 'static', position: [-0.05, 0, 0.04] });
  for (let r = 0; r < rows; r++) {
    const z = 0.05 + 0.1 * r;
    // Unit boundaries along x: every 0.2 m, shifted by half a unit on odd courses.
    const cuts = [0];
    for (let x = r % 2 === 0 ? 0.2 : 0.1; x < 0.2 * k - 1e-9; x += 0.2) cuts.push(x);
    cuts.push(0.2 * k);
    for (let u = 0; u + 1 < cuts.length; u++) {
      const a = cuts[u], b = cuts[u + 1];
      bodies.push(block(`unit-${r}-${u}`, [round((b - a) / 2), 0.1, 0.05], [(a + b) / 2, 0, z]));
    }
  }
  const barVolume = 0.2 * k * 0.2 * 0.1;
  bodies.push(block('bar', [round(0.1 * k), 0.1, 0.05], [0.1 * k, 0, 0.05 + 0.1 * rows], 'bar'));
  return {
    description: `Paper 004 §6, WALL: ${rows} courses of ${k} units of 0.2 × 0.2 × 0.1 m in running bond (Lourenço's dry-joint wall), a bar carrying 30 kN on top, a rigid cube restraining the lower-left corner`,
    gravity: [0, 0, -10], ...TIME,
    materials: { masonry: MASONRY, bar: { ...MASONRY, density: round(3000 / barVolume) } },
    defaultFriction: FRICTION, bodies,
  };
}

/** Inner radius, thickness and the elevation where the dome's courses stop (an oculus above). */
const DOME = { inner: 10, thickness: 0.6, top: (80 * Math.PI) / 180 };

/**
 * DOME: `courses` rings of `segments` voussoirs between elevations 0 and 80° (an oculus of 10° at
 * the crown), joints aligned from ring to ring; each voussoir is the hull of its 8 corners, its
 * bed joints cones and its head joints meridian planes, so neighbours share plane faces.
 */
export function domeScene(segments, courses) {
  const { inner, thickness, top } = DOME;
  const bodies = [FOUNDATION];
  const corner = (r, theta, phi) => [r * Math.cos(phi) * Math.cos(theta), r * Math.cos(phi) * Math.sin(theta), r * Math.sin(phi)].map(round);
  for (let i = 0; i < courses; i++) {
    const phis = [(i * top) / courses, ((i + 1) * top) / courses];
    for (let j = 0; j < segments; j++) {
      const thetas = [(2 * Math.PI * j) / segments, (2 * Math.PI * (j + 1)) / segments];
      const points = [];
      for (const r of [inner, inner + thickness]) for (const t of thetas) for (const p of phis) points.push(corner(r, t, p));
      bodies.push({ name: `voussoir-${i}-${j}`, kinematics: 'pseudo-rigid', shape: { type: 'hull', points }, material: 'masonry', position: [0, 0, 0] });
    }
  }
  return {
    description: `Paper 004 §6, DOME: ${courses} courses of ${segments} pseudo-rigid voussoirs, inner radius ${inner} m, thickness ${thickness} m, up to 80° elevation, under gravity`,
    gravity: [0, 0, -10], ...TIME, materials: { masonry: MASONRY }, defaultFriction: FRICTION, bodies,
  };
}

/** The nine scenes of Table 1 (README.md: why these sizes). */
export function masonryScenes() {
  return {
    CUBE1: cubeScene(3), CUBE2: cubeScene(5), CUBE3: cubeScene(7),
    WALL1: wallScene(10, 5), WALL2: wallScene(17, 9), WALL3: wallScene(25, 13),
    DOME1: domeScene(10, 6), DOME2: domeScene(20, 11), DOME3: domeScene(30, 16),
  };
}

function parseArgs(argv) {
  const opts = { out: new URL('.', import.meta.url).pathname };
  for (let k = 0; k < argv.length; k++) {
    if (argv[k] === '--out') opts.out = argv[++k];
    else throw new Error(`unknown argument ${argv[k]} (use --out dir)`);
  }
  if (!opts.out) throw new Error('--out needs a directory');
  return opts;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const { out } = parseArgs(process.argv.slice(2));
    mkdirSync(out, { recursive: true });
    for (const [name, scene] of Object.entries(masonryScenes())) {
      // Written whole or not at all: a temporary file, then renamed.
      const file = join(out, `${name}.json`), temp = `${file}.tmp`;
      writeFileSync(temp, `${JSON.stringify(scene, null, 1)}\n`);
      renameSync(temp, file);
    }
  } catch (e) {
    process.stderr.write(`masonry.mjs: ${e.message}\n`);
    process.exit(2);
  }
}
