import { moduleVitestConfig } from './vitest-module.js';

// The unit tests of the mutated files only (sweep, local and sliding solvers, LU, residual, Anderson mixing, the
// dominant mode's extrapolation, the WebAssembly sweep's host side, the two-thread partition and
// team), so the score says how tightly those tests pin them and a run fits a busy machine (13
// minutes at concurrency 1).
// The driver's whole-solver tests (gauss-seidel.test.ts, screen.test.ts) would run every sweep
// mutant through whole solves; the shared conformance and real-problem suites are not this
// plugin's own tests.
export default moduleVitestConfig([
  'plugins/gauss-seidel/src/sweep.test.ts',
  'plugins/gauss-seidel/src/sweep-cases.test.ts',
  'plugins/gauss-seidel/src/local-solver.test.ts',
  'plugins/gauss-seidel/src/sliding-solver.test.ts',
  'plugins/gauss-seidel/src/lu3.test.ts',
  'plugins/gauss-seidel/src/residual.test.ts',
  'plugins/gauss-seidel/src/anderson.test.ts',
  'plugins/gauss-seidel/src/dominant-mode.test.ts',
  'plugins/gauss-seidel/src/into-cone.test.ts',
  'plugins/gauss-seidel/src/wasm-sweep.test.ts',
  'plugins/gauss-seidel/src/partition.test.ts',
  'plugins/gauss-seidel/src/sweep-team.test.ts',
]);
