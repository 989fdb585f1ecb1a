import type * as H5 from 'h5wasm';
import { isMoreauError, MoreauError } from '../contracts/errors.js';
import { fileFormatError, toFileError } from './file-errors.js';
import { loadHdf5, releaseScratch, scratchPath, summariseDiagnostics } from './hdf5-lib.js';
import type { Hdf5Lib } from './hdf5-lib.js';

// HDF5 datatype classes (H5T_class_t)
const INTEGER = 0, FLOAT = 1, STRING = 3;
// HDF5 string padding (H5T_str_t): 2 = space padded
const SPACEPAD = 2;
const CLASS_NAMES: Record<number, string> = { 0: 'integers', 1: 'real numbers', 3: 'strings', 6: 'compound data', 9: 'variable-length data' };

/**
 * Checked, typed access to the datasets of one open HDF5 file. Every method
 * takes an absolute path, and throws E_FILE_FORMAT naming the file and that
 * path when the object is missing, has the wrong type or shape, is chunked or
 * filtered, claims more bytes than the file has, or when HDF5 reported an
 * error while reading it.
 */
export class Hdf5Reader {
  constructor(
    private readonly lib: Hdf5Lib,
    private readonly f: H5.File,
    /** The file as named in messages. */
    readonly file: string,
    private readonly fileBytes: number,
  ) {}

  /** E_FILE_FORMAT at `place`. */
  error(place: string, message: string): MoreauError {
    return fileFormatError(this.file, place, message);
  }

  /**
   * Runs one h5wasm call for `place`: an exception from h5wasm, or HDF5
   * diagnostics printed during the call, become E_FILE_FORMAT at `place`.
   */
  private call<T>(place: string, fn: () => T): T {
    let out: T;
    try {
      out = fn();
    } catch (e) {
      if (isMoreauError(e)) throw e;
      const text = this.lib.takeDiagnostics();
      const why = text ? summariseDiagnostics(text) : e instanceof Error ? e.message : String(e);
      throw fileFormatError(this.file, place, `HDF5 could not read it: ${why}`, e);
    }
    const text = this.lib.takeDiagnostics();
    if (text) throw this.error(place, `HDF5 could not read it: ${summariseDiagnostics(text)}`);
    return out;
  }

  private entity(path: string): H5.Entity | null {
    return this.call(path, () => this.f.get(path));
  }

  /** True when `path` names a group. */
  isGroup(path: string): boolean {
    return this.entity(path) instanceof this.lib.h5.Group;
  }

  /** True when something (group, dataset, ...) exists at `path`. */
  has(path: string): boolean {
    return this.entity(path) !== null;
  }

  /** Throws unless `path` is a group. */
  requireGroup(path: string): void {
    const e = this.entity(path);
    if (e === null) throw this.error(path, `the group ${path} is missing`);
    if (!(e instanceof this.lib.h5.Group)) throw this.error(path, `${path} should be a group`);
  }

  private dataset(path: string, typeClass: number, what: string): { ds: H5.Dataset; md: H5.Metadata } {
    const e = this.entity(path);
    if (e === null) throw this.error(path, `the dataset ${path} is missing`);
    if (!(e instanceof this.lib.h5.Dataset)) throw this.error(path, `${path} should be a dataset`);
    const md = this.call(path, () => e.metadata);
    if (md.chunks !== null && md.chunks !== undefined) {
      throw this.error(path, 'chunked datasets are not supported (FCLIB files store contiguous datasets)');
    }
    const filters = this.call(path, () => e.filters);
    if (filters.length > 0) throw this.error(path, `filtered datasets are not supported (filter ${filters.map((x) => x.name || x.id).join(', ')})`);
    if (md.type !== typeClass || (md.vlen && typeClass !== STRING)) {
      throw this.error(path, `should hold ${what}, holds ${CLASS_NAMES[md.type] ?? `HDF5 type class ${md.type}`}${md.vlen ? ' (variable length)' : ''}`);
    }
    if (md.shape === null) throw this.error(path, 'has an empty (null) dataspace');
    if (md.shape.length > 1) throw this.error(path, `should be one-dimensional, has shape (${md.shape.join(', ')})`);
    if (md.size * md.total_size > this.fileBytes) {
      throw this.error(path, `claims ${md.size * md.total_size} bytes of data, more than the whole file (${this.fileBytes} bytes)`);
    }
    return { ds: e, md };
  }

  private numbers(path: string, typeClass: number, what: string): ArrayLike<number | bigint> {
    const { ds, md } = this.dataset(path, typeClass, what);
    if (typeClass === FLOAT && md.size !== 4 && md.size !== 8) throw this.error(path, `has ${md.size}-byte reals; expected 4 or 8`);
    if (typeClass === INTEGER && ![1, 2, 4, 8].includes(md.size)) throw this.error(path, `has ${md.size}-byte integers`);
    const v = this.call(path, () => ds.value);
    if (typeof v === 'number' || typeof v === 'bigint') return [v];
    if (v === null || typeof v !== 'object' || !('length' in v) || typeof v === 'string') throw this.error(path, `should hold ${what}`);
    return v as ArrayLike<number | bigint>;
  }

  /** An integer array (any integer width); every value must fit in an int32. */
  ints(path: string): Int32Array {
    const v = this.numbers(path, INTEGER, 'integers');
    if (v instanceof Int32Array) return v;
    const out = new Int32Array(v.length);
    for (let k = 0; k < v.length; k++) {
      const x = Number(v[k]);
      if (!(x >= -(2 ** 31) && x < 2 ** 31)) throw this.error(path, `value ${v[k]} at ${k} does not fit in a 32-bit integer`);
      out[k] = x;
    }
    return out;
  }

  /** A one-element integer dataset (FCLIB's scalars are shape (1,)). */
  int(path: string): number {
    const v = this.ints(path);
    if (v.length !== 1) throw this.error(path, `should hold one integer, holds ${v.length}`);
    return v[0];
  }

  /**
   * A real array, as Float64Array.
   * @param length the required length, when known
   * @param finite require every value to be finite (the default)
   */
  reals(path: string, length?: number, finite = true): Float64Array {
    const v = this.numbers(path, FLOAT, 'real numbers');
    if (length !== undefined && v.length !== length) throw this.error(path, `has ${v.length} values, expected ${length}`);
    const out = v instanceof Float64Array ? v : Float64Array.from(v as ArrayLike<number>);
    for (let k = 0; finite && k < out.length; k++) {
      if (!Number.isFinite(out[k])) throw this.error(path, `value ${k} is ${out[k]}: NaN or infinite values are not allowed`);
    }
    return out;
  }

  /** A string dataset (fixed-length or variable-length), decoded as UTF-8, padding removed. */
  text(path: string): string {
    const { ds, md } = this.dataset(path, STRING, 'a string');
    if (md.total_size !== 1) throw this.error(path, `should hold one string, holds ${md.total_size}`);
    if (md.vlen) {
      const v = this.call(path, () => ds.value);
      const s = Array.isArray(v) ? v[0] : v;
      if (typeof s !== 'string') throw this.error(path, 'should hold a string');
      return s;
    }
    const module = this.lib.module;
    const nbytes = md.size;
    const ptr = module._malloc(Math.max(1, nbytes));
    let bytes: Uint8Array;
    try {
      bytes = this.call(path, () => {
        module.get_dataset_data(this.f.file_id, path, null, null, null, BigInt(ptr));
        return module.HEAPU8.slice(ptr, ptr + nbytes);
      });
    } finally {
      module._free(ptr);
    }
    const nul = bytes.indexOf(0);
    let s = new TextDecoder('utf-8').decode(nul >= 0 ? bytes.subarray(0, nul) : bytes);
    if (md.strpad === SPACEPAD) s = s.replace(/ +$/, '');
    return s;
  }
}

/** Opens the scratch copy with HDF5; a file HDF5 cannot open (whatever h5wasm throws or returns) is E_FILE_FORMAT. */
function openForReading(lib: Hdf5Lib, name: string, file: string): H5.File {
  let f: H5.File;
  try {
    f = new lib.h5.File(name, 'r');
  } catch (e) {
    const text = lib.takeDiagnostics();
    throw fileFormatError(file, 'HDF5 superblock', `not a readable HDF5 file: ${text ? summariseDiagnostics(text) : String((e as Error)?.message ?? e)}`, e);
  }
  if (f.file_id < 0n) {
    throw fileFormatError(file, 'HDF5 superblock', `not a readable HDF5 file: ${summariseDiagnostics(lib.takeDiagnostics())}`);
  }
  return f;
}

/**
 * Opens HDF5 content (the bytes of a file) and runs `fn` on it; the file is
 * closed and dropped afterwards whatever happens. Anything `fn` or HDF5
 * throws comes out as a MoreauError naming `file`.
 */
export async function withHdf5<T>(bytes: Uint8Array, file: string, fn: (r: Hdf5Reader) => T): Promise<T> {
  const lib = await loadHdf5();
  const name = scratchPath('in');
  lib.takeDiagnostics();
  let f: H5.File | undefined;
  try {
    lib.fs.writeFile(name, bytes);
    f = openForReading(lib, name, file);
    return fn(new Hdf5Reader(lib, f, file, bytes.length));
  } catch (e) {
    // HDF5 printing its error stack means the content failed it; a foreign exception without that is our bug (E_INTERNAL)
    const text = lib.takeDiagnostics();
    if (text && !isMoreauError(e)) {
      throw fileFormatError(file, 'HDF5', `HDF5 could not read the file: ${summariseDiagnostics(text)}`, e);
    }
    throw toFileError(e, file, 'HDF5');
  } finally {
    releaseScratch(lib, f, name);
  }
}
