import type { BlockSparseMatrix } from '../problem/block-sparse-matrix.js';
import { minimumDegreeOrder } from './minimum-degree-order.js';
import { rcmOrder } from './rcm-order.js';

/** How the block columns are ordered before factorisation. */
export type SparseLuOrdering = 'minimum-degree' | 'rcm' | 'natural';

/**
 * What a sparse LU needs to know of a BSR matrix's pattern, computed once and
 * reused for every matrix of that pattern (the values may change freely): a
 * fill-reducing order of the block graph of A + Aᵀ, the three scalar columns of
 * a block kept together, and A's columns in that order as compressed columns whose
 * entries point into the BSR `values` array, so a factorisation reads A directly.
 */
export class SparseLuPattern {
  /** Number of scalar unknowns, 3 · blockRows. */
  readonly n: number;
  /** colOrder[k] = the scalar column (and its diagonal row) taken at step k. */
  readonly colOrder: Int32Array;
  /** Compressed columns in `colOrder`'s order: entries colPtr[k] .. colPtr[k+1]-1. */
  readonly colPtr: Int32Array;
  /** Original row of each entry. */
  readonly rowIdx: Int32Array;
  /** Where each entry's value sits in the BSR `values`. */
  readonly valueIdx: Int32Array;

  constructor(readonly rowPtr: Int32Array, readonly colIdx: Int32Array, ordering: SparseLuOrdering = 'minimum-degree') {
    const nb = rowPtr.length - 1, nnzb = rowPtr[nb];
    this.n = 3 * nb;
    const blockOrder = orderBlocks(nb, rowPtr, colIdx, ordering);

    // Blocks by block column: the transpose of the BSR index structure.
    const cptr = new Int32Array(nb + 1);
    for (let k = 0; k < nnzb; k++) cptr[colIdx[k] + 1]++;
    for (let j = 0; j < nb; j++) cptr[j + 1] += cptr[j];
    const cblock = new Int32Array(nnzb), crow = new Int32Array(nnzb), next = cptr.slice(0, nb);
    for (let i = 0; i < nb; i++) {
      for (let k = rowPtr[i]; k < rowPtr[i + 1]; k++) {
        const p = next[colIdx[k]]++;
        cblock[p] = k;
        crow[p] = i;
      }
    }

    this.colOrder = new Int32Array(this.n);
    this.colPtr = new Int32Array(this.n + 1);
    this.rowIdx = new Int32Array(9 * nnzb);
    this.valueIdx = new Int32Array(9 * nnzb);
    let e = 0;
    for (let p = 0; p < nb; p++) {
      const j = blockOrder[p];
      for (let t = 0; t < 3; t++) {
        const k = 3 * p + t;
        this.colOrder[k] = 3 * j + t;
        this.colPtr[k] = e;
        for (let q = cptr[j]; q < cptr[j + 1]; q++) {
          const i = crow[q], v = 9 * cblock[q] + t;
          for (let s = 0; s < 3; s++) {
            this.rowIdx[e] = 3 * i + s;
            this.valueIdx[e++] = v + 3 * s;
          }
        }
      }
    }
    this.colPtr[this.n] = e;
  }

  /** True when A has this pattern (the same index arrays, as Ω shares W's). */
  fits(A: BlockSparseMatrix): boolean {
    return A.rowPtr === this.rowPtr && A.colIdx === this.colIdx;
  }
}

/** A fill-reducing order of the blocks, from the graph of A + Aᵀ (the pattern may be unsymmetric). */
function orderBlocks(nb: number, rowPtr: Int32Array, colIdx: Int32Array, ordering: SparseLuOrdering): Int32Array {
  if (ordering === 'natural' || nb === 0) return Int32Array.from({ length: nb }, (_, i) => i);
  const nbrs: Set<number>[] = Array.from({ length: nb }, () => new Set<number>());
  for (let i = 0; i < nb; i++) {
    for (let k = rowPtr[i]; k < rowPtr[i + 1]; k++) {
      const j = colIdx[k];
      if (j !== i) { nbrs[i].add(j); nbrs[j].add(i); }
    }
  }
  const ptr = new Int32Array(nb + 1);
  for (let i = 0; i < nb; i++) ptr[i + 1] = ptr[i] + nbrs[i].size;
  const adj = new Int32Array(ptr[nb]);
  for (let i = 0; i < nb; i++) {
    let e = ptr[i];
    for (const j of [...nbrs[i]].sort((a, b) => a - b)) adj[e++] = j;
  }
  return ordering === 'rcm' ? rcmOrder(nb, ptr, adj) : minimumDegreeOrder(nb, ptr, adj);
}
