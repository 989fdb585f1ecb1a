import { moduleStrykerConfig } from './stryker-module.mjs';

// The sweep and the local solver it runs, with the 3×3 LU and the local residual, the
// Anderson mixing of sweeps (anderson.ts, tested through its own suite), the extrapolation along
// the sweeps' dominant mode (dominant-mode.ts, likewise, and the projection back into the cones
// both share, into-cone.ts), and the host side of
// the WebAssembly sweep (wasm-sweep.ts; the kernel itself is WebAssembly, which Stryker does not mutate). The driver
// loop (gauss-seidel.ts) is left out so a run stays near ten minutes: its tests are the slow
// whole-solver ones. The sliding solver (sliding-solver.ts) is in: a sphere's slide is taken in
// closed form there on every sweep; its quartic is a fallback path with its own suite.
// The two-thread sweep: the partition (partition.ts) and the team's main side (sweep-team.ts,
// kernel-host.ts); the worker's loop runs in another thread, where Stryker's coverage does not reach.
export default moduleStrykerConfig('gauss-seidel', [
  'plugins/gauss-seidel/src/sweep.ts',
  'plugins/gauss-seidel/src/local-solver.ts',
  'plugins/gauss-seidel/src/sliding-solver.ts',
  'plugins/gauss-seidel/src/lu3.ts',
  'plugins/gauss-seidel/src/residual.ts',
  'plugins/gauss-seidel/src/anderson.ts',
  'plugins/gauss-seidel/src/dominant-mode.ts',
  'plugins/gauss-seidel/src/into-cone.ts',
  'plugins/gauss-seidel/src/wasm-sweep.ts',
  'plugins/gauss-seidel/src/partition.ts',
  'plugins/gauss-seidel/src/sweep-team.ts',
  'plugins/gauss-seidel/src/kernel-host.ts',
]);
