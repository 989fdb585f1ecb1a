import { FrictionContactProblem } from '../problem/friction-contact-problem.js';
import { asFileFormat } from './file-errors.js';
import { blockMatrixFromEntries, ScalarEntries } from './scalar-entries.js';
import { TokenScanner } from './text-scanner.js';

/** How W was stored in a `.dat` file (FORMATS.md §2.3). */
export type DatStorage = 'dense' | 'sparse-block';

/** A Siconos `FrictionContactProblem` text file, parsed. */
export interface SiconosDatProblem {
  problem: FrictionContactProblem;
  storage: DatStorage;
  /** The legacy integer after mu (0 or 1 in older files), when present. */
  trailingFlag?: number;
}

const MAX_INT = 2 ** 31 - 1;

/**
 * Parses a Siconos `.dat` FrictionContactProblem (FORMATS.md §2):
 * `d nc <NumericsMatrix W> q mu [flag]`, W dense (storage 0, column-major)
 * or sparse-block (storage 1, column-major 3x3 blocks, transposed here into
 * our row-major blocks). Storage 2 (CSparse text) is refused as not supported
 * yet. At most one integer token may follow mu (the legacy flag); more means
 * the file is not a local problem (a global one, say). The last mu must be followed by
 * whitespace or the flag, unless the file is plain decimals (see `completeAtEnd`), so a
 * file cut inside its last number is refused rather than read with a changed mu.
 * @param name the problem's name (the file's base name)
 * @param file the path shown in error messages
 */
export function parseSiconosDat(text: string, file: string, name: string): SiconosDatProblem {
  const s = new TokenScanner(text, file);
  const d = s.int('the dimension d', 0, MAX_INT);
  if (d === 2) throw s.error('2D problems (d = 2) are not supported yet; only d = 3');
  if (d !== 3) throw s.error(`the dimension d is ${d}; a FrictionContactProblem file starts with d = 2 or 3`);
  const nc = s.int('the number of contacts nc', 0, Math.floor(MAX_INT / 3));
  if (nc === 0) throw s.error('the problem has no contacts (nc = 0)');
  const n = 3 * nc;

  const storageType = s.int('the storage type of W', 0, MAX_INT);
  if (storageType === 2) {
    throw s.error('W uses storage type 2 (CSparse text), which is not supported yet; convert the file to FCLIB HDF5 or to sparse-block storage');
  }
  if (storageType > 2) throw s.error(`unknown storage type ${storageType} for W (0 = dense, 1 = sparse block, 2 = CSparse)`);
  const size0 = s.int('the row count of W', 0, MAX_INT);
  const size1 = s.int('the column count of W', 0, MAX_INT);
  if (size0 !== n || size1 !== n) {
    throw s.error(`W is ${size0}x${size1}, but d = 3 and nc = ${nc} need ${n}x${n}`);
  }
  const storage: DatStorage = storageType === 0 ? 'dense' : 'sparse-block';
  const entries = storageType === 0 ? readDense(s, n) : readSparseBlock(s, n);
  if (s.maxRemaining < n + nc) throw s.error(`the file ends early: q and mu need ${n + nc} more numbers`);
  const q = s.reals(new Float64Array(n), (k) => `q[${k}]`);
  const mu = new Float64Array(nc);
  for (let a = 0; a < nc; a++) {
    mu[a] = s.real(`mu[${a}]`);
    if (mu[a] < 0) throw s.error(`mu[${a}] = ${mu[a]} is negative; friction coefficients must be >= 0`);
  }
  const afterMu = s.place;
  if (s.lastTokenEndsText && !completeAtEnd(s.lastToken, s.sawExponent)) {
    throw s.error(`the file ends inside mu[${nc - 1}] = "${s.lastToken}": no newline or trailing flag follows it, so the file may have been cut in this number. `
      + 'Siconos ends the file with a newline; if the file is complete, add one.');
  }
  const rest = s.rest();
  let trailingFlag: number | undefined;
  if (rest.length === 1 && /^[+-]?\d+$/.test(rest[0])) {
    trailingFlag = Number(rest[0]);
  } else if (rest.length > 0) {
    throw s.error(`${rest.length} unexpected token(s) after mu (${afterMu}); a local problem file ends after mu with at most one integer flag. Is this a global problem (GlobalFrictionContactProblem)?`);
  }
  const problem = asFileFormat(file, 'W, q, mu', () => new FrictionContactProblem(blockMatrixFromEntries(nc, entries), q, mu, name));
  return trailingFlag === undefined ? { problem, storage } : { problem, storage, trailingFlag };
}

/**
 * Whether a last number with nothing after it can be trusted not to be cut short.
 * Siconos writes every value with %e and ends the file with a newline (or, in older
 * files, a flag), so in a file with exponents an unterminated last number was cut
 * (6.999...e-01 cut before its exponent reads ten times too large). A hand-written file of
 * plain decimals may end right after its last number (FrictionContact3D_1c.dat ends in
 * `0.1`); there a number that has digits after its point is taken as complete, while
 * `0` or `0.` is refused. A cut after at least one decimal (0.15 to 0.1) cannot be told
 * from a complete file.
 */
function completeAtEnd(token: string, fileHasExponents: boolean): boolean {
  return !fileHasExponents && /^[+-]?\d*\.\d+$/.test(token);
}

/** Dense payload: the sizes again, then n*n values column-major. */
function readDense(s: TokenScanner, n: number): ScalarEntries {
  const r0 = s.int('the repeated row count of dense W', 0, MAX_INT);
  const r1 = s.int('the repeated column count of dense W', 0, MAX_INT);
  if (r0 !== n || r1 !== n) throw s.error(`dense W repeats its size as ${r0}x${r1}, but the header says ${n}x${n}`);
  if (s.maxRemaining < n * n) throw s.error(`the file ends early: dense W needs ${n * n} values`);
  const e = new ScalarEntries(Math.min(n * n, 1 << 16));
  for (let c = 0; c < n; c++) {
    for (let r = 0; r < n; r++) {
      const v = s.real(`W[${r}, ${c}] (dense, column-major)`);
      if (v !== 0) e.push(r, c, v);
    }
  }
  return e;
}

/** Cumulative block ends: strictly increasing, last = size (FORMATS.md §2.4). */
function readBlockEnds(s: TokenScanner, count: number, size: number, what: string): Int32Array {
  const ends = new Int32Array(count);
  for (let k = 0; k < count; k++) {
    ends[k] = s.int(`${what}[${k}]`, 1, size);
    if (k > 0 && ends[k] <= ends[k - 1]) throw s.error(`${what} must increase strictly, but ${what}[${k}] = ${ends[k]} follows ${ends[k - 1]}`);
  }
  if (ends[count - 1] !== size) throw s.error(`${what} ends at ${ends[count - 1]}, expected the matrix size ${size}`);
  return ends;
}

/** Sparse-block payload (FORMATS.md §2.4). */
function readSparseBlock(s: TokenScanner, n: number): ScalarEntries {
  const nbblocks = s.int('nbblocks', 0, MAX_INT);
  if (nbblocks === 0) throw s.error('the sparse-block matrix W stores no block; an all-zero W cannot be read (Siconos returns no matrix)');
  if (nbblocks > s.maxRemaining) throw s.error(`the file ends early: ${nbblocks} blocks cannot fit in what is left`);
  const br = s.int('the number of block rows', 1, n);
  const bc = s.int('the number of block columns', 1, n);
  if (br + bc > s.maxRemaining) throw s.error(`the file ends early: ${br} block rows and ${bc} block columns cannot be described in what is left`);
  const rowEnds = readBlockEnds(s, br, n, 'blocksize0');
  const colEnds = readBlockEnds(s, bc, n, 'blocksize1');
  const filled1 = s.int('filled1', 2, br + 1);
  const filled2 = s.int('filled2', nbblocks, nbblocks);
  const index1 = new Int32Array(filled1);
  for (let k = 0; k < filled1; k++) {
    index1[k] = s.int(`index1_data[${k}]`, 0, nbblocks);
    if (k === 0 && index1[0] !== 0) throw s.error(`index1_data[0] is ${index1[0]}, expected 0`);
    if (k > 0 && index1[k] < index1[k - 1]) throw s.error(`index1_data decreases at ${k} (${index1[k - 1]} > ${index1[k]})`);
  }
  if (index1[filled1 - 1] !== nbblocks) throw s.error(`index1_data ends at ${index1[filled1 - 1]}, expected nbblocks = ${nbblocks}`);
  const index2 = new Int32Array(filled2);
  for (let b = 0; b < filled2; b++) index2[b] = s.int(`index2_data[${b}] (block column of block ${b})`, 0, bc - 1);

  let total = 0;
  for (let k = 0; k + 1 < filled1; k++) {
    const rows = rowEnds[k] - (k > 0 ? rowEnds[k - 1] : 0);
    for (let b = index1[k]; b < index1[k + 1]; b++) {
      const j = index2[b];
      total += rows * (colEnds[j] - (j > 0 ? colEnds[j - 1] : 0));
    }
  }
  if (total + nbblocks > s.maxRemaining) throw s.error(`the file ends early: the ${nbblocks} blocks need ${total} values`);
  const e = new ScalarEntries(total);
  for (let k = 0; k + 1 < filled1; k++) {
    const r0 = k > 0 ? rowEnds[k - 1] : 0, rows = rowEnds[k] - r0;
    for (let b = index1[k]; b < index1[k + 1]; b++) {
      const number = s.int(`the number of block ${b}`, 0, MAX_INT);
      if (number !== b) throw s.error(`block number ${number} found where block ${b} was expected`);
      const j = index2[b];
      const c0 = j > 0 ? colEnds[j - 1] : 0, cols = colEnds[j] - c0;
      // column-major inside the block
      for (let c = 0; c < cols; c++) {
        for (let r = 0; r < rows; r++) {
          e.push(r0 + r, c0 + c, s.real(`entry (${r}, ${c}) of block ${b}`));
        }
      }
    }
  }
  return e;
}
