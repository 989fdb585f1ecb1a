// The benchmark matrix, generated identically here and in bench/c/bsr-matvec.c
// (same xorshift32 stream, same order of draws), so both time the same numbers.
import { BlockSparseMatrix } from '@moreau/core';

/** xorshift32 from `seed`: returns the next value as an unsigned 32-bit integer. */
function xorshift32(seed) {
  let s = seed >>> 0;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return s >>> 0;
  };
}

/**
 * `rows` block rows, each with the diagonal block and `per - 1` distinct random
 * columns (sorted); values uniform in [-1, 1) with +8 on the diagonal of each
 * diagonal block; then a vector x of the same kind.
 */
export function generate(rows, per, seed) {
  const next = xorshift32(seed);
  const unit = () => (next() / 4294967296) * 2 - 1;
  const rowPtr = new Int32Array(rows + 1);
  const colIdx = new Int32Array(rows * per);
  const values = new Float64Array(9 * rows * per);
  const cols = new Int32Array(per);
  let k = 0;
  for (let i = 0; i < rows; i++) {
    cols[0] = i;
    let c = 1;
    while (c < per) {
      const j = next() % rows;
      let dup = false;
      for (let t = 0; t < c; t++) if (cols[t] === j) dup = true;
      if (!dup) cols[c++] = j;
    }
    cols.sort();
    for (let t = 0; t < per; t++, k++) {
      colIdx[k] = cols[t];
      for (let e = 0; e < 9; e++) values[9 * k + e] = unit();
      if (cols[t] === i) {
        values[9 * k] += 8;
        values[9 * k + 4] += 8;
        values[9 * k + 8] += 8;
      }
    }
    rowPtr[i + 1] = k;
  }
  const x = new Float64Array(3 * rows);
  for (let i = 0; i < 3 * rows; i++) x[i] = unit();
  return { W: new BlockSparseMatrix(rows, rowPtr, colIdx, values), x };
}

/** Σ y_i (1 + i mod 7): a position-weighted checksum, computed the same way in C. */
export function checksum(y) {
  let s = 0;
  for (let i = 0; i < y.length; i++) s += y[i] * (1 + (i % 7));
  return s;
}
