// The integrator suite's programmatic core, without vitest.
export { INTEGRATOR_PROPERTY_NAMES, integratorProperties, runSteps, type IntegratorPropertyName, type IntegratorPropertySpec } from './integrator-properties.js';
export {
  prepareIntegrator, runIntegratorConformance, runIntegratorProperty,
  type IntegratorConformanceReport, type IntegratorPropertyReport, type IntegratorRunnerOptions, type IntegratorSuiteOptions, type IntegratorUnderTest,
} from './integrator-runner.js';
export { PointMassSystem, GRAVITY, type FakeSystemCase, type PointMassInit, type SystemCall } from './integrator-system.js';
