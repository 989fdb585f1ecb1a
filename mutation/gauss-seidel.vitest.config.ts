import { moduleVitestConfig } from './vitest-module.js';

// conformance and real-problems run the shared suites (slow, and not this plugin's own tests).
export default moduleVitestConfig(
  ['plugins/gauss-seidel/src/**/*.test.ts'],
  ['plugins/gauss-seidel/src/conformance.test.ts', 'plugins/gauss-seidel/src/real-problems.test.ts'],
);
