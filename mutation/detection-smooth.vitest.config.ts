import { moduleVitestConfig } from './vitest-module.js';

// The polish's own test (normals kept under translation), the starts' test, GJK's and the
// detector's, whose ellipsoid pairs go through it; the convex pair's own (each of its paths, and
// which of GJK and EPA each runs); and the pairs that reach its GJK and EPA paths (EPA's own
// test, a sphere off a hull's face, cylinders against round shapes).
export default moduleVitestConfig([
  'plugins/contact-detection/src/smooth-newton.test.ts',
  'plugins/contact-detection/src/last-normals.test.ts',
  'plugins/contact-detection/src/convex-pair.test.ts',
  'plugins/contact-detection/src/gjk.test.ts',
  'plugins/contact-detection/src/contact-detector.test.ts',
  'plugins/contact-detection/src/epa.test.ts',
  'plugins/contact-detection/src/sphere-hull.test.ts',
  'plugins/contact-detection/src/cylinder-pair.test.ts',
  'plugins/contact-detection/src/capsule-pairs.test.ts',
]);
