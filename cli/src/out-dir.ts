import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { MoreauError } from '@moreau/core';

/**
 * Checks, without creating anything, that `dir` can serve as an output folder: it is
 * a writable folder, or it does not exist and its nearest existing ancestor is a
 * writable folder (so it can be created). Run before a long computation, so a typo
 * fails in a second, not after an hour.
 */
export function checkOutputFolder(dir: string, flag = '--out'): void {
  if (existsSync(dir)) {
    if (!statSync(dir).isDirectory()) throw new MoreauError('E_USAGE', `${flag} ${dir} is a file; give a folder (it is created if missing).`, { file: dir });
    requireWritable(dir, `${flag} ${dir}`);
    return;
  }
  let parent = dirname(dir);
  while (!existsSync(parent) && dirname(parent) !== parent) parent = dirname(parent);
  if (!statSync(parent).isDirectory()) {
    throw new MoreauError('E_USAGE', `${flag} ${dir} cannot be created: ${parent} is a file.`, { file: dir });
  }
  requireWritable(parent, `${flag} ${dir} cannot be created: ${parent}`);
}

function requireWritable(dir: string, what: string): void {
  try {
    accessSync(dir, constants.W_OK | constants.X_OK);
  } catch {
    throw new MoreauError('E_FILE_IO', `${what} is not writable.`, { file: dir });
  }
}
