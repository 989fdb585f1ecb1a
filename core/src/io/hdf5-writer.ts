import type * as H5 from 'h5wasm';
import { MoreauError } from '../contracts/errors.js';
import { loadHdf5, releaseScratch, scratchPath, summariseDiagnostics } from './hdf5-lib.js';

/** One dataset to write: an h5wasm dtype string (`<i`, `<d`, `A<len>`), a shape, the data. */
export interface H5DatasetSpec {
  readonly dataset: true;
  dtype: string;
  shape: number[];
  data: Int32Array | Float64Array | string;
  /** Chunk shape and gzip level: never used by our writers, only to make test files. */
  chunks?: number[];
  compression?: number;
}

/** A group: named sub-groups and datasets, written in key order. */
export interface H5GroupSpec {
  [name: string]: H5GroupSpec | H5DatasetSpec;
}

/** Dataset specs in the layout FCLIB's C API writes (FORMATS.md §1.1). */
export const h5data = {
  /** An int scalar as FCLIB stores it: a 32-bit dataset of shape (1,). */
  int: (v: number): H5DatasetSpec => ({ dataset: true, dtype: '<i', shape: [1], data: Int32Array.of(v) }),
  ints: (a: Int32Array): H5DatasetSpec => ({ dataset: true, dtype: '<i', shape: [a.length], data: a }),
  reals: (a: Float64Array): H5DatasetSpec => ({ dataset: true, dtype: '<d', shape: [a.length], data: a }),
  /** A null-terminated fixed-length string with a scalar dataspace (what HDF5's H5LTmake_dataset_string writes). */
  text: (s: string): H5DatasetSpec => ({ dataset: true, dtype: `A${new TextEncoder().encode(s).length + 1}`, shape: [], data: s }),
};

function isDataset(x: H5GroupSpec | H5DatasetSpec): x is H5DatasetSpec {
  return (x as H5DatasetSpec).dataset === true;
}

function writeGroup(g: H5.Group, spec: H5GroupSpec): void {
  for (const [name, child] of Object.entries(spec)) {
    if (isDataset(child)) {
      g.create_dataset({
        name,
        data: child.data,
        shape: child.shape,
        dtype: child.dtype,
        ...(child.chunks ? { chunks: child.chunks, maxshape: child.shape } : {}),
        ...(child.compression !== undefined ? { compression: child.compression } : {}),
      });
    } else {
      g.create_group(name);
      writeGroup(g.get(name) as H5.Group, child);
    }
  }
}

/**
 * Encodes a tree of groups and datasets as the bytes of an HDF5 file, using
 * the oldest file-format versions (superblock 0, as the FCLIB and Siconos
 * files are) so that any HDF5 from 1.8 on reads it.
 */
export async function encodeHdf5(tree: H5GroupSpec): Promise<Uint8Array> {
  const lib = await loadHdf5();
  const name = scratchPath('out');
  lib.takeDiagnostics();
  let f: H5.File | undefined;
  try {
    f = new lib.h5.File(name, 'w', { libver: ['earliest', 'v108'] });
    if (f.file_id < 0n) throw new Error('could not create the file');
    writeGroup(f, tree);
    f.close();
    f = undefined;
    const diagnostics = lib.takeDiagnostics();
    if (diagnostics) throw new Error(summariseDiagnostics(diagnostics));
    return lib.fs.readFile(name);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw new MoreauError('E_FILE_IO', `HDF5 encoding failed: ${why}`, undefined, { cause: e });
  } finally {
    releaseScratch(lib, f, name);
  }
}
