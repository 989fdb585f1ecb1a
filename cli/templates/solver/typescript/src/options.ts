import { z } from '@moreau/core';

/** The solver's options. Core validates what users write against this schema and fills the defaults. */
export const options = z.object({
  tolerance: z.number().positive().default(1e-6).describe('stop when the merit is at or below this'),
  maxIterations: z.number().int().positive().default(10_000).describe('iteration cap'),
  merit: z.string().min(1).default('siconos').describe('registered merit function measuring the error'),
});

/** The options as `create` receives them: validated, defaults filled in. */
export type Options = z.output<typeof options>;
