import { fileFormatError } from './file-errors.js';
import type { CsStorage } from './loaded-problem.js';
import { ScalarEntries } from './scalar-entries.js';

/**
 * A sparse matrix as FCLIB stores it (T. Davis's CSparse `cs` struct,
 * FORMATS.md §1.2). `nz` selects the layout:
 * - `-1` compressed column: `p` has n+1 column pointers, `i` row indices;
 * - `-2` compressed row: `p` has m+1 row pointers, `i` column indices;
 * - `>= 0` triplet with `nz` entries: `i` row indices, `p` column indices.
 */
export interface CsMatrix {
  m: number;
  n: number;
  nz: number;
  nzmax: number;
  p: Int32Array;
  i: Int32Array;
  x: Float64Array;
}

/** Which CSparse layout an `nz` value selects. */
export function csLayout(nz: number): CsStorage {
  return nz === -1 ? 'csc' : nz === -2 ? 'csr' : 'triplet';
}

/**
 * Checks a `CsMatrix` (pointers start at 0 and never decrease, indices in
 * range, values finite, arrays long enough) and lists its entries.
 * `group` names the matrix group (e.g. "/fclib_local/W") in error messages.
 */
export function csEntries(A: CsMatrix, file: string, group: string): ScalarEntries {
  const { m, n, nz, p, i, x } = A;
  const bad = (dataset: string, message: string) => fileFormatError(file, `${group}/${dataset}`, message);
  if (nz < -2) throw bad('nz', `nz is ${nz}; it must be -1 (CSC), -2 (CSR) or a triplet count >= 0`);
  let count: number;
  if (nz >= 0) {
    count = nz;
    for (const [name, arr] of [['p', p], ['i', i], ['x', x]] as const) {
      if (arr.length < nz) throw bad(name, `has ${arr.length} entries, but nz = ${nz} triplets need ${nz}`);
    }
  } else {
    const outer = nz === -1 ? n : m;
    if (p.length !== outer + 1) {
      throw bad('p', `has ${p.length} entries, expected ${outer + 1} (${nz === -1 ? 'n' : 'm'} + 1 ${nz === -1 ? 'column' : 'row'} pointers)`);
    }
    if (p[0] !== 0) throw bad('p', `p[0] is ${p[0]}, expected 0`);
    for (let k = 0; k < outer; k++) {
      if (p[k + 1] < p[k]) throw bad('p', `pointers decrease at ${k + 1} (${p[k]} > ${p[k + 1]})`);
    }
    count = p[outer];
    if (i.length < count) throw bad('i', `has ${i.length} entries, but the pointers use ${count}`);
    if (x.length < count) throw bad('x', `has ${x.length} entries, but the pointers use ${count}`);
  }
  for (let k = 0; k < count; k++) {
    if (!Number.isFinite(x[k])) throw bad('x', `x[${k}] = ${x[k]}: NaN or infinite values are not allowed`);
  }
  const e = new ScalarEntries(count);
  const rowLimit = (what: string, v: number, k: number, lim: number, ds: string) => {
    if (!(v >= 0 && v < lim)) throw bad(ds, `${what} index ${v} of entry ${k} is outside 0..${lim - 1}`);
  };
  if (nz >= 0) {
    for (let k = 0; k < count; k++) {
      rowLimit('row', i[k], k, m, 'i');
      rowLimit('column', p[k], k, n, 'p');
      e.push(i[k], p[k], x[k]);
    }
  } else {
    const outer = nz === -1 ? n : m, inner = nz === -1 ? m : n;
    for (let o = 0; o < outer; o++) {
      for (let k = p[o]; k < p[o + 1]; k++) {
        rowLimit(nz === -1 ? 'row' : 'column', i[k], k, inner, 'i');
        if (nz === -1) e.push(i[k], o, x[k]);
        else e.push(o, i[k], x[k]);
      }
    }
  }
  return e;
}
