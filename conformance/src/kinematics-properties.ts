import { angularProperties } from './kinematics-angular-properties.js';
import { bodyProperties } from './kinematics-body-properties.js';
import { deformableProperties } from './kinematics-deformable-properties.js';
import type { KinematicsUnderTest } from './kinematics-harness.js';
import { motionProperties } from './kinematics-motion-properties.js';
import { operatorProperties } from './kinematics-operator-properties.js';
import type { KinematicsPropertyName, KinematicsPropertySpec } from './kinematics-property.js';
import { reachProperties } from './kinematics-reach-properties.js';

/**
 * The kinematics conformance properties for `sut`, one per name in
 * KINEMATICS_PROPERTY_NAMES. They use the Kinematics contract only (no body layout, no
 * rigid-body assumption), so a model of any number of dofs per body can run them; each
 * checks what the suite computes itself (finite differences, exact motions, conserved
 * quantities), never a number the plugin reports about itself alone. The deformable
 * properties apply to a plugin that declares `supports.deformable` and skip otherwise, the
 * angular rows to one that declares `supports.rolling`, the corners' speed to one that has
 * `boxCornerSpeed`.
 */
export function kinematicsProperties(sut: KinematicsUnderTest): Record<KinematicsPropertyName, KinematicsPropertySpec> {
  return { ...bodyProperties(sut), ...operatorProperties(sut), ...motionProperties(sut), ...deformableProperties(sut), ...angularProperties(sut), ...reachProperties(sut) };
}
