import { moduleVitestConfig } from './vitest-module.js';

// shared-problems.test.ts reads the external problem collection (absent in Stryker's sandbox).
export default moduleVitestConfig(['core/src/io/**/*.test.ts'], ['core/src/io/shared-problems.test.ts']);
