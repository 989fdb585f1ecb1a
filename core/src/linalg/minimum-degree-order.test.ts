import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { minimumDegreeOrder } from './minimum-degree-order.js';

/** CSR adjacency of an undirected graph given by its edges. */
function csr(n: number, edges: [number, number][]) {
  const ptr = new Int32Array(n + 1);
  for (const [a, b] of edges) { ptr[a + 1]++; ptr[b + 1]++; }
  for (let i = 0; i < n; i++) ptr[i + 1] += ptr[i];
  const adj = new Int32Array(ptr[n]), fill = ptr.slice(0, n);
  for (const [a, b] of edges) { adj[fill[a]++] = b; adj[fill[b]++] = a; }
  return { ptr, adj };
}

/** Edges the elimination in `order` adds to the graph (the fill of a Cholesky factor). */
function fillIn(n: number, edges: [number, number][], order: Int32Array): number {
  const nbrs = Array.from({ length: n }, () => new Set<number>());
  for (const [a, b] of edges) { nbrs[a].add(b); nbrs[b].add(a); }
  let fill = 0;
  for (const v of order) {
    const c = [...nbrs[v]];
    for (const u of c) nbrs[u].delete(v);
    for (let i = 0; i < c.length; i++) {
      for (let j = i + 1; j < c.length; j++) {
        if (!nbrs[c[i]].has(c[j])) { nbrs[c[i]].add(c[j]); nbrs[c[j]].add(c[i]); fill++; }
      }
    }
  }
  return fill;
}

/** A random tree on n vertices from a seed (vertex i > 0 hangs on a random earlier one). */
function randomTree(n: number, seed: number): [number, number][] {
  let s = seed >>> 0;
  const edges: [number, number][] = [];
  for (let i = 1; i < n; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    edges.push([i, s % i]);
  }
  return edges;
}

describe('minimum degree ordering', () => {
  test('should eliminate a tree without fill (leaves first), whatever its numbering', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 120 }), fc.nat(), (n, seed) => {
      const edges = randomTree(n, seed);
      const { ptr, adj } = csr(n, edges);
      expect(fillIn(n, edges, minimumDegreeOrder(n, ptr, adj))).toBe(0);
    }), { numRuns: 50 });
  });

  test('should return a permutation, ignoring self-loops and disconnected parts', () => {
    const edges: [number, number][] = [[0, 1], [1, 2], [4, 5], [3, 3]];
    const { ptr, adj } = csr(7, edges);
    const order = minimumDegreeOrder(7, ptr, adj);
    expect([...order].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  test('should fill a 2D grid less than the row-by-row order does', () => {
    const m = 12, edges: [number, number][] = [];
    for (let i = 0; i < m; i++) {
      for (let j = 0; j < m; j++) {
        if (i + 1 < m) edges.push([i * m + j, (i + 1) * m + j]);
        if (j + 1 < m) edges.push([i * m + j, i * m + j + 1]);
      }
    }
    const n = m * m, { ptr, adj } = csr(n, edges);
    const natural = Int32Array.from({ length: n }, (_, i) => i);
    expect(fillIn(n, edges, minimumDegreeOrder(n, ptr, adj))).toBeLessThan(0.7 * fillIn(n, edges, natural));
  });

  test('should be deterministic', () => {
    const edges = randomTree(50, 7).concat([[3, 9], [10, 40], [22, 5]]);
    const { ptr, adj } = csr(50, edges);
    expect(minimumDegreeOrder(50, ptr, adj)).toEqual(minimumDegreeOrder(50, ptr, adj));
  });

  test('should follow least degree, then lowest number, with self-loops not counted (worked by hand)', () => {
    // path 0-1-2-3, vertex 4 on 1 and 2, a self-loop on 3. Degrees 1, 3, 3, 1, 2: eliminate 0 (tie
    // with 3, lower number); then 3 (degree 1); then 1, 2, 4 all of degree 2 → 1, which joins 2 and 4; then 2, 4.
    const { ptr, adj } = csr(5, [[0, 1], [1, 2], [2, 3], [1, 4], [2, 4], [3, 3]]);
    expect(Array.from(minimumDegreeOrder(5, ptr, adj))).toEqual([0, 3, 1, 2, 4]);
  });

  test('should keep every degree update when they outnumber the vertices (worked by hand)', () => {
    // K4 on 0..3 and a pendant 4 on 3: 4 goes first (degree 1), then 0 of the three of degree 3,
    // whose elimination re-queues 1, 2, 3 at degree 2, more entries than the 5 vertices.
    const { ptr, adj } = csr(5, [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3], [3, 4]]);
    expect(Array.from(minimumDegreeOrder(5, ptr, adj))).toEqual([4, 0, 1, 2, 3]);
  });
});

