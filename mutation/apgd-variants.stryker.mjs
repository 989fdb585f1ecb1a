import { moduleStrykerConfig } from './stryker-module.mjs';

// The Nesterov and Acary variants and the ρ rules, apart from the default variant's path
// (`apgd.stryker.mjs`) so that each run stays short: these are run against their own
// hand-checked tests (first iterates of NAPG and of paper 003 eq 9, Algorithm 2, eqs 13-19).
export default moduleStrykerConfig('apgd-variants', [
  'plugins/apgd/src/nesterov.ts',
  'plugins/apgd/src/acary.ts',
  'plugins/apgd/src/rho-rules.ts',
]);
