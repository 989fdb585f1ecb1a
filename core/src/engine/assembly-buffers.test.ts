import { describe, expect, test, vi } from 'vitest';
import { MoreauError } from '../contracts/errors.js';
import { AssemblyBuffers } from './assembly-buffers.js';

describe('the contact assembly\'s buffers', () => {
  test('should keep every array\'s contents when one grows, lay them out anew and count the layouts', () => {
    for (const wasm of [true, false]) {
      const buf = new AssemblyBuffers(wasm);
      expect(buf.kernel !== undefined).toBe(wasm);
      buf.ensure({ H: 5, rowPtr: 3, free: 2 });
      buf.views.H.set([1.5, -2, Math.PI, 4, 5]);
      buf.views.rowPtr.set([0, 7, 9]);
      buf.views.free.set([1, 0]);
      const generation = buf.generation, H = buf.views.H;
      // Within capacity: no layout, the same views.
      buf.ensure({ H: 5 });
      expect([buf.generation, buf.views.H]).toEqual([generation, H]);
      // Past it: a new layout, at least twice the capacity, the contents of every array kept.
      buf.ensure({ rowPtr: 4 });
      expect(buf.generation).toBe(generation + 1);
      expect(buf.views.rowPtr.length).toBe(6);
      expect(Array.from(buf.views.H)).toEqual([1.5, -2, Math.PI, 4, 5]);
      expect(Array.from(buf.views.rowPtr.subarray(0, 3))).toEqual([0, 7, 9]);
      expect(Array.from(buf.views.free)).toEqual([1, 0]);
      // A large growth: exactly what was asked.
      buf.ensure({ G: 1000, H: 2 });
      expect(buf.views.G.length).toBe(1000);
      expect(Array.from(buf.views.H)).toEqual([1.5, -2, Math.PI, 4, 5]);
    }
  });

  test('should place the arrays apart, 16-byte aligned, in the kernel\'s memory', () => {
    // WebAssembly unless told otherwise.
    const buf = new AssemblyBuffers(undefined, { H: 3, free: 5 });
    expect(buf.kernel).toBeDefined();
    buf.ensure({ G: 3 });
    const slots = ['H', 'G', 'values', 'hOffset', 'bodyStart', 'bodyEntry', 'rowPtr', 'colIdx', 'pairA', 'pairB', 'cursor', 'dofs', 'free'] as const;
    const spans = slots.map((s) => [buf.address(s), buf.address(s) + buf.views[s].byteLength] as const).sort((x, y) => x[0] - y[0]);
    for (const [start] of spans) expect(start % 16).toBe(0);
    for (let k = 1; k < spans.length; k++) expect(spans[k][0]).toBeGreaterThanOrEqual(spans[k - 1][1]);
    // Each view is where its address says.
    for (const s of slots) expect(buf.views[s].byteOffset).toBe(buf.address(s));
    expect(buf.views.H.buffer).toBe(buf.views.free.buffer);
  });

  test('should keep to plain buffers, with the contents, once WebAssembly grants no more memory', () => {
    const buf = new AssemblyBuffers(true, { G: 4 });
    expect(buf.kernel).toBeDefined();
    buf.views.G.set([1, 2, 3, 4]);
    const grow = vi.spyOn(WebAssembly.Memory.prototype, 'grow').mockImplementation(() => { throw new RangeError('no memory this large'); });
    try {
      buf.ensure({ G: 100_000 });
      expect(buf.kernel).toBeUndefined();
      expect(buf.views.G.buffer).toBeInstanceOf(ArrayBuffer);
      expect(Array.from(buf.views.G.subarray(0, 4))).toEqual([1, 2, 3, 4]);
      // And stays there: no second try at every growth.
      const calls = grow.mock.calls.length;
      buf.ensure({ G: 300_000 });
      expect(grow.mock.calls.length).toBe(calls);
      expect(Array.from(buf.views.G.subarray(0, 4))).toEqual([1, 2, 3, 4]);
    } finally {
      grow.mockRestore();
    }
  });

  test('should grow its WebAssembly memory in place: a view kept from before holds no memory', () => {
    const buf = new AssemblyBuffers(true, { H: 8, values: 8 });
    buf.views.values.set([1, 2, 3, 4, 5, 6, 7, 8]);
    const kept = buf.views.values, kernel = buf.kernel;
    buf.ensure({ H: 200_000 });
    expect(kept.length).toBe(0);
    expect(buf.kernel).toBe(kernel);
    expect(Array.from(buf.views.values.subarray(0, 8))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  test('should run the TypeScript sums where the kernel module does not compile, and pass any other failure on', () => {
    const refusal = new MoreauError('E_UNSUPPORTED', 'no WebAssembly SIMD here');
    const instance = vi.spyOn(WebAssembly, 'Instance').mockImplementation(function () { throw refusal; });
    try {
      expect(new AssemblyBuffers(true).kernel).toBeUndefined();
      const broken = new MoreauError('E_FILE_IO', 'the kernel file is missing');
      instance.mockImplementation(function () { throw broken; });
      expect(() => new AssemblyBuffers(true)).toThrow(broken);
      instance.mockImplementation(function () { throw new TypeError('a bug'); });
      expect(() => new AssemblyBuffers(true)).toThrow(TypeError);
    } finally {
      instance.mockRestore();
    }
  });
});
