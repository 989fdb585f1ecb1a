export * from './runner.js';
export { symmetricEigenvalues3 } from './sym3-eigen.js';
export {
  CONE_PROPERTY_NAMES, coneProperties, coreConeImpl, type ConeImpl, type ConePropertyName,
} from './cone-properties.js';
export {
  ROLLING_CONE_PROPERTY_NAMES, coreRollingConeImpl, rollingConeProperties,
  type RollingConeImpl, type RollingConePropertyName,
} from './rolling-cone-properties.js';
export { coneSuite, type ConeSuiteOptions } from './cone-suite.js';
export { solverSuite, describeFailure } from './solver-suite.js';
export * from './shared-problems.js';
export { kinematicsSuite, describeKinematicsFailure } from './kinematics-suite.js';
export { integratorSuite, describeIntegratorFailure } from './integrator-suite.js';
export { detectorSuite } from './detector-suite.js';
export { meritSuite, describeMeritFailure } from './merit-suite.js';
export { judgeSiconosError, type JudgedError } from './siconos-judge.js';
