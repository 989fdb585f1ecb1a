import fc from 'fast-check';
import { afterAll, describe, expect, test } from 'vitest';
import { BlockSparseMatrix } from '../problem/block-sparse-matrix.js';
import { bsrMul } from './bsr-matvec.js';
import { ParallelBsrMul, splitRows } from './parallel-bsr-mul.js';
import { makeRandom, randomBsr, randomVector } from './__fixtures__/random.js';

const open: ParallelBsrMul[] = [];
function make(W: BlockSparseMatrix, threads: number): ParallelBsrMul {
  const p = new ParallelBsrMul(W, { threads, minBlocks: 0 });
  open.push(p);
  return p;
}
afterAll(async () => { await Promise.all(open.map((p) => p.close())); });

describe('ParallelBsrMul', () => {
  test('should give bit-identical results to bsrMul with 2 and 3 threads, call after call', () => {
    const rand = makeRandom(77);
    const W = randomBsr(60, 0.15, rand, 1);
    for (const threads of [2, 3]) {
      const p = make(W, threads);
      expect(p.threads).toBe(threads);
      for (let call = 0; call < 20; call++) {
        const x = randomVector(W.size, rand);
        const ref = bsrMul(W, x, new Float64Array(W.size));
        const y = new Float64Array(W.size).fill(Number.NaN);
        expect(p.mul(x, y)).toBe(y);
        expect([...y]).toEqual([...ref]);
        // zero-copy use of the shared vectors
        p.x.set(x);
        p.mul(p.x, p.y);
        expect([...p.y]).toEqual([...ref]);
      }
    }
  });

  test('should run serially, with no worker, below minBlocks or with one thread', async () => {
    const W = randomBsr(5, 0.5, makeRandom(1));
    const small = new ParallelBsrMul(W);
    const single = new ParallelBsrMul(W, { threads: 1, minBlocks: 0 });
    expect(small.threads).toBe(1);
    expect(single.threads).toBe(1);
    const x = randomVector(W.size, makeRandom(2));
    expect([...small.mul(x, new Float64Array(W.size))]).toEqual([...bsrMul(W, x, new Float64Array(W.size))]);
    await small.close();
    await single.close();
  });

  test('should see new values after refresh(), and in place for a matrix on shared memory', () => {
    const rand = makeRandom(5);
    const W = randomBsr(30, 0.2, rand, 1);
    const x = randomVector(W.size, rand);
    const p = make(W, 2);
    W.values.fill(0.5);
    p.refresh();
    expect([...p.mul(x, new Float64Array(W.size))]).toEqual([...bsrMul(W, x, new Float64Array(W.size))]);

    const sab = new Float64Array(new SharedArrayBuffer(W.values.byteLength));
    sab.set(W.values);
    const S = new BlockSparseMatrix(W.blockRows, W.rowPtr, W.colIdx, sab);
    const q = make(S, 2);
    sab[0] = 123; // no refresh needed: the workers read this very buffer
    expect([...q.mul(x, new Float64Array(S.size))]).toEqual([...bsrMul(S, x, new Float64Array(S.size))]);
  });

  test('should keep working serially after close(), which is idempotent', async () => {
    const rand = makeRandom(6);
    const W = randomBsr(20, 0.3, rand, 1);
    const p = new ParallelBsrMul(W, { threads: 2, minBlocks: 0 });
    const x = randomVector(W.size, rand);
    const before = [...p.mul(x, new Float64Array(W.size))];
    await p.close();
    await p.close();
    expect([...p.mul(x, new Float64Array(W.size))]).toEqual(before);
  });
});

describe('splitRows', () => {
  test('should give monotone boundaries from 0 to n with balanced block counts', () => {
    fc.assert(fc.property(
      fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 1, maxLength: 200 }),
      fc.integer({ min: 1, max: 8 }),
      (lengths, parts) => {
        const n = lengths.length;
        const rowPtr = new Int32Array(n + 1);
        for (let i = 0; i < n; i++) rowPtr[i + 1] = rowPtr[i] + lengths[i];
        const b = splitRows(rowPtr, n, parts);
        expect(b[0]).toBe(0);
        expect(b[parts]).toBe(n);
        const total = rowPtr[n], maxRow = Math.max(...lengths);
        for (let t = 0; t < parts; t++) {
          expect(b[t + 1]).toBeGreaterThanOrEqual(b[t]);
          const blocks = rowPtr[b[t + 1]] - rowPtr[b[t]];
          expect(Math.abs(blocks - total / parts)).toBeLessThanOrEqual(2 * maxRow + 1);
        }
      },
    ), { numRuns: 300 });
  });
});
