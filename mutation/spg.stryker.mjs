import { moduleStrykerConfig } from './stryker-module.mjs';

// P-SPG-FB (the project's chain's last link) and its pieces, pinned by the plugin's own tests.
export default moduleStrykerConfig('spg', [
  'plugins/spg/src/nonmonotone.ts', 'plugins/spg/src/preconditioner.ts', 'plugins/spg/src/shifted-problem.ts',
  'plugins/spg/src/spg-pass.ts', 'plugins/spg/src/spg-solver.ts',
]);
