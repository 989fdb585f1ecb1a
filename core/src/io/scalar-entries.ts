import { BLOCK, BlockSparseMatrix } from '../problem/block-sparse-matrix.js';
import { MoreauError } from '../contracts/errors.js';

/**
 * A growable list of scalar matrix entries (row, column, value) in coordinate
 * form: what every file layout (dense, sparse-block, CSR, CSC, triplet) is
 * turned into before it becomes a block matrix.
 */
export class ScalarEntries {
  rows: Int32Array;
  cols: Int32Array;
  vals: Float64Array;
  length = 0;

  constructor(capacity = 16) {
    const c = Math.max(1, capacity);
    this.rows = new Int32Array(c);
    this.cols = new Int32Array(c);
    this.vals = new Float64Array(c);
  }

  push(row: number, col: number, value: number): void {
    if (this.length === this.rows.length) this.grow();
    const k = this.length++;
    this.rows[k] = row;
    this.cols[k] = col;
    this.vals[k] = value;
  }

  private grow(): void {
    const c = 2 * this.rows.length;
    const rows = new Int32Array(c), cols = new Int32Array(c), vals = new Float64Array(c);
    rows.set(this.rows);
    cols.set(this.cols);
    vals.set(this.vals);
    this.rows = rows;
    this.cols = cols;
    this.vals = vals;
  }
}

/**
 * Assembles a `3nc x 3nc` block matrix from scalar entries: entry (r, c) goes
 * to block (r/3, c/3) at (r%3, c%3); duplicates are summed (CSparse
 * semantics); blocks whose nine values are all zero are dropped except
 * diagonal blocks, which are always present (added as zeros when missing).
 * Within a block row the entries are summed in their input order, so the
 * result is deterministic.
 */
export function blockMatrixFromEntries(nc: number, e: ScalarEntries): BlockSparseMatrix {
  const n = 3 * nc, count = e.length;
  const { rows, cols, vals } = e;
  const rowCount = new Int32Array(nc + 1);
  for (let k = 0; k < count; k++) {
    const r = rows[k], c = cols[k];
    if (!(r >= 0 && r < n && c >= 0 && c < n)) {
      throw new MoreauError('E_PROBLEM_SHAPE', `entry (${r}, ${c}) is outside a ${n}x${n} matrix`, { index: k });
    }
    rowCount[((r / 3) | 0) + 1]++;
  }
  for (let i = 0; i < nc; i++) rowCount[i + 1] += rowCount[i];
  // counting sort of the entries by block row, stable
  const order = new Int32Array(count);
  const fill = rowCount.slice(0, nc);
  for (let k = 0; k < count; k++) order[fill[(rows[k] / 3) | 0]++] = k;

  const slot = new Int32Array(nc).fill(-1);
  let rowCols = new Int32Array(16);
  let rowVals = new Float64Array(16 * BLOCK);
  const rowPtr = new Int32Array(nc + 1);
  let colIdx = new Int32Array(Math.max(16, nc));
  let values = new Float64Array(BLOCK * colIdx.length);
  let out = 0;
  for (let i = 0; i < nc; i++) {
    const start = rowCount[i], end = rowCount[i + 1];
    // distinct block columns of this block row, the diagonal included
    let m = 0;
    const need = end - start + 1;
    if (rowCols.length < need) {
      rowCols = new Int32Array(2 * need);
      rowVals = new Float64Array(2 * need * BLOCK);
    }
    slot[i] = m;
    rowCols[m++] = i;
    for (let t = start; t < end; t++) {
      const bj = (cols[order[t]] / 3) | 0;
      if (slot[bj] < 0) {
        slot[bj] = m;
        rowCols[m++] = bj;
      }
    }
    const sorted = rowCols.subarray(0, m).sort();
    for (let s = 0; s < m; s++) slot[sorted[s]] = s;
    rowVals.fill(0, 0, m * BLOCK);
    for (let t = start; t < end; t++) {
      const k = order[t];
      const r = rows[k], c = cols[k];
      rowVals[BLOCK * slot[(c / 3) | 0] + 3 * (r % 3) + (c % 3)] += vals[k];
    }
    if (colIdx.length < out + m) {
      const grownIdx = new Int32Array(2 * (out + m));
      grownIdx.set(colIdx);
      const grownVals = new Float64Array(BLOCK * grownIdx.length);
      grownVals.set(values);
      colIdx = grownIdx;
      values = grownVals;
    }
    for (let s = 0; s < m; s++) {
      const j = sorted[s];
      slot[j] = -1;
      const base = BLOCK * s;
      let keep = j === i;
      for (let t = 0; t < BLOCK && !keep; t++) keep = rowVals[base + t] !== 0;
      if (!keep) continue;
      colIdx[out] = j;
      values.set(rowVals.subarray(base, base + BLOCK), BLOCK * out);
      out++;
    }
    rowPtr[i + 1] = out;
  }
  return new BlockSparseMatrix(nc, rowPtr, colIdx.slice(0, out), values.slice(0, BLOCK * out));
}
