import type { Pose, Simulation } from '@moreau/core';

/**
 * Every body's current pose into `out`, 12 numbers per body: the position, then the linear map
 * row-major (a rotation, or a pseudo-rigid body's deformation gradient). The layout of a frame
 * of frames.jsonl, which the playground's worker also sends its page. Type imports only.
 * @returns out
 */
export function writePoses<T extends Float64Array | number[]>(sim: Simulation, out: T, scratch: Pose = { position: new Float64Array(3), linear: new Float64Array(9) }): T {
  for (let b = 0; b < sim.bodies.length; b++) {
    const { position, linear } = sim.pose(b, scratch);
    for (let d = 0; d < 3; d++) out[12 * b + d] = position[d];
    for (let d = 0; d < 9; d++) out[12 * b + 3 + d] = linear[d];
  }
  return out;
}
