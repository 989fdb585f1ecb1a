import type { Simulation } from '@moreau/core';

/**
 * Sets the deformation gradient F and its rate Ḟ (row-major) of the pseudo-rigid body with
 * store index `index` (its rank among the scene's pseudo-rigid bodies), through a checkpoint, at
 * any time of a run (a scene sets them at the start: `initialDeformation`,
 * `initialVelocityGradient`). The plugin's saved state is
 * [version, count, x̄ (3n), F (9n), u (12n)] with u = [Ḟ; ẋ̄] (pseudo-rigid-store.ts).
 */
export function setDeformation(sim: Simulation, index: number, F?: ArrayLike<number>, Fdot?: ArrayLike<number>): void {
  const checkpoint = sim.checkpoint();
  const state = checkpoint.kinematics['pseudo-rigid'];
  const n = state[1];
  if (F) for (let k = 0; k < 9; k++) state[2 + 3 * n + 9 * index + k] = F[k];
  if (Fdot) for (let k = 0; k < 9; k++) state[2 + 12 * n + 12 * index + k] = Fdot[k];
  sim.restore(checkpoint);
}

/** det of a row-major 3×3. */
export function det3(F: ArrayLike<number>): number {
  return F[0] * (F[4] * F[8] - F[5] * F[7]) - F[1] * (F[3] * F[8] - F[5] * F[6]) + F[2] * (F[3] * F[7] - F[4] * F[6]);
}
