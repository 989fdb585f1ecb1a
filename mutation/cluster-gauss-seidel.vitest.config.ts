import { moduleVitestConfig } from './vitest-module.js';

// The plugin's unit tests; the conformance suite is left out (a mutant that slows a solve only
// times the property runs out).
export default moduleVitestConfig([
  'plugins/cluster-gauss-seidel/src/cluster.test.ts', 'plugins/cluster-gauss-seidel/src/cluster-gauss-seidel.test.ts',
  'plugins/cluster-gauss-seidel/src/rounds.test.ts',
]);
