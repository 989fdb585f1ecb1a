import { MoreauError } from '../contracts/errors.js';
import { madeSymmetric, symmetricMark } from './symmetric-mark.js';

/** Values per dense 3x3 block (row-major inside the block). */
export const BLOCK = 9;

/**
 * A square matrix of dense 3x3 blocks in block-compressed-row (BSR) storage.
 *
 * Block row `i` owns blocks `rowPtr[i] .. rowPtr[i+1]-1`; block `k` sits in block
 * column `colIdx[k]` and its nine values are `values[9k .. 9k+8]`, row-major.
 * Column indices are strictly increasing within a row and every diagonal block
 * is present, so `diagIdx[i]` finds block (i, i) in O(1).
 *
 * The constructor validates its arguments; kernels trust them afterwards.
 */
/** Set by `withValues` for its one constructor call: the matrix whose checked pattern is reused. */
let patternOf: BlockSparseMatrix | undefined;

export class BlockSparseMatrix {
  /** Number of block rows (= block columns). */
  readonly blockRows: number;
  /** Number of scalar rows, `3 * blockRows`. */
  readonly size: number;
  readonly rowPtr: Int32Array;
  readonly colIdx: Int32Array;
  readonly values: Float64Array;
  /** Index of the diagonal block of each block row. */
  readonly diagIdx: Int32Array;
  /**
   * True when block (j, i) is stored and is the exact transpose of block (i, j), bit for bit, for
   * every stored block: the engine's W, whose assembly mirrors its upper triangle. A solver may then
   * read a block column as the block row's transpose without gathering it. False for every other
   * matrix (one read from a file, scaled, or made by a plugin), whatever its values.
   */
  readonly symmetric: boolean;

  constructor(blockRows: number, rowPtr: Int32Array, colIdx: Int32Array, values: Float64Array) {
    // Taken first, so that a refusal below cannot leave them set for another call.
    const checked = patternOf;
    patternOf = undefined;
    const symmetric = symmetricMark.next;
    symmetricMark.next = false;
    if (!Number.isInteger(blockRows) || blockRows < 0) {
      throw new MoreauError('E_PROBLEM_SHAPE', `block row count must be a non-negative integer, got ${blockRows}`);
    }
    if (rowPtr.length !== blockRows + 1) {
      throw new MoreauError('E_PROBLEM_SHAPE', `rowPtr has length ${rowPtr.length}, expected ${blockRows + 1}`);
    }
    if (rowPtr[0] !== 0) throw new MoreauError('E_PROBLEM_SHAPE', `rowPtr[0] is ${rowPtr[0]}, expected 0`, { index: 0 });
    const nnzb = rowPtr[blockRows];
    if (colIdx.length !== nnzb) {
      throw new MoreauError('E_PROBLEM_SHAPE', `colIdx has length ${colIdx.length}, but rowPtr says ${nnzb} blocks`);
    }
    if (values.length !== BLOCK * nnzb) {
      throw new MoreauError('E_PROBLEM_SHAPE', `values has length ${values.length}, expected ${BLOCK * nnzb} (9 per block)`);
    }
    const shared = checked !== undefined && checked.rowPtr === rowPtr && checked.colIdx === colIdx && checked.blockRows === blockRows;
    const diagIdx = shared ? checked.diagIdx : checkPattern(blockRows, rowPtr, colIdx);
    if (!allFinite(values)) {
      for (let v = 0; v < values.length; v++) {
        if (!Number.isFinite(values[v])) {
          const k = Math.floor(v / BLOCK);
          throw new MoreauError('E_NOT_FINITE', `W value ${values[v]} in block ${k} (entry ${v % BLOCK}) is not finite`, { index: k });
        }
      }
    }
    this.blockRows = blockRows;
    this.size = 3 * blockRows;
    this.rowPtr = rowPtr;
    this.colIdx = colIdx;
    this.values = values;
    this.diagIdx = diagIdx;
    this.symmetric = symmetric;
  }

  /**
   * The matrix of this one's pattern (rowPtr, colIdx, shared, not copied) with other values, for
   * a caller that assembles a new W on the same contact graph: the values are checked (count and
   * finiteness), the pattern's checks carry over. The pattern arrays must not have been changed
   * since (they are this matrix's too).
   */
  withValues(values: Float64Array): BlockSparseMatrix {
    patternOf = this;
    return new BlockSparseMatrix(this.blockRows, this.rowPtr, this.colIdx, values);
  }

  /**
   * This matrix (its arrays shared) marked `symmetric`, after checking that it is: every block
   * (j, i) stored and the exact transpose of block (i, j), signs of zeros included. A pass over W,
   * for a maker that cannot promise it by construction.
   * @throws MoreauError E_PROBLEM_SHAPE naming the first block that is not its mirror's transpose
   */
  asSymmetric(): BlockSparseMatrix {
    const { rowPtr, colIdx, values } = this;
    for (let i = 0; i < this.blockRows; i++) {
      for (let k = rowPtr[i]; k < rowPtr[i + 1]; k++) {
        const j = colIdx[k];
        const m = this.blockIndex(j, i);
        let same = m >= 0;
        for (let e = 0; e < BLOCK && same; e++) same = Object.is(values[BLOCK * k + e], values[BLOCK * m + 3 * (e % 3) + Math.floor(e / 3)]);
        if (!same) {
          const why = m < 0 ? `block (${j}, ${i}) is not stored` : `block (${j}, ${i}) is not its transpose, to the bit`;
          throw new MoreauError('E_PROBLEM_SHAPE', `W is not symmetric: block (${i}, ${j}) is stored and ${why}`, { index: i });
        }
      }
    }
    return madeSymmetric(() => this.withValues(values));
  }

  /** Index of block (i, j) among the stored blocks, −1 when it is not stored (binary search in row i). */
  private blockIndex(i: number, j: number): number {
    let lo = this.rowPtr[i], hi = this.rowPtr[i + 1] - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1, c = this.colIdx[mid];
      if (c === j) return mid;
      if (c < j) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /** Number of stored blocks. */
  get blockCount(): number {
    return this.rowPtr[this.blockRows];
  }

  /** Scalar entry (r, c), zero where no block is stored. For tests and inspection, not for hot loops. */
  get(r: number, c: number): number {
    const i = Math.floor(r / 3), j = Math.floor(c / 3);
    for (let k = this.rowPtr[i]; k < this.rowPtr[i + 1]; k++) {
      if (this.colIdx[k] === j) return this.values[BLOCK * k + 3 * (r % 3) + (c % 3)];
    }
    return 0;
  }

  /**
   * Builds a matrix from (blockRow, blockCol, 9 row-major values) entries in any
   * order; duplicates are summed and missing diagonal blocks added as zeros.
   */
  static fromBlocks(blockRows: number, blocks: Iterable<{ row: number; col: number; values: ArrayLike<number> }>): BlockSparseMatrix {
    const rows: Map<number, Float64Array>[] = Array.from({ length: blockRows }, () => new Map());
    for (const b of blocks) {
      if (!Number.isInteger(b.row) || !Number.isInteger(b.col) || b.row < 0 || b.col < 0 || b.row >= blockRows || b.col >= blockRows) {
        throw new MoreauError('E_PROBLEM_SHAPE', `block (${b.row}, ${b.col}) is outside a ${blockRows}x${blockRows} block matrix`);
      }
      if (b.values.length !== BLOCK) {
        throw new MoreauError('E_PROBLEM_SHAPE', `block (${b.row}, ${b.col}) has ${b.values.length} values, expected 9`);
      }
      let acc = rows[b.row].get(b.col);
      if (!acc) rows[b.row].set(b.col, (acc = new Float64Array(BLOCK)));
      for (let t = 0; t < BLOCK; t++) acc[t] += b.values[t];
    }
    for (let i = 0; i < blockRows; i++) if (!rows[i].has(i)) rows[i].set(i, new Float64Array(BLOCK));
    const rowPtr = new Int32Array(blockRows + 1);
    for (let i = 0; i < blockRows; i++) rowPtr[i + 1] = rowPtr[i] + rows[i].size;
    const colIdx = new Int32Array(rowPtr[blockRows]);
    const values = new Float64Array(BLOCK * rowPtr[blockRows]);
    for (let i = 0; i < blockRows; i++) {
      let k = rowPtr[i];
      for (const j of [...rows[i].keys()].sort((a, b) => a - b)) {
        colIdx[k] = j;
        values.set(rows[i].get(j)!, BLOCK * k);
        k++;
      }
    }
    return new BlockSparseMatrix(blockRows, rowPtr, colIdx, values);
  }

  /** Builds a matrix from a dense row-major n x n array (n a multiple of 3), keeping nonzero blocks and every diagonal block. */
  static fromDense(n: number, dense: ArrayLike<number>): BlockSparseMatrix {
    if (n % 3 !== 0 || dense.length !== n * n) {
      throw new MoreauError('E_PROBLEM_SHAPE', `dense matrix must be n x n with n a multiple of 3 (n = ${n}, ${dense.length} values)`);
    }
    const nb = n / 3;
    const blocks: { row: number; col: number; values: Float64Array }[] = [];
    for (let i = 0; i < nb; i++) {
      for (let j = 0; j < nb; j++) {
        const v = new Float64Array(BLOCK);
        let nonzero = i === j;
        for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) {
          v[3 * a + b] = dense[(3 * i + a) * n + 3 * j + b];
          if (v[3 * a + b] !== 0) nonzero = true;
        }
        if (nonzero) blocks.push({ row: i, col: j, values: v });
      }
    }
    return BlockSparseMatrix.fromBlocks(nb, blocks);
  }

  /** Dense row-major copy, for tests and small problems. */
  toDense(): Float64Array {
    const n = this.size;
    const out = new Float64Array(n * n);
    for (let i = 0; i < this.blockRows; i++) {
      for (let k = this.rowPtr[i]; k < this.rowPtr[i + 1]; k++) {
        const j = this.colIdx[k];
        for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) {
          out[(3 * i + a) * n + 3 * j + b] = this.values[BLOCK * k + 3 * a + b];
        }
      }
    }
    return out;
  }
}

/**
 * Checks the pattern (columns in range and strictly increasing in each row, rowPtr not
 * decreasing, every diagonal block present) and returns the index of each row's diagonal block.
 */
function checkPattern(blockRows: number, rowPtr: Int32Array, colIdx: Int32Array): Int32Array {
  const diagIdx = new Int32Array(blockRows).fill(-1);
  for (let i = 0; i < blockRows; i++) {
    const start = rowPtr[i], end = rowPtr[i + 1];
    if (end < start) {
      throw new MoreauError('E_PROBLEM_SHAPE', `rowPtr decreases at block row ${i} (${start} > ${end})`, { index: i });
    }
    for (let k = start; k < end; k++) {
      const j = colIdx[k];
      if (j < 0 || j >= blockRows) {
        throw new MoreauError('E_PROBLEM_SHAPE', `block ${k} of block row ${i} has column ${j}, outside 0..${blockRows - 1}`, { index: i });
      }
      if (k > start && j <= colIdx[k - 1]) {
        throw new MoreauError('E_PROBLEM_SHAPE', `block columns of block row ${i} are not strictly increasing (${colIdx[k - 1]}, ${j})`, { index: i });
      }
      if (j === i) diagIdx[i] = k;
    }
    if (diagIdx[i] < 0) {
      throw new MoreauError('E_PROBLEM_SHAPE', `block row ${i} has no diagonal block`, { index: i });
    }
  }
  return diagIdx;
}

/**
 * Whether every value is finite, without a branch per value (W is checked every step): x · 0 is
 * 0 for a finite x and NaN for ±∞ and NaN, so each sum stays 0 exactly when all are finite; a
 * whole block (9 values) per round, in three independent sums.
 */
function allFinite(values: Float64Array): boolean {
  let s0 = 0, s1 = 0, s2 = 0, v = 0;
  for (const n = values.length - (values.length % BLOCK); v < n; v += BLOCK) {
    s0 += values[v] * 0 + values[v + 3] * 0 + values[v + 6] * 0;
    s1 += values[v + 1] * 0 + values[v + 4] * 0 + values[v + 7] * 0;
    s2 += values[v + 2] * 0 + values[v + 5] * 0 + values[v + 8] * 0;
  }
  for (; v < values.length; v++) s0 += values[v] * 0;
  return s0 + s1 + s2 === 0;
}
