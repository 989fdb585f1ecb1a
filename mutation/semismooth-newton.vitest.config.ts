import { moduleVitestConfig } from './vitest-module.js';

// The unit tests of the mutated files only (rows, Newton system, constraints and merit), so the
// score says how tightly those tests pin them and a run fits a busy machine. The solver's tests
// (semismooth-newton.test.ts, linear-solver.test.ts) would run every row mutant through whole
// solves; the shared conformance and real-problem suites are not this plugin's own tests.
export default moduleVitestConfig([
  'plugins/semismooth-newton/src/newton-system.test.ts',
  'plugins/semismooth-newton/src/constraints.test.ts',
]);
