import { boxEdge, boxVertex, closestPointOnBox } from './box-geometry.js';
import type { BoxScratch } from './box-scratch.js';
import { closestOnSegments } from './segment-closest.js';
import type { WorldBodies } from './world-bodies.js';

/** Squared distances this close (relative) tie. */
const TIE = 1e-12;

/**
 * The distance between two disjoint boxes a and b with a closest pair of points, written
 * to s.pair (on a, then on b). For convex polyhedra a closest pair is always found among a
 * vertex of one against the other solid, or an edge of each; all 16 + 144 are tried, but for
 * edge pairs whose midpoints show them farther apart than the best so far (`edgesApart`: the
 * same answer to the bit, about an eighth less detection time on the 100 cubes of `bench/peers.mjs`).
 * s.closest says which: v (vertex v of a), 8 + v (vertex v of b), 16 + 12·e_a + e_b (edges).
 * Among equally close candidates (within 1e-12 relative) a parallel edge pair wins, then
 * the first found, edges before vertices: side-by-side parallel edges then give the
 * middle of their overlap whichever box is a. Returns the distance; only meaningful for
 * disjoint boxes.
 */
export function boxDistance(w: WorldBodies, a: number, b: number, s: BoxScratch): number {
  const { edgesA, edgesB, midsA, midsB, seg, st, pair, tmp } = s;
  for (let e = 0; e < 12; e++) { boxEdge(w, a, e, edgesA, 6 * e); boxEdge(w, b, e, edgesB, 6 * e); }
  for (let i = 0; i < 36; i++) {
    const o = 6 * Math.floor(i / 3) + (i % 3);
    midsA[i] = 0.5 * (edgesA[o] + edgesA[o + 3]);
    midsB[i] = 0.5 * (edgesB[o] + edgesB[o + 3]);
  }
  const h = w.size;
  let best = Infinity, bestParallel = false, reach = Infinity;
  for (let ea = 0; ea < 12; ea++) {
    for (let r = 0; r < 6; r++) seg[r] = edgesA[6 * ea + r];
    const halfA = h[3 * a + (ea >> 2)];
    for (let eb = 0; eb < 12; eb++) {
      if (edgesApart(midsA, 3 * ea, halfA, midsB, 3 * eb, h[3 * b + (eb >> 2)], reach)) continue;
      for (let r = 0; r < 6; r++) seg[6 + r] = edgesB[6 * eb + r];
      const d2 = closestOnSegments(seg, 0, st);
      const parallel = st[2] === 1;
      if (d2 < best * (1 - TIE) || (parallel && !bestParallel && d2 <= best * (1 + TIE))) {
        best = d2;
        bestParallel = parallel;
        const sa = st[0], sb = st[1];
        for (let r = 0; r < 3; r++) {
          pair[r] = seg[r] + sa * (seg[3 + r] - seg[r]);
          pair[3 + r] = seg[6 + r] + sb * (seg[9 + r] - seg[6 + r]);
        }
        s.closest = 16 + 12 * ea + eb;
        reach = Math.sqrt(best * (1 + TIE));
      }
    }
  }
  for (let side = 0; side < 2; side++) {
    const from = side ? b : a, to = side ? a : b;
    for (let v = 0; v < 8; v++) {
      boxVertex(w, from, v, tmp, 0);
      const d2 = closestPointOnBox(w, to, tmp[0], tmp[1], tmp[2], tmp, 3);
      if (d2 < best * (1 - TIE)) {
        best = d2;
        // pair holds the point on a first: the vertex goes to its own box's slot.
        const vertexSlot = side ? 3 : 0, otherSlot = 3 - vertexSlot;
        for (let r = 0; r < 3; r++) { pair[vertexSlot + r] = tmp[r]; pair[otherSlot + r] = tmp[3 + r]; }
        s.closest = 8 * side + v;
      }
    }
  }
  return Math.sqrt(best);
}

/** Slack on the midpoint bound of `edgesApart`, relative to the edges' half-lengths: far above rounding. */
const APART_SLACK = 1e-9;

/**
 * True when two edges (midpoints at m[o..o+3), half-lengths h) are certainly farther apart
 * than `reach`: their midpoints are more than h_a + h_b + reach apart (with slack), and every
 * pair of their points then is too. Such a pair can neither be closer than the best so far nor
 * tie with it, so skipping it leaves boxDistance's answer as it was, to the bit.
 */
function edgesApart(ma: Float64Array, oa: number, ha: number, mb: Float64Array, ob: number, hb: number, reach: number): boolean {
  if (!(reach < Infinity)) return false;
  const dx = ma[oa] - mb[ob], dy = ma[oa + 1] - mb[ob + 1], dz = ma[oa + 2] - mb[ob + 2];
  const bound = (ha + hb) * (1 + APART_SLACK) + reach * (1 + APART_SLACK);
  return dx * dx + dy * dy + dz * dz > bound * bound;
}
