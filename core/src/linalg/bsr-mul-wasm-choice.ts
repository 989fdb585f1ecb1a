import { isMoreauError, MoreauError } from '../contracts/errors.js';
import type { BlockSparseMatrix } from '../problem/block-sparse-matrix.js';
import { bsrMul } from './bsr-matvec.js';
import { WasmBsrMul, wasmBsrMulAvailable } from './bsr-mul-wasm.js';

/**
 * Smallest W (stored blocks) handed to the WebAssembly kernel. Measured with
 * `npm run bench:kernels` (README, Kernels, small matrices): counting the copy
 * of W into wasm memory and of x in and y out, one product beats `bsrMul`
 * from 64 blocks (a dozen contacts) up, 1.5-2.3x from a hundred blocks; after
 * one copy of W, products alone are 1.5-4x faster from 16 blocks. Below 64
 * blocks a product takes about two microseconds either way, so one threshold
 * serves `use` and `mulOnce`. Both kernels give the same bits.
 */
export const WASM_MIN_BLOCKS = 64;

/**
 * y = W x on the faster kernel for W: `WasmBsrMul` when WebAssembly SIMD is
 * available and W has at least `WASM_MIN_BLOCKS` blocks, `bsrMul` otherwise.
 * A solver owns one, calls `use(W)` once per solve (W is copied then, so W
 * must not change until the next `use`), and `mul` at every product; a caller
 * that sees each W once (a merit) calls `mulOnce`.
 */
export class BsrMulKernel {
  #W: BlockSparseMatrix | null = null;
  #wasm: WasmBsrMul | null = null;
  #onWasm = false;

  /** Whether the products since the last `use` run in WebAssembly. */
  get wasm(): boolean {
    return this.#onWasm;
  }

  /**
   * Takes W for the products that follow (a copy into wasm memory when it pays).
   * @returns this
   */
  use(W: BlockSparseMatrix): this {
    this.#W = W;
    this.#onWasm = W.blockCount >= WASM_MIN_BLOCKS && wasmBsrMulAvailable() && this.#load(W);
    return this;
  }

  // A memory the runtime will not grant (a W past 4 GiB, or address space exhausted by many
  // live instances) leaves the product to bsrMul, which gives the same bits.
  #load(W: BlockSparseMatrix): boolean {
    try {
      (this.#wasm ??= new WasmBsrMul()).load(W);
      return true;
    } catch (error) {
      if (error instanceof RangeError || isMoreauError(error, 'E_TOO_LARGE')) return false;
      throw error;
    }
  }

  /**
   * y = W x for the W of the last `use`. `y` must not alias `x`.
   * @returns y
   */
  mul(x: Float64Array, y: Float64Array): Float64Array {
    if (this.#onWasm) return this.#wasm!.mul(x, y);
    if (this.#W === null) throw new MoreauError('E_PROBLEM_SHAPE', 'BsrMulKernel: no matrix (call use(W) first)');
    return bsrMul(this.#W, x, y);
  }

  /**
   * y = W x for a W seen once: `use(W)` then `mul`, W copied afresh every call, so a
   * W changed in place between calls is never stale.
   * @returns y
   */
  mulOnce(W: BlockSparseMatrix, x: Float64Array, y: Float64Array): Float64Array {
    return this.use(W).mul(x, y);
  }
}
