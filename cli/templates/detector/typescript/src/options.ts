import { z } from '@moreau/core';

/** The detector's options. Core validates what users write against this schema and fills the defaults. */
export const options = z.object({
  margin: z.number().nonnegative().default(0).describe('report contacts with gap at most this (a length), so near contacts enter the problem a step early'),
});

/** The options as `create` receives them: validated, defaults filled in. */
export type Options = z.output<typeof options>;
