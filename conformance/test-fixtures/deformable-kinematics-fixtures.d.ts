import type { KinematicsPlugin } from '@moreau/core';
import type { BrokenKinematics } from './kinematics-fixtures.js';

/** The deliberate defects the reference deformable model can carry. */
export interface DeformableKinematicsDefects {
  /** advance moves F thirty times too far (F += 30 dt Ḟ): within the suite's bounds it can turn a body inside out. */
  fastDeformation?: boolean;
  /** A's stiffness leaves out the volumetric term λ F ⊗ F of the tangent (K no longer −∂f/∂q). */
  noVolumetricTangent?: boolean;
}

export function referenceDeformableKinematics(name: string, defects?: DeformableKinematicsDefects): KinematicsPlugin;

export const brokenDeformableKinematics: Record<'fast-deformation' | 'no-volumetric-tangent', BrokenKinematics>;
