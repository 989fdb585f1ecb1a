// The merit suite's programmatic core, without vitest (re-exported by runner.ts).
export { MERIT_PROPERTY_NAMES, type MeritPropertyName, type MeritPropertySpec } from './merit-property.js';
export { evaluateMerit, prepareMerit, velocityOf, type MeritSuiteOptions, type MeritUnderTest } from './merit-harness.js';
export { MERIT_AT_SOLUTION, MERIT_ORDER_RTOL, meritProperties } from './merit-properties.js';
export {
  runMeritConformance, runMeritProperty,
  type MeritConformanceReport, type MeritPropertyReport, type MeritRunnerOptions,
} from './merit-runner.js';
