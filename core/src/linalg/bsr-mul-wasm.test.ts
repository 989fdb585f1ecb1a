import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { BlockSparseMatrix } from '../problem/block-sparse-matrix.js';
import { bsrMul, bsrMulTranspose } from './bsr-matvec.js';
import { compileBsrMulWasm, WasmBsrMul, wasmBsrMulAvailable } from './bsr-mul-wasm.js';
import { BSR_MUL_WASM, BSR_MUL_WAT, assembleWat } from './wasm/assemble.js';
import { denseMatVec, makeRandom, randomBsr, randomVector } from './__fixtures__/random.js';

const coreDir = new URL('../../', import.meta.url);

/** |W| |x|, the scale of the rounding error of each entry of W x. */
function absProduct(W: BlockSparseMatrix, x: Float64Array): Float64Array {
  const absW = new BlockSparseMatrix(W.blockRows, W.rowPtr, W.colIdx, W.values.map(Math.abs));
  return bsrMul(absW, x.map(Math.abs), new Float64Array(W.size));
}

/** The same bits: the WebAssembly kernels group every sum as the TypeScript ones do. */
function expectSameBits(y: Float64Array, ref: Float64Array): void {
  expect(y.length).toBe(ref.length);
  for (let i = 0; i < y.length; i++) {
    if (!Object.is(y[i], ref[i])) expect.fail(`y[${i}] = ${y[i]}, the TypeScript kernel gives ${ref[i]}`);
  }
}

/** Every y_i within 1e-14 (|W| |x|)_i of ref_i: agreement to rounding, whatever the cancellation. */
function expectAgrees(y: Float64Array, ref: ArrayLike<number>, scale: Float64Array): void {
  expect(y.length).toBe(ref.length);
  for (let i = 0; i < y.length; i++) {
    if (!(Math.abs(y[i] - ref[i]) <= 1e-14 * scale[i])) {
      expect.fail(`y[${i}] = ${y[i]} differs from ${ref[i]} by more than 1e-14 · ${scale[i]}`);
    }
  }
}

/** `rows` block rows; row i holds the diagonal and `per(i)` further columns (distinct, sorted). */
function raggedBsr(rows: number, per: (i: number) => number, rand: () => number): BlockSparseMatrix {
  const rowPtr = new Int32Array(rows + 1);
  const cols: number[] = [];
  for (let i = 0; i < rows; i++) {
    const row = new Set([i]);
    const want = Math.min(rows, 1 + per(i));
    while (row.size < want) row.add(Math.floor(((rand() + 1) / 2) * rows) % rows);
    cols.push(...[...row].sort((a, b) => a - b));
    rowPtr[i + 1] = cols.length;
  }
  return new BlockSparseMatrix(rows, rowPtr, Int32Array.from(cols), randomVector(9 * cols.length, rand));
}

const arbCase = fc.record({
  blockRows: fc.integer({ min: 1, max: 24 }),
  density: fc.double({ min: 0, max: 1, noNaN: true }),
  seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
});

afterEach(() => { vi.restoreAllMocks(); });

describe('the WebAssembly kernel file', () => {
  test('should be committed exactly as the build assembles it from the .wat text', async () => {
    const text = readFileSync(new URL(BSR_MUL_WAT, coreDir), 'utf8');
    const built = await assembleWat(text, BSR_MUL_WAT);
    const committed = readFileSync(new URL(BSR_MUL_WASM, coreDir));
    expect(Buffer.from(built).equals(committed), `core/${BSR_MUL_WASM} is out of date: \`npm run build\` writes it again`).toBe(true);
  });

  test('should be shipped by @moreau/core', () => {
    const pkg = JSON.parse(readFileSync(new URL('package.json', coreDir), 'utf8')) as { files: string[] };
    expect(pkg.files).toContain(BSR_MUL_WASM.split('/')[0]);
  });
});

describe('WasmBsrMul', () => {
  test('should be available on this runtime (Node >= 20 has WebAssembly SIMD)', () => {
    expect(wasmBsrMulAvailable()).toBe(true);
  });

  test('should give the bits of bsrMul, and a dense product to rounding, on random matrices', () => {
    const kernel = new WasmBsrMul();
    fc.assert(fc.property(arbCase, ({ blockRows, density, seed }) => {
      const rand = makeRandom(seed);
      const W = randomBsr(blockRows, density, rand, 2);
      const x = randomVector(W.size, rand);
      const y = new Float64Array(W.size).fill(Number.NaN); // every entry must be overwritten
      expect(kernel.load(W).mul(x, y)).toBe(y);
      const scale = absProduct(W, x);
      expectSameBits(y, bsrMul(W, x, new Float64Array(W.size)));
      expectAgrees(y, denseMatVec(W.toDense(), W.size, x), scale);
    }), { numRuns: 100 });
  });

  test('should give the bits of bsrMulTranspose, and a dense transposed product to rounding', () => {
    const kernel = new WasmBsrMul();
    fc.assert(fc.property(arbCase, ({ blockRows, density, seed }) => {
      const rand = makeRandom(seed);
      const W = randomBsr(blockRows, density, rand);
      const x = randomVector(W.size, rand);
      const y = new Float64Array(W.size).fill(Number.NaN);
      kernel.load(W);
      kernel.y.fill(Number.NaN); // stale output must not leak into the scatter
      expect(kernel.mulTranspose(x, y)).toBe(y);
      const Wt = BlockSparseMatrix.fromDense(W.size, transpose(W.toDense(), W.size));
      const scale = absProduct(Wt, x);
      expectSameBits(y, bsrMulTranspose(W, x, new Float64Array(W.size)));
      expectAgrees(y, denseMatVec(Wt.toDense(), W.size, x), scale);
    }), { numRuns: 100 });
  });

  test('should handle one block, an empty matrix, and ragged rows (diagonal only next to full rows)', () => {
    const rand = makeRandom(11);
    const one = BlockSparseMatrix.fromBlocks(1, [{ row: 0, col: 0, values: [1, 2, 3, 4, 5, 6, 7, 8, 10] }]);
    const kernel = new WasmBsrMul(one);
    expect([...kernel.mul(Float64Array.of(1, -1, 2), new Float64Array(3))]).toEqual([5, 11, 19]);
    expect([...kernel.mulTranspose(Float64Array.of(1, -1, 2), new Float64Array(3))]).toEqual([11, 13, 17]);

    const empty = new BlockSparseMatrix(0, new Int32Array(1), new Int32Array(0), new Float64Array(0));
    expect(kernel.load(empty).mul(new Float64Array(0), new Float64Array(0)).length).toBe(0);
    expect(kernel.mulTranspose(new Float64Array(0), new Float64Array(0)).length).toBe(0);

    const ragged = raggedBsr(40, (i) => (i % 5 === 0 ? 39 : i % 3 === 0 ? 0 : 3), rand);
    const x = randomVector(ragged.size, rand);
    kernel.load(ragged);
    expectSameBits(kernel.mul(x, new Float64Array(ragged.size)), bsrMul(ragged, x, new Float64Array(ragged.size)));
  });

  test('should write exactly the rows of a row range and leave the others', () => {
    const rand = makeRandom(12);
    const W = raggedBsr(30, (i) => i % 7, rand);
    const x = randomVector(W.size, rand);
    const ref = bsrMul(W, x, new Float64Array(W.size));
    const kernel = new WasmBsrMul(W);
    for (const [r0, r1] of [[0, 30], [0, 1], [29, 30], [7, 19], [12, 12]]) {
      const y = new Float64Array(W.size).fill(Number.NaN);
      kernel.mulRows(x, y, r0, r1);
      for (let i = 0; i < W.size; i++) {
        const inside = i >= 3 * r0 && i < 3 * r1;
        expect(y[i]).toBe(inside ? ref[i] : Number.NaN);
      }
    }
  });

  test('should work in place on its own x and y, and see new values after refresh()', () => {
    const rand = makeRandom(13);
    const W = raggedBsr(20, () => 4, rand);
    const x = randomVector(W.size, rand);
    const kernel = new WasmBsrMul(W);
    kernel.x.set(x);
    kernel.mul(kernel.x, kernel.y);
    expectSameBits(kernel.y, bsrMul(W, x, new Float64Array(W.size)));
    W.values.fill(0.25);
    kernel.refresh();
    expectSameBits(kernel.mul(x, new Float64Array(W.size)), bsrMul(W, x, new Float64Array(W.size)));
  });

  test('should grow its memory for a large matrix, then still serve a small one', () => {
    const rand = makeRandom(14);
    const small = raggedBsr(10, () => 2, rand);
    const big = raggedBsr(20_000, () => 7, rand); // 160,000 blocks: 11.5 MB, far past the first page
    const kernel = new WasmBsrMul(small);
    const before = kernel.x;
    for (const W of [big, small, big]) {
      const x = randomVector(W.size, rand);
      kernel.load(W);
      expect(kernel.x.length).toBe(W.size);
      expectSameBits(kernel.mul(x, new Float64Array(W.size)), bsrMul(W, x, new Float64Array(W.size)));
    }
    expect(before.length).toBe(0); // the views from before the growth are detached
  });

  test('should refuse a bad row range, short vectors, and a product before any load', () => {
    const W = raggedBsr(4, () => 1, makeRandom(15));
    const x = new Float64Array(W.size);
    expect(() => new WasmBsrMul().mul(x, x.slice())).toThrow(expect.objectContaining({ code: 'E_PROBLEM_SHAPE' }));
    const kernel = new WasmBsrMul(W);
    for (const [r0, r1] of [[-1, 2], [3, 2], [0, 5], [0.5, 2]]) {
      expect(() => kernel.mulRows(x, x.slice(), r0, r1)).toThrow(expect.objectContaining({ code: 'E_PROBLEM_SHAPE' }));
    }
    expect(() => kernel.mul(x.subarray(1), x.slice())).toThrow(expect.objectContaining({ code: 'E_PROBLEM_SHAPE' }));
    expect(() => kernel.mulTranspose(x, x.subarray(3))).toThrow(expect.objectContaining({ code: 'E_PROBLEM_SHAPE' }));
  });

  test('should refuse with E_UNSUPPORTED, naming the TypeScript fallback, where WebAssembly SIMD does not validate', () => {
    const bytes = readFileSync(new URL(BSR_MUL_WASM, coreDir));
    expect(compileBsrMulWasm(bytes)).toBeInstanceOf(WebAssembly.Module);
    vi.spyOn(WebAssembly, 'validate').mockReturnValue(false);
    expect(() => compileBsrMulWasm(bytes)).toThrow(expect.objectContaining({ code: 'E_UNSUPPORTED', message: expect.stringContaining('bsrMul') }));
  });
});

function transpose(a: Float64Array, n: number): Float64Array {
  const t = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) t[j * n + i] = a[i * n + j];
  return t;
}
