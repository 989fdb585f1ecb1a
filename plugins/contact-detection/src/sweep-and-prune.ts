import type { PairList } from './pair-list.js';
import { PLANE, type WorldBodies } from './world-bodies.js';

/** Switch the sweep axis only when another's spread beats the current one's by this factor (no flip-flopping). */
const AXIS_HYSTERESIS = 1.5;

/**
 * Sweep and prune over the padded bounding boxes of every body but the planes, in grid
 * columns. Bodies are kept sorted by their lower bound on the sweep axis a, the axis of
 * largest spread of the box centres. The order is kept from call to call, so between time
 * steps it is nearly sorted and insertion sort restores it in O(n + moves); when that would
 * cost more than a few moves per body (the first call, a new axis, a jump) a full
 * O(n log n) sort runs instead.
 *
 * A single sweep along a would compare each body with every body whose interval on a
 * overlaps its own: n^(5/3) comparisons for n bodies filling a cube. So the other two axes
 * are cut into a grid of columns about one mean box wide (at most about n columns), each
 * body is listed in every column its box touches (a stable counting pass over the sorted
 * order, so every column's list is sorted too), and the sweep runs in each column. A pair
 * sharing several columns is kept only in the column holding the lower corner of the
 * overlap of their boxes, so each pair is reported once.
 */
export class SweepAndPrune {
  private order = new Int32Array(0);
  private size = 0;
  private axis = -1;
  /** Column lists: column q holds entries[start[q]..start[q+1]). */
  private start = new Int32Array(1);
  private entries = new Int32Array(0);
  private readonly grid = { b: 1, c: 2, nb: 1, nc: 1, minB: 0, minC: 0, invB: 0, invC: 0 };
  /** Work of the last `collect`: pairs whose boxes were compared, insertion-sort moves, full sorts. */
  comparisons = 0;
  moves = 0;
  fullSort = false;

  /** Appends the overlapping pairs of non-plane bodies (not both static) to `pairs`. */
  collect(w: WorldBodies, pairs: PairList): void {
    this.comparisons = 0;
    this.moves = 0;
    this.fullSort = false;
    let stale = !this.sameBodies(w);
    if (stale) this.rebuild(w);
    const axis = this.chooseAxis(w);
    if (axis !== this.axis) { this.axis = axis; stale = true; }
    if (stale || !this.insertionSort(w.lo, 4 * this.size + 16)) this.fullSortOrder(w.lo);
    this.buildColumns(w);
    this.sweepColumns(w, pairs);
  }

  /** True when the kept order is a permutation of the current non-plane bodies. */
  private sameBodies(w: WorldBodies): boolean {
    if (this.size !== w.count - w.planeCount) return false;
    // The entries are distinct, so size of them all naming non-plane bodies makes a permutation.
    for (let k = 0; k < this.size; k++) {
      const i = this.order[k];
      if (i >= w.count || w.kind[i] === PLANE) return false;
    }
    return true;
  }

  private rebuild(w: WorldBodies): void {
    const m = w.count - w.planeCount;
    if (this.order.length < m) this.order = new Int32Array(Math.max(m, 2 * this.order.length));
    let k = 0;
    for (let i = 0; i < w.count; i++) if (w.kind[i] !== PLANE) this.order[k++] = i;
    this.size = m;
  }

  /** The axis of largest variance of the box centres, kept unless another is clearly larger. */
  private chooseAxis(w: WorldBodies): number {
    const { lo, hi } = w;
    let s0 = 0, s1 = 0, s2 = 0, q0 = 0, q1 = 0, q2 = 0;
    const m = this.size;
    for (let k = 0; k < m; k++) {
      const o = 3 * this.order[k];
      const x = lo[o] + hi[o], y = lo[o + 1] + hi[o + 1], z = lo[o + 2] + hi[o + 2];
      s0 += x; s1 += y; s2 += z;
      q0 += x * x; q1 += y * y; q2 += z * z;
    }
    const v0 = q0 - (s0 * s0) / (m || 1), v1 = q1 - (s1 * s1) / (m || 1), v2 = q2 - (s2 * s2) / (m || 1);
    const best = v0 >= v1 && v0 >= v2 ? 0 : v1 >= v2 ? 1 : 2;
    if (this.axis < 0) return best;
    const current = this.axis === 0 ? v0 : this.axis === 1 ? v1 : v2;
    const top = best === 0 ? v0 : best === 1 ? v1 : v2;
    return top > AXIS_HYSTERESIS * current ? best : this.axis;
  }

  /**
   * Insertion sort of the order by lower bound on the axis, ties by body index; gives up
   * (returning false, the order still a permutation) after `budget` moves.
   */
  private insertionSort(lo: Float64Array, budget: number): boolean {
    const order = this.order, a = this.axis, m = this.size;
    let moves = 0;
    for (let k = 1; k < m; k++) {
      const i = order[k], key = lo[3 * i + a];
      let q = k;
      while (q > 0) {
        const j = order[q - 1], kj = lo[3 * j + a];
        if (kj < key || (kj === key && j < i)) break;
        order[q] = j;
        q--;
      }
      order[q] = i;
      moves += k - q;
      if (moves > budget) {
        this.moves = moves;
        return false;
      }
    }
    this.moves = moves;
    return true;
  }

  private fullSortOrder(lo: Float64Array): void {
    const a = this.axis;
    this.order.subarray(0, this.size).sort((i, j) => lo[3 * i + a] - lo[3 * j + a] || i - j);
    this.fullSort = true;
  }

  /**
   * Lays the grid over axes b, c (the two other than the sweep axis): cells about the mean
   * padded box width, but no more than about √n along each axis, then lists every body in
   * each column its box touches, in sweep order.
   */
  private buildColumns(w: WorldBodies): void {
    const { lo, hi } = w, order = this.order, m = this.size, g = this.grid;
    g.b = (this.axis + 1) % 3;
    g.c = (this.axis + 2) % 3;
    let minB = Infinity, maxB = -Infinity, minC = Infinity, maxC = -Infinity, sumB = 0, sumC = 0;
    for (let k = 0; k < m; k++) {
      const o = 3 * order[k];
      const lb = lo[o + g.b], hb = hi[o + g.b], lc = lo[o + g.c], hc = hi[o + g.c];
      if (lb < minB) minB = lb;
      if (hb > maxB) maxB = hb;
      if (lc < minC) minC = lc;
      if (hc > maxC) maxC = hc;
      sumB += hb - lb;
      sumC += hc - lc;
    }
    const cap = Math.ceil(Math.sqrt(m));
    const cells = (range: number, mean: number) => (range > 0 && mean > 0 ? Math.max(1, Math.min(cap, Math.floor(range / mean))) : 1);
    g.nb = cells(maxB - minB, sumB / m);
    g.nc = cells(maxC - minC, sumC / m);
    g.minB = minB;
    g.minC = minC;
    g.invB = g.nb > 1 ? g.nb / (maxB - minB) : 0;
    g.invC = g.nc > 1 ? g.nc / (maxC - minC) : 0;
    const columns = g.nb * g.nc;
    if (this.start.length < columns + 1) this.start = new Int32Array(Math.max(columns + 1, 2 * this.start.length));
    const start = this.start;
    start.fill(0, 0, columns + 1);
    // Counting pass, prefix sums, then a fill in sweep order (stable: every column stays sorted).
    let total = 0;
    for (let k = 0; k < m; k++) {
      const o = 3 * order[k];
      const b0 = cellOf(lo[o + g.b], g.minB, g.invB, g.nb), b1 = cellOf(hi[o + g.b], g.minB, g.invB, g.nb);
      const c0 = cellOf(lo[o + g.c], g.minC, g.invC, g.nc), c1 = cellOf(hi[o + g.c], g.minC, g.invC, g.nc);
      for (let x = b0; x <= b1; x++) for (let y = c0; y <= c1; y++) start[x * g.nc + y + 1]++;
      total += (b1 - b0 + 1) * (c1 - c0 + 1);
    }
    for (let q = 0; q < columns; q++) start[q + 1] += start[q];
    if (this.entries.length < total) this.entries = new Int32Array(Math.max(total, 2 * this.entries.length));
    const entries = this.entries;
    for (let k = 0; k < m; k++) {
      const i = order[k], o = 3 * i;
      const b0 = cellOf(lo[o + g.b], g.minB, g.invB, g.nb), b1 = cellOf(hi[o + g.b], g.minB, g.invB, g.nb);
      const c0 = cellOf(lo[o + g.c], g.minC, g.invC, g.nc), c1 = cellOf(hi[o + g.c], g.minC, g.invC, g.nc);
      // start[q] runs ahead as column q fills; shifted back below.
      for (let x = b0; x <= b1; x++) for (let y = c0; y <= c1; y++) entries[start[x * g.nc + y]++] = i;
    }
    for (let q = columns; q > 0; q--) start[q] = start[q - 1];
    start[0] = 0;
  }

  /** The sweep in every column, each pair kept in the column of the lower corner of its overlap. */
  private sweepColumns(w: WorldBodies, pairs: PairList): void {
    const { lo, hi, free } = w, entries = this.entries, start = this.start, g = this.grid, a = this.axis, b = g.b, c = g.c;
    let comparisons = 0;
    for (let x = 0; x < g.nb; x++) {
      for (let y = 0; y < g.nc; y++) {
        const q = x * g.nc + y, end = start[q + 1];
        for (let k = start[q]; k < end; k++) {
          const i = entries[k], oi = 3 * i, reach = hi[oi + a];
          for (let l = k + 1; l < end; l++) {
            const j = entries[l], oj = 3 * j;
            if (lo[oj + a] > reach) break;
            comparisons++;
            if (!free[i] && !free[j]) continue;
            const lb = Math.max(lo[oi + b], lo[oj + b]), lc = Math.max(lo[oi + c], lo[oj + c]);
            if (lb > Math.min(hi[oi + b], hi[oj + b]) || lc > Math.min(hi[oi + c], hi[oj + c])) continue;
            if (cellOf(lb, g.minB, g.invB, g.nb) !== x || cellOf(lc, g.minC, g.invC, g.nc) !== y) continue;
            pairs.push(i, j);
          }
        }
      }
    }
    this.comparisons = comparisons;
  }
}

/** The grid cell of coordinate v along an axis cut into n cells from `min`, 1/width `inv`. */
function cellOf(v: number, min: number, inv: number, n: number): number {
  const q = Math.floor((v - min) * inv);
  return q < 0 ? 0 : q >= n ? n - 1 : q;
}
