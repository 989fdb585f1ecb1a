// @ts-check
import { z } from '@moreau/core';

/**
 * The merit's options: none yet. A merit is created with its defaults wherever a solver names it
 * (`ctx.merit(name)`), so give every option you add a default.
 */
export const options = z.object({});
