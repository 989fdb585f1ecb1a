// @ts-check
import { z } from '@moreau/core';

/** The integrator's options. Core validates what users write against this schema and fills the defaults. */
export const options = z.object({
  predictive: z.boolean().default(true)
    .describe('a contact enters the step while it can still close within it (the detector is asked to look one step ahead); false: the detector\'s margin alone'),
  stabilization: z.number().min(0).max(1).default(1)
    .describe('share of a penetration removed per step by moving the bodies apart (a position correction, no velocity added); 0: none'),
});
