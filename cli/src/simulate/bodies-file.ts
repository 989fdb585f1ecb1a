import type { Simulation } from '@moreau/core';
import { boundingRadius, type BodiesFile } from '@moreau/core/formats';

// What a viewer needs to draw a simulation's bodies: the bodies.json of a run folder, written by
// `moreau simulate` and built in the playground's worker alike. Type imports and
// `@moreau/core/formats` only: no Node API.

/** bodies.json of a simulation: names, shapes, which are free, when they appear, how large planes are drawn. */
export function bodiesFile(sim: Simulation, options: { scene: string; frameStride: number; planeHalfSize: readonly number[] }): BodiesFile {
  return {
    format: 'moreau-bodies',
    version: 1,
    scene: options.scene,
    timeStep: sim.timeStep,
    frameStride: options.frameStride,
    bodies: sim.bodies.map((b, id) => ({
      id, name: b.name, shape: b.shape, kinematics: b.kinematics, free: b.free,
      ...(b.appearsAt > 0 ? { appearsAt: b.appearsAt } : {}),
      ...(b.shape.type === 'plane' ? { planeHalfSize: options.planeHalfSize[id] } : {}),
    })),
  };
}

/**
 * The half side of the square drawn for each plane (0 for other bodies): 1.25 times
 * the farthest extent of any other body from the plane's position at the start, at
 * least 1, so the patch covers where things are without dwarfing them.
 */
export function planeHalfSizes(sim: Simulation): number[] {
  const pose = { position: new Float64Array(3), linear: new Float64Array(9) };
  const centres = sim.bodies.map((_, b) => Float64Array.from(sim.pose(b, pose).position));
  return sim.bodies.map((body, b) => {
    if (body.shape.type !== 'plane') return 0;
    let far = 0;
    sim.bodies.forEach((other, o) => {
      if (other.shape.type === 'plane') return;
      const c = centres[o], p = centres[b];
      far = Math.max(far, Math.hypot(c[0] - p[0], c[1] - p[1], c[2] - p[2]) + boundingRadius(other.shape));
    });
    return Math.max(1, 1.25 * far);
  });
}
