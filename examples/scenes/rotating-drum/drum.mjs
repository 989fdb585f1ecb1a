#!/usr/bin/env node
/**
 * The rotating drum of paper 000 §8.1, as Solfec-1.0's own example script builds it
 * (examples/parallel-scaling/rotating-drum.py with its default settings), written as a
 * Moreau scene (docs/scene-json.md).
 *
 *   node examples/scenes/rotating-drum/drum.mjs [--n 100] [--particles spheres|ellipsoids|pseudo-rigid] [--duration 10] > scene.json
 *
 * Axes: gravity along −z, the drum axis along y. The drum is one rotating obstacle in
 * Solfec; here it is 34 driven hulls (32 pipe segments and 2 lifters) turning about the
 * same pivot, which is the same rigid motion. The two end walls are static hulls.
 *
 * One deliberate difference: Solfec's sphere grid starts at y = 0.05 with radius 0.08, so
 * the first row overlaps the end wall (y ≤ −0.002) by 2.8 cm from the start. Here the
 * sphere grid is centred in the drum instead (y = 0.09, 0.25, 0.41: 1.2 cm clear of each
 * end wall). The ellipsoid grid touches nothing and is Solfec's exactly.
 *
 * `pseudo-rigid` is Solfec's `-kifo PR` (paper 000's "ell. defo"): the ellipsoid scene, body for
 * body, with every particle owned by the pseudo-rigid kinematics (E and ν from the material).
 * Its damping (η = h) and integrator (linearly implicit) are run settings: they live in the
 * config files beside the scene (`solfec-pr-*.config.json`), not in the scene.
 */

const H = 1e-3;
/** Particle kinds: Solfec's `-kifo RG -sphs`, `-kifo RG` and `-kifo PR`. */
export const PARTICLES = ['spheres', 'ellipsoids', 'pseudo-rigid'];
const KIND = { spheres: 'rigid spheres', ellipsoids: 'rigid ellipsoids', 'pseudo-rigid': 'pseudo-rigid ellipsoids' };
const OMEGA = 1;
/** Pivot of the drum's rotation: its mass centre, on the line x = z = 0. */
const PIVOT = [0, 0.25, 0];

/** A pipe node at angle θ and radius r: (x, z) = (−r sin θ, −r cos θ), so θ = 0 is the bottom. */
const node = (r, theta, y) => [-r * Math.sin(theta), y, -r * Math.cos(theta)];

/** The 32 segments of PIPE((0,0,0), (0,0.5,0), rin=1, thi=0.05, nrad=32): each the hull of 8 mesh nodes. */
function pipeSegments() {
  const segments = [];
  for (let k = 0; k < 32; k++) {
    const a = (2 * Math.PI * k) / 32, b = (2 * Math.PI * (k + 1)) / 32;
    const points = [];
    for (const r of [1, 1.05]) for (const t of [a, b]) for (const y of [0, 0.5]) points.push(node(r, t, y));
    segments.push(points);
  }
  return segments;
}

/** A box 0.2 × 0.5 × 0.2 centred at (cx, 0.25, 0), as the hull of its corners. */
function lifter(cx) {
  const points = [];
  for (const x of [cx - 0.1, cx + 0.1]) for (const y of [0, 0.5]) for (const z of [-0.1, 0.1]) points.push([x, y, z]);
  return points;
}

/** An end wall: the 31-point ring of radius 1.05 (angles 0, 0.2, …, 6.0) extruded over [y0, y0 + 0.05]. */
function endWall(y0) {
  const points = [];
  for (let k = 0; k <= 30; k++) {
    const a = 0.2 * k;
    for (const y of [y0, y0 + 0.05]) points.push([1.05 * Math.cos(a), y, 1.05 * Math.sin(a)]);
  }
  return points;
}

/** Rounded to 1e-12, so the JSON stays readable and the geometry exact to far below any gap. */
const round = (p) => p.map((v) => Math.round(v * 1e12) / 1e12 + 0);

/**
 * Where PARTICLES(rx, ry, rz, x0 = 0, y0 = 0.25, z = 0.25, nz, wx = 1.4, wy = 0.4) puts particles:
 * layers from the top down, x the outer loop and y the inner, stopping at `limit`. A point
 * that lands on the far edge up to rounding is left out: in the script, (0.1/N)**(1/3) and the
 * accumulated y overshoot 0.45 for N = 100, so its ellipsoid grid has 4 columns in y, not 5.
 */
const EDGE = 1e-9;
function grid(s, nz, yShift, limit) {
  const out = [];
  let z = 0.25;
  for (let layer = 0; layer < nz; layer++, z -= 2 * s.rz) {
    for (let x = -0.7; x < 0.7 - EDGE; x += 2 * s.rx) {
      for (let y = 0.05; y < 0.45 - EDGE; y += 2 * s.ry) {
        if (out.length === limit) return out;
        out.push([x, y + yShift, z]);
      }
    }
  }
  return out;
}

/**
 * The scene for N particles of the given kind over `duration` seconds.
 * Insertion: Solfec's CALLBACK fires after step 1 (t = h) and then at the first step with
 * t ≥ k·Δ, Δ = nn·√(2·2.1·rz/10), nn = ⌊0.75/(2 rz)⌋ layers per fill (rz the ellipsoid's, even
 * for spheres); each call fills one grid until N particles exist, and the first call after
 * that sets the drum turning. A particle made by a call at time t enters at t.
 */
export function drumScene({ n = 100, particles = 'ellipsoids', duration = 10 } = {}) {
  if (!Number.isInteger(n) || n < 1) throw new Error(`--n must be a positive integer, got ${n}`);
  if (!PARTICLES.includes(particles)) throw new Error(`--particles must be one of ${PARTICLES.join(', ')}, got ${particles}`);
  const kinematics = particles === 'pseudo-rigid' ? { kinematics: 'pseudo-rigid' } : {};
  const rr = Math.cbrt(0.1 / n);
  const [rx, ry, rz] = [0.9 * rr, 0.5 * rr, 1.0 * rr];
  const layers = Math.trunc(0.75 / (2 * rz));
  const every = layers * Math.sqrt((2 * 2.1 * rz) / 10);
  const mean = (rx + ry + rz) / 3;
  const size = particles === 'spheres' ? { rx: mean, ry: mean, rz: mean } : { rx, ry, rz };
  const yShift = particles === 'spheres' ? centringShift(mean) : 0;
  const shape = particles === 'spheres' ? { type: 'sphere', radius: round([mean])[0] } : { type: 'ellipsoid', semiAxes: round([rx, ry, rz]) };

  const bodies = [];
  let call = 0, rotateFrom;
  while (rotateFrom === undefined) {
    // The step at whose end the call fires: step 1, then the first step with t ≥ call·Δ.
    const t = call === 0 ? H : Math.ceil(call * every / H - 1e-9) * H;
    const time = Math.round(t / H) * H;
    if (bodies.length === n) rotateFrom = time;
    else {
      for (const p of grid(size, layers, yShift, n - bodies.length)) {
        bodies.push({ name: `p${bodies.length}`, shape, ...kinematics, material: 'particle', position: round(p), appearsAt: +time.toFixed(6) });
      }
    }
    call++;
  }

  const driven = { driven: { angularVelocity: [0, OMEGA, 0], pivot: PIVOT, from: +rotateFrom.toFixed(6) } };
  const drum = [
    ...pipeSegments().map((points, k) => ({ name: `pipe-${k}`, shape: { type: 'hull', points: points.map(round) }, motion: driven, position: [0, 0, 0] })),
    ...[-0.9, 0.9].map((cx, k) => ({ name: `lifter-${k}`, shape: { type: 'hull', points: lifter(cx).map(round) }, motion: driven, position: [0, 0, 0] })),
    ...[-0.052, 0.502].map((y, k) => ({ name: `end-wall-${k}`, shape: { type: 'hull', points: endWall(y).map(round) }, motion: 'static', position: [0, 0, 0] })),
  ];
  return {
    description: `Rotating drum of paper 000 §8.1 (Solfec-1.0's rotating-drum.py): ${n} ${KIND[particles]}, drum turning at ${OMEGA} rad/s about y from t = ${+rotateFrom.toFixed(6)} s`,
    gravity: [0, 0, -10],
    timeStep: H,
    duration,
    output: { interval: 0.03 },
    materials: { particle: { density: 100, young: 1e6, poisson: 0.25 } },
    defaultFriction: { mu: 0.3 },
    bodies: [...drum, ...bodies],
  };
}

/** The shift along y that centres Solfec's columns (y = 0.05, 0.05 + 2r, … < 0.45) on the drum's middle, y = 0.25. */
function centringShift(r) {
  let columns = 0;
  for (let y = 0.05; y < 0.45 - EDGE; y += 2 * r) columns++;
  return 0.25 - r * (columns - 1) - 0.05;
}

function parseArgs(argv) {
  const opts = {};
  for (let k = 0; k < argv.length; k++) {
    const a = argv[k], v = argv[k + 1];
    if (a === '--n') { opts.n = Number(v); k++; }
    else if (a === '--particles') { opts.particles = v; k++; }
    else if (a === '--duration') { opts.duration = Number(v); k++; }
    else throw new Error(`unknown argument ${a} (use --n N, --particles ${PARTICLES.join('|')}, --duration s)`);
  }
  return opts;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    process.stdout.write(`${JSON.stringify(drumScene(parseArgs(process.argv.slice(2))), null, 1)}\n`);
  } catch (e) {
    process.stderr.write(`drum.mjs: ${e.message}\n`);
    process.exit(2);
  }
}
