// The suites' programmatic core, without vitest: what the `moreau conformance` command imports.
export * from './generators.js';
export { SOLVER_PROPERTY_NAMES, type SolverPropertyName, type SolverPropertySpec, type Verdict } from './solver-property.js';
export { prepareSolver, type SolverSuiteOptions, type SolverUnderTest } from './solver-harness.js';
export { solverProperties } from './solver-properties.js';
export {
  propertySeed, randomSeed, suiteSeed, runSolverConformance, runSolverProperty, type NamedPropertyReport, type SuiteReport,
  type ConformanceReport, type PropertyReport, type PropertyStatus, type RunnerOptions,
} from './solver-runner.js';
export { arbAnalyticCase, solveLcp2, type AnalyticCase, type AnalyticKind } from './analytic-cases.js';
export { permuteProblem, permuteVector, scaleQ, wellPosed, type WellPosedProblem } from './problem-transforms.js';
export { naturalMapResidual, type Residual } from './solver-checks.js';
export * from './kinematics-index.js';
export * from './integrator-index.js';
export * from './detector-index.js';
export * from './merit-index.js';
export { SolverWatchdog } from './solver-watchdog.js';
export type { WatchedSuiteOptions } from './solver-worker-protocol.js';
export { hangLimitMs, HANG_BUDGET_FACTOR, MIN_HANG_LIMIT_MS, UNBUDGETED_LIMIT_MS } from './solver-watch.js';
