import { createRegistry } from '../../run/builtins.js';
import type { IntegratorPlugin } from '../../contracts/plugin.js';
import { isotropicGsPlugin } from './isotropic-gs.js';
import { pointMassPlugin } from './point-mass.js';
import { sphereDetectorPlugin } from './sphere-detector.js';
import { midpointFixture } from './midpoint.js';

/** A registry with core's merits and the engine's test doubles. */
export function fixtureRegistry(extra: IntegratorPlugin[] = []) {
  const registry = createRegistry();
  for (const p of [isotropicGsPlugin, pointMassPlugin, sphereDetectorPlugin, midpointFixture, ...extra]) registry.register(p, 'fixtures');
  return registry;
}

/** The config that runs on the test doubles. */
export const fixtureConfig = {
  solver: { name: 'isotropic-gs' },
  integrator: { name: 'moreau-midpoint' },
  detector: { name: 'spheres' },
};
