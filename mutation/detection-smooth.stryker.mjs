import { moduleStrykerConfig } from './stryker-module.mjs';

// Newton's polish of two smooth cores (ellipsoids, spheres' points), the most of detecting a bed
// of ellipsoids, pinned by its own tests and the detector's tests that reach it.
export default moduleStrykerConfig('detection-smooth', ['plugins/contact-detection/src/smooth-newton.ts']);
