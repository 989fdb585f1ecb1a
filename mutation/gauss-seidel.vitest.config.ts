import { moduleVitestConfig } from './vitest-module.js';

// The unit tests of the mutated files only (sweep, local solver, LU, residual): the driver's
// whole-solver tests (gauss-seidel.test.ts, screen.test.ts) run every mutant of the sweep
// through hundreds of sweeps, which took a run past an hour on two busy cores, and the shared
// conformance and real-problem suites are not this plugin's own tests.
export default moduleVitestConfig([
  'plugins/gauss-seidel/src/sweep.test.ts',
  'plugins/gauss-seidel/src/local-solver.test.ts',
  'plugins/gauss-seidel/src/lu3.test.ts',
]);
