import { defineKinematics, z } from '@moreau/core/contracts';
import { PseudoRigidBodies } from './pseudo-rigid-bodies.js';

export const options = z.strictObject({
  damping: z.number().min(0, 'must be non-negative').finite().default(0)
    .describe('η (seconds) of the stiffness-proportional damping force −η K̂ Ḟ on the deformation (K̂: the stiffness with only the tensile part of the stress in its geometric term, positive semi-definite); 0 for none (Solfec runs its pseudo-rigid drum with η = h)'),
  inertiaScaling: z.number().positive('must be positive').finite().optional()
    .describe('λ (1/s²): scale each free body\'s Euler tensor E₀ (not its mass) so that λmax(M⁻¹K) = λ at its reference state, for uniform numerical damping of quasi-static runs (paper 004 §6: λ = 4 with h = 1, the implicit Euler damping well for λh² ≥ 4); absent: the real inertia'),
});

export type PseudoRigidKinematicsOptions = z.output<typeof options>;
export { PseudoRigidBodies, type PseudoRigidOptions } from './pseudo-rigid-bodies.js';
export { readBodySpec, MotionCode, type PseudoRigidInit } from './body-spec.js';
export { eulerProperties, type EulerProperties } from './euler-tensor.js';
export { lame, greenStrain, strainEnergy, piolaStress, piolaTangent, positiveStress } from './svk.js';
export { pseudoRigidContactOperator } from './contact-operator.js';
export { pseudoRigidAngularOperator } from './angular-operator.js';

export default defineKinematics({
  name: 'pseudo-rigid',
  summary: '12-dof pseudo-rigid bodies (paper 004 §2-3): homogeneous deformation gradient F and centre, Saint Venant–Kirchhoff material, stiffness for A = M + c K',
  core: '^0.1.0',
  supports: { deformable: true, rolling: true },
  options,
  create: (opts) => new PseudoRigidBodies(opts),
});
