import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileIoError } from './file-errors.js';

/**
 * Creates `dir` and the folders missing above it, one at a time. Not `mkdir(…, { recursive:
 * true })`: on a pseudo-filesystem that refuses new entries (`/proc/x` on Linux) Node's
 * recursive mkdir loops for ever, where a plain mkdir answers ENOENT at once. An existing
 * folder is fine; anything else is E_FILE_IO naming the folder and the system's reason.
 */
export function makeFolder(dir: string): void {
  const missing: string[] = [];
  for (let d = resolve(dir); !existsSync(d); d = dirname(d)) {
    missing.unshift(d);
    if (dirname(d) === d) break;
  }
  for (const d of missing) {
    try {
      mkdirSync(d);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') continue;
      const where = d === missing[missing.length - 1] ? '' : `, creating ${d}`;
      throw fileIoError(dir, `could not be created (${code ?? (e as Error).message}${where})`, e);
    }
  }
}
