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
});
