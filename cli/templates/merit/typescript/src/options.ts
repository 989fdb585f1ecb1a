import { z } from '@moreau/core';

/**
 * The merit's options: none yet. A merit is created with its defaults wherever a solver names it
 * (`ctx.merit(name)`), so give every option you add a default.
 */
export const options = z.object({});

/** The options as `create` receives them: validated, defaults filled in. */
export type Options = z.output<typeof options>;
