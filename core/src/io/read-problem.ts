import { readFile, stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { isMoreauError, MoreauError } from '../contracts/errors.js';
import { fileFormatError, fileIoError, toFileError } from './file-errors.js';
import { readFclib } from './fclib-reader.js';
import type { LoadedProblem, ReadProblemOptions } from './loaded-problem.js';
import { parseProblemJson } from './problem-json.js';
import { parseSiconosDat } from './siconos-dat.js';

const HDF5_SIGNATURE = [0x89, 0x48, 0x44, 0x46, 0x0d, 0x0a, 0x1a, 0x0a];
const HDF5_EXTENSIONS = new Set(['.hdf5', '.h5', '.hdf', '.he5']);

/** True when the bytes carry the HDF5 signature at offset 0, 512, 1024, 2048, ... (after a user block). */
export function hasHdf5Signature(bytes: Uint8Array): boolean {
  for (let at = 0; at + 8 <= bytes.length; at = at === 0 ? 512 : 2 * at) {
    if (HDF5_SIGNATURE.every((b, k) => bytes[at + k] === b)) return true;
  }
  return false;
}

function detectFormat(bytes: Uint8Array, file: string): 'fclib' | 'siconos-dat' | 'json' {
  if (hasHdf5Signature(bytes)) return 'fclib';
  const ext = extname(file).toLowerCase();
  if (HDF5_EXTENSIONS.has(ext)) {
    throw fileFormatError(file, 'HDF5 signature', `the name ends in ${ext} but the content has no HDF5 signature (not an HDF5 file, or damaged at the start)`);
  }
  if (ext === '.json') return 'json';
  for (let k = 0; k < bytes.length; k++) {
    const c = bytes[k];
    if (c === 0x20 || (c >= 0x09 && c <= 0x0d) || c === 0xef || c === 0xbb || c === 0xbf) continue;
    return c === 0x7b ? 'json' : 'siconos-dat';
  }
  return 'siconos-dat';
}

/**
 * Reads a problem from the bytes of a file. The format is detected from the
 * content (HDF5 signature → FCLIB; `{` → JSON; otherwise Siconos `.dat`
 * text) unless `options.format` says it. Every failure is a MoreauError:
 * E_FILE_FORMAT naming `file` and the place in it for a bad file
 * (E_TOO_LARGE past the memory budget), E_INTERNAL for a bug in a reader.
 * @param file the path or name shown in messages; its base name names the problem
 */
export async function loadProblem(bytes: Uint8Array, file: string, options: ReadProblemOptions = {}): Promise<LoadedProblem> {
  const name = basename(file);
  if (bytes.length === 0) throw fileFormatError(file, 'start of file', 'the file is empty');
  try {
    const format = options.format ?? detectFormat(bytes, file);
    if (format === 'fclib') {
      const p = await readFclib(bytes, file, name);
      return { ...p, file };
    }
    if (format === 'json') {
      const text = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
      const j = parseProblemJson(text, file, name);
      return { problem: j.problem, file, format: 'json', kind: 'local', storage: j.storage, ...(j.info ? { info: j.info } : {}), ...(j.solution ? { solution: j.solution } : {}) };
    }
    const d = parseSiconosDat(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'), file, name);
    const out: LoadedProblem = { problem: d.problem, file, format: 'siconos-dat', kind: 'local', storage: d.storage };
    if (d.trailingFlag !== undefined) out.trailingFlag = d.trailingFlag;
    return out;
  } catch (e) {
    throw toFileError(e, file, 'content');
  }
}

/**
 * Reads a frictional contact problem file: FCLIB HDF5 (local, or global
 * reduced to local form), Siconos `.dat` text (dense or sparse-block W), or
 * the JSON problem format (docs/problem-json.md).
 *
 * A file that cannot be read (missing, a directory, no permission) is
 * E_FILE_IO; a bad file (empty, truncated, wrong sizes, indices out of range,
 * NaN or Inf, negative μ, missing groups, unsupported kinds) is E_FILE_FORMAT
 * with `where.file` and `where.place` (dataset, line or token). A failure of
 * the reader itself (an exception it did not mean to throw) is E_INTERNAL,
 * with the exception as `cause`. No other exception escapes, and no partial
 * result is returned.
 */
export async function readProblem(path: string, options: ReadProblemOptions = {}): Promise<LoadedProblem> {
  let bytes: Uint8Array;
  try {
    const st = await stat(path);
    if (st.isDirectory()) throw fileIoError(path, 'is a directory, not a problem file');
    if (!st.isFile()) throw fileIoError(path, 'is not a regular file');
    bytes = await readFile(path);
  } catch (e) {
    if (isMoreauError(e)) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw fileIoError(path, code === 'ENOENT' ? 'does not exist' : `could not be read (${code ?? (e as Error).message})`, e);
  }
  return loadProblem(bytes, path, options);
}
