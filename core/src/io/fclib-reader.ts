import { FrictionContactProblem } from '../problem/friction-contact-problem.js';
import { csEntries, csLayout } from './cs-matrix.js';
import { asFileFormat } from './file-errors.js';
import { readCsMatrix, readHints, readInfo, readSpacedim } from './fclib-common.js';
import { reduceGlobal } from './global-reduction.js';
import { withHdf5 } from './hdf5-reader.js';
import type { Hdf5Reader } from './hdf5-reader.js';
import type { LoadedProblem } from './loaded-problem.js';
import { blockMatrixFromEntries } from './scalar-entries.js';

/** A problem read from an FCLIB file, before the path is attached. */
export type FclibProblem = Omit<LoadedProblem, 'file'>;

function readMu(r: Hdf5Reader, path: string, nc: number): Float64Array {
  const mu = r.reals(path, nc);
  for (let a = 0; a < nc; a++) {
    if (mu[a] < 0) throw r.error(path, `mu[${a}] = ${mu[a]} is negative; friction coefficients must be >= 0`);
  }
  return mu;
}

/** `/fclib_local`: W, q, mu (FORMATS.md §1.3, checklist §1.6). */
function readLocal(r: Hdf5Reader, name: string): FclibProblem {
  const g = '/fclib_local';
  readSpacedim(r, g);
  for (const extra of ['V', 'R']) {
    if (r.has(`${g}/${extra}`)) throw r.error(`${g}/${extra}`, 'mixed local problems (with V and R) are not supported');
  }
  const A = readCsMatrix(r, `${g}/W`);
  if (A.m !== A.n) throw r.error(`${g}/W`, `W is ${A.m}x${A.n}; it must be square`);
  if (A.m % 3 !== 0) throw r.error(`${g}/W`, `W has ${A.m} rows, not a multiple of spacedim = 3`);
  const nc = A.m / 3;
  const q = r.reals(`${g}/vectors/q`, A.m);
  const mu = readMu(r, `${g}/vectors/mu`, nc);
  const entries = csEntries(A, r.file, `${g}/W`);
  const problem = asFileFormat(r.file, `${g}/W`, () => new FrictionContactProblem(blockMatrixFromEntries(nc, entries), q, mu, name));
  const out: FclibProblem = { problem, format: 'fclib-local', kind: 'local', storage: csLayout(A.nz) };
  const info = readInfo(r, g);
  if (info) out.info = info;
  return Object.assign(out, readHints(r, A.m, 0));
}

/** `/fclib_global` without G, reduced to local form (FORMATS.md §1.5). */
function readGlobal(r: Hdf5Reader, name: string): FclibProblem {
  const g = '/fclib_global';
  readSpacedim(r, g);
  if (r.has(`${g}/G`)) {
    throw r.error(`${g}/G`, 'global problems with equality constraints (G, b) are not supported; only M, H, f, w, mu');
  }
  const M = readCsMatrix(r, `${g}/M`);
  if (M.m !== M.n) throw r.error(`${g}/M`, `M is ${M.m}x${M.n}; it must be square`);
  const H = readCsMatrix(r, `${g}/H`);
  if (H.m !== M.m) throw r.error(`${g}/H`, `H has ${H.m} rows, but M has ${M.m}`);
  if (H.n % 3 !== 0) throw r.error(`${g}/H`, `H has ${H.n} columns, not a multiple of spacedim = 3`);
  const nv = M.m, nr = H.n, nc = nr / 3;
  const f = r.reals(`${g}/vectors/f`, nv);
  const w = r.reals(`${g}/vectors/w`, nr);
  const mu = readMu(r, `${g}/vectors/mu`, nc);
  const mEntries = csEntries(M, r.file, `${g}/M`);
  const hEntries = csEntries(H, r.file, `${g}/H`);
  const t0 = performance.now();
  const red = reduceGlobal({ nv, nr, M: mEntries, H: hEntries, f, w }, r.file);
  const ms = performance.now() - t0;
  const problem = asFileFormat(r.file, `${g} (reduced)`, () => new FrictionContactProblem(red.W, red.q, mu, name));
  const out: FclibProblem = {
    problem,
    format: 'fclib-global',
    kind: 'global',
    storage: 'reduced',
    reduction: {
      nv, nr,
      mEntries: mEntries.length, hEntries: hEntries.length,
      mStorage: csLayout(M.nz), hStorage: csLayout(H.nz),
      mBlocks: red.mBlocks, largestMBlock: red.largestMBlock,
      cholesky: red.cholesky, lu: red.lu,
      ms,
    },
  };
  const info = readInfo(r, g);
  if (info) out.info = info;
  return Object.assign(out, readHints(r, nr, nv));
}

/**
 * Reads an FCLIB HDF5 problem from the bytes of a file: `/fclib_local`
 * when present, else `/fclib_global` (reduced to local form). Rolling
 * friction and mixed local problems are refused.
 */
export function readFclib(bytes: Uint8Array, file: string, name: string): Promise<FclibProblem> {
  return withHdf5(bytes, file, (r) => {
    if (r.isGroup('/fclib_local')) return readLocal(r, name);
    if (r.isGroup('/fclib_global')) return readGlobal(r, name);
    if (r.has('/fclib_global_rolling')) throw r.error('/fclib_global_rolling', 'problems with rolling friction are not supported');
    throw r.error('/', 'no FCLIB problem group: expected /fclib_local or /fclib_global');
  });
}
