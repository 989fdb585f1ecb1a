/**
 * Reverse Cuthill–McKee ordering of a symmetric sparsity graph (CSR adjacency
 * of a connected graph, self-loops ignored): a breadth-first numbering from a
 * pseudo-peripheral vertex, neighbours by increasing degree, reversed. It keeps
 * the bandwidth small (a path or a chain of bodies gets bandwidth 1), so a band
 * factorisation costs O(n b²) instead of O(n³).
 * @returns order[k] = the vertex placed at position k
 */
export function rcmOrder(n: number, ptr: Int32Array, adj: Int32Array): Int32Array {
  const degree = new Int32Array(n);
  for (let v = 0; v < n; v++) degree[v] = ptr[v + 1] - ptr[v];
  const level = new Int32Array(n);
  const queue = new Int32Array(n);

  // Breadth-first levels from `root` into `level`; returns the last vertex reached (one of the farthest).
  const bfs = (root: number): { last: number; depth: number } => {
    level.fill(-1);
    let head = 0, tail = 0;
    queue[tail++] = root;
    level[root] = 0;
    while (head < tail) {
      const v = queue[head++];
      for (let e = ptr[v]; e < ptr[v + 1]; e++) {
        const u = adj[e];
        if (level[u] < 0) { level[u] = level[v] + 1; queue[tail++] = u; }
      }
    }
    return { last: queue[tail - 1], depth: level[queue[tail - 1]] };
  };

  // Pseudo-peripheral start: from a vertex of least degree, move to a farthest vertex while the depth grows.
  let root = 0;
  for (let v = 1; v < n; v++) if (degree[v] < degree[root]) root = v;
  let { last, depth } = bfs(root);
  for (let pass = 0; pass < 4; pass++) {
    const next = bfs(last);
    if (next.depth <= depth) break;
    root = last;
    ({ last, depth } = next);
  }

  const order = new Int32Array(n);
  const seen = new Uint8Array(n);
  let head = 0, tail = 0;
  order[tail++] = root;
  seen[root] = 1;
  const scratch: number[] = [];
  while (head < tail) {
    const v = order[head++];
    scratch.length = 0;
    for (let e = ptr[v]; e < ptr[v + 1]; e++) {
      const u = adj[e];
      if (!seen[u]) { seen[u] = 1; scratch.push(u); }
    }
    scratch.sort((a, c) => degree[a] - degree[c] || a - c);
    for (const u of scratch) order[tail++] = u;
  }
  // A graph that is not connected keeps its other vertices at the end (correct, if not banded).
  for (let v = 0; v < n && tail < n; v++) if (!seen[v]) order[tail++] = v;
  order.reverse();
  return order;
}
