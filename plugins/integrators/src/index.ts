import implicitEuler from './implicit-euler.js';
import linearlyImplicit from './linearly-implicit.js';
import moreauMidpoint from './moreau-midpoint.js';

export { implicitEuler, linearlyImplicit, moreauMidpoint };
export { contactLaw, normalBias, impactOptions, type ContactLaw, type ImpactOptions } from './impact-law.js';
export { midpointStep } from './midpoint-step.js';
export { implicitEulerStep } from './implicit-euler.js';

/** The package's integrators; the plugin loader registers every one. */
export const plugins = [moreauMidpoint, linearlyImplicit, implicitEuler];

export default moreauMidpoint;
