import { moduleStrykerConfig } from './stryker-module.mjs';

// The dense and block kernels. The sparse and iterative solvers are their own module
// (linalg-solvers), so each run stays short enough to repeat after a change.
// parallel-bsr-mul.ts is left out while its future is decided (issue 16, item 7);
// WebAssembly kernels are assembled from their text source and are not mutated as TypeScript.
export const linalgSolvers = [
  'core/src/linalg/gmres.ts',
  'core/src/linalg/sparse-lu*.ts',
  'core/src/linalg/minimum-degree-order.ts',
  'core/src/linalg/banded-cholesky.ts',
  'core/src/linalg/rcm-order.ts',
  'core/src/linalg/condition-estimate.ts',
];

export default moduleStrykerConfig('linalg', [
  'core/src/linalg/**/*.ts',
  '!core/src/linalg/**/*.test.ts',
  '!core/src/linalg/index.ts',
  '!core/src/linalg/parallel-bsr-mul*',
  '!core/src/linalg/**/*-wasm*',
  '!core/src/linalg/wasm/**',
  '!core/src/linalg/__fixtures__/**',
  ...linalgSolvers.map((f) => `!${f}`),
]);
