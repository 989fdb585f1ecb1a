import { align16, kernelModule, reserveMemory } from '../linalg/bsr-mul-wasm.js';

/** The export of core's kernel module (core/src/linalg/wasm/bsr-mul.wat) this class calls; pointers are byte addresses. */
interface ProjectionExports {
  projectSweep(nc: number, ptr: number, col: number, val: number, diag: number, target: number, p: number): number;
}

/**
 * The sweeps of the position projection (position-correction.ts) in WebAssembly: W_NN's rows,
 * its diagonal and the targets are copied into this instance's memory once per projection, and
 * the impulses p stay there between sweeps. The kernel repeats the TypeScript loop operation for
 * operation, so both give the same bits; it is 2–3× faster, most of it from reading the arrays
 * without bounds checks (docs/results/kernels.md).
 */
export class WasmProjectionSweep {
  /** The impulses on wasm memory, one per contact of the last `load` (a new view after each). */
  p = new Float64Array(0);
  readonly #memory = new WebAssembly.Memory({ initial: 1 });
  readonly #kernel: ProjectionExports;
  #nc = 0;
  #at = { ptr: 0, col: 0, val: 0, diag: 0, target: 0, p: 0 };

  /** @throws MoreauError `E_UNSUPPORTED` without WebAssembly SIMD. */
  constructor() {
    this.#kernel = new WebAssembly.Instance(kernelModule(), { env: { memory: this.#memory } }).exports as unknown as ProjectionExports;
  }

  /**
   * Copies the first nc rows of W_NN (row pointers `ptr`, columns `col`, entries `val`), its
   * diagonal and the targets in, and sets p to 0.
   * @throws MoreauError `E_TOO_LARGE` when the runtime grants no memory for them
   */
  load(ptr: Int32Array, col: Int32Array, val: Float64Array, diag: Float64Array, target: Float64Array, nc: number): void {
    const entries = ptr[nc];
    const at = { ptr: 0, col: align16(4 * (nc + 1)), val: 0, diag: 0, target: 0, p: 0 };
    at.val = align16(at.col + 4 * entries);
    at.diag = align16(at.val + 8 * entries);
    at.target = align16(at.diag + 8 * nc);
    at.p = align16(at.target + 8 * nc);
    reserveMemory(this.#memory, at.p + 8 * nc, 'The position projection', 'it runs in TypeScript instead');
    const buffer = this.#memory.buffer;
    new Int32Array(buffer, at.ptr, nc + 1).set(ptr.subarray(0, nc + 1));
    new Int32Array(buffer, at.col, entries).set(col.subarray(0, entries));
    new Float64Array(buffer, at.val, entries).set(val.subarray(0, entries));
    new Float64Array(buffer, at.diag, nc).set(diag.subarray(0, nc));
    new Float64Array(buffer, at.target, nc).set(target.subarray(0, nc));
    this.p = new Float64Array(buffer, at.p, nc);
    this.p.fill(0);
    this.#nc = nc;
    this.#at = at;
  }

  /** One sweep over the loaded contacts. @returns the largest |Δp_a| W_aa of the sweep */
  sweep(): number {
    const at = this.#at;
    return this.#kernel.projectSweep(this.#nc, at.ptr, at.col, at.val, at.diag, at.target, at.p);
  }
}
