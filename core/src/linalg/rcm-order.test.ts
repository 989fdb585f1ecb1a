import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { rcmOrder } from './rcm-order.js';

/** CSR adjacency of an undirected graph given by its edges. */
function csr(n: number, edges: [number, number][]) {
  const ptr = new Int32Array(n + 1);
  for (const [a, b] of edges) { ptr[a + 1]++; ptr[b + 1]++; }
  for (let i = 0; i < n; i++) ptr[i + 1] += ptr[i];
  const adj = new Int32Array(ptr[n]), fill = ptr.slice(0, n);
  for (const [a, b] of edges) { adj[fill[a]++] = b; adj[fill[b]++] = a; }
  return { ptr, adj };
}

function bandwidth(order: Int32Array, edges: [number, number][]): number {
  const pos = new Int32Array(order.length);
  order.forEach((v, k) => { pos[v] = k; });
  return edges.reduce((b, [x, y]) => Math.max(b, Math.abs(pos[x] - pos[y])), 0);
}

describe('reverse Cuthill–McKee', () => {
  test('should give bandwidth 1 for a path whose vertices are scrambled', () => {
    fc.assert(fc.property(fc.integer({ min: 2, max: 200 }), fc.integer({ min: 1, max: 2 ** 30 }), (n, seed) => {
      // a permutation from a seeded shuffle
      const perm = Array.from({ length: n }, (_, i) => i);
      let s = seed;
      for (let i = n - 1; i > 0; i--) { s = (s * 1103515245 + 12345) % 2 ** 31; const j = s % (i + 1); [perm[i], perm[j]] = [perm[j], perm[i]]; }
      const edges: [number, number][] = [];
      for (let i = 1; i < n; i++) edges.push([perm[i - 1], perm[i]]);
      const { ptr, adj } = csr(n, edges);
      expect(bandwidth(rcmOrder(n, ptr, adj), edges)).toBe(1);
    }));
  });

  test('should return a permutation of the vertices, also for a graph that is not connected', () => {
    const edges: [number, number][] = [[0, 1], [1, 2], [4, 5]];
    const { ptr, adj } = csr(7, edges);
    const order = rcmOrder(7, ptr, adj);
    expect([...order].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  test('should keep a 2D grid of w x h at bandwidth at most min(w, h) + 1', () => {
    const w = 7, h = 30, n = w * h, edges: [number, number][] = [];
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
      if (x + 1 < w) edges.push([y * w + x, y * w + x + 1]);
      if (y + 1 < h) edges.push([y * w + x, (y + 1) * w + x]);
    }
    const { ptr, adj } = csr(n, edges);
    expect(bandwidth(rcmOrder(n, ptr, adj), edges)).toBeLessThanOrEqual(w + 1);
  });

  test('should start from a pseudo-peripheral vertex, take neighbours by degree then number, and reverse (worked by hand)', () => {
    // 0-1-2-3-4 with 5-6 hanging on 1; 1's neighbours are listed as 5, 0, 2. Least degree: 0;
    // the farthest from 0 is 4 (depth 4), from 4 it is 6 (depth 5, deeper: move), from 6 it is 4
    // (depth 5, not deeper: stop), so the search starts at 4: 4, 3, 2, 1, then 1's new neighbours
    // 0 (degree 1) before 5 (degree 2), then 6. Reversed: 6 5 0 1 2 3 4.
    const edges: [number, number][] = [[1, 5], [5, 6], [0, 1], [1, 2], [2, 3], [3, 4]];
    const { ptr, adj } = csr(7, edges);
    expect(Array.from(rcmOrder(7, ptr, adj))).toEqual([6, 5, 0, 1, 2, 3, 4]);
  });

  test('should break ties of degree by vertex number', () => {
    // a star with centre 0, leaves listed 3, 1, 2: start at leaf 1 (least degree, lowest number; from 2
    // the depth is no deeper), then 0, then its leaves 2, 3 by number. Reversed: 3 2 0 1.
    const { ptr, adj } = csr(4, [[0, 3], [0, 1], [0, 2]]);
    expect(Array.from(rcmOrder(4, ptr, adj))).toEqual([3, 2, 0, 1]);
  });

  test('should put the vertices the search does not reach after it, by number, before reversing', () => {
    // 0-1-2, 4-5, 3 and 6 alone: 3 has the least degree (0), so the search covers 3 only; then 0 1 2 4 5 6.
    const { ptr, adj } = csr(7, [[0, 1], [1, 2], [4, 5]]);
    expect(Array.from(rcmOrder(7, ptr, adj))).toEqual([6, 5, 4, 2, 1, 0, 3]);
  });
});

