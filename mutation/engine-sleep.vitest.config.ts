import { moduleVitestConfig } from './vitest-module.js';

export default moduleVitestConfig(['core/src/engine/sleep.test.ts', 'plugins/integrators/src/sleep-scenes.test.ts']);
