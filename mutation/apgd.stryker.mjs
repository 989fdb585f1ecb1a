import { moduleStrykerConfig } from './stryker-module.mjs';

export default moduleStrykerConfig('apgd', [
  'plugins/apgd/src/pass.ts',
  'plugins/apgd/src/nesterov.ts',
  'plugins/apgd/src/mazhar.ts',
  'plugins/apgd/src/acary.ts',
  'plugins/apgd/src/relaxed-problem.ts',
  'plugins/apgd/src/rho-rules.ts',
]);
