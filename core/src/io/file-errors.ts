import { isMoreauError, MoreauError } from '../contracts/errors.js';

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
 * `E_INTERNAL` for an exception a reader did not mean to throw while reading
 * `file` (a TypeError, a RangeError from an allocation a missing check let
 * through): a bug in the reader, which must not reach the user as "bad file".
 */
export function internalReadError(file: string, e: unknown): MoreauError {
  const text = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  return new MoreauError('E_INTERNAL', `internal error while reading ${file}: ${text.split('\n')[0].slice(0, 200)} — please report this`, { file }, { cause: e });
}

/**
 * Turns anything thrown while reading `file` into a `MoreauError`: file errors
 * pass through, other Moreau errors (E_PROBLEM_SHAPE, E_NOT_FINITE,
 * E_INVALID_MU from the problem's own validation) become E_FILE_FORMAT with
 * the original kept as `cause`. A foreign exception is not taken for a bad
 * file: the readers turn the foreign failures that are about the content
 * (JSON syntax, HDF5's own errors) into E_FILE_FORMAT where they happen, so
 * whatever arrives here unconverted is a bug and becomes E_INTERNAL.
 */
export function toFileError(e: unknown, file: string, place: string): MoreauError {
  if (isMoreauError(e)) {
    // Refusals that are not about the content (too large for the memory budget, a bad budget setting, a bug) keep their code.
    if (e.code === 'E_FILE_FORMAT' || e.code === 'E_FILE_IO' || e.code === 'E_TOO_LARGE' || e.code === 'E_USAGE' || e.code === 'E_INTERNAL') return e;
    return fileFormatError(file, place, e.message, e);
  }
  return internalReadError(file, e);
}

/** Runs `fn`, converting whatever it throws with `toFileError`. */
export function asFileFormat<T>(file: string, place: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    throw toFileError(e, file, place);
  }
}
