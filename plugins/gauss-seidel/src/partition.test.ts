import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { contactWork, partitionContacts, partitionSpan } from './partition.js';

/** A symmetric block pattern (CSR, diagonal included, columns ascending) from undirected edges. */
function pattern(nc: number, edges: [number, number][]): { rowPtr: Int32Array; colIdx: Int32Array } {
  const rows = Array.from({ length: nc }, (_, a) => new Set([a]));
  for (const [a, b] of edges) { rows[a].add(b); rows[b].add(a); }
  const rowPtr = new Int32Array(nc + 1), cols: number[] = [];
  rows.forEach((set, a) => { cols.push(...[...set].sort((x, y) => x - y)); rowPtr[a + 1] = cols.length; });
  return { rowPtr, colIdx: Int32Array.from(cols) };
}

/** Contacts within distance 2 of some contact of `part` (what its sweep reads or writes). */
function reach2(rowPtr: Int32Array, colIdx: Int32Array, part: Int32Array): Set<number> {
  const one = new Set<number>();
  for (const a of part) for (let k = rowPtr[a]; k < rowPtr[a + 1]; k++) one.add(colIdx[k]);
  const two = new Set(one);
  for (const a of one) for (let k = rowPtr[a]; k < rowPtr[a + 1]; k++) two.add(colIdx[k]);
  return two;
}

// Graphs like a pile's: contacts in a row, each linked to a few of the next `reach`, in pieces.
const pileGraph = fc.record({
  pieces: fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 4 }),
  reach: fc.integer({ min: 1, max: 6 }),
  links: fc.integer({ min: 1, max: 4 }),
  seed: fc.integer({ min: 0, max: 1e6 }),
}).map(({ pieces, reach, links, seed }) => {
  let s = seed;
  const rnd = (): number => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  const edges: [number, number][] = [];
  let start = 0;
  for (const size of pieces) {
    for (let a = start; a < start + size; a++) {
      for (let l = 0; l < links; l++) {
        const b = a + 1 + Math.floor(rnd() * reach);
        if (b < start + size) edges.push([a, b]);
      }
    }
    start += size;
  }
  // Shuffle the numbering: a real problem's contact order follows detection, not the graph.
  const perm = Array.from({ length: start }, (_, i) => i);
  for (let i = start - 1; i > 0; i--) { const j = Math.floor(rnd() * (i + 1)); [perm[i], perm[j]] = [perm[j], perm[i]]; }
  return { nc: start, edges: edges.map(([a, b]) => [perm[a], perm[b]] as [number, number]) };
});

describe('partitionContacts', () => {
  test('should give two parts whose sweeps touch disjoint contacts, and the rest after them', () => {
    fc.assert(
      fc.property(pileGraph, ({ nc, edges }) => {
        const { rowPtr, colIdx } = pattern(nc, edges);
        const { order, first, second } = partitionContacts(rowPtr, colIdx, nc);
        // A permutation of the contacts, each part ascending.
        expect([...order].sort((x, y) => x - y)).toEqual(Array.from({ length: nc }, (_, i) => i));
        for (const [from, to] of [[0, first], [first, first + second], [first + second, nc]]) {
          for (let i = from + 1; i < to; i++) expect(order[i]).toBeGreaterThan(order[i - 1]);
        }
        // No contact of B within distance 2 of one of A: their updates read and write disjoint rows.
        const near = reach2(rowPtr, colIdx, order.subarray(0, first));
        for (const b of order.subarray(first, first + second)) expect(near.has(b)).toBe(false);
        const span = partitionSpan({ order, first, second }, rowPtr);
        expect(span).toBeGreaterThan(0);
        expect(span).toBeLessThanOrEqual(1);
      }),
      { numRuns: 200 },
    );
  });

  test('should cut between two pieces that share no contact, with nothing left over', () => {
    // Two chains of 40 contacts each, numbered alternately.
    const edges: [number, number][] = [];
    for (let i = 0; i < 39; i++) { edges.push([2 * i, 2 * i + 2]); edges.push([2 * i + 1, 2 * i + 3]); }
    const { rowPtr, colIdx } = pattern(80, edges);
    const p = partitionContacts(rowPtr, colIdx, 80);
    expect([p.first, p.second]).toEqual([40, 40]);
    expect(new Set([...p.order.subarray(0, 40)].map((a) => a % 2)).size).toBe(1);
    expect(partitionSpan(p, rowPtr)).toBe(0.5);
  });

  test('should leave a band two levels wide across a chain, and balance the work on both sides', () => {
    const edges: [number, number][] = Array.from({ length: 99 }, (_, i) => [i, i + 1]);
    const { rowPtr, colIdx } = pattern(100, edges);
    const p = partitionContacts(rowPtr, colIdx, 100);
    expect(100 - p.first - p.second).toBe(2);
    expect(Math.abs(p.first - p.second)).toBeLessThanOrEqual(1);
    // The lighter part first: it is the one handed to the second thread.
    const work = (from: number, to: number): number => {
      let w = 0;
      for (let i = from; i < to; i++) w += contactWork(rowPtr[p.order[i] + 1] - rowPtr[p.order[i]]);
      return w;
    };
    expect(work(0, p.first)).toBeLessThanOrEqual(work(p.first, p.first + p.second));
  });

  test('should put a graph too shallow to split into the band (span 1)', () => {
    // A star: every contact within distance 2 of every other.
    const edges: [number, number][] = Array.from({ length: 9 }, (_, i) => [0, i + 1]);
    const { rowPtr, colIdx } = pattern(10, edges);
    const p = partitionContacts(rowPtr, colIdx, 10);
    expect(partitionSpan(p, rowPtr)).toBe(1);
  });
});
