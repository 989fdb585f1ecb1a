import { afterEach, describe, expect, test, vi } from 'vitest';
import { BlockSparseMatrix } from '../problem/block-sparse-matrix.js';
import { bsrMul } from './bsr-matvec.js';
import { BsrMulKernel, WASM_MIN_BLOCKS } from './bsr-mul-wasm-choice.js';
import { makeRandom, randomVector } from './__fixtures__/random.js';

/** Block tridiagonal, `rows` block rows: 3 rows - 2 blocks. */
function tridiagonal(rows: number, seed: number): BlockSparseMatrix {
  const rand = makeRandom(seed);
  const blocks = [];
  for (let i = 0; i < rows; i++) {
    for (let j = Math.max(0, i - 1); j <= Math.min(rows - 1, i + 1); j++) blocks.push({ row: i, col: j, values: randomVector(9, rand) });
  }
  return BlockSparseMatrix.fromBlocks(rows, blocks);
}

function expectSameBits(y: Float64Array, ref: Float64Array): void {
  expect([...y]).toEqual([...ref]);
}

afterEach(() => {
  vi.doUnmock('./bsr-mul-wasm.js');
  vi.resetModules();
});

describe('BsrMulKernel', () => {
  test('should keep W below WASM_MIN_BLOCKS on bsrMul and take larger W to WebAssembly, with the same bits', () => {
    const small = tridiagonal(5, 1); // 13 blocks
    const large = tridiagonal(40, 2); // 118 blocks
    expect(small.blockCount).toBeLessThan(WASM_MIN_BLOCKS);
    expect(large.blockCount).toBeGreaterThanOrEqual(WASM_MIN_BLOCKS);
    const kernel = new BsrMulKernel();
    for (const [W, onWasm] of [[small, false], [large, true]] as const) {
      const x = randomVector(W.size, makeRandom(3));
      const y = new Float64Array(W.size).fill(Number.NaN);
      expect(kernel.use(W).wasm).toBe(onWasm);
      expect(kernel.mul(x, y)).toBe(y);
      expectSameBits(y, bsrMul(W, x, new Float64Array(W.size)));
    }
  });

  test('should multiply by W as it was at use(W), and by W as it is now with mulOnce', () => {
    const W = tridiagonal(30, 4);
    const x = randomVector(W.size, makeRandom(5));
    const kernel = new BsrMulKernel().use(W);
    const before = bsrMul(W, x, new Float64Array(W.size));
    W.values.fill(0.5);
    expectSameBits(kernel.mul(x, new Float64Array(W.size)), before);
    expectSameBits(kernel.mulOnce(W, x, new Float64Array(W.size)), bsrMul(W, x, new Float64Array(W.size)));
  });

  test('should refuse a product before any use(W)', () => {
    expect(() => new BsrMulKernel().mul(new Float64Array(3), new Float64Array(3))).toThrow(expect.objectContaining({ code: 'E_PROBLEM_SHAPE' }));
  });

  test('should fall back to bsrMul when wasm memory cannot grow to hold W', () => {
    const W = tridiagonal(40, 8);
    const x = randomVector(W.size, makeRandom(9));
    vi.spyOn(WebAssembly.Memory.prototype, 'grow').mockImplementation(() => { throw new RangeError('WebAssembly.Memory.grow(): Maximum memory size exceeded'); });
    const kernel = new BsrMulKernel().use(tridiagonal(2000, 10)); // 5,998 blocks: past the first page
    expect(kernel.wasm).toBe(false);
    expect(kernel.use(W).wasm).toBe(true); // a W that fits the memory already there
    vi.restoreAllMocks();
    expectSameBits(kernel.mul(x, new Float64Array(W.size)), bsrMul(W, x, new Float64Array(W.size)));
  });

  test('should fall back to bsrMul, bit for bit, where WebAssembly SIMD is unavailable', async () => {
    vi.resetModules();
    vi.doMock('./bsr-mul-wasm.js', async (original) => ({ ...(await original<object>()), wasmBsrMulAvailable: () => false }));
    const { BsrMulKernel: WithoutSimd } = await import('./bsr-mul-wasm-choice.js');
    const W = tridiagonal(40, 6);
    const x = randomVector(W.size, makeRandom(7));
    const kernel = new WithoutSimd().use(W);
    // The unit lane shares one module graph per worker (vitest.config.ts): leave no mock behind.
    vi.doUnmock('./bsr-mul-wasm.js');
    vi.resetModules();
    expect(kernel.wasm).toBe(false);
    expect([...kernel.mul(x, new Float64Array(W.size))]).toEqual([...bsrMul(W, x, new Float64Array(W.size))]);
  });
});
