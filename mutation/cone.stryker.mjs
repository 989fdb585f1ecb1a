import { moduleStrykerConfig } from './stryker-module.mjs';

export default moduleStrykerConfig('cone', ['core/src/cone/**/*.ts', '!core/src/cone/**/*.test.ts', '!core/src/cone/index.ts']);
