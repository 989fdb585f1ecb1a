import { moduleVitestConfig } from './vitest-module.js';

// The plugin's unit tests and the shared problems; the conformance suites are left out (a
// mutant that slows a solve only times the property runs out).
export default moduleVitestConfig([
  'plugins/spg/src/nonmonotone.test.ts', 'plugins/spg/src/preconditioner.test.ts', 'plugins/spg/src/spg-pass.test.ts', 'plugins/spg/src/spg.test.ts',
  'plugins/spg/src/real-problems.test.ts',
]);
