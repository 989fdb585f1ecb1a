import { growF64, growI32, growU8, projectOntoCone, type FrictionContactProblem } from '@moreau/core/kernels';
import { lu3 } from './lu3.js';
import { LocalSolver, SEPARATED, SLIDING, STICKING, type LocalSolverOptions } from './local-solver.js';
import type { SlidingSolver } from './sliding-solver.js';
import type { MixPasses } from './anderson.js';
import type { DominantPasses } from './dominant-mode.js';
import type { KernelScreen } from './screen.js';
import { WasmSweep, wasmSweepAvailable } from './wasm-sweep.js';
import { partitionContacts, partitionSpan, type SweepPartition } from './partition.js';

/** Where `sweepUpdating` runs: WebAssembly (assembly/sweep.ts, the same bits) or TypeScript. */
export type SweepKernel = 'wasm' | 'typescript';

/** Problems with fewer contacts are swept in one part: a second thread's handshake each sweep would cost more than it saves. */
export const MIN_PARTITIONED_CONTACTS = 1000;
/** A partition whose span (partition.ts) is above this leaves too little to the second thread: one part then. */
export const MAX_PARTITION_SPAN = 0.8;

/**
 * One nonlinear block Gauss–Seidel (or Jacobi) sweep over the contacts: for each
 * contact a, the local problem u_a = W_aa r_a + q̂_a with
 * q̂_a = q_a + Σ_{b≠a} W_ab r_b, solved exactly (see LocalSolver), then relaxed,
 * r_a ← (1−ω) r_a + ω r̂_a (projected onto K_μ when ω > 1). The local problem is
 * LocalSolver's (`solveFactored`, with W_aa factored once in `prepare`): the code its
 * tests exercise is the code the sweep runs.
 *
 * Two forms of the same sweep:
 * - `sweepUpdating` (Gauss–Seidel) keeps u = W r + q up to date: q̂_a = u_a − W_aa r_a,
 *   and a change Δ_a of r_a is added to u through block column a of W. The cost is the
 *   same as forming q̂_a from block row a, a contact whose reaction did not move costs
 *   nothing, and u is at hand after the sweep, so the solver can test convergence
 *   without another product with W (measured on the rotating drum's problems: the
 *   merit's product was half of a sweep's time).
 * - `sweep` forms q̂_a from block row a and reads the off-diagonal r_b from `src`: the
 *   Jacobi variant, whose q̂ uses the previous sweep's r.
 */
export class Sweeper {
  /** The one-contact solver every sweep runs, and its sliding part (for its counts). */
  readonly solver: LocalSolver;
  readonly slider: SlidingSolver;
  /** Outcome counts, accumulated over every sweep since `prepare`. */
  separated = 0;
  sticking = 0;
  sliding = 0;
  failed = 0;
  /** ‖r_new − r_old‖² of the last sweep. */
  change2 = 0;

  private lu: Float64Array = new Float64Array(0);
  private perm: Uint8Array = new Uint8Array(0);
  private luOk: Uint8Array = new Uint8Array(0);
  private readonly stick = new Float64Array(3);
  // W by block columns for `sweepUpdating`: column a holds the blocks W_ba (row-major), b ascending;
  // colBlock[p] is the index in W's values of the block at column position p. The values are
  // copied (read in place through indices, the scattered blocks made the drum's solves 17 %
  // slower, copy included), here only when the sweep runs in TypeScript: the kernel copies
  // them into its own memory from W (`hostColumns`).
  private colPtr: Int32Array = new Int32Array(1);
  private colRow: Int32Array = new Int32Array(0);
  private colBlock: Int32Array = new Int32Array(0);
  private colVal = new Float64Array(0);
  // The problem of the last `prepare(problem, true)`, and the one whose values `colVal` holds.
  private columnsOf: FrictionContactProblem | undefined;
  private colValOf: FrictionContactProblem | undefined;
  private colFill: Int32Array = new Int32Array(0);
  // q̂ of the contact being updated, and its new reaction: arrays, not arguments, so V8 boxes no doubles.
  private readonly qh = new Float64Array(3);
  private readonly next = new Float64Array(3);
  // The relaxation factor of the current sweep (a field for the same reason).
  private omega = 1;

  // The WebAssembly sweep, when asked for and available, and whether it holds the current problem.
  private readonly wasm: WasmSweep | undefined;
  private onWasm = false;

  // The partition of the current problem when it is swept in two parts (`threads` 2), else undefined.
  private parts: SweepPartition | undefined;
  // ‖Δr‖² of the last `sweepRange`.
  private rangeChange2 = 0;

  /**
   * `threads` 2: large problems are swept in two parts at once (partition.ts), the first on a
   * second thread where the runtime has worker threads and the sweep runs in WebAssembly; the
   * same bits wherever the parts run.
   */
  constructor(local: LocalSolverOptions, kernel: SweepKernel = 'typescript', private readonly threads: 1 | 2 = 1) {
    this.solver = new LocalSolver(local);
    this.slider = this.solver.sliding;
    this.wasm = kernel === 'wasm' && wasmSweepAvailable() ? new WasmSweep(this.slider, local.tolerance, local.maxIterations, threads > 1) : undefined;
  }

  /**
   * The order `sweepUpdating` follows for the problem of the last `prepare` when it sweeps in
   * two parts (the partition's: first part, second part, separator); undefined otherwise.
   */
  get partitionOrder(): Int32Array | undefined {
    return this.parts?.order;
  }

  /**
   * The WebAssembly kernel's own r, u and x for the problem of the last `prepare` when it runs
   * there (`WasmSweep.resident`): a solve that works in them is spared the copies in and out of
   * every sweep, screen and Anderson pass.
   */
  get resident(): { r: Float64Array; u: Float64Array; x: Float64Array; exact: Float64Array } | undefined {
    return this.onWasm ? this.wasm!.resident : undefined;
  }

  /** u = W r + q on the kernel's r (`WasmSweep.product`), for the problem of the last `prepare` when it runs in WebAssembly. */
  get wasmProducts(): { product(out: Float64Array): Float64Array } | undefined {
    return this.onWasm ? this.wasm : undefined;
  }

  /** Whether the last partitioned sweep ran its first part on a second thread. */
  get secondThread(): boolean {
    return this.parts !== undefined && this.onWasm && this.wasm!.teamReady;
  }

  /** Whether `sweepUpdating` runs in WebAssembly for the problem of the last `prepare`. */
  get wasmKernel(): boolean {
    return this.onWasm;
  }

  /** The merit screens on the kernel's memory (screen.ts), for the problem of the last `prepare` when it runs in WebAssembly. */
  get wasmScreen(): KernelScreen | undefined {
    return this.onWasm ? this.wasm : undefined;
  }

  /** The dominant mode's passes on the kernel's memory, for the problem of the last `prepare` when it runs in WebAssembly (they run where `prepare` made room for them). */
  get wasmDominantPasses(): DominantPasses | undefined {
    return this.onWasm ? this.wasm : undefined;
  }

  /** The Anderson passes on the kernel's memory, for the problem of the last `prepare` when it runs in WebAssembly. */
  get wasmMixPasses(): MixPasses | undefined {
    return this.onWasm ? this.wasm : undefined;
  }

  /**
   * Factors the diagonal blocks of W (singular ones are flagged: no stick test there),
   * resets the counts and, for `sweepUpdating`, lays W out by block columns (and loads the
   * WebAssembly kernel, with room for an Anderson history `historyDepth` deep and, with
   * `dominant`, for the dominant mode's three vectors).
   */
  prepare(problem: FrictionContactProblem, columns: boolean, historyDepth = 0, dominant = false): void {
    const nc = problem.contacts;
    // Grown, never shrunk: the kernel's `load` and the sweeps read the first nc factors only.
    this.lu = growF64(this.lu, 9 * nc);
    this.perm = growU8(this.perm, 3 * nc);
    this.luOk = growU8(this.luOk, nc);
    const { values, diagIdx } = problem.W;
    for (let a = 0; a < nc; a++) this.luOk[a] = lu3(values, 9 * diagIdx[a], this.lu, 9 * a, this.perm, 3 * a) ? 1 : 0;
    if (columns) this.layOutColumns(problem);
    this.columnsOf = columns ? problem : undefined;
    this.parts = undefined;
    if (columns && this.threads > 1 && nc >= MIN_PARTITIONED_CONTACTS) {
      const parts = partitionContacts(problem.W.rowPtr, problem.W.colIdx, nc);
      if (partitionSpan(parts, problem.W.rowPtr) <= MAX_PARTITION_SPAN) this.parts = parts;
    }
    // The kernel takes a copy of what the sweeps read; a problem too large for its memory stays here.
    this.onWasm = columns && this.wasm !== undefined && this.wasm.load(problem, this.lu, this.perm, this.luOk, this.colPtr, this.colRow, this.colBlock, historyDepth, dominant);
    if (this.onWasm) this.wasm!.partition(this.parts);
    this.colValOf = undefined;
    if (columns && !this.onWasm) this.hostColumns(problem);
    this.separated = this.sticking = this.sliding = this.failed = 0;
    this.slider.quarticUses = this.slider.scanUses = 0;
  }

  /** Block column pointers, rows and source blocks of W (a counting sort of the blocks by column); buffers grow, never shrink. */
  private layOutColumns(problem: FrictionContactProblem): void {
    const { rowPtr, colIdx } = problem.W;
    const nc = problem.contacts, blocks = rowPtr[nc];
    this.colPtr = growI32(this.colPtr, nc + 1);
    this.colFill = growI32(this.colFill, nc);
    this.colRow = growI32(this.colRow, blocks);
    this.colBlock = growI32(this.colBlock, blocks);
    const { colPtr, colRow, colBlock, colFill } = this;
    colPtr.fill(0, 0, nc + 1);
    for (let k = 0; k < blocks; k++) colPtr[colIdx[k] + 1]++;
    for (let a = 0; a < nc; a++) { colPtr[a + 1] += colPtr[a]; colFill[a] = colPtr[a]; }
    for (let b = 0; b < nc; b++) {
      for (let k = rowPtr[b], end = rowPtr[b + 1]; k < end; k++) {
        const p = colFill[colIdx[k]]++;
        colRow[p] = b;
        colBlock[p] = k;
      }
    }
  }

  /** The values of W's block columns copied into `colVal` for the TypeScript sweep. */
  private hostColumns(problem: FrictionContactProblem): void {
    const values = problem.W.values, blocks = problem.W.rowPtr[problem.contacts];
    if (this.colVal.length < 9 * blocks) this.colVal = new Float64Array(9 * this.colBlock.length);
    const { colBlock, colVal } = this;
    for (let p = 0; p < blocks; p++) {
      // nine plain copies, unrolled: a subarray per block would allocate thousands of views per solve
      const v = 9 * colBlock[p], t = 9 * p;
      colVal[t] = values[v]; colVal[t + 1] = values[v + 1]; colVal[t + 2] = values[v + 2];
      colVal[t + 3] = values[v + 3]; colVal[t + 4] = values[v + 4]; colVal[t + 5] = values[v + 5];
      colVal[t + 6] = values[v + 6]; colVal[t + 7] = values[v + 7]; colVal[t + 8] = values[v + 8];
    }
    this.colValOf = problem;
  }

  /**
   * Updates r contact by contact in `order` (backwards when `reverse`), keeping
   * u = W r + q: u must hold W r + q on entry (up to rounding) and holds it on return.
   * A problem `prepare` partitioned (`threads` 2) is swept in its partition's order instead.
   * Needs `prepare(problem, true)`. A local answer that is not finite stops the sweep
   * before it is written, so r and u stay finite and consistent.
   * @returns false on such a breakdown
   */
  sweepUpdating(problem: FrictionContactProblem, r: Float64Array, u: Float64Array, omega: number, order: Int32Array, reverse: boolean): boolean {
    const parts = this.parts;
    if (parts !== undefined) return this.sweepParts(problem, r, u, omega, parts);
    if (this.onWasm) return this.sweepInWasm(r, u, omega, order, reverse);
    const ok = this.sweepRange(problem, r, u, omega, order, 0, problem.contacts, reverse);
    this.change2 = this.rangeChange2;
    return ok;
  }

  /** Contacts order[from, to) updated as `sweepUpdating` updates them (backwards when `reverse`); their ‖Δr‖² into `rangeChange2`. */
  private sweepRange(problem: FrictionContactProblem, r: Float64Array, u: Float64Array, omega: number, order: Int32Array, from: number, to: number, reverse: boolean): boolean {
    const { values, diagIdx } = problem.W;
    const mu = problem.mu;
    const { colPtr, colRow, colVal, qh, next } = this;
    this.omega = omega;
    let ch2 = 0, ok = true;
    for (let i = from; i < to; i++) {
      const a = order[reverse ? from + to - 1 - i : i];
      const o = 3 * a, kd = diagIdx[a], w = 9 * kd;
      const r0 = r[o], r1 = r[o + 1], r2 = r[o + 2];
      qh[0] = u[o] - (values[w] * r0 + values[w + 1] * r1 + values[w + 2] * r2);
      qh[1] = u[o + 1] - (values[w + 3] * r0 + values[w + 4] * r1 + values[w + 5] * r2);
      qh[2] = u[o + 2] - (values[w + 6] * r0 + values[w + 7] * r1 + values[w + 8] * r2);
      this.local(values, kd, a, mu, r, o);
      const d0 = next[0] - r0, d1 = next[1] - r1, d2 = next[2] - r2;
      const dd = d0 * d0 + d1 * d1 + d2 * d2;
      // NaN fails both comparisons; an infinite entry makes dd infinite or NaN.
      if (!(dd < Infinity)) { ok = false; break; }
      if (d0 === 0 && d1 === 0 && d2 === 0) continue;
      ch2 += dd;
      r[o] = next[0]; r[o + 1] = next[1]; r[o + 2] = next[2];
      for (let k = colPtr[a], end = colPtr[a + 1]; k < end; k++) {
        const j = 3 * colRow[k], v = 9 * k;
        u[j] += colVal[v] * d0 + colVal[v + 1] * d1 + colVal[v + 2] * d2;
        u[j + 1] += colVal[v + 3] * d0 + colVal[v + 4] * d1 + colVal[v + 5] * d2;
        u[j + 2] += colVal[v + 6] * d0 + colVal[v + 7] * d1 + colVal[v + 8] * d2;
      }
    }
    this.rangeChange2 = ch2;
    return ok;
  }

  /**
   * A partitioned sweep (partition.ts): the two parts, which touch disjoint rows of r and u,
   * then the separator unless a part broke down; ‖Δr‖² summed as (first + second) + separator.
   * In WebAssembly the first part runs on a second thread where one is ready; in TypeScript
   * both run here, one after the other, with the same bits.
   */
  private sweepParts(problem: FrictionContactProblem, r: Float64Array, u: Float64Array, omega: number, parts: SweepPartition): boolean {
    const { order, first, second } = parts;
    if (this.onWasm) return this.fromWasm(this.wasm!.sweepParts(r, u, omega));
    const okFirst = this.sweepRange(problem, r, u, omega, order, 0, first, false);
    const changeFirst = this.rangeChange2;
    const okSecond = this.sweepRange(problem, r, u, omega, order, first, first + second, false);
    let change2 = changeFirst + this.rangeChange2;
    let ok = okFirst && okSecond;
    if (ok) {
      ok = this.sweepRange(problem, r, u, omega, order, first + second, problem.contacts, false);
      change2 += this.rangeChange2;
    }
    this.change2 = change2;
    return ok;
  }

  /** `sweepUpdating` in WebAssembly (the problem loaded by `prepare`): the same bits, its counts added to these. */
  private sweepInWasm(r: Float64Array, u: Float64Array, omega: number, order: Int32Array, reverse: boolean): boolean {
    return this.fromWasm(this.wasm!.sweep(r, u, omega, order, reverse));
  }

  /** The kernel's counts of the sweep it just made added to these, its ‖Δr‖² taken; passes `ok` on. */
  private fromWasm(ok: boolean): boolean {
    const k = this.wasm!;
    this.separated += k.separated;
    this.sticking += k.sticking;
    this.sliding += k.sliding;
    this.failed += k.failed;
    this.change2 = k.change2;
    return ok;
  }

  /** u += (block column a of W) d: a change d of r_a carried to u. Needs `prepare(problem, true)`. */
  addColumn(u: Float64Array, a: number, d0: number, d1: number, d2: number): void {
    // Where the kernel sweeps, the columns' values are its own until the first call here.
    if (this.colValOf !== this.columnsOf) this.hostColumns(this.columnsOf!);
    const { colPtr, colRow, colVal } = this;
    for (let k = colPtr[a], end = colPtr[a + 1]; k < end; k++) {
      const j = 3 * colRow[k], v = 9 * k;
      u[j] += colVal[v] * d0 + colVal[v + 1] * d1 + colVal[v + 2] * d2;
      u[j + 1] += colVal[v + 3] * d0 + colVal[v + 4] * d1 + colVal[v + 5] * d2;
      u[j + 2] += colVal[v + 6] * d0 + colVal[v + 7] * d1 + colVal[v + 8] * d2;
    }
  }

  /**
   * Updates r contact by contact in `order` (backwards when `reverse`). Off-diagonal
   * products read `src`: r itself for Gauss–Seidel, last sweep's copy for Jacobi.
   * A local answer that is not finite stops the sweep before it is written, so r
   * stays finite.
   * @returns false on such a breakdown
   */
  sweep(problem: FrictionContactProblem, r: Float64Array, src: Float64Array, omega: number, order: Int32Array, reverse: boolean): boolean {
    const { rowPtr, colIdx, values, diagIdx } = problem.W;
    const { q, mu } = problem;
    const { qh, next } = this;
    const nc = problem.contacts;
    this.omega = omega;
    let ch2 = 0, ok = true;
    for (let i = 0; i < nc; i++) {
      const a = order[reverse ? nc - 1 - i : i];
      const o = 3 * a, kd = diagIdx[a];
      let q0 = q[o], q1 = q[o + 1], q2 = q[o + 2];
      for (let k = rowPtr[a]; k < kd; k++) {
        const j = 3 * colIdx[k], v = 9 * k;
        const x0 = src[j], x1 = src[j + 1], x2 = src[j + 2];
        q0 += values[v] * x0 + values[v + 1] * x1 + values[v + 2] * x2;
        q1 += values[v + 3] * x0 + values[v + 4] * x1 + values[v + 5] * x2;
        q2 += values[v + 6] * x0 + values[v + 7] * x1 + values[v + 8] * x2;
      }
      for (let k = kd + 1, end = rowPtr[a + 1]; k < end; k++) {
        const j = 3 * colIdx[k], v = 9 * k;
        const x0 = src[j], x1 = src[j + 1], x2 = src[j + 2];
        q0 += values[v] * x0 + values[v + 1] * x1 + values[v + 2] * x2;
        q1 += values[v + 3] * x0 + values[v + 4] * x1 + values[v + 5] * x2;
        q2 += values[v + 6] * x0 + values[v + 7] * x1 + values[v + 8] * x2;
      }
      qh[0] = q0; qh[1] = q1; qh[2] = q2;
      this.local(values, kd, a, mu, r, o);
      const d0 = next[0] - r[o], d1 = next[1] - r[o + 1], d2 = next[2] - r[o + 2];
      const dd = d0 * d0 + d1 * d1 + d2 * d2;
      if (!(dd < Infinity)) { ok = false; break; }
      ch2 += dd;
      r[o] = next[0]; r[o + 1] = next[1]; r[o + 2] = next[2];
    }
    this.change2 = ch2;
    return ok;
  }

  /**
   * The relaxed exact answer of contact a's local problem with q̂ = `qh` and current
   * reaction r[o..o+2], written into `next`; counts the outcome.
   */
  private local(values: Float64Array, kd: number, a: number, mu: Float64Array, r: Float64Array, o: number): void {
    const { qh, next, stick: st, solver, omega } = this;
    const m = mu[a];
    const r0 = r[o], r1 = r[o + 1], r2 = r[o + 2];
    const outcome = solver.solveFactored(values, 9 * kd, this.lu, 9 * a, this.perm, 3 * a, this.luOk[a] === 1, qh, 0, m, r, o);
    if (outcome === SEPARATED) this.separated++;
    else if (outcome === STICKING) this.sticking++;
    else if (outcome === SLIDING) this.sliding++;
    else this.failed++;
    const sr = solver.r;
    let n0 = sr[0], n1 = sr[1], n2 = sr[2];
    if (omega !== 1) {
      n0 = r0 + omega * (n0 - r0);
      n1 = r1 + omega * (n1 - r1);
      n2 = r2 + omega * (n2 - r2);
      // Over-relaxation can leave the cone (a convex combination, ω < 1, cannot): project
      // back with core's projection, whose x_N ≥ 0 guard keeps r_N ≥ 0 at μ = 0 too.
      if (omega > 1) {
        st[0] = n0; st[1] = n1; st[2] = n2;
        projectOntoCone(st, 0, st, 0, m);
        n0 = st[0]; n1 = st[1]; n2 = st[2];
      }
    }
    next[0] = n0; next[1] = n1; next[2] = n2;
  }
}
