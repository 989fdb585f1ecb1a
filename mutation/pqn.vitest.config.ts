import { moduleVitestConfig } from './vitest-module.js';

// conformance and real-problems run the shared suites (slow, and not this plugin's own tests).
export default moduleVitestConfig(
  ['plugins/pqn/src/**/*.test.ts'],
  ['plugins/pqn/src/conformance.test.ts', 'plugins/pqn/src/real-problems.test.ts'],
);
