import { createRegistry, type PluginRegistry } from '@moreau/core';
import detector from '@moreau/contact-detection';
import gaussSeidel from '@moreau/gauss-seidel';
import rigid from '@moreau/kinematics-rigid';
import { plugins } from '../index.js';

/** A registry with the real plugins a simulation needs: rigid bodies, the detector, Gauss–Seidel, the integrators. */
export function simulationRegistry(): PluginRegistry {
  const registry = createRegistry();
  for (const p of [rigid, detector, gaussSeidel, ...plugins]) registry.register(p, 'test');
  return registry;
}
