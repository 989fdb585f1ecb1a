// Bundled as the playground's worker is, then run in Node: the WebAssembly kernel must load from
// the bytes the bundle embeds, and multiply as the TypeScript kernel does.
import { BlockSparseMatrix, bsrMul, wasmBsrMulAvailable, WasmBsrMul } from '@moreau/core/kernels';

export function kernelLoads(): boolean {
  return wasmBsrMulAvailable();
}

/** y = W x by both kernels, on a 2 × 2-block matrix with every entry distinct. */
export function bothProducts(): [number[], number[]] {
  const W = BlockSparseMatrix.fromDense(6, Float64Array.from({ length: 36 }, (_, i) => Math.sin(i + 1)));
  const x = Float64Array.from({ length: 6 }, (_, i) => 1 / (i + 3));
  const wasm = new WasmBsrMul();
  wasm.load(W);
  return [Array.from(wasm.mul(x, new Float64Array(6))), Array.from(bsrMul(W, x, new Float64Array(6)))];
}
