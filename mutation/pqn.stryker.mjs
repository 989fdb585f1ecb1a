import { moduleStrykerConfig } from './stryker-module.mjs';

export default moduleStrykerConfig('pqn', [
  'plugins/pqn/src/pqn.ts',
  'plugins/pqn/src/linearization.ts',
  'plugins/pqn/src/relative-delta.ts',
]);
