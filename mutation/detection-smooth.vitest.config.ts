import { moduleVitestConfig } from './vitest-module.js';

// The polish's own test (normals kept under translation), the starts' test, and GJK's and the
// detector's, whose ellipsoid pairs go through it.
export default moduleVitestConfig([
  'plugins/contact-detection/src/smooth-newton.test.ts',
  'plugins/contact-detection/src/last-normals.test.ts',
  'plugins/contact-detection/src/gjk.test.ts',
  'plugins/contact-detection/src/contact-detector.test.ts',
]);
