// The bodies of a sphere pour, shared by bench/sim.mjs, bench/scale.mjs and bench/partition.mjs:
// spheres of radius 5 cm (material "glass") on a lattice of `perRow` × `perRow` per layer with
// 2.4 r spacing, jittered by up to 0.1 r sideways by a seeded generator, above an open box of five
// static planes; and the scene scale.mjs and partition.mjs run. Also the cubes dropped the same
// way (bench/peers.mjs's cubes case, and scale.mjs's `--shape cube`).

/** mulberry32: a small seeded generator, so every machine builds the same scene. */
export function random(s) {
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The box's planes and `count` spheres, `perRow` to a row, lowest layer first. */
export function pourBodies(count, perRow, seed) {
  const r = 0.05, gap = 2.4 * r, next = random(seed);
  const half = (perRow * gap) / 2 + r; // the box's inner half width
  const bodies = openBox(half);
  for (let i = 0; i < count; i++) {
    const ix = i % perRow, iy = Math.floor(i / perRow) % perRow, iz = Math.floor(i / (perRow * perRow));
    const jitter = () => (next() - 0.5) * 0.2 * r;
    bodies.push({
      name: `s${i}`,
      shape: { type: 'sphere', radius: r },
      material: 'glass',
      position: [(ix + 0.5) * gap - half + r + jitter(), (iy + 0.5) * gap - half + r + jitter(), 2 * r + iz * gap],
    });
  }
  return bodies;
}

const plane = (name, normal, position, material) => ({
  name, shape: { type: 'plane', normal }, motion: 'static', position, ...(material ? { material } : {}),
});

/** An open box of five static planes around [-half, half]² (the floor at z = 0). */
export function openBox(half, material) {
  return [
    plane('floor', [0, 0, 1], [0, 0, 0], material),
    plane('wall-x-', [1, 0, 0], [-half, 0, 0], material),
    plane('wall-x+', [-1, 0, 0], [half, 0, 0], material),
    plane('wall-y-', [0, 1, 0], [0, -half, 0], material),
    plane('wall-y+', [0, -1, 0], [0, half, 0], material),
  ];
}

/**
 * The box's planes and `count` cubes (half extent 5 cm, material "wood"), `perRow` to a row on a
 * 0.2 m lattice, lowest layer first, each turned by a seeded random rotation. The spacing exceeds
 * the cube's diagonal (0.173 m), so no two cubes overlap at the start.
 */
export function cubeBodies(count, perRow, seed) {
  const a = 0.05, gap = 0.2, half = (perRow * gap) / 2 + a, next = random(seed);
  const bodies = openBox(half);
  for (let i = 0; i < count; i++) {
    const ix = i % perRow, iy = Math.floor(i / perRow) % perRow, iz = Math.floor(i / (perRow * perRow));
    const axis = [next() - 0.5, next() - 0.5, next() - 0.5];
    bodies.push({
      name: `c${i}`,
      shape: { type: 'box', halfExtents: [a, a, a] },
      material: 'wood',
      position: [(ix + 0.5) * gap - half + a, (iy + 0.5) * gap - half + a, 0.1 + iz * gap],
      rotation: { axis: Math.hypot(...axis) > 0 ? axis : [0, 0, 1], angle: next() * Math.PI },
    });
  }
  return bodies;
}

/** The scene of `count` cubes dropped `layers` deep into a box as wide as they need: h = 1e-3, μ = 0.5, `steps` steps long. */
export function cubeScene(count, layers, seed, steps) {
  const bodies = cubeBodies(count, Math.ceil(Math.sqrt(count / layers)), seed);
  return { timeStep: 1e-3, duration: steps * 1e-3, materials: { wood: { density: 700 } }, defaultFriction: { mu: 0.5 }, bodies };
}

/** The scene of a pour `layers` deep and as wide as `count` spheres need: h = 1e-3, μ = 0.3, `steps` steps long. */
export function pourScene(count, layers, seed, steps) {
  const bodies = pourBodies(count, Math.ceil(Math.sqrt(count / layers)), seed);
  return { timeStep: 1e-3, duration: steps * 1e-3, materials: { glass: { density: 2500 } }, defaultFriction: { mu: 0.3 }, bodies };
}
