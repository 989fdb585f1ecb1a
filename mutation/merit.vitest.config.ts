import { moduleVitestConfig } from './vitest-module.js';

export default moduleVitestConfig(['core/src/merit/**/*.test.ts']);
