import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { contactOrder, inContactOrder, type OrderScratch } from './contact-order.js';

interface Keys { a: number; b: number; f: number }

/** The order `Array.prototype.sort` gives with the engine's comparator: the specification. */
function expectedOrder(cs: readonly Keys[]): number[] {
  return cs.map((_, i) => i).sort((x, y) => cs[x].a - cs[y].a || cs[x].b - cs[y].b || cs[x].f - cs[y].f || x - y);
}

function orderOf(cs: readonly Keys[], scratch: OrderScratch): number[] {
  const n = cs.length;
  const A = Int32Array.from(cs, (c) => c.a), B = Int32Array.from(cs, (c) => c.b), F = Int32Array.from(cs, (c) => c.f);
  if (scratch.order.length < n) { scratch.order = new Int32Array(n); scratch.spare = new Int32Array(n); }
  return Array.from(contactOrder(A, B, F, n, scratch).subarray(0, n));
}

const freshScratch = (): OrderScratch => ({ order: new Int32Array(0), spare: new Int32Array(0), counts: new Int32Array(0) });

/** Few bodies (the counting sort's case), pairs and features repeated so that ties are common. */
const arbDense = fc.array(fc.record({ a: fc.integer({ min: 0, max: 7 }), b: fc.integer({ min: 0, max: 7 }), f: fc.integer({ min: -3, max: 3 }) }), { maxLength: 120 });
/** Ids far above the count or below zero (the merge sort's case). */
const arbSparse = fc.array(fc.record({
  a: fc.oneof(fc.integer({ min: -5, max: 5 }), fc.integer({ min: 5000, max: 5010 })),
  b: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 1_000_000, max: 1_000_002 })),
  f: fc.integer({ min: -3, max: 3 }),
}), { minLength: 1, maxLength: 60 });

describe('contactOrder', () => {
  test('is the comparator sort\'s permutation for ids below the contact count (counting passes)', () => {
    fc.assert(fc.property(arbDense, (cs) => {
      expect(orderOf(cs, freshScratch())).toEqual(expectedOrder(cs));
    }), { numRuns: 400 });
  });

  test('is the same permutation for negative or far-apart ids (merge sort)', () => {
    fc.assert(fc.property(arbSparse, (cs) => {
      expect(orderOf(cs, freshScratch())).toEqual(expectedOrder(cs));
    }), { numRuns: 300 });
  });

  test('a pair\'s contacts are ordered by feature whatever order they arrive in', () => {
    // One body pair, features arriving in reverse, among other pairs: only the insertion pass orders them.
    const cs: Keys[] = [{ a: 2, b: 3, f: 0 }, { a: 1, b: 2, f: 5 }, { a: 1, b: 2, f: 4 }, { a: 1, b: 2, f: 3 }, { a: 0, b: 1, f: 1 }, { a: 1, b: 2, f: 4 }];
    expect(orderOf(cs, freshScratch())).toEqual([4, 3, 2, 5, 1, 0]);
  });

  test('one scratch reused over lists of growing and shrinking size and id range gives each list its order', () => {
    fc.assert(fc.property(fc.array(fc.oneof(arbDense, arbSparse), { minLength: 2, maxLength: 6 }), (lists) => {
      const scratch = freshScratch();
      for (const cs of lists) expect(orderOf(cs, scratch)).toEqual(expectedOrder(cs));
    }), { numRuns: 150 });
  });

  test('the empty list has the empty order', () => {
    expect(orderOf([], freshScratch())).toEqual([]);
  });
});

describe('inContactOrder', () => {
  /** The keys as a contact set of `count` contacts, with one more contact past the count holding the smallest keys. */
  const setOf = (cs: readonly Keys[]) => {
    const past = { a: -9, b: -9, f: -9 };
    const all = [...cs, past];
    return {
      count: cs.length, point: new Float64Array(0), frame: new Float64Array(0), gap: new Float64Array(0),
      bodyA: Int32Array.from(all, (c) => c.a), bodyB: Int32Array.from(all, (c) => c.b), feature: Int32Array.from(all, (c) => c.f),
    };
  };

  test('should say true exactly when contactOrder would leave the list as it is', () => {
    fc.assert(fc.property(arbDense, (cs) => {
      const identity = orderOf(cs, freshScratch()).every((x, i) => x === i);
      expect(inContactOrder(setOf(cs))).toBe(identity);
    }), { numRuns: 500 });
  });

  test('should take equal keys as in order, and find a list out of order by any one key', () => {
    expect(inContactOrder(setOf([]))).toBe(true);
    expect(inContactOrder(setOf([{ a: 1, b: 2, f: 3 }]))).toBe(true);
    expect(inContactOrder(setOf([{ a: 1, b: 2, f: 3 }, { a: 1, b: 2, f: 3 }, { a: 1, b: 2, f: 4 }, { a: 1, b: 3, f: 0 }, { a: 2, b: 0, f: 0 }]))).toBe(true);
    expect(inContactOrder(setOf([{ a: 2, b: 0, f: 0 }, { a: 1, b: 5, f: 5 }]))).toBe(false);
    expect(inContactOrder(setOf([{ a: 1, b: 3, f: 0 }, { a: 1, b: 2, f: 5 }]))).toBe(false);
    expect(inContactOrder(setOf([{ a: 1, b: 2, f: 4 }, { a: 1, b: 2, f: 3 }]))).toBe(false);
  });
});
