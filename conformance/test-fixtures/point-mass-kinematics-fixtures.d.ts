import type { KinematicsPlugin } from '@moreau/core';
import type { BrokenKinematics } from './kinematics-fixtures.js';

/** How the reference point-mass model is built. */
export interface PointMassOptions {
  /** Leave out `supports: { rotations: false, driven: ['velocity'] }`, so the suite offers it turning bodies. */
  undeclared?: boolean;
  /** Driven bodies move before their start time. */
  ignoresDriveStart?: boolean;
}

export function pointMassKinematics(name: string, options?: PointMassOptions): KinematicsPlugin;

export const brokenPointMassKinematics: Record<'point-mass-ignores-drive-start', BrokenKinematics>;
