import { moduleVitestConfig } from './vitest-module.js';

// The variants' and ρ rules' own tests: small problems, a few iterations each, seconds in all.
// The solver's tests (apgd.test.ts) would run every mutant through whole solves.
export default moduleVitestConfig([
  'plugins/apgd/src/nesterov.test.ts',
  'plugins/apgd/src/acary.test.ts',
  'plugins/apgd/src/rho-rules.test.ts',
]);
