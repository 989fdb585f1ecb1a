import { isMoreauError } from '../contracts/errors.js';
import { align16, kernelModule, PAGE } from '../linalg/bsr-mul-wasm.js';

/** The exports of core's kernel module (core/src/linalg/wasm/bsr-mul.wat) the assembly calls; pointers are byte addresses. */
export interface AssemblyKernel {
  assemblyBlocks(nb: number, bodyStart: number, bodyEntry: number, hOffset: number, pairA: number, pairB: number,
    free: number, dofs: number, rowPtr: number, colIdx: number, H: number, G: number, values: number): void;
  assemblyMirror(rows: number, rowPtr: number, colIdx: number, values: number, cursor: number): void;
}

/** The assembly's arrays and their element types (`free` and `dofs` are copies of the body table's). */
const SLOTS = {
  H: Float64Array, G: Float64Array, values: Float64Array,
  hOffset: Int32Array, bodyStart: Int32Array, bodyEntry: Int32Array, rowPtr: Int32Array, colIdx: Int32Array,
  pairA: Int32Array, pairB: Int32Array, cursor: Int32Array, dofs: Int32Array, free: Uint8Array,
} as const;

export type AssemblySlot = keyof typeof SLOTS;
type Views = { [S in AssemblySlot]: InstanceType<(typeof SLOTS)[S]> };
/** Element counts by slot. */
export type Sizes = Partial<Record<AssemblySlot, number>>;

/**
 * The contact assembly's arrays in one block of memory: a WebAssembly memory with core's kernel
 * module on it where the runtime has WebAssembly with SIMD and grants the memory, so W's blocks
 * are summed in WebAssembly without copying H, G or W; a plain ArrayBuffer otherwise (`kernel`
 * undefined: the assembly sums them in TypeScript, to the same bits).
 *
 * Each array grows and never shrinks (to at least twice its capacity, as `growF64`). A growth lays
 * every array out anew, their contents kept, so **every view taken before an `ensure` may be
 * stale after it**: take views after the last `ensure` of a pass. `generation` counts the layouts.
 */
export class AssemblyBuffers {
  readonly views = {} as Views;
  #memory: WebAssembly.Memory | undefined;
  #kernel: AssemblyKernel | undefined;
  #generation = 0;
  readonly #capacity = {} as Record<AssemblySlot, number>;
  readonly #address = {} as Record<AssemblySlot, number>;
  #wasm: boolean;

  /**
   * @param wasm false: plain ArrayBuffers and the TypeScript sums (also where WebAssembly is missing)
   * @param sizes the slots' first capacities (elements)
   */
  constructor(wasm = true, sizes: Sizes = {}) {
    this.#wasm = wasm;
    for (const s of Object.keys(SLOTS) as AssemblySlot[]) this.#capacity[s] = Math.max(0, sizes[s] ?? 0);
    this.#layOut();
  }

  /** Grows each slot named to hold at least its count of elements, in one layout (contents kept; see the class note on views). */
  ensure(sizes: Sizes): void {
    let grow = false;
    for (const s of Object.keys(sizes) as AssemblySlot[]) {
      const n = sizes[s]!;
      if (n <= this.#capacity[s]) continue;
      this.#capacity[s] = Math.max(n, 2 * this.#capacity[s]);
      grow = true;
    }
    if (grow) this.#layOut();
  }

  /** The kernel on this memory; undefined without WebAssembly (or past its 4 GiB). */
  get kernel(): AssemblyKernel | undefined {
    return this.#kernel;
  }

  /** Increased at every layout: views and addresses taken before are no longer valid. */
  get generation(): number {
    return this.#generation;
  }

  /** Byte address of slot s in the kernel's memory. */
  address(s: AssemblySlot): number {
    return this.#address[s];
  }

  /**
   * Lays every slot out at its capacity, the contents kept. The WebAssembly memory grows in place
   * and the slots move up within it (a slot's address only grows, so moving the last first
   * overwrites nothing not yet moved): the old views are detached, and a caller still holding one
   * (a past step's W) holds no memory. A plain block is made anew and the contents copied.
   */
  #layOut(): void {
    const slots = Object.keys(SLOTS) as AssemblySlot[];
    const from = { ...this.#address };
    const length = Object.fromEntries(slots.map((s) => [s, this.views[s]?.byteLength ?? 0])) as Record<AssemblySlot, number>;
    let bytes = 0;
    for (const s of slots) {
      this.#address[s] = bytes;
      bytes = align16(bytes + SLOTS[s].BYTES_PER_ELEMENT * this.#capacity[s]);
    }
    const pages = Math.max(1, Math.ceil(bytes / PAGE));
    if (this.#wasm) {
      try {
        // Past 65,536 pages (4 GiB) both throw a RangeError, as when no memory is granted.
        if (!this.#memory) {
          this.#memory = new WebAssembly.Memory({ initial: pages });
          this.#kernel = new WebAssembly.Instance(kernelModule(), { env: { memory: this.#memory } }).exports as unknown as AssemblyKernel;
        } else {
          const have = this.#memory.buffer.byteLength / PAGE;
          if (pages > have) this.#memory.grow(pages - have);
          const all = new Uint8Array(this.#memory.buffer);
          for (let k = slots.length - 1; k >= 0; k--) {
            const s = slots[k];
            if (this.#address[s] !== from[s]) all.copyWithin(this.#address[s], from[s], from[s] + length[s]);
          }
        }
        this.#views(this.#memory.buffer);
        return;
      } catch (error) {
        // No SIMD, no WebAssembly, or no memory this large: TypeScript from here on, the same bits
        // (a refused growth leaves the memory and its views as they were, to copy from).
        if (!(error instanceof RangeError) && !isMoreauError(error, 'E_UNSUPPORTED')) throw error;
        this.#wasm = false;
        this.#kernel = undefined;
        this.#memory = undefined;
      }
    }
    const buffer = new ArrayBuffer(bytes);
    for (const s of slots) {
      const old = this.views[s];
      if (old !== undefined) new Uint8Array(buffer, this.#address[s], old.byteLength).set(new Uint8Array(old.buffer, old.byteOffset, old.byteLength));
    }
    this.#views(buffer);
  }

  /** Every slot's view on `buffer` at its address and capacity; a new generation. */
  #views(buffer: ArrayBuffer): void {
    for (const s of Object.keys(SLOTS) as AssemblySlot[]) {
      (this.views as Record<AssemblySlot, unknown>)[s] = new SLOTS[s](buffer, this.#address[s], this.#capacity[s]);
    }
    this.#generation++;
  }
}
