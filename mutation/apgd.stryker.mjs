import { moduleStrykerConfig } from './stryker-module.mjs';

// The default variant's path: Mazhar et al.'s iteration (the `mazhar` default), the relaxed
// problem's kernels every variant steps with, and the pass helpers. All six files gave 602
// mutants and a projected 40 to 60 minutes on two busy cores (every mutant runs whole solves);
// the Nesterov and Acary variants and the ρ rules (`nesterov.ts`, `acary.ts`, `rho-rules.ts`)
// are the `apgd-variants` module, against their own hand-checked tests.
export default moduleStrykerConfig('apgd', [
  'plugins/apgd/src/mazhar.ts',
  'plugins/apgd/src/relaxed-problem.ts',
  'plugins/apgd/src/pass.ts',
]);
