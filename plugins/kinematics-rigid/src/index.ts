import { defineKinematics, z } from '@moreau/core/contracts';
import { RigidBodies } from './rigid-bodies.js';

export const options = z.object({
  gyroscopic: z.enum(['conserving', 'explicit', 'none']).default('conserving')
    .describe("conserving: the gyroscopic torque is taken so that a torque-free step conserves world angular momentum exactly (an implicit 3-unknown equation per body, solved by fixed point); explicit: −ω × Jω (body frame) at the current ω at the half step, first order, paper 000's choice; none: leave it out (exact for spheres; for other bodies the rotation is then wrong)"),
});

export type RigidKinematicsOptions = z.output<typeof options>;
export { RigidBodies, type RigidOptions } from './rigid-bodies.js';
export { readBodySpec, MotionCode, ROTATION_TOLERANCE, type RigidBodyInit } from './body-spec.js';
export { massProperties, type MassProperties } from './mass-properties.js';
// The rotation kernels moved to core; re-exported so this package's API stays as it was.
export { expSkew, multiplyRight, orthonormalityError, reorthonormalize, determinant3 } from '@moreau/core/kernels';
export { rigidContactOperator } from './contact-operator.js';
export { rigidAngularOperator } from './angular-operator.js';
export { conservingSpin } from './gyroscopic.js';

export default defineKinematics({
  name: 'rigid',
  summary: '6-dof rigid bodies: centre velocity (world) and angular velocity (body frame), exact mass properties, exponential-map rotations',
  core: '^0.1.0',
  supports: { rolling: true },
  options,
  create: (opts) => new RigidBodies(opts),
});
