import { moduleVitestConfig } from './vitest-module.js';

// The plugin's unit tests and the shared problems; the conformance suites are left out (a
// mutant that slows a solve only times the property runs out).
export default moduleVitestConfig([
  'plugins/pd-ip/src/lorentz.test.ts', 'plugins/pd-ip/src/pd-ip.test.ts', 'plugins/pd-ip/src/real-problems.test.ts',
]);
