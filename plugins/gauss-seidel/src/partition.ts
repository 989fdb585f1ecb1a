/**
 * A two-way split of a problem's contacts for a Gauss–Seidel sweep on two threads.
 *
 * Updating contact a reads r_a and u_a and writes r_a and u_b for every b with a block W_ba
 * (the contacts that share a body with a). Two parts A and B can therefore be swept at
 * once, on one shared r and u, when no contact of A is a neighbour of a neighbour of a
 * contact of B: then the rows each part writes or reads are disjoint, and sweeping them
 * together gives the bits of sweeping A, then B. The contacts left over (the separator C)
 * are swept after both.
 *
 * The split follows the level structure of a breadth-first search over the contact graph
 * (W's block pattern), from a pseudo-peripheral contact of each connected piece, the pieces
 * laid end to end with two empty levels between them (Gibbs, Poole and Stockmeyer's starting
 * node, as in the reverse Cuthill–McKee ordering). Neighbours lie on the same or adjacent
 * levels, so with A the levels below m and B those above m + 1, C is two levels wide: m and
 * m + 1 (empty when the cut falls between pieces). m is chosen to minimise the sweep's span,
 * max(w(A), w(B)) + w(C), where a contact's work w is its local solve and its column update
 * (`contactWork`). A is the lighter part (the one a second thread sweeps, at some cost of
 * cache traffic). Each part keeps the contacts in ascending order (the natural order within it).
 */
export interface SweepPartition {
  /** The contacts in sweep order: A, then B, then C. */
  readonly order: Int32Array;
  /** |A|: A is order[0, first). */
  readonly first: number;
  /** |B|: B is order[first, first + second); C is the rest. */
  readonly second: number;
}

/**
 * Splits the nc contacts of W's block pattern (rowPtr, colIdx: CSR of block rows, symmetric,
 * as W is). Only contacts are split: a problem with torque rows past nc (rolling resistance)
 * is swept by RollingGaussSeidel, not in parts.
 */
export function partitionContacts(rowPtr: Int32Array, colIdx: Int32Array, nc: number): SweepPartition {
  const work = (a: number): number => contactWork(rowPtr[a + 1] - rowPtr[a]);
  const level = new Int32Array(nc).fill(-1);
  const queue = new Int32Array(nc);
  const seen = new Int32Array(nc).fill(-1);
  // Breadth-first levels of start's piece into `scratch` (its contacts into `queue`); the last contact reached.
  const scratch = new Int32Array(nc);
  let stamp = 0;
  const search = (start: number): { last: number; depth: number; reached: number } => {
    const into = scratch;
    stamp++;
    let head = 0, tail = 0;
    queue[tail++] = start;
    seen[start] = stamp;
    into[start] = 0;
    let last = start;
    while (head < tail) {
      const a = queue[head++];
      last = a;
      for (let k = rowPtr[a], end = rowPtr[a + 1]; k < end; k++) {
        const b = colIdx[k];
        if (b >= nc || seen[b] === stamp) continue;
        seen[b] = stamp;
        into[b] = into[a] + 1;
        queue[tail++] = b;
      }
    }
    return { last, depth: into[last], reached: tail };
  };
  let base = 0;
  for (let s = 0; s < nc; s++) {
    if (level[s] >= 0) continue;
    // A pseudo-peripheral start: search again from the last contact reached while that deepens
    // the levels (a search from there is never shallower); the last search's levels are kept.
    let probe = search(s);
    let piece = search(probe.last);
    for (let tries = 0; tries < 3 && piece.depth > probe.depth; tries++) {
      probe = piece;
      piece = search(probe.last);
    }
    // The queue holds the piece's contacts, as the last search reached them.
    for (let i = 0; i < piece.reached; i++) level[queue[i]] = base + scratch[queue[i]];
    // Two empty levels between pieces: a cut there leaves C empty.
    base += piece.depth + 3;
  }
  const levels = Math.max(base, 1);
  const weight = new Float64Array(levels + 2);
  for (let a = 0; a < nc; a++) weight[level[a]] += work(a);
  // below[m] = the work on levels < m.
  const below = new Float64Array(levels + 3);
  for (let l = 0; l < levels + 2; l++) below[l + 1] = below[l] + weight[l];
  const total = below[levels + 2];
  let bestM = 0, bestSpan = Infinity;
  for (let m = 0; m < levels; m++) {
    const a = below[m], c = below[m + 2] - below[m], b = total - a - c;
    const span = Math.max(a, b) + c;
    if (span < bestSpan) { bestSpan = span; bestM = m; }
  }
  // The lower levels form A unless they are the heavier side.
  const lowFirst = below[bestM] <= total - below[bestM + 2];
  const inFirst = (l: number): boolean => (lowFirst ? l < bestM : l > bestM + 1);
  const inSecond = (l: number): boolean => (lowFirst ? l > bestM + 1 : l < bestM);
  let first = 0, second = 0;
  for (let a = 0; a < nc; a++) { if (inFirst(level[a])) first++; else if (inSecond(level[a])) second++; }
  const order = new Int32Array(nc);
  let ia = 0, ib = first, ic = first + second;
  for (let a = 0; a < nc; a++) {
    const l = level[a];
    if (inFirst(l)) order[ia++] = a;
    else if (inSecond(l)) order[ib++] = a;
    else order[ic++] = a;
  }
  return { order, first, second };
}

/**
 * The work of updating a contact whose block row (and column) holds `blocks` blocks, in
 * column-block updates: the local solve costs about as much as four (measured on the drum's
 * problems: a contact's update is 0.1–0.2 µs, 10–14 blocks a column).
 */
export function contactWork(blocks: number): number {
  return blocks + 4;
}

/** The time of a partitioned sweep against a serial one, by `contactWork`: (max(w(A), w(B)) + w(C)) / w(all). */
export function partitionSpan(p: SweepPartition, rowPtr: Int32Array): number {
  const { order, first, second } = p;
  const sum = (from: number, to: number): number => {
    let w = 0;
    for (let i = from; i < to; i++) w += contactWork(rowPtr[order[i] + 1] - rowPtr[order[i]]);
    return w;
  };
  const a = sum(0, first), b = sum(first, first + second), c = sum(first + second, order.length), total = a + b + c;
  return total === 0 ? 1 : (Math.max(a, b) + c) / total;
}
