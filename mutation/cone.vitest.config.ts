import { moduleVitestConfig } from './vitest-module.js';

export default moduleVitestConfig(['core/src/cone/**/*.test.ts']);
