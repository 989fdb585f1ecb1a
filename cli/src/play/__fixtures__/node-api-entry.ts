// A module the playground's worker must refuse to bundle: it reaches a Node API.
import { join } from 'node:path';

export const joined = join('a', 'b');
