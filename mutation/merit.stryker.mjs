import { moduleStrykerConfig } from './stryker-module.mjs';

export default moduleStrykerConfig('merit', ['core/src/merit/**/*.ts', '!core/src/merit/**/*.test.ts', '!core/src/merit/index.ts']);
