import { moduleVitestConfig } from './vitest-module.js';

// conformance and real-problems run the shared suites (slow, and not this plugin's own tests).
export default moduleVitestConfig(
  ['plugins/semismooth-newton/src/**/*.test.ts'],
  ['plugins/semismooth-newton/src/conformance.test.ts', 'plugins/semismooth-newton/src/real-problems.test.ts'],
);
