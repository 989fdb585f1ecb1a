import type { KinematicsPlugin } from '@moreau/core';
import type { KinematicsPropertyName } from '../src/kinematics-property.js';

/** The deliberate defects the reference model can carry. */
export interface KinematicsDefects {
  /** addBody takes a free plane (mass 1) instead of refusing it. */
  acceptsFreePlane?: boolean;
  /** advance moves static bodies along their spec velocity. */
  movingStatic?: boolean;
  /** Driven bodies move before their start time. */
  ignoresDriveStart?: boolean;
  /** A⁻¹ couples the second dof into the first only. */
  asymmetricInverse?: boolean;
  /** H's rotational block is +R[X]× instead of −R[X]×. */
  hSign?: boolean;
  /** H uses the frame's transpose (columns taken for rows). */
  transposedFrame?: boolean;
  /** Kinetic energy leaves out ½ ωᵀJω. */
  noSpinEnergy?: boolean;
  /** Potential energy is +m g·x. */
  potentialSign?: boolean;
  /** Linear momentum is Σ v, without the masses. */
  masslessMomentum?: boolean;
  /** The gyroscopic torque also lands on the linear force. */
  leakyForce?: boolean;
  /** The force carries half of m g. */
  halfGravity?: boolean;
  /** saveState rounds each body's first coordinate to single precision. */
  lossyState?: boolean;
  /** addBody gives a free body its velocity but not its angular velocity. */
  dropsSpin?: boolean;
  /** angularOperator gives −ω (supports.rolling is declared either way). */
  angularSign?: boolean;
  /** boxCornerSpeed leaves out the spin: the speed of the centre only. */
  cornerIgnoresSpin?: boolean;
}

export function referenceKinematics(name: string, defects?: KinematicsDefects): KinematicsPlugin;

/** A deliberately broken model and the property its defect breaks. */
export interface BrokenKinematics {
  plugin: KinematicsPlugin;
  breaks: KinematicsPropertyName;
}

export const brokenKinematics: Record<
  | 'accepts-free-plane' | 'moving-static' | 'ignores-drive-start' | 'asymmetric-inverse' | 'h-sign' | 'transposed-frame'
  | 'no-spin-energy' | 'potential-sign' | 'massless-momentum' | 'leaky-force' | 'half-gravity' | 'lossy-state'
  | 'fast-deformation' | 'no-volumetric-tangent' | 'drops-spin' | 'point-mass-ignores-drive-start' | 'angular-sign'
  | 'corner-ignores-spin',
  BrokenKinematics>;
export const plugins: KinematicsPlugin[];
