// The kinematics suite's programmatic core, without vitest (re-exported by runner.ts).
export { KINEMATICS_PROPERTY_NAMES, type KinematicsPropertyName, type KinematicsPropertySpec } from './kinematics-property.js';
export {
  buildScene, contactMatrix, inverseMatrix, midpointStep, placePoint, poseOf, prepareKinematics, runMidpoint,
  type KinematicsSuiteOptions, type KinematicsUnderTest,
} from './kinematics-harness.js';
export { kinematicsProperties } from './kinematics-properties.js';
export {
  arbBodySpec, arbMagnitude, arbRotation, arbScene, arbSeed, arbUniform, arbUnit, arbVec3, deformableSample, describeBodies,
  randomBodySpec, randomRotation, randomSolidShape, referencePoint, SAMPLE_MATERIAL, withoutSpin,
} from './kinematics-samples.js';
export {
  runKinematicsConformance, runKinematicsProperty,
  type KinematicsConformanceReport, type KinematicsPropertyReport, type KinematicsRunnerOptions,
} from './kinematics-runner.js';
