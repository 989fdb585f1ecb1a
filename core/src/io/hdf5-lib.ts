import type * as H5 from 'h5wasm';
import { MoreauError } from '../contracts/errors.js';

/** The few calls of Emscripten's in-memory file system used here. */
interface EmStream {
  fd: number;
  position: number;
}
interface EmFs {
  writeFile(path: string, data: Uint8Array): void;
  readFile(path: string, opts: { encoding: 'utf8' }): string;
  readFile(path: string): Uint8Array;
  unlink(path: string): void;
  open(path: string, flags: string): EmStream;
  close(stream: EmStream): void;
  truncate(path: string, length: number): void;
  streams: (EmStream | null | undefined)[];
}

/** The loaded HDF5 library: h5wasm's high-level classes, its module, its file system. */
export interface Hdf5Lib {
  h5: typeof H5;
  module: Awaited<typeof H5.ready>;
  fs: EmFs;
  /** HDF5's diagnostics since the last call, cleared ('' when there were none). */
  takeDiagnostics(): string;
}

const DIAGNOSTICS = '/moreau-hdf5-diagnostics.txt';
let loading: Promise<Hdf5Lib> | undefined;
let fileCounter = 0;

/**
 * Loads h5wasm on first use (it is 4 MB of JavaScript and WebAssembly, so
 * importing @moreau/core does not load it).
 *
 * The in-memory build is used, not the one that opens host paths: files are
 * read with node's fs (so I/O errors are ours to report) and handed to HDF5
 * under a fresh name each time, so a handle leaked by a corrupt file can never
 * serve stale data to a later read of the same path.
 *
 * HDF5 prints its error stack to the C stderr. That stream is redirected into
 * an in-memory file: nothing reaches the terminal, and any output there after
 * a call is the signal that HDF5 failed (h5wasm does not check every status
 * code), with the text for our message. h5wasm's "throwing error handler"
 * is deliberately not used: every exception it throws through the
 * WebAssembly frames leaks a little of the wasm stack, which breaks the
 * module after a few thousand errors.
 */
export function loadHdf5(): Promise<Hdf5Lib> {
  loading ??= (async () => {
    try {
      const h5 = await import('h5wasm');
      const module = await h5.ready;
      const fs = module.FS as unknown as EmFs;
      const old = fs.streams[2];
      if (old) fs.close(old);
      // open() takes the lowest free descriptor, which is now 2 (stderr)
      const stream = fs.open(DIAGNOSTICS, 'w+');
      const takeDiagnostics = (): string => {
        if (stream.fd !== 2 || stream.position === 0) return '';
        const text = fs.readFile(DIAGNOSTICS, { encoding: 'utf8' });
        fs.truncate(DIAGNOSTICS, 0);
        stream.position = 0;
        return text;
      };
      return { h5, module, fs, takeDiagnostics };
    } catch (e) {
      loading = undefined;
      throw new MoreauError('E_FILE_IO', `the HDF5 library (h5wasm) could not be loaded: ${(e as Error).message}`, undefined, { cause: e });
    }
  })();
  return loading;
}

/** A fresh path in the in-memory file system. */
export function scratchPath(kind: 'in' | 'out'): string {
  return `/moreau-${kind}-${++fileCounter}.h5`;
}

/**
 * The useful line of an HDF5 error stack: the description of its deepest
 * entry (e.g. "truncated file: eof = 30000, ..., stored_eof = 58704").
 */
export function summariseDiagnostics(text: string): string {
  let last = '';
  for (const line of text.split('\n')) {
    const m = /#\d+: .* in [^(]*\(\): (.*)$/.exec(line);
    if (m) last = m[1].trim();
  }
  return last || text.trim().split('\n')[0]?.slice(0, 200) || 'unknown HDF5 error';
}

/**
 * Closes an HDF5 file (if opened), removes its scratch file (if created) and drops
 * any diagnostics left behind. Never throws: it runs in `finally` blocks, where a
 * corrupt file may fail to close and the first error is the one to report.
 */
export function releaseScratch(lib: Hdf5Lib, file: { close(): unknown } | undefined, name: string): void {
  try {
    file?.close();
  } catch {
    // a corrupt or half-written file may fail to close; its handle goes with the scratch file
  }
  try {
    lib.fs.unlink(name);
  } catch {
    // never created
  }
  lib.takeDiagnostics();
}
