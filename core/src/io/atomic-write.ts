import { open, rename, unlink } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { fileIoError } from './file-errors.js';

let counter = 0;

/**
 * Writes a whole file atomically: the data goes to a new temporary file in the
 * same directory, is flushed to disk, and is then renamed over `path`. On any
 * error the temporary file is removed and `path` is left as it was, so a
 * reader never sees a half-written file. Errors are `E_FILE_IO`.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const target = resolve(path);
  const tmp = join(dirname(target), `.${basename(target)}.${process.pid}.${++counter}.tmp`);
  let handle: FileHandle | undefined;
  try {
    handle = await open(tmp, 'wx');
    await handle.writeFile(data);
    await handle.sync();
    await handle.close();
    handle = undefined;
    await rename(tmp, target);
  } catch (e) {
    await handle?.close().catch(() => undefined);
    await unlink(tmp).catch(() => undefined);
    const err = e as NodeJS.ErrnoException;
    throw fileIoError(path, `could not be written (${err.code ?? err.message})`, e);
  }
}
