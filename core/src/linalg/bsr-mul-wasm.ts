import { readFileSync } from 'node:fs';
import { isMoreauError, MoreauError } from '../contracts/errors.js';
import type { BlockSparseMatrix } from '../problem/block-sparse-matrix.js';

// The same relative path from src/linalg (tests) and dist/linalg (the package).
const WASM_FILE = new URL('../../wasm/bsr-mul.wasm', import.meta.url);
/** Bytes in a WebAssembly memory page. */
export const PAGE = 65_536;
/** A 32-bit memory addresses at most 65,536 pages (4 GiB). */
const MAX_PAGES = 65_536;

/** The exports of wasm/bsr-mul.wat; every pointer is a byte address in the shared memory. */
interface BsrMulExports {
  mul(rowPtr: number, colIdx: number, values: number, x: number, y: number, r0: number, r1: number): void;
  mulTranspose(rowPtr: number, colIdx: number, values: number, x: number, y: number, n: number): void;
}

/**
 * Compiles the kernel module from its bytes, refusing with `E_UNSUPPORTED`
 * when this runtime has no WebAssembly or no 128-bit SIMD (the module does
 * not validate there): callers then keep the TypeScript kernels.
 * @returns the compiled module
 */
export function compileBsrMulWasm(bytes: Uint8Array<ArrayBuffer>): WebAssembly.Module {
  if (typeof WebAssembly !== 'object' || !WebAssembly.validate(bytes)) {
    throw new MoreauError('E_UNSUPPORTED',
      'WasmBsrMul: this JavaScript runtime has no WebAssembly with 128-bit SIMD; use bsrMul, the TypeScript kernel, instead.');
  }
  return new WebAssembly.Module(bytes);
}

let compiled: WebAssembly.Module | undefined;
let unsupported: MoreauError | undefined;

/**
 * Reads and compiles core/wasm/bsr-mul.wasm once per process (synchronously: it is about 1 kB).
 * @throws MoreauError `E_UNSUPPORTED` without WebAssembly SIMD, `E_FILE_IO` when the file is missing
 */
export function kernelModule(): WebAssembly.Module {
  if (compiled) return compiled;
  if (unsupported) throw unsupported;
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = readFileSync(WASM_FILE);
  } catch (cause) {
    throw new MoreauError('E_FILE_IO', `WasmBsrMul: cannot read the kernel (a broken install of @moreau/core?)`,
      { file: WASM_FILE.pathname }, { cause });
  }
  try {
    compiled = compileBsrMulWasm(bytes);
  } catch (error) {
    if (isMoreauError(error)) unsupported = error;
    throw error;
  }
  return compiled;
}

/** Whether `WasmBsrMul` can run here (WebAssembly with SIMD); false means: use the TypeScript kernels. */
export function wasmBsrMulAvailable(): boolean {
  try {
    kernelModule();
    return true;
  } catch (error) {
    if (isMoreauError(error, 'E_UNSUPPORTED')) return false;
    throw error;
  }
}

/** A byte address rounded up to the next multiple of 16 (a v128 load's natural alignment). */
export const align16 = (b: number): number => (b + 15) & ~15;

/**
 * y = W x and y = Wᵀ x with the WebAssembly SIMD kernels of
 * `wasm/bsr-mul.wat`, which skip the per-element bounds checks V8 keeps in
 * the TypeScript kernels (see the README's Kernels table for the speed).
 *
 * The instance owns a WebAssembly.Memory holding a copy of W's arrays and the
 * vectors `x`, `y`. `load(W)` copies W in, once per matrix, growing the memory
 * when W is larger than any matrix before (the views `x` and `y` are then new
 * objects: take them after `load`). `mul(x, y)` copies x in and y out, except
 * when they are `this.x` / `this.y`. After changing W's values, call
 * `refresh()`. Results are bit-identical to `bsrMul` and `bsrMulTranspose`
 * (the kernels group every sum alike), so a solver's iterates do not depend on
 * which kernel ran.
 */
export class WasmBsrMul {
  /** Input vector on wasm memory: `mul(this.x, …)` skips the copy in. */
  x = new Float64Array(0);
  /** Output vector on wasm memory: `mul(…, this.y)` skips the copy out. */
  y = new Float64Array(0);
  readonly #memory = new WebAssembly.Memory({ initial: 1 });
  readonly #kernels: BsrMulExports;
  #W: BlockSparseMatrix | null = null;
  #values = new Float64Array(0);
  #n = 0;
  #pRowPtr = 0;
  #pColIdx = 0;
  #pValues = 0;
  #pX = 0;
  #pY = 0;

  /** @throws MoreauError `E_UNSUPPORTED` without WebAssembly SIMD. */
  constructor(W?: BlockSparseMatrix) {
    const instance = new WebAssembly.Instance(kernelModule(), { env: { memory: this.#memory } });
    this.#kernels = instance.exports as unknown as BsrMulExports;
    if (W) this.load(W);
  }

  /** The matrix last loaded (null before the first `load`). */
  get matrix(): BlockSparseMatrix | null {
    return this.#W;
  }

  /**
   * Copies W's rowPtr, colIdx and values into wasm memory, growing it if needed.
   * @returns this
   */
  load(W: BlockSparseMatrix): this {
    const n = W.blockRows, nnz = W.blockCount;
    const pColIdx = 4 * (n + 1);
    const pValues = align16(pColIdx + 4 * nnz);
    const pX = align16(pValues + 72 * nnz);
    const pY = align16(pX + 24 * n);
    this.#reserve(pY + 24 * n);
    const buffer = this.#memory.buffer;
    new Int32Array(buffer, 0, n + 1).set(W.rowPtr);
    new Int32Array(buffer, pColIdx, nnz).set(W.colIdx);
    this.#values = new Float64Array(buffer, pValues, 9 * nnz);
    this.#values.set(W.values);
    this.x = new Float64Array(buffer, pX, 3 * n);
    this.y = new Float64Array(buffer, pY, 3 * n);
    this.#W = W;
    this.#n = n;
    this.#pRowPtr = 0;
    this.#pColIdx = pColIdx;
    this.#pValues = pValues;
    this.#pX = pX;
    this.#pY = pY;
    return this;
  }

  /** Re-copies the loaded matrix's values after they changed in place (same pattern). */
  refresh(): void {
    if (this.#W) this.#values.set(this.#W.values);
  }

  /**
   * y = W x for the loaded W. `y` must not alias `x`.
   * @returns y
   */
  mul(x: Float64Array, y: Float64Array): Float64Array {
    return this.mulRows(x, y, 0, this.#n);
  }

  /**
   * y[3 r0 .. 3 r1) = block rows r0 .. r1-1 of W x; the rest of y is left as it was.
   * @returns y
   */
  mulRows(x: Float64Array, y: Float64Array, r0: number, r1: number): Float64Array {
    const n = this.#n;
    if (!(Number.isInteger(r0) && Number.isInteger(r1) && 0 <= r0 && r0 <= r1 && r1 <= n)) {
      throw new MoreauError('E_PROBLEM_SHAPE', `WasmBsrMul: row range ${r0}..${r1} is not inside 0..${n}`);
    }
    this.#copyIn(x, y);
    this.#kernels.mul(this.#pRowPtr, this.#pColIdx, this.#pValues, this.#pX, this.#pY, r0, r1);
    if (y !== this.y) y.set(r0 === 0 && r1 === n ? this.y : this.y.subarray(3 * r0, 3 * r1), 3 * r0);
    return y;
  }

  /**
   * y = Wᵀ x for the loaded W. `y` must not alias `x`.
   * @returns y
   */
  mulTranspose(x: Float64Array, y: Float64Array): Float64Array {
    this.#copyIn(x, y);
    this.#kernels.mulTranspose(this.#pRowPtr, this.#pColIdx, this.#pValues, this.#pX, this.#pY, this.#n);
    if (y !== this.y) y.set(this.y);
    return y;
  }

  #copyIn(x: Float64Array, y: Float64Array): void {
    if (this.#W === null) throw new MoreauError('E_PROBLEM_SHAPE', 'WasmBsrMul: no matrix loaded (call load(W) first)');
    const size = 3 * this.#n;
    if (x.length < size || y.length < size) {
      throw new MoreauError('E_PROBLEM_SHAPE', `WasmBsrMul: x and y need ${size} entries, got ${x.length} and ${y.length}`);
    }
    if (x !== this.x) this.x.set(x.length === size ? x : x.subarray(0, size));
  }

  #reserve(bytes: number): void {
    reserveMemory(this.#memory, bytes, 'WasmBsrMul: the matrix', 'use bsrMul instead');
  }
}

/**
 * Grows a kernel's memory to hold `bytes` (views on its old buffer are detached by a growth).
 * @throws MoreauError `E_TOO_LARGE` past 4 GiB or when the runtime refuses, naming `what` and what to do instead
 */
export function reserveMemory(memory: WebAssembly.Memory, bytes: number, what: string, instead: string): void {
  const pages = Math.ceil(bytes / PAGE);
  const have = memory.buffer.byteLength / PAGE;
  if (pages <= have) return;
  try {
    if (pages > MAX_PAGES) throw new RangeError(`more than ${MAX_PAGES} pages`);
    memory.grow(pages - have);
  } catch (cause) {
    throw new MoreauError('E_TOO_LARGE',
      `${what} needs ${(bytes / 2 ** 20).toFixed(0)} MiB of WebAssembly memory, more than this runtime grants; ${instead}.`,
      undefined, { cause });
  }
}
