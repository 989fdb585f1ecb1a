import { MoreauError } from '../plugin/errors.js';

/**
 * `E_FILE_FORMAT` naming the file and the place in it (dataset, line, token),
 * as every reader reports a bad file.
 */
export function fileFormatError(file: string, place: string, message: string, cause?: unknown): MoreauError {
  return new MoreauError('E_FILE_FORMAT', `${file} (${place}): ${message}`, { file, place }, cause === undefined ? undefined : { cause });
}

/** `E_FILE_IO` for a file that cannot be read or written at all. */
export function fileIoError(file: string, message: string, cause?: unknown): MoreauError {
  return new MoreauError('E_FILE_IO', `${file}: ${message}`, { file }, cause === undefined ? undefined : { cause });
}

/**
 * Turns anything thrown while reading `file` into a `MoreauError`: file errors
 * pass through, other Moreau errors (E_PROBLEM_SHAPE, E_NOT_FINITE,
 * E_INVALID_MU from the problem's own validation) become E_FILE_FORMAT with
 * the original kept as `cause`, and foreign exceptions (from h5wasm, say)
 * become E_FILE_FORMAT too, so a reader never leaks another exception type.
 */
export function toFileError(e: unknown, file: string, place: string): MoreauError {
  if (e instanceof MoreauError) {
    // Refusals that are not about the content (too large for the memory budget, a bad budget setting) keep their code.
    if (e.code === 'E_FILE_FORMAT' || e.code === 'E_FILE_IO' || e.code === 'E_TOO_LARGE' || e.code === 'E_USAGE') return e;
    return fileFormatError(file, place, e.message, e);
  }
  const text = e instanceof Error ? e.message : String(e);
  return fileFormatError(file, place, `unreadable content (${text.split('\n')[0].slice(0, 200)})`, e);
}

/** Runs `fn`, converting whatever it throws with `toFileError`. */
export function asFileFormat<T>(file: string, place: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    throw toFileError(e, file, place);
  }
}
