import { moduleStrykerConfig } from './stryker-module.mjs';

// Newton's polish of two smooth cores (ellipsoids, spheres' points), the most of detecting a bed
// of ellipsoids, pinned by its own tests and the detector's tests that reach it; and where the
// polish starts (the pair's last normal, convex-pair.ts: the scratch's look-up and smoothPair's start).
export default moduleStrykerConfig('detection-smooth', [
  'plugins/contact-detection/src/smooth-newton.ts',
  'plugins/contact-detection/src/convex-pair.ts:27-51',
  'plugins/contact-detection/src/convex-pair.ts:111-122',
]);
