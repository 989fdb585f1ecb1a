import { moduleStrykerConfig } from './stryker-module.mjs';

// Sleeping islands: the table of who sleeps and wakes, pinned by the scenes that exercise it.
export default moduleStrykerConfig('engine-sleep', ['core/src/engine/sleep.ts']);
