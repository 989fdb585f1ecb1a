/**
 * Buffers that grow and never shrink, so a simulation allocates only while its
 * contact count reaches a new high (DESIGN §7). Contents are not kept. A fresh array at
 * every new contact count (every step) sets off full garbage collections at scale: V8
 * collects when the memory held outside its heap grows by tens of megabytes.
 */
export function growF64(a: Float64Array, n: number): Float64Array {
  return n <= a.length ? a : new Float64Array(Math.max(n, 2 * a.length));
}

export function growI32(a: Int32Array, n: number): Int32Array {
  return n <= a.length ? a : new Int32Array(Math.max(n, 2 * a.length));
}

export function growU8(a: Uint8Array, n: number): Uint8Array {
  return n <= a.length ? a : new Uint8Array(Math.max(n, 2 * a.length));
}
