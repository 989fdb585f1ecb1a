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
 *
 * The separator is split once more the same way: two of its contacts may be swept at once when
 * they are three links apart or more (no row that one writes, the other reads or writes), so a
 * breadth-first search over C with the links of length one and two gives levels on which such
 * neighbours are adjacent, and one level (k) separates C₁ (below) from C₂ (above); C₃ = level k
 * is swept last.
 */
export interface SweepPartition {
  /** The contacts in sweep order: the parts of `sizes` in turn, then the rest. */
  readonly order: Int32Array;
  /**
   * The sizes of the parts swept two at once, pair by pair: [|A|, |B|], or [|A|, |B|, |C₁|, |C₂|]
   * when the separator C is split again. The contacts after them (C, or C₃) are swept last, alone.
   */
  readonly sizes: readonly number[];
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
  const partOf = (a: number): number => (inFirst(level[a]) ? 0 : inSecond(level[a]) ? 1 : 2);
  const part = new Uint8Array(nc);
  for (let a = 0; a < nc; a++) part[a] = partOf(a);
  splitSeparator(rowPtr, colIdx, nc, part, work);
  // Parts 0 and 1 (A, B), then 2 and 3 (C₁, C₂), then 4 (C₃, or C where it was not split).
  const count = [0, 0, 0, 0, 0];
  for (let a = 0; a < nc; a++) count[part[a]]++;
  const start = [0, count[0], count[0] + count[1], count[0] + count[1] + count[2], count[0] + count[1] + count[2] + count[3]];
  const order = new Int32Array(nc);
  for (let a = 0; a < nc; a++) order[start[part[a]]++] = a;
  const sizes = count[2] + count[3] > 0 ? count.slice(0, 4) : count.slice(0, 2);
  return { order, sizes };
}

/**
 * Splits the separator (part 2 in `part`) into C₁ (part 2), C₂ (part 3) and C₃ (part 4) by a
 * breadth-first search over its links of length one and two, where that shortens the sweep;
 * otherwise it becomes part 4 whole.
 */
function splitSeparator(rowPtr: Int32Array, colIdx: Int32Array, nc: number, part: Uint8Array, work: (a: number) => number): void {
  const members: number[] = [];
  for (let a = 0; a < nc; a++) if (part[a] === 2) members.push(a);
  for (const a of members) part[a] = 4;
  if (members.length < 3) return;
  const level = new Int32Array(nc).fill(-1);
  const scratch = new Int32Array(nc);
  const seen = new Int32Array(nc);
  const queue = new Int32Array(members.length);
  let stamp = 0;
  // Levels of start's piece (separator contacts within two links of each other are linked) into scratch.
  const search = (start: number): { last: number; depth: number; reached: number } => {
    stamp++;
    let head = 0, tail = 0;
    queue[tail++] = start;
    seen[start] = stamp;
    scratch[start] = 0;
    while (head < tail) {
      const a = queue[head++];
      for (let k = rowPtr[a], end = rowPtr[a + 1]; k < end; k++) {
        const b = colIdx[k];
        if (b >= nc) continue;
        for (let k2 = rowPtr[b], end2 = rowPtr[b + 1]; k2 < end2; k2++) {
          const c = colIdx[k2];
          if (c >= nc || part[c] !== 4 || seen[c] === stamp) continue;
          seen[c] = stamp;
          scratch[c] = scratch[a] + 1;
          queue[tail++] = c;
        }
      }
    }
    const last = queue[tail - 1];
    return { last, depth: scratch[last], reached: tail };
  };
  let base = 0;
  for (const s of members) {
    if (level[s] >= 0) continue;
    // From the last contact of a first search: a search of two-link steps costs a dozen of one.
    const piece = search(search(s).last);
    for (let i = 0; i < piece.reached; i++) level[queue[i]] = base + scratch[queue[i]];
    // One empty level between pieces: a cut there leaves C₃ empty.
    base += piece.depth + 2;
  }
  const weight = new Float64Array(base + 1);
  for (const a of members) weight[level[a]] += work(a);
  const below = new Float64Array(base + 2);
  for (let l = 0; l <= base; l++) below[l + 1] = below[l] + weight[l];
  const total = below[base + 1];
  let bestK = -1, bestSpan = total;
  for (let k = 0; k < base; k++) {
    const low = below[k], mid = weight[k], high = total - low - mid;
    const span = Math.max(low, high) + mid;
    if (span < bestSpan) { bestSpan = span; bestK = k; }
  }
  if (bestK < 0) return;
  const lowFirst = below[bestK] <= total - below[bestK + 1];
  for (const a of members) {
    const l = level[a];
    if (l !== bestK) part[a] = (l < bestK) === lowFirst ? 2 : 3;
  }
}

/**
 * The work of updating a contact whose block row (and column) holds `blocks` blocks, in
 * column-block updates: the local solve costs about as much as four (measured on the drum's
 * problems: a contact's update is 0.1–0.2 µs, 10–14 blocks a column).
 */
export function contactWork(blocks: number): number {
  return blocks + 4;
}

/**
 * The time of a partitioned sweep against a serial one, by `contactWork`: the longer part of
 * each pair, plus the rest, over the whole: (max(w(A), w(B)) + max(w(C₁), w(C₂)) + w(C₃)) / w(all).
 */
export function partitionSpan(p: SweepPartition, rowPtr: Int32Array): number {
  const { order, sizes } = p;
  const sum = (from: number, to: number): number => {
    let w = 0;
    for (let i = from; i < to; i++) w += contactWork(rowPtr[order[i] + 1] - rowPtr[order[i]]);
    return w;
  };
  let at = 0, span = 0;
  for (let i = 0; i < sizes.length; i += 2) {
    span += Math.max(sum(at, at + sizes[i]), sum(at + sizes[i], at + sizes[i] + sizes[i + 1]));
    at += sizes[i] + sizes[i + 1];
  }
  span += sum(at, order.length);
  const total = sum(0, order.length);
  return total === 0 ? 1 : span / total;
}
