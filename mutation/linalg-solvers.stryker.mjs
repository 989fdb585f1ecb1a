import { moduleStrykerConfig } from './stryker-module.mjs';
import { linalgSolvers } from './linalg.stryker.mjs';

export default moduleStrykerConfig('linalg-solvers', [...linalgSolvers, '!core/src/linalg/**/*.test.ts']);
