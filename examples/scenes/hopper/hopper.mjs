#!/usr/bin/env node
/**
 * A square hopper discharging glass beads through its orifice, as a Moreau scene
 * (docs/scene-json.md) and as a scene generator for `moreau sweep` (docs/bench.md,
 * "Sweeps over scenes"): the default export maps arguments to a scene.
 *
 *   node examples/scenes/hopper/hopper.mjs [--n 400] [--orifice 0.1] [--mu 0.4] > hopper.json
 *
 * Axes: gravity along −z. The orifice is the square |x|, |y| ≤ orifice/2 at z = 0. Four
 * static boxes tilted at `angle` from the horizontal make the funnel, four upright boxes the
 * bin above it; planes would not do, being infinite. A gate (a box under the orifice)
 * holds the beads while they settle and drops away at 10 m/s from `open` seconds: faster
 * than a bead can follow in the run (it falls 10 m/s × t, a bead g t²/2), so nothing lands
 * on it again. Beads that leave fall freely (there is no floor), so none backs up into the
 * orifice. The beads start at rest on a square lattice in the bin, jittered sideways by a
 * fixed pseudo-random sequence (the same scene for the same arguments).
 */

const DEFAULTS = { n: 400, radius: 0.01, orifice: 0.1, angle: 60, mu: 0.4, open: 0.3, duration: 1.3, seed: 1 };
/** Wall thickness, and how far the bin reaches above the funnel. */
const WALL = 0.01;
const BIN_HEIGHT = 0.3;
/** The funnel's half-width at its top (the bin's inner half-width). */
const TOP = 0.1;

/** Rounded to 1e-12, so the JSON stays readable and every length exact to far below any gap. */
const round = (v) => Math.round(v * 1e12) / 1e12 + 0;
const vec = (p) => p.map(round);

/** A small deterministic generator (a 32-bit xorshift), for the lattice's jitter: u in [0, 1). */
function jitter(seed) {
  let s = (seed >>> 0) || 1;
  return () => {
    s ^= s << 13; s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5; s >>>= 0;
    return s / 2 ** 32;
  };
}

/**
 * The four funnel walls: each a box whose inner face is the strip from the orifice edge
 * (half-width h0 at z = 0) up the slope at `angle` to the top (half-width TOP). The box for
 * the side +x is turned about y by −angle, so its local x runs up the slope; the other
 * three are it turned about z by 90°, 180°, 270°.
 */
function funnel(h0, angleDeg) {
  const a = (angleDeg * Math.PI) / 180;
  const length = (TOP - h0) / Math.cos(a);
  const inward = [-Math.sin(a), Math.cos(a)]; // the inner face's normal in the (x, z) plane
  const mid = [h0 + (length / 2) * Math.cos(a), (length / 2) * Math.sin(a)];
  const centre = [mid[0] - (inward[0] * WALL) / 2, mid[1] - (inward[1] * WALL) / 2];
  const halfExtents = vec([length / 2, TOP + WALL, WALL / 2]);
  return [0, 1, 2, 3].map((k) => {
    const turn = (k * Math.PI) / 2;
    const [c, s] = [Math.cos(turn), Math.sin(turn)];
    return {
      name: `funnel-${k}`, shape: { type: 'box', halfExtents }, motion: 'static', material: 'steel',
      position: vec([c * centre[0], s * centre[0], centre[1]]),
      // Turn about y by −a (local x up the slope), then about z by k · 90°: one quaternion, q_z · q_y.
      rotation: vec([Math.cos(turn / 2) * Math.cos(-a / 2), -Math.sin(turn / 2) * Math.sin(-a / 2), Math.cos(turn / 2) * Math.sin(-a / 2), Math.sin(turn / 2) * Math.cos(-a / 2)]),
    };
  });
}

/** The four upright bin walls over the funnel's top, z from zTop to zTop + BIN_HEIGHT. */
function bin(zTop) {
  const z = zTop + BIN_HEIGHT / 2;
  const along = [TOP + 2 * WALL, WALL / 2, BIN_HEIGHT / 2];
  const across = [WALL / 2, TOP + 2 * WALL, BIN_HEIGHT / 2];
  const d = TOP + WALL / 2;
  return [
    { name: 'bin-x+', shape: { type: 'box', halfExtents: vec(across) }, position: vec([d, 0, z]) },
    { name: 'bin-x-', shape: { type: 'box', halfExtents: vec(across) }, position: vec([-d, 0, z]) },
    { name: 'bin-y+', shape: { type: 'box', halfExtents: vec(along) }, position: vec([0, d, z]) },
    { name: 'bin-y-', shape: { type: 'box', halfExtents: vec(along) }, position: vec([0, -d, z]) },
  ].map((b) => ({ ...b, motion: 'static', material: 'steel' }));
}

/** n beads on a square lattice of pitch 2.2 r filling the bin from zTop + r upwards, jittered by ±0.1 r in x and y. */
function beads(n, r, zTop, seed) {
  const pitch = 2.2 * r;
  const across = Math.floor((2 * TOP - 2 * r) / pitch) + 1;
  const x0 = -((across - 1) * pitch) / 2;
  const u = jitter(seed);
  const out = [];
  for (let k = 0; k < n; k++) {
    const layer = Math.floor(k / (across * across)), i = k % across, j = Math.floor(k / across) % across;
    const z = zTop + r + 0.01 + layer * pitch;
    if (z + r > zTop + BIN_HEIGHT) throw new Error(`${n} beads of radius ${r} do not fit in the bin (${across * across} a layer)`);
    out.push({
      name: `bead-${k}`, shape: { type: 'sphere', radius: r }, material: 'glass',
      position: vec([x0 + i * pitch + 0.2 * r * (u() - 0.5), x0 + j * pitch + 0.2 * r * (u() - 0.5), z]),
    });
  }
  return out;
}

/**
 * The hopper scene. Arguments (all optional): `n` beads of `radius`, a square `orifice`
 * of this side, funnel walls at `angle` degrees from the horizontal, friction `mu`
 * everywhere (the scene's defaultFriction), the gate dropping at `open` seconds, the run's
 * `duration`, and the jitter's `seed`.
 */
export default function hopperScene(args = {}) {
  const { n, radius, orifice, angle, mu, open, duration, seed } = { ...DEFAULTS, ...args };
  if (!Number.isInteger(n) || n < 1) throw new Error(`n must be a positive integer, got ${n}`);
  if (!(orifice > 0 && orifice < 2 * TOP)) throw new Error(`orifice must be in (0, ${2 * TOP}), got ${orifice}`);
  if (!(angle > 0 && angle < 90)) throw new Error(`angle must be in (0, 90) degrees, got ${angle}`);
  const h0 = orifice / 2;
  const zTop = (TOP - h0) * Math.tan((angle * Math.PI) / 180);
  const gate = {
    name: 'gate', shape: { type: 'box', halfExtents: vec([h0 + WALL, h0 + WALL, WALL / 2]) }, material: 'steel',
    position: [0, 0, -WALL / 2], motion: { driven: { velocity: [0, 0, -10], from: open } },
  };
  return {
    description: `Square hopper: ${n} glass beads of radius ${radius} m, orifice ${orifice} m, walls at ${angle}° from the horizontal; the gate drops at t = ${open} s`,
    gravity: [0, 0, -9.81],
    timeStep: 0.001,
    duration,
    output: { interval: 0.01 },
    materials: { glass: { density: 2500 }, steel: { density: 7800 } },
    defaultFriction: { mu },
    bodies: [...funnel(h0, angle), ...bin(round(zTop)), gate, ...beads(n, radius, zTop, seed)],
  };
}

function parseArgs(argv) {
  const args = {};
  for (let k = 0; k < argv.length; k += 2) {
    const name = argv[k].replace(/^--/, '');
    if (!(name in DEFAULTS) || argv[k + 1] === undefined) throw new Error(`unknown or incomplete argument ${argv[k]} (use ${Object.keys(DEFAULTS).map((a) => `--${a} <number>`).join(', ')})`);
    args[name] = Number(argv[k + 1]);
  }
  return args;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    process.stdout.write(`${JSON.stringify(hopperScene(parseArgs(process.argv.slice(2))), null, 1)}\n`);
  } catch (e) {
    process.stderr.write(`hopper.mjs: ${e.message}\n`);
    process.exit(2);
  }
}
