import type { SparseLuPattern } from './sparse-lu-pattern.js';

/**
 * Sparse LU with threshold partial pivoting of a BSR matrix, left-looking: the
 * columns of L and U come from sparse triangular solves L x = A(:, k) whose
 * nonzero pattern is found by a depth-first search in the graph of L (Gilbert &
 * Peierls 1988; the shape of CSparse's `cs_lu`, Davis, *Direct Methods for Sparse
 * Linear Systems*, §6.2), here three columns, one block column, at a time: one
 * search and one pass over L serve all three, which halves the time of the
 * column-at-a-time loop on the Newton systems of Capsules-i125. Columns come in the
 * pattern's fill-reducing order; the pivot is the column's diagonal entry
 * when it is at least `pivotThreshold` times the largest candidate, else the
 * largest (as KLU and UMFPACK prefer the diagonal, so the fill stays near what
 * the ordering planned). Pivots are chosen anew at every factorisation: the
 * matrices this serves change row types between calls, and a pivot sequence
 * kept from the last one fails the threshold test (on the Newton systems of
 * Capsules-i125, at 71 of the 79 factorisations after the first with partial
 * pivoting, at 79 with threshold 0.01).
 *
 * Rank deficiency is tolerated as `DenseLu` in the semismooth Newton plugin
 * does it: a column whose best candidate is at or below `dropTolerance` · max|A|
 * is left out (its unknown is zero), which for a consistent singular system
 * gives a basic solution. Workspaces are allocated once; L and U grow (doubling)
 * only when a factorisation needs more room than any before it.
 */
export class SparseLu {
  /** Columns the last factorisation left out. */
  deficiency = 0;
  private readonly n: number;
  private readonly lp: Int32Array;
  private li: Int32Array;
  private lx: Float64Array;
  private readonly up: Int32Array;
  private ui: Int32Array;
  private ux: Float64Array;
  private readonly ud: Float64Array;
  /** Step at which each original row was the pivot (−1 while it has not been). */
  private readonly pinv: Int32Array;
  /** Pivot row of each step (−1 for a left-out column). */
  private readonly prow: Int32Array;
  /** The solve's work vector. */
  private readonly work: Float64Array;
  private readonly panel: Float64Array;
  private readonly y: Float64Array;
  private readonly reachOut: Int32Array;
  private readonly stack: Int32Array;
  private readonly pstack: Int32Array;
  private readonly mark: Int32Array;

  constructor(readonly pattern: SparseLuPattern) {
    const n = (this.n = pattern.n);
    const guess = Math.max(16, 2 * pattern.colPtr[n]);
    this.lp = new Int32Array(n + 1);
    this.up = new Int32Array(n + 1);
    this.li = new Int32Array(guess);
    this.lx = new Float64Array(guess);
    this.ui = new Int32Array(guess);
    this.ux = new Float64Array(guess);
    this.ud = new Float64Array(n);
    this.pinv = new Int32Array(n);
    this.prow = new Int32Array(n).fill(-1); // before any factorisation, solve gives x = 0
    this.work = new Float64Array(n);
    this.panel = new Float64Array(3 * n);
    this.y = new Float64Array(n);
    this.reachOut = new Int32Array(n);
    this.stack = new Int32Array(n);
    this.pstack = new Int32Array(n);
    this.mark = new Int32Array(n);
  }

  /** Stored entries of L (without its unit diagonal) and U (with its diagonal). */
  get nnz(): number {
    return this.lp[this.n] + this.up[this.n] + this.n - this.deficiency;
  }

  /**
   * Factors the matrix whose BSR values are `values` (in the pattern's layout).
   * @param dropTolerance a best pivot at or below this times max|A| leaves its column out
   * @param pivotThreshold in (0, 1]: a pivot must be at least this fraction of the largest candidate of its column; 1 is partial pivoting
   * @returns false when A has a non-finite entry
   */
  factor(values: Readonly<Float64Array>, dropTolerance: number, pivotThreshold: number): boolean {
    const { colPtr, valueIdx } = this.pattern;
    let scale = 0;
    for (let e = 0; e < colPtr[this.n]; e++) {
      const v = Math.abs(values[valueIdx[e]]);
      if (!(v < Infinity)) return false;
      if (v > scale) scale = v;
    }
    this.factorWith(values, Math.max(dropTolerance * scale, Number.MIN_VALUE), pivotThreshold);
    return true;
  }

  /**
   * The left-looking loop, one block column (three scalar columns, a contact's) at a
   * time: one search and one triangular solve with L for the three columns together
   * (each L entry loaded once for three updates), then the three pivots chosen in
   * turn, each column updating the ones after it within the panel. `tiny` is the
   * absolute drop tolerance. X holds the panel interleaved: X[3i + t] is row i of
   * its column t.
   */
  private factorWith(values: Readonly<Float64Array>, tiny: number, pivotThreshold: number): void {
    const { n, pattern, lp, up, ud, pinv, prow, reachOut } = this;
    const X = this.panel;
    const { colPtr, rowIdx, valueIdx, colOrder } = pattern;
    pinv.fill(-1);
    this.mark.fill(0);
    this.deficiency = 0;
    let lnz = 0, unz = 0;
    for (let k0 = 0; k0 < n; k0 += 3) {
      lp[k0] = lnz; // closes the previous column of L, which the search reads
      const top = this.reach(k0, values);
      const size = n - top;
      if (lnz + 3 * size > this.li.length) this.growL(lnz + 3 * size);
      if (unz + 3 * size > this.ui.length) this.growU(unz + 3 * size);
      const { li, lx, ui, ux } = this;
      for (let t = 0; t < 3; t++) {
        for (let e = colPtr[k0 + t]; e < colPtr[k0 + t + 1]; e++) X[3 * rowIdx[e] + t] = values[valueIdx[e]];
      }
      // X = L \ A(:, k0..k0+2) over the earlier block columns, in the topological order the search gave
      for (let p = top; p < n; p++) {
        const j = reachOut[p], J = pinv[j];
        if (J < 0) continue;
        const a0 = X[3 * j], a1 = X[3 * j + 1], a2 = X[3 * j + 2];
        if (a0 === 0 && a1 === 0 && a2 === 0) continue;
        for (let q = lp[J]; q < lp[J + 1]; q++) {
          const i = 3 * li[q], l = lx[q];
          X[i] -= l * a0;
          X[i + 1] -= l * a1;
          X[i + 2] -= l * a2;
        }
      }
      for (let t = 0; t < 3; t++) {
        const k = k0 + t;
        lp[k] = lnz;
        up[k] = unz;
        // U(:, k) from rows already pivotal (this panel's earlier pivots included); the largest candidate among the others
        let best = -1, ipiv = -1;
        for (let p = top; p < n; p++) {
          const i = reachOut[p], v = X[3 * i + t];
          if (pinv[i] < 0) {
            const a = Math.abs(v);
            if (a > best) { best = a; ipiv = i; }
          } else {
            ui[unz] = pinv[i];
            ux[unz++] = v;
          }
        }
        if (!(best > tiny)) {
          prow[k] = -1;
          ud[k] = 0;
          this.deficiency++;
          unz = up[k];
          continue;
        }
        const d = colOrder[k];
        if (pinv[d] < 0 && Math.abs(X[3 * d + t]) >= pivotThreshold * best) ipiv = d;
        const pivot = X[3 * ipiv + t];
        ud[k] = pivot;
        pinv[ipiv] = k;
        prow[k] = ipiv;
        // L(:, k), and its update of the panel's later columns (right-looking inside the panel)
        const r1 = t < 1 ? X[3 * ipiv + 1] : 0, r2 = t < 2 ? X[3 * ipiv + 2] : 0;
        for (let p = top; p < n; p++) {
          const i = reachOut[p];
          if (pinv[i] >= 0) continue;
          const l = X[3 * i + t] / pivot;
          li[lnz] = i;
          lx[lnz++] = l;
          if (r1 !== 0) X[3 * i + 1] -= l * r1;
          if (r2 !== 0) X[3 * i + 2] -= l * r2;
        }
      }
      for (let p = top; p < n; p++) {
        const i = 3 * reachOut[p];
        X[i] = 0;
        X[i + 1] = 0;
        X[i + 2] = 0;
      }
    }
    lp[n] = lnz;
    up[n] = unz;
  }

  /**
   * Solves A x = b from the last factorisation into x (b is left as it is).
   * Left-out columns get x = 0: a basic solution.
   */
  solve(b: Readonly<Float64Array>, x: Float64Array): void {
    const { n, lp, li, lx, up, ui, ux, ud, prow, y } = this;
    const w = this.work;
    const colOrder = this.pattern.colOrder;
    w.set(b);
    for (let k = 0; k < n; k++) {
      const i = prow[k];
      if (i < 0) continue;
      const yk = w[i];
      y[k] = yk;
      if (yk === 0) continue;
      for (let q = lp[k]; q < lp[k + 1]; q++) w[li[q]] -= lx[q] * yk;
    }
    for (let k = n - 1; k >= 0; k--) {
      let zk = 0;
      if (prow[k] >= 0) {
        zk = y[k] / ud[k];
        if (zk !== 0) for (let q = up[k]; q < up[k + 1]; q++) y[ui[q]] -= ux[q] * zk;
      }
      x[colOrder[k]] = zk;
    }
    w.fill(0);
  }

  /**
   * Solves Aᵀ x = b from the last factorisation into x (b is left as it is), for a
   * factorisation that left no column out (with one left out, Aᵀ x = b has no
   * solution in general and x is meaningless). With A(:, q) = Pᵀ L U, q the column
   * order: Uᵀ v = b(q) forward, then Lᵀ w = v backward, and x(prow) = w.
   */
  solveTranspose(b: Readonly<Float64Array>, x: Float64Array): void {
    const { n, lp, li, lx, up, ui, ux, ud, pinv, prow } = this;
    const v = this.y;
    const colOrder = this.pattern.colOrder;
    for (let k = 0; k < n; k++) {
      let s = b[colOrder[k]];
      for (let q = up[k]; q < up[k + 1]; q++) s -= ux[q] * v[ui[q]];
      v[k] = prow[k] >= 0 ? s / ud[k] : 0;
    }
    for (let k = n - 1; k >= 0; k--) {
      let s = v[k];
      for (let q = lp[k]; q < lp[k + 1]; q++) s -= lx[q] * v[pinv[li[q]]];
      v[k] = s;
      if (prow[k] >= 0) x[prow[k]] = s;
    }
  }

  /**
   * The rows reached from the nonzero values of A(:, k0..k0+2) in the graph of L (row
   * j → the rows of L's column pinv[j]), written in topological order to reachOut[top..n-1].
   * @returns top
   */
  private reach(k0: number, values: Readonly<Float64Array>): number {
    const { colPtr, rowIdx, valueIdx } = this.pattern;
    const { mark, stack, pstack, pinv, lp, reachOut } = this;
    const li = this.li;
    const stamp = k0 + 1;
    let top = this.n;
    for (let e = colPtr[k0]; e < colPtr[k0 + 3]; e++) {
      const start = rowIdx[e];
      if (mark[start] === stamp || values[valueIdx[e]] === 0) continue;
      // iterative depth-first search from `start` (cs_dfs)
      let head = 0;
      stack[0] = start;
      while (head >= 0) {
        const j = stack[head], J = pinv[j];
        if (mark[j] !== stamp) {
          mark[j] = stamp;
          pstack[head] = J < 0 ? 0 : lp[J];
        }
        let finished = true;
        const end = J < 0 ? 0 : lp[J + 1];
        for (let p = pstack[head]; p < end; p++) {
          const i = li[p];
          if (mark[i] === stamp) continue;
          pstack[head] = p + 1;
          stack[++head] = i;
          finished = false;
          break;
        }
        if (finished) {
          head--;
          reachOut[--top] = j;
        }
      }
    }
    return top;
  }

  private growL(need: number): void {
    const size = Math.max(need, 2 * this.li.length);
    const li = new Int32Array(size), lx = new Float64Array(size);
    li.set(this.li);
    lx.set(this.lx);
    this.li = li;
    this.lx = lx;
  }

  private growU(need: number): void {
    const size = Math.max(need, 2 * this.ui.length);
    const ui = new Int32Array(size), ux = new Float64Array(size);
    ui.set(this.ui);
    ux.set(this.ux);
    this.ui = ui;
    this.ux = ux;
  }
}
