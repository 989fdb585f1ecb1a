// Build-time only: the kernel's WebAssembly text is assembled by wabt (a devDependency
// of the repository) and the bytes are committed, so users never need wabt.

/** Where the kernel's text lives and where its assembled bytes ship, relative to core/. */
export const BSR_MUL_WAT = 'src/linalg/wasm/bsr-mul.wat';
export const BSR_MUL_WASM = 'wasm/bsr-mul.wasm';

/**
 * Assembles WebAssembly text with the SIMD feature on (128-bit f64x2 lanes).
 * Deterministic: the same text gives the same bytes.
 * @returns the module's bytes
 */
export async function assembleWat(text: string, fileName: string): Promise<Uint8Array> {
  const { default: wabt } = await import('wabt');
  const module = (await wabt()).parseWat(fileName, text, { simd: true });
  try {
    module.validate();
    return module.toBinary({ log: false, write_debug_names: false }).buffer;
  } finally {
    module.destroy();
  }
}
