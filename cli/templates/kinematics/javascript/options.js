// @ts-check
import { z } from '@moreau/core';

/**
 * The model's options: none yet. Users set a kinematics' options per plugin name in the
 * config (`"kinematics": { "<name>": { ... } }`); give every option you add a default.
 */
export const options = z.object({});
