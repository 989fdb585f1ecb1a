// @ts-check
// The plugin's manifest: its name, what it supports, its options. The algorithm is next door.
import { defineSolver } from '@moreau/core';
import { options } from './options.js';
import { ProjectedJacobi } from './projected-jacobi.js';

export default defineSolver({
  name: 'projected-jacobi',
  summary: 'projected Jacobi on the De Saxcé fixed point, step 1/‖W‖ (Gershgorin)',
  core: '^0.1.0',
  supports: { warmStart: true, cone: 'coulomb', friction: true },
  options,
  create: (opts, ctx) => new ProjectedJacobi(opts, ctx),
});
