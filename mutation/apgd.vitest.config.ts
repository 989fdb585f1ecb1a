import { moduleVitestConfig } from './vitest-module.js';

// conformance runs the shared suite (slow, and not this plugin's own tests).
export default moduleVitestConfig(['plugins/apgd/src/**/*.test.ts'], ['plugins/apgd/src/conformance.test.ts']);
