import { defineDetector, z } from '@moreau/core/contracts';
import { ConvexContactDetector } from './contact-detector.js';

export const options = z.object({
  margin: z.number().nonnegative().optional()
    .describe('report contacts with gap at most this (length), so near contacts enter the problem a step early (harmless with the quasi-inelastic law); default: relativeMargin times the smallest free body'),
  relativeMargin: z.number().nonnegative().default(0.01)
    .describe('when margin is not given: the margin as a fraction of the smallest free body (sphere or capsule radius, the lesser of a cylinder radius and half length, smallest box half extent or ellipsoid semi-axis, half the least width of a hull); resting contacts at gap 0 then stay detected instead of flickering with rounding'),
  manifold: z.enum(['full', 'one-per-face']).default('full')
    .describe("full: a face contact gives up to 4 points (the overlap's corners); one-per-face: one point at the overlap's area centroid with the pair's least gap, and edge or corner touches between faces give none (paper 004's contact surfaces, Appendix; its Table 1 counts)"),
  broadPhase: z.enum(['sweep-and-prune', 'brute-force']).default('sweep-and-prune')
    .describe('sweep-and-prune: sorted bounding boxes kept from step to step; brute-force: every pair (the reference the sweep is tested against)'),
});

export type ContactDetectionPluginOptions = z.output<typeof options>;
export { ConvexContactDetector, type ContactDetectionOptions, type DetectionStats } from './contact-detector.js';
export { CLOSEST_FEATURES, EDGE_FEATURES, FACE_FEATURES, SUPPORT_FEATURES } from './box-box.js';
export { RIGID_TOLERANCE } from './world-bodies.js';

export default defineDetector({
  name: 'contact-detection',
  summary: 'sweep-and-prune broad phase; spheres, capsules, ellipsoids, cylinders, boxes, convex hulls and planes: analytic pair routines, separating axes + face clipping for polytopes and cylinder faces, GJK/EPA on support functions for the rest',
  core: '^0.1.0',
  // Ellipsoids and hulls under any linear map with det > 0; spheres and boxes too, taken as the ellipsoids and hulls they become.
  supports: { shapes: ['sphere', 'capsule', 'ellipsoid', 'cylinder', 'box', 'hull', 'plane'], affine: ['sphere', 'ellipsoid', 'box', 'hull'] },
  options,
  create: (opts) => new ConvexContactDetector(opts),
});
