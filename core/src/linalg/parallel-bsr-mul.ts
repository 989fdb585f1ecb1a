import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { MoreauError } from '../plugin/errors.js';
import type { BlockSparseMatrix } from '../problem/block-sparse-matrix.js';
import { bsrMul, bsrMulRows } from './bsr-matvec.js';

/** Below this many stored blocks a mat-vec takes well under a millisecond and threads do not pay for their barrier. */
export const PARALLEL_MIN_BLOCKS = 100_000;

export interface ParallelBsrMulOptions {
  /** Threads sharing the rows, the calling thread included. Default min(2, available cores). */
  threads?: number;
  /** Use threads only when W has at least this many blocks; otherwise `mul` is `bsrMul`. Default PARALLEL_MIN_BLOCKS. */
  minBlocks?: number;
}

// Control words in shared memory.
const GEN = 0; // bumped by the caller to start a job
const PENDING = 1; // workers still busy on the current job
const CMD = 2; // job kind
const FAILED = 3; // set by a worker whose kernel threw
const CMD_MUL = 1, CMD_EXIT = 2;
// Polls of the control word before sleeping in Atomics.wait: a few microseconds, enough
// to catch back-to-back mat-vecs without a futex round trip, short enough not to steal a core.
const SPIN = 2000;

const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const { ctrl, rowPtr, colIdx, values, x, y, r0, r1 } = workerData;
// bsrMulRows is free of outer references, so its source text runs in the worker as it is.
${bsrMulRows.toString()}
let seen = 0;
for (;;) {
  let g = Atomics.load(ctrl, ${GEN});
  for (let s = 0; g === seen && s < ${SPIN}; s++) g = Atomics.load(ctrl, ${GEN});
  while (g === seen) { Atomics.wait(ctrl, ${GEN}, seen); g = Atomics.load(ctrl, ${GEN}); }
  seen = g;
  if (Atomics.load(ctrl, ${CMD}) === ${CMD_EXIT}) break;
  try { bsrMulRows(rowPtr, colIdx, values, x, y, r0, r1); } catch { Atomics.store(ctrl, ${FAILED}, 1); }
  if (Atomics.sub(ctrl, ${PENDING}, 1) === 1) Atomics.notify(ctrl, ${PENDING});
}
`;

function shared<T extends Int32Array | Float64Array>(a: T): T {
  if (a.buffer instanceof SharedArrayBuffer) return a;
  const copy = (a instanceof Int32Array
    ? new Int32Array(new SharedArrayBuffer(a.byteLength))
    : new Float64Array(new SharedArrayBuffer(a.byteLength))) as T;
  copy.set(a);
  return copy;
}

/**
 * y = W x split by rows over worker threads that share W, x and y through
 * SharedArrayBuffers. Workers are started once and persist until `close()`;
 * each `mul` is one barrier round trip (Atomics), during which the calling
 * thread computes its own share of rows. Rows are split so every thread gets
 * about the same number of blocks.
 *
 * For a matrix below `minBlocks`, or with a single thread, no worker starts
 * and `mul` is `bsrMul`.
 *
 * W's arrays are used in place when they already live in SharedArrayBuffers;
 * otherwise they are copied once (call `refresh()` after changing W's values).
 * Pass `this.x` and `this.y` as the vectors to avoid copying x in and y out.
 * `mul` blocks the calling thread; a worker dying outside its kernel (out of
 * memory, terminated from outside) would leave it waiting.
 */
export class ParallelBsrMul {
  readonly W: BlockSparseMatrix;
  /** Number of threads doing rows (1 when running serially). */
  readonly threads: number;
  /** Input vector in shared memory: `mul(this.x, …)` skips the copy in. */
  readonly x: Float64Array;
  /** Output vector in shared memory: `mul(…, this.y)` skips the copy out. */
  readonly y: Float64Array;
  private readonly values: Float64Array | null = null;
  private readonly ctrl: Int32Array | null = null;
  private readonly workers: Worker[] = [];
  /** Rows of the calling thread: 0 .. ownRows-1. */
  private readonly ownRows: number = 0;
  private closed = false;

  constructor(W: BlockSparseMatrix, options: ParallelBsrMulOptions = {}) {
    const threads = options.threads ?? Math.min(2, availableParallelism());
    const minBlocks = options.minBlocks ?? PARALLEL_MIN_BLOCKS;
    if (!Number.isInteger(threads) || threads < 1) {
      throw new MoreauError('E_CONFIG', `ParallelBsrMul: threads must be a positive integer, got ${threads}`);
    }
    if (!(minBlocks >= 0)) throw new MoreauError('E_CONFIG', `ParallelBsrMul: minBlocks must be >= 0, got ${minBlocks}`);
    this.W = W;
    const n = W.blockRows;
    if (threads === 1 || W.blockCount < minBlocks || n < threads) {
      this.threads = 1;
      this.x = new Float64Array(W.size);
      this.y = new Float64Array(W.size);
      return;
    }
    this.threads = threads;
    const rowPtr = shared(W.rowPtr), colIdx = shared(W.colIdx);
    this.values = shared(W.values);
    this.x = new Float64Array(new SharedArrayBuffer(8 * W.size));
    this.y = new Float64Array(new SharedArrayBuffer(8 * W.size));
    this.ctrl = new Int32Array(new SharedArrayBuffer(16));
    const bounds = splitRows(W.rowPtr, n, threads);
    this.ownRows = bounds[1];
    for (let t = 1; t < threads; t++) {
      const worker = new Worker(WORKER_SOURCE, {
        eval: true,
        workerData: { ctrl: this.ctrl, rowPtr, colIdx, values: this.values, x: this.x, y: this.y, r0: bounds[t], r1: bounds[t + 1] },
      });
      worker.unref(); // a forgotten close() must not keep the process alive
      this.workers.push(worker);
    }
  }

  /**
   * y = W x. `y` must not alias `x`. After `close()` this is `bsrMul`.
   * @returns y
   */
  mul(x: Float64Array, y: Float64Array): Float64Array {
    const ctrl = this.ctrl;
    if (ctrl === null || this.closed) return bsrMul(this.W, x, y);
    const W = this.W, sx = this.x, sy = this.y;
    if (x !== sx) sx.set(x);
    Atomics.store(ctrl, PENDING, this.workers.length);
    Atomics.store(ctrl, CMD, CMD_MUL);
    Atomics.add(ctrl, GEN, 1);
    Atomics.notify(ctrl, GEN);
    bsrMulRows(W.rowPtr, W.colIdx, this.values!, sx, sy, 0, this.ownRows);
    let p = Atomics.load(ctrl, PENDING);
    for (let s = 0; p !== 0 && s < SPIN; s++) p = Atomics.load(ctrl, PENDING);
    while (p !== 0) {
      Atomics.wait(ctrl, PENDING, p);
      p = Atomics.load(ctrl, PENDING);
    }
    if (Atomics.load(ctrl, FAILED) !== 0) {
      throw new MoreauError('E_SOLVER_BREAKDOWN', 'ParallelBsrMul: a worker failed during the mat-vec');
    }
    if (y !== sy) y.set(sy);
    return y;
  }

  /** Re-copies W's values after they changed (no-op when they are shared in place or when running serially). */
  refresh(): void {
    if (this.values !== null && this.values !== this.W.values) this.values.set(this.W.values);
  }

  /** Stops the workers. Idempotent; `mul` keeps working, serially. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const ctrl = this.ctrl;
    if (ctrl === null) return;
    Atomics.store(ctrl, CMD, CMD_EXIT);
    Atomics.add(ctrl, GEN, 1);
    Atomics.notify(ctrl, GEN);
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

/**
 * Row boundaries b[0] = 0 ≤ b[1] ≤ … ≤ b[parts] = n such that every range
 * holds about the same number of blocks.
 * @returns the parts + 1 boundaries
 */
export function splitRows(rowPtr: Int32Array, n: number, parts: number): Int32Array {
  const b = new Int32Array(parts + 1);
  const total = rowPtr[n];
  for (let t = 1; t < parts; t++) {
    const target = (total * t) / parts;
    // first row whose start reaches the target
    let lo = b[t - 1], hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (rowPtr[mid] < target) lo = mid + 1;
      else hi = mid;
    }
    b[t] = lo;
  }
  b[parts] = n;
  return b;
}
