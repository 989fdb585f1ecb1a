export { convexHull, type ConvexHull } from './convex-hull.js';
export { solidMass, type SolidMass } from './solid-mass.js';
export { principalHull, toPrincipalFrame, type PrincipalHull } from './principal-hull.js';
export { completeFrame } from './contact-frame.js';
