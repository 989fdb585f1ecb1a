import { moduleVitestConfig } from './vitest-module.js';

// The driver's and SCALE's own tests: small problems and at most a dozen steps each, seconds
// in all. The solver's tests (semismooth-newton.test.ts) would run every mutant through whole
// solves, where a mutant that stalls a solve runs into the timeout.
export default moduleVitestConfig([
  'plugins/semismooth-newton/src/scsol.test.ts',
  'plugins/semismooth-newton/src/penalty.test.ts',
]);
