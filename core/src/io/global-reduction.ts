import { choleskyFactor, choleskySolve, luFactor, luSolve } from '../linalg/dense.js';
import type { LuFactors } from '../linalg/dense.js';
import { isMoreauError } from '../plugin/errors.js';
import type { BlockSparseMatrix } from '../problem/block-sparse-matrix.js';
import { fileFormatError } from './file-errors.js';
import { blockMatrixFromEntries, ScalarEntries } from './scalar-entries.js';

/** The largest diagonal block of M factorised densely; beyond it the reduction is refused. */
export const MAX_DENSE_BLOCK = 3000;

/** A global problem `M v = H r + f`, `u = Hᵀ v + w` (FORMATS.md §1.5), entries checked. */
export interface GlobalProblemData {
  nv: number;
  nr: number;
  /** Entries of M (nv x nv) and H (nv x nr); duplicates are summed. */
  M: ScalarEntries;
  H: ScalarEntries;
  f: Float64Array;
  w: Float64Array;
}

/** The local form of a global problem and how it was obtained. */
export interface ReducedGlobal {
  W: BlockSparseMatrix;
  q: Float64Array;
  mBlocks: number;
  largestMBlock: number;
  cholesky: number;
  lu: number;
}

/** The factor of one diagonal block of M: a 1x1 block is kept as its value. */
type BlockFactor = { kind: 'scalar'; m: number } | { kind: 'cholesky'; l: Float64Array } | { kind: 'lu'; f: LuFactors };

function isSymmetric(n: number, a: Float64Array): boolean {
  for (let i = 0; i < n; i++) for (let j = 0; j < i; j++) if (a[i * n + j] !== a[j * n + i]) return false;
  return true;
}

/**
 * Cholesky when the block is exactly symmetric and positive definite, LU with
 * partial pivoting otherwise; `null` when it is singular to working precision.
 */
function factorBlock(s: number, a: Float64Array): BlockFactor | null {
  if (s === 1) return a[0] === 0 ? null : { kind: 'scalar', m: a[0] };
  if (isSymmetric(s, a)) {
    try {
      return { kind: 'cholesky', l: choleskyFactor(a, s) };
    } catch (e) {
      if (!isMoreauError(e, 'E_SOLVER_BREAKDOWN')) throw e;
    }
  }
  try {
    return { kind: 'lu', f: luFactor(a, s, true) };
  } catch (e) {
    if (isMoreauError(e, 'E_SOLVER_BREAKDOWN')) return null;
    throw e;
  }
}

/** Compressed columns or rows of a scalar entry list (counting sort, stable). */
function compress(e: ScalarEntries, outer: Int32Array, inner: Int32Array, count: number) {
  const ptr = new Int32Array(count + 1);
  for (let k = 0; k < e.length; k++) ptr[outer[k] + 1]++;
  for (let o = 0; o < count; o++) ptr[o + 1] += ptr[o];
  const idx = new Int32Array(e.length), val = new Float64Array(e.length);
  const fill = ptr.slice(0, count);
  for (let k = 0; k < e.length; k++) {
    const t = fill[outer[k]]++;
    idx[t] = inner[k];
    val[t] = e.vals[k];
  }
  return { ptr, idx, val };
}

/**
 * The connected components of M's sparsity graph (i ~ j when M_ij ≠ 0 or
 * M_ji ≠ 0): M is block diagonal over them, one block per body in practice.
 * Components are numbered by their smallest index, their indices ascending.
 */
function components(nv: number, M: ScalarEntries) {
  const parent = new Int32Array(nv);
  for (let i = 0; i < nv; i++) parent[i] = i;
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]];
    return i;
  };
  for (let k = 0; k < M.length; k++) {
    if (M.vals[k] === 0) continue;
    const a = find(M.rows[k]), b = find(M.cols[k]);
    if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
  }
  const compOf = new Int32Array(nv);
  const label = new Int32Array(nv).fill(-1);
  let count = 0;
  for (let i = 0; i < nv; i++) {
    const root = find(i);
    if (label[root] < 0) label[root] = count++;
    compOf[i] = label[root];
  }
  const start = new Int32Array(count + 1);
  for (let i = 0; i < nv; i++) start[compOf[i] + 1]++;
  for (let c = 0; c < count; c++) start[c + 1] += start[c];
  const dofs = new Int32Array(nv), local = new Int32Array(nv);
  const fill = start.slice(0, count);
  for (let i = 0; i < nv; i++) {
    const t = fill[compOf[i]]++;
    dofs[t] = i;
    local[i] = t - start[compOf[i]];
  }
  return { count, compOf, start, dofs, local };
}

/**
 * Reduces a global problem to local form, as Siconos does:
 * `W = Hᵀ M⁻¹ H`, `q = Hᵀ M⁻¹ f + w` (FORMATS.md §1.5).
 *
 * M is factorised once, block by block: each connected component of its
 * sparsity graph is factorised densely (Cholesky, or LU with pivoting when the
 * block is not symmetric positive definite). Then, column by column of H,
 * y = M⁻¹ h_c touches only the blocks h_c touches, and column c of W is
 * Σ_k y_k (row k of H)ᵀ. W keeps its nonzero 3x3 blocks and every diagonal
 * block. A singular M, or a block larger than MAX_DENSE_BLOCK, is an
 * E_FILE_FORMAT error naming `file`.
 */
export function reduceGlobal(g: GlobalProblemData, file: string): ReducedGlobal {
  const { nv, nr, M, H, f, w } = g;
  const comp = components(nv, M);
  let largest = 0;
  for (let c = 0; c < comp.count; c++) largest = Math.max(largest, comp.start[c + 1] - comp.start[c]);
  if (largest > MAX_DENSE_BLOCK) {
    throw fileFormatError(file, '/fclib_global/M', `M couples ${largest} velocities in one block; dense factorisation is limited to blocks of ${MAX_DENSE_BLOCK}, so this global problem cannot be reduced`);
  }

  // dense diagonal blocks of M, then their factors
  const blocks: Float64Array[] = [];
  for (let c = 0; c < comp.count; c++) {
    const s = comp.start[c + 1] - comp.start[c];
    blocks.push(new Float64Array(s * s));
  }
  for (let k = 0; k < M.length; k++) {
    const r = M.rows[k], col = M.cols[k];
    const c = comp.compOf[r];
    if (comp.compOf[col] !== c) continue; // only zero entries link components
    const s = comp.start[c + 1] - comp.start[c];
    blocks[c][comp.local[r] * s + comp.local[col]] += M.vals[k];
  }
  const factors: BlockFactor[] = [];
  let cholesky = 0, lu = 0;
  for (let c = 0; c < comp.count; c++) {
    const s = comp.start[c + 1] - comp.start[c];
    const F = factorBlock(s, blocks[c]);
    if (F === null) {
      const first = comp.dofs[comp.start[c]];
      throw fileFormatError(file, '/fclib_global/M', s === 1
        ? `M is singular: M[${first}, ${first}] = 0 and nothing else in that row or column`
        : `M is singular: its diagonal block of ${s} velocities starting at ${first} has no inverse`);
    }
    if (F.kind === 'lu' || (F.kind === 'scalar' && F.m < 0)) lu++; else cholesky++;
    factors.push(F);
  }
  const work = new Float64Array(largest), local = new Float64Array(largest);
  const solveBlock = (c: number, y: Float64Array) => {
    const F = factors[c];
    const s0 = comp.start[c], s = comp.start[c + 1] - s0;
    if (F.kind === 'scalar') {
      y[comp.dofs[s0]] /= F.m;
      return;
    }
    const b = local.subarray(0, s), x = work.subarray(0, s);
    for (let t = 0; t < s; t++) b[t] = y[comp.dofs[s0 + t]];
    if (F.kind === 'cholesky') choleskySolve(F.l, s, b, x);
    else luSolve(F.f, b, x);
    for (let t = 0; t < s; t++) y[comp.dofs[s0 + t]] = x[t];
  };

  const byCol = compress(H, H.cols, H.rows, nr);
  const byRow = compress(H, H.rows, H.cols, nv);
  const y = new Float64Array(nv);
  const compMark = new Int32Array(comp.count).fill(-1), touched = new Int32Array(comp.count);
  const wcol = new Float64Array(nr), wMark = new Int32Array(nr).fill(-1), wTouched = new Int32Array(nr);
  const entries = new ScalarEntries(4 * H.length);
  for (let c = 0; c < nr; c++) {
    let nt = 0;
    for (let e = byCol.ptr[c]; e < byCol.ptr[c + 1]; e++) {
      const k = byCol.idx[e];
      y[k] += byCol.val[e];
      const b = comp.compOf[k];
      if (compMark[b] !== c) {
        compMark[b] = c;
        touched[nt++] = b;
      }
    }
    let nw = 0;
    for (let t = 0; t < nt; t++) {
      const b = touched[t];
      solveBlock(b, y);
      for (let d = comp.start[b]; d < comp.start[b + 1]; d++) {
        const k = comp.dofs[d], yk = y[k];
        y[k] = 0;
        if (yk === 0) continue;
        for (let e = byRow.ptr[k]; e < byRow.ptr[k + 1]; e++) {
          const j = byRow.idx[e];
          if (wMark[j] !== c) {
            wMark[j] = c;
            wTouched[nw++] = j;
            wcol[j] = 0;
          }
          wcol[j] += byRow.val[e] * yk;
        }
      }
    }
    for (let t = 0; t < nw; t++) entries.push(wTouched[t], c, wcol[wTouched[t]]);
  }

  const z = f.slice();
  for (let c = 0; c < comp.count; c++) solveBlock(c, z);
  const q = new Float64Array(nr);
  for (let c = 0; c < nr; c++) {
    let s = 0;
    for (let e = byCol.ptr[c]; e < byCol.ptr[c + 1]; e++) s += byCol.val[e] * z[byCol.idx[e]];
    q[c] = s + w[c];
  }
  return { W: blockMatrixFromEntries(nr / 3, entries), q, mBlocks: comp.count, largestMBlock: largest, cholesky, lu };
}
