import { bandedCholeskyFactor, bandedCholeskySolve, type BandedCholesky } from '../linalg/banded-cholesky.js';
import { luFactor, luSolve } from '../linalg/dense.js';
import type { LuFactors } from '../linalg/dense.js';
import { rcmOrder } from '../linalg/rcm-order.js';
import { isMoreauError, MoreauError } from '../contracts/errors.js';
import type { BlockSparseMatrix } from '../problem/block-sparse-matrix.js';
import { fileFormatError } from './file-errors.js';
import { blockMatrixFromEntries, ScalarEntries } from './scalar-entries.js';

/**
 * The largest block of M factorised by dense LU, for blocks that are not
 * symmetric positive definite (SPD blocks use a band Cholesky and have no size limit
 * but the memory budget). Larger non-SPD blocks are refused with E_TOO_LARGE.
 */
export const MAX_DENSE_BLOCK = 3000;

/** The environment variable that sets the memory budget of a reduction, e.g. `MOREAU_MAX_MEMORY=4GB`. */
export const MEMORY_BUDGET_ENV = 'MOREAU_MAX_MEMORY';

/** The default memory budget of a reduction: 1 GB (2³⁰ bytes). */
export const DEFAULT_MEMORY_BUDGET = 2 ** 30;

/**
 * Bytes per 3x3 block of W while it is assembled: nine scalar entries of 16
 * bytes (row, column, value) with the entry list's doubling slack, then the
 * block matrix's 76 bytes.
 */
const BYTES_PER_W_BLOCK = 400;

/**
 * A band Cholesky costs about n b²/2 multiply-adds: tried while n (b+1)² stays
 * within a dense block of MAX_DENSE_BLOCK (so no block dense LU would take is refused).
 */
const MAX_FACTOR_WORK = MAX_DENSE_BLOCK ** 3;

const UNITS: Record<string, number> = { '': 1, B: 1, KB: 2 ** 10, MB: 2 ** 20, GB: 2 ** 30, TB: 2 ** 40 };

/** The memory budget in bytes: MOREAU_MAX_MEMORY (a number of bytes, or with KB, MB, GB, TB: powers of 1024), else 1 GB. */
export function memoryBudget(env: Record<string, string | undefined> = process.env): number {
  const text = env[MEMORY_BUDGET_ENV];
  if (text === undefined || text.trim() === '') return DEFAULT_MEMORY_BUDGET;
  const m = /^\s*(\d+(?:\.\d+)?)\s*([KMGT]?B?)\s*$/i.exec(text);
  const unit = m ? UNITS[m[2].toUpperCase()] ?? UNITS[`${m[2].toUpperCase()}B`] : undefined;
  if (!m || unit === undefined || !(Number(m[1]) > 0)) {
    throw new MoreauError('E_USAGE', `${MEMORY_BUDGET_ENV}="${text}" is not a size; write e.g. 4GB, 512MB or a number of bytes.`);
  }
  return Number(m[1]) * unit;
}

function formatBytes(bytes: number): string {
  if (bytes >= 2 ** 30) return `${(bytes / 2 ** 30).toFixed(1)} GB`;
  return bytes >= 2 ** 20 ? `${(bytes / 2 ** 20).toFixed(1)} MB` : `${Math.ceil(bytes).toLocaleString('en-US')} bytes`;
}

function tooLarge(file: string, place: string, what: string, bytes: number, budget: number): MoreauError {
  return new MoreauError('E_TOO_LARGE', `${file}: ${what}, about ${formatBytes(bytes)}, more than the memory budget of ${formatBytes(budget)}. Raise it with ${MEMORY_BUDGET_ENV} (e.g. ${MEMORY_BUDGET_ENV}=${Math.ceil((2 * bytes) / 2 ** 30)}GB) if the machine has the memory.`, { file, place });
}

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
  /** Blocks of M factorised by Cholesky (dense 1x1 or banded), and by dense LU. */
  cholesky: number;
  lu: number;
  /** The widest half-bandwidth of a Cholesky-factorised block after reordering. */
  largestBand: number;
  /** Numbers stored in the factors of M (n(b+1) per band block, s² per LU block). */
  factorNumbers: number;
}

/**
 * The factor of one diagonal block of M: a 1x1 block kept as its value; an SPD
 * block as a band Cholesky in reverse Cuthill–McKee order (`order[k]` = the local
 * dof at position k); any other block as a dense LU with partial pivoting.
 */
type BlockFactor = { kind: 'scalar'; m: number } | { kind: 'band'; f: BandedCholesky; order: Int32Array } | { kind: 'lu'; f: LuFactors };

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
 * An upper bound on the 3x3 blocks of W = Hᵀ M⁻¹ H from the structure alone:
 * the inverse of a connected block of M is in general dense, so every two
 * contacts that touch the same block of M are coupled. Σ over blocks of
 * (contacts touching it)², plus the diagonal, at most nc².
 */
function estimateWBlocks(nr: number, compCount: number, compOf: Int32Array, byCol: { ptr: Int32Array; idx: Int32Array }): number {
  const nc = nr / 3;
  const touching = new Float64Array(compCount);
  const stamp = new Int32Array(compCount).fill(-1);
  for (let a = 0; a < nc; a++) {
    for (let e = byCol.ptr[3 * a]; e < byCol.ptr[3 * a + 3]; e++) {
      const b = compOf[byCol.idx[e]];
      if (stamp[b] !== a) { stamp[b] = a; touching[b]++; }
    }
  }
  let blocks = nc;
  for (let b = 0; b < compCount; b++) blocks += touching[b] * touching[b];
  return Math.min(blocks, nc * nc);
}

/**
 * Factorises one connected block of M (its `s` dofs, entries given in local
 * indices): reorders it by reverse Cuthill–McKee, tries a band Cholesky when it
 * is exactly symmetric, else a dense LU with partial pivoting; null when singular.
 */
function factorComponent(
  s: number, rows: Int32Array, cols: Int32Array, vals: Float64Array, count: number,
  file: string, budget: number, first: number,
): BlockFactor | null {
  if (s === 1) {
    let m = 0;
    for (let k = 0; k < count; k++) m += vals[k];
    return m === 0 ? null : { kind: 'scalar', m };
  }
  // symmetric adjacency (CSR) of the block's graph, off-diagonal entries only
  const ptr = new Int32Array(s + 1);
  for (let k = 0; k < count; k++) if (rows[k] !== cols[k]) { ptr[rows[k] + 1]++; ptr[cols[k] + 1]++; }
  for (let i = 0; i < s; i++) ptr[i + 1] += ptr[i];
  const adj = new Int32Array(ptr[s]), fill = ptr.slice(0, s);
  for (let k = 0; k < count; k++) if (rows[k] !== cols[k]) { adj[fill[rows[k]]++] = cols[k]; adj[fill[cols[k]]++] = rows[k]; }
  const order = rcmOrder(s, ptr, adj);
  const pos = new Int32Array(s);
  for (let t = 0; t < s; t++) pos[order[t]] = t;
  let b = 0;
  for (let k = 0; k < count; k++) b = Math.max(b, Math.abs(pos[rows[k]] - pos[cols[k]]));

  const bandBytes = 2 * 8 * s * (b + 1);
  const bandFits = bandBytes <= budget && s * (b + 1) * (b + 1) <= MAX_FACTOR_WORK;
  if (!bandFits && s > MAX_DENSE_BLOCK) {
    const what = `M couples ${s} velocities in one block (from ${first}) of band ${b} after reordering; its band factor needs ${(s * (b + 1)).toLocaleString('en-US')} numbers twice`;
    if (bandBytes > budget) throw tooLarge(file, '/fclib_global/M', what, bandBytes, budget);
    throw new MoreauError('E_TOO_LARGE', `${file}: ${what} and about ${(s * b * b / 2).toExponential(1)} operations, more than a dense block of ${MAX_DENSE_BLOCK} (the limit of the reduction's work), so this global problem cannot be reduced.`, { file, place: '/fclib_global/M' });
  }
  if (bandFits) {
    // lower band of A, and the upper triangle transposed into the same layout, to test symmetry exactly
    const w = b + 1;
    const lower = new Float64Array(s * w), upper = new Float64Array(s * w);
    for (let k = 0; k < count; k++) {
      const i = pos[rows[k]], j = pos[cols[k]];
      if (i >= j) lower[i * w + j - i + b] += vals[k];
      else upper[j * w + i - j + b] += vals[k];
    }
    let symmetric = true;
    for (let i = 0; i < s && symmetric; i++) {
      for (let j = Math.max(0, i - b); j < i; j++) if (lower[i * w + j - i + b] !== upper[i * w + j - i + b]) { symmetric = false; break; }
    }
    if (symmetric) {
      const f = bandedCholeskyFactor(lower, s, b);
      if (f) return { kind: 'band', f, order };
    }
  }
  if (s > MAX_DENSE_BLOCK) {
    throw new MoreauError('E_TOO_LARGE', `${file}: M couples ${s} velocities in one block (from ${first}) that is not symmetric positive definite with a narrow band; dense LU is limited to blocks of ${MAX_DENSE_BLOCK}, so this global problem cannot be reduced.`, { file, place: '/fclib_global/M' });
  }
  if (8 * s * s > budget) throw tooLarge(file, '/fclib_global/M', `the dense LU of M's block of ${s} velocities from ${first} needs ${(s * s).toLocaleString('en-US')} numbers`, 8 * s * s, budget);
  const a = new Float64Array(s * s);
  for (let k = 0; k < count; k++) a[rows[k] * s + cols[k]] += vals[k];
  try {
    return { kind: 'lu', f: luFactor(a, s, true) };
  } catch (e) {
    if (isMoreauError(e, 'E_SOLVER_BREAKDOWN')) return null;
    throw e;
  }
}

/**
 * Reduces a global problem to local form, as Siconos does:
 * `W = Hᵀ M⁻¹ H`, `q = Hᵀ M⁻¹ f + w` (FORMATS.md §1.5).
 *
 * M is factorised once, block by block over the connected components of its
 * sparsity graph (one per body in practice, or one long chain): a symmetric
 * positive definite block by a band Cholesky after reverse Cuthill–McKee
 * reordering (a tridiagonal M of n velocities costs O(n), not O(n³)), any other
 * block by dense LU with pivoting (at most MAX_DENSE_BLOCK velocities). Then,
 * column by column of H, y = M⁻¹ h_c touches only the blocks h_c touches, and
 * column c of W is Σ_k y_k (row k of H)ᵀ. W keeps its nonzero 3x3 blocks and
 * every diagonal block.
 *
 * Before any factorisation, W's size is bounded from the structure of M and H;
 * a W (or a factor) that would exceed `budget` bytes (default: memoryBudget(),
 * from MOREAU_MAX_MEMORY) is refused with E_TOO_LARGE and the estimate. A
 * singular M is an E_FILE_FORMAT error naming `file`.
 */
export function reduceGlobal(g: GlobalProblemData, file: string, budget = memoryBudget()): ReducedGlobal {
  const { nv, nr, M, H, f, w } = g;
  const comp = components(nv, M);
  let largest = 0;
  for (let c = 0; c < comp.count; c++) largest = Math.max(largest, comp.start[c + 1] - comp.start[c]);

  const byCol = compress(H, H.cols, H.rows, nr);
  const wBlocks = estimateWBlocks(nr, comp.count, comp.compOf, byCol);
  if (wBlocks * BYTES_PER_W_BLOCK > budget) {
    throw tooLarge(file, '/fclib_global', `the local W = Hᵀ M⁻¹ H of this global problem would have up to ${wBlocks.toLocaleString('en-US')} blocks of 3x3`, wBlocks * BYTES_PER_W_BLOCK, budget);
  }

  // M's entries grouped by component (counting sort), in local indices; zero entries and none else link components
  const entryStart = new Int32Array(comp.count + 1);
  for (let k = 0; k < M.length; k++) if (M.vals[k] !== 0) entryStart[comp.compOf[M.rows[k]] + 1]++;
  for (let c = 0; c < comp.count; c++) entryStart[c + 1] += entryStart[c];
  const nm = entryStart[comp.count];
  const lr = new Int32Array(nm), lc = new Int32Array(nm), lv = new Float64Array(nm);
  const put = entryStart.slice(0, comp.count);
  for (let k = 0; k < M.length; k++) {
    if (M.vals[k] === 0) continue;
    const t = put[comp.compOf[M.rows[k]]]++;
    lr[t] = comp.local[M.rows[k]];
    lc[t] = comp.local[M.cols[k]];
    lv[t] = M.vals[k];
  }

  const factors: BlockFactor[] = [];
  let cholesky = 0, lu = 0, largestBand = 0, factorNumbers = 0;
  for (let c = 0; c < comp.count; c++) {
    const s = comp.start[c + 1] - comp.start[c];
    const e0 = entryStart[c], e1 = entryStart[c + 1];
    const first = comp.dofs[comp.start[c]];
    const F = factorComponent(s, lr.subarray(e0, e1), lc.subarray(e0, e1), lv.subarray(e0, e1), e1 - e0, file, budget, first);
    if (F === null) {
      throw fileFormatError(file, '/fclib_global/M', s === 1
        ? `M is singular: M[${first}, ${first}] = 0 and nothing else in that row or column`
        : `M is singular: its diagonal block of ${s} velocities starting at ${first} has no inverse`);
    }
    if (F.kind === 'lu' || (F.kind === 'scalar' && F.m < 0)) lu++; else cholesky++;
    if (F.kind === 'band') { largestBand = Math.max(largestBand, F.f.b); factorNumbers += F.f.l.length; }
    else factorNumbers += F.kind === 'lu' ? s * s : 1;
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
    if (F.kind === 'band') {
      const x = work.subarray(0, s);
      for (let t = 0; t < s; t++) x[t] = y[comp.dofs[s0 + F.order[t]]];
      bandedCholeskySolve(F.f, x);
      for (let t = 0; t < s; t++) y[comp.dofs[s0 + F.order[t]]] = x[t];
      return;
    }
    const b = local.subarray(0, s), x = work.subarray(0, s);
    for (let t = 0; t < s; t++) b[t] = y[comp.dofs[s0 + t]];
    luSolve(F.f, b, x);
    for (let t = 0; t < s; t++) y[comp.dofs[s0 + t]] = x[t];
  };

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
  return { W: blockMatrixFromEntries(nr / 3, entries), q, mBlocks: comp.count, largestMBlock: largest, cholesky, lu, largestBand, factorNumbers };
}
