import { moduleVitestConfig } from './vitest-module.js';

// parallel-bsr-mul*.test.ts spawns worker threads and tests a file that is not mutated here.
export default moduleVitestConfig(['core/src/linalg/**/*.test.ts'], ['core/src/linalg/parallel-bsr-mul*.test.ts']);
