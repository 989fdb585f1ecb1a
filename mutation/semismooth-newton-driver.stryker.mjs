import { moduleStrykerConfig } from './stryker-module.mjs';

// The driver (`scsol.ts`: start, the iteration's lines, the line search, FIX's bounds) and SCALE
// (`penalty.ts`), apart from the hot code of every iteration (`semismooth-newton.stryker.mjs`) so
// that each run stays short: these are run against their own tests, hand-solved one- and
// two-contact problems and a dozen steps checked against eq 64 and SCALE.
export default moduleStrykerConfig('semismooth-newton-driver', [
  'plugins/semismooth-newton/src/scsol.ts',
  'plugins/semismooth-newton/src/penalty.ts',
]);
