import { moduleStrykerConfig } from './stryker-module.mjs';

export default moduleStrykerConfig('semismooth-newton', [
  'plugins/semismooth-newton/src/contact-rows.ts',
  'plugins/semismooth-newton/src/newton-system.ts',
  'plugins/semismooth-newton/src/scsol.ts',
  'plugins/semismooth-newton/src/constraints.ts',
  'plugins/semismooth-newton/src/penalty.ts',
]);
