// The detector suite's programmatic core, without vitest (re-exported by runner.ts).
export { DETECTOR_PROPERTY_NAMES, type DetectorPropertyName } from './detector-property.js';
export {
  prepareDetector, runDetector, type DetectorSuiteOptions, type DetectorUnderTest, type SeenContact,
} from './detector-harness.js';
export { detectorProperties } from './detector-properties.js';
export {
  arbDetectorPair, arbDetectorScene, randomDetectorPair, randomDetectorScene, shapePairs,
  type CaseOptions as DetectorCaseOptions, type DetectorCase, type ShapePair,
} from './detector-cases.js';
export { pointBox, sampledBoxDistance } from './detector-geometry.js';
export { distanceTo, supportValue, surfaceSamples, worldShape, type WorldShape } from './detector-shapes.js';
export { gapLowerBound, sampledGap, separation } from './detector-bounds.js';
export { DEPTH_TOL, ITERATIVE_TOL, iterative } from './detector-convex-checks.js';
export {
  runDetectorConformance, runDetectorProperty,
  type DetectorConformanceReport, type DetectorPropertyReport, type DetectorRunnerOptions,
} from './detector-runner.js';
