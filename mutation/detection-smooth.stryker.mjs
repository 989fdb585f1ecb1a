import { moduleStrykerConfig } from './stryker-module.mjs';

// Newton's polish of two smooth cores (ellipsoids, spheres' points), the most of detecting a bed
// of ellipsoids, pinned by its own tests and the detector's tests that reach it; and the convex
// pair that starts it (from the pair's last normal or the line of centres) and falls back on GJK
// and EPA.
export default moduleStrykerConfig('detection-smooth', [
  'plugins/contact-detection/src/smooth-newton.ts',
  'plugins/contact-detection/src/convex-pair.ts',
]);
