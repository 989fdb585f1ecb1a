// The plugin's manifest: its name, what it supports, its options. The algorithm is next door.
import { defineSolver, z } from '@moreau/core';
import { ProjectedJacobi } from './projected-jacobi.js';

export const options = z.object({
  tolerance: z.number().positive().default(1e-6).describe('stop when the merit is at or below this'),
  maxIterations: z.number().int().positive().default(10_000).describe('iteration cap'),
  merit: z.string().min(1).default('siconos').describe('registered merit function measuring the error'),
});

export default defineSolver({
  name: 'projected-jacobi',
  summary: 'projected Jacobi on the De Saxcé fixed point, step 1/‖W‖ (Gershgorin)',
  core: '^0.1.0',
  supports: { warmStart: true, cone: 'coulomb', friction: true },
  options,
  create: (opts, ctx) => new ProjectedJacobi(opts, ctx),
});
