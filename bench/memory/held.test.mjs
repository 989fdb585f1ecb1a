import { describe, expect, test } from 'vitest';
import { heldBytes } from './held.mjs';

class Store {
  constructor() {
    this.values = new Float64Array(10); // 80 bytes
    this.view = new Float64Array(this.values.buffer, 16, 2); // the same buffer: counted once
    this.parts = [new Int32Array(4)]; // 16 bytes, in a plain array: still the Store's
    this.byName = new Map([['a', new Uint8Array(5)]]); // 5 bytes, in a map
  }
}
class Engine {
  constructor(store) {
    this.store = store;
    this.again = store; // reached twice: counted once
    this.scratch = { x: new Float64Array(3) }; // 24 bytes, in a plain object: the Engine's
    this.memory = new WebAssembly.Memory({ initial: 1 }); // one 64 KiB page
    this.self = this; // a cycle
  }
}

describe('heldBytes', () => {
  test('should count each buffer once, under the nearest class that holds it, through arrays, maps, plain objects and cycles', () => {
    const store = new Store();
    const held = heldBytes({ engine: new Engine(store), alsoStore: store });
    expect(Object.fromEntries(held)).toEqual({ Engine: 24 + 65536, Store: 80 + 16 + 5 });
  });

  test('should find nothing in a graph without buffers, and take a bare typed array as the root\'s', () => {
    expect(heldBytes({ a: [1, 2, { b: 'c' }] }).size).toBe(0);
    expect(Object.fromEntries(heldBytes(new Float32Array(4)))).toEqual({ root: 16 });
  });
});
