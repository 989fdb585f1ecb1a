/**
 * Minimum degree ordering of a symmetric sparsity graph (CSR adjacency, self-loops
 * ignored): repeatedly eliminate a vertex of least current degree, joining its
 * neighbours into a clique (the fill its elimination creates). This is the
 * elimination-graph form of the minimum degree heuristic (George & Liu, *Computer
 * Solution of Large Sparse Positive Definite Systems*, ch. 5); AMD approximates the
 * same degrees on a quotient graph to bound the cost. Here the graph is the block
 * graph of a contact problem (one vertex per contact), small and of low degree, so
 * the exact degrees are affordable; the ordering is computed once per pattern.
 * Ties go to the lowest vertex number, so the order is deterministic.
 * @returns order[k] = the vertex eliminated at step k
 */
export function minimumDegreeOrder(n: number, ptr: Int32Array, adj: Int32Array): Int32Array {
  const nbrs: Set<number>[] = [];
  for (let v = 0; v < n; v++) {
    const s = new Set<number>();
    for (let e = ptr[v]; e < ptr[v + 1]; e++) if (adj[e] !== v) s.add(adj[e]);
    nbrs.push(s);
  }
  const heap = new DegreeHeap(n);
  for (let v = 0; v < n; v++) heap.push(nbrs[v].size, v);
  const done = new Uint8Array(n);
  const order = new Int32Array(n);
  const clique: number[] = [];
  for (let k = 0; k < n; k++) {
    let v = heap.pop();
    // Entries are pushed again when a degree changes; stale ones are skipped.
    while (done[v] || heap.lastKey !== nbrs[v].size) v = heap.pop();
    done[v] = 1;
    order[k] = v;
    clique.length = 0;
    for (const u of nbrs[v]) clique.push(u);
    for (const u of clique) {
      const s = nbrs[u];
      s.delete(v);
      for (const w of clique) if (w !== u) s.add(w);
      heap.push(s.size, u);
    }
    nbrs[v].clear();
  }
  return order;
}

/** A binary min-heap of (degree, vertex), ordered by degree then vertex. */
class DegreeHeap {
  private keys: Int32Array;
  private items: Int32Array;
  private size = 0;
  /** The key of the last popped item. */
  lastKey = -1;

  constructor(capacity: number) {
    this.keys = new Int32Array(Math.max(4, capacity));
    this.items = new Int32Array(Math.max(4, capacity));
  }

  push(key: number, item: number): void {
    if (this.size === this.keys.length) {
      const keys = new Int32Array(2 * this.size), items = new Int32Array(2 * this.size);
      keys.set(this.keys);
      items.set(this.items);
      this.keys = keys;
      this.items = items;
    }
    const { keys, items } = this;
    let i = this.size++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!less(key, item, keys[p], items[p])) break;
      keys[i] = keys[p];
      items[i] = items[p];
      i = p;
    }
    keys[i] = key;
    items[i] = item;
  }

  pop(): number {
    const { keys, items } = this;
    const top = items[0];
    this.lastKey = keys[0];
    const key = keys[--this.size], item = items[this.size];
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= this.size) break;
      if (c + 1 < this.size && less(keys[c + 1], items[c + 1], keys[c], items[c])) c++;
      if (!less(keys[c], items[c], key, item)) break;
      keys[i] = keys[c];
      items[i] = items[c];
      i = c;
    }
    keys[i] = key;
    items[i] = item;
    return top;
  }
}

function less(k1: number, i1: number, k2: number, i2: number): boolean {
  return k1 < k2 || (k1 === k2 && i1 < i2);
}
