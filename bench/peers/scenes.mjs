// The scenes bench/peers.mjs runs in both engines, as scene JSON (docs/scene-json.md). The pour
// is bench/pour.mjs's; the cubes, the incline and the stack are built here. Every scene uses
// h = 1e-3 and only spheres, boxes and static planes, which both engines have.
import { cubeBodies, openBox, pourScene as pourSceneOf } from '../pour.mjs';

export const TIME_STEP = 1e-3;

const plane = (name, normal, position, material, rotation) => ({
  name, shape: { type: 'plane', normal }, motion: 'static', position, ...(material ? { material } : {}), ...(rotation ? { rotation } : {}),
});

/** `count` spheres (radius 5 cm, glass, μ = 0.3) poured from a 10-deep lattice into an open box, for `duration` seconds (bench/pour.mjs's scene). */
export function pourScene(count, seed, duration = 1) {
  return {
    description: `${count} spheres poured into a box (bench/peers.mjs, seed ${seed})`,
    ...pourSceneOf(count, 10, seed, Math.round(duration / TIME_STEP)),
  };
}

/**
 * `count` cubes (half extent 5 cm, wood, μ = 0.5), 25 to a layer on a 0.2 m lattice, each
 * turned by a seeded random rotation, dropped into an open box for `duration` seconds
 * (bench/pour.mjs's cubeBodies, five to a row).
 */
export function cubesScene(count, seed, duration = 0.5) {
  return {
    description: `${count} cubes dropped into a box (bench/peers.mjs, seed ${seed})`,
    timeStep: TIME_STEP,
    duration,
    materials: { wood: { density: 700 } },
    defaultFriction: { mu: 0.5 },
    bodies: cubeBodies(count, 5, seed),
  };
}

/** The incline of the stick case: 30°, with μ = 0.8 > tan 30° ≈ 0.577, so the box must not slide. */
export const INCLINE = { angle: Math.PI / 6, mu: 0.8 };

/** A steel box (0.2 × 0.2 × 0.1 m) resting on a plane tilted by INCLINE.angle about y, for 1 s. */
export function stickScene() {
  const { angle, mu } = INCLINE, c = 0.05;
  const tilt = { axis: [0, 1, 0], angle };
  return {
    description: `A box on a ${Math.round((angle * 180) / Math.PI)}° incline with mu = ${mu} > tan θ: it must stay where it is`,
    timeStep: TIME_STEP,
    duration: 1,
    materials: { steel: { density: 7800 }, ramp: { density: 1 } },
    friction: [{ between: ['steel', 'ramp'], mu }],
    bodies: [
      plane('ramp', [0, 0, 1], [0, 0, 0], 'ramp', tilt),
      // The box's centre is c along the incline's normal (sin θ, 0, cos θ): its face lies on the plane.
      { name: 'box', shape: { type: 'box', halfExtents: [0.1, 0.1, c] }, material: 'steel', position: [c * Math.sin(angle), 0, c * Math.cos(angle)], rotation: tilt },
    ],
  };
}

/** `count` wooden boxes (0.4 × 0.4 × 0.2 m) stacked face on face on a concrete floor, touching, for 2 s. */
export function stackScene(count = 10) {
  const c = 0.1;
  const bodies = [plane('floor', [0, 0, 1], [0, 0, 0], 'concrete')];
  for (let i = 0; i < count; i++) {
    bodies.push({ name: `box-${i + 1}`, shape: { type: 'box', halfExtents: [0.2, 0.2, c] }, material: 'wood', position: [0, 0, c + 2 * c * i] });
  }
  return {
    description: `${count} boxes stacked on a floor (bench/peers.mjs)`,
    timeStep: TIME_STEP,
    duration: 2,
    materials: { wood: { density: 700 }, concrete: { density: 2400 } },
    friction: [
      { between: ['wood', 'wood'], mu: 0.6 },
      { between: ['wood', 'concrete'], mu: 0.7 },
    ],
    bodies,
  };
}
