import { describe, expect, test } from 'vitest';
import { box, multiply, rotation, IDENTITY } from './__fixtures__/bodies.js';
import { boxEdge, boxVertex, closestPointOnBox } from './box-geometry.js';
import { boxDistance } from './box-distance.js';
import { BoxScratch } from './box-scratch.js';
import { closestOnSegments } from './segment-closest.js';
import { WorldBodies } from './world-bodies.js';

/** boxDistance as it was before it skipped edge pairs far apart: every one of the 144 + 16 candidates tried. */
function everyCandidate(w: WorldBodies, a: number, b: number, s: BoxScratch): { d: number; pair: number[]; closest: number } {
  const TIE = 1e-12;
  const edgesA = new Float64Array(72), edgesB = new Float64Array(72), seg = new Float64Array(12), st = new Float64Array(3);
  const pair = new Float64Array(6), tmp = new Float64Array(6);
  for (let e = 0; e < 12; e++) { boxEdge(w, a, e, edgesA, 6 * e); boxEdge(w, b, e, edgesB, 6 * e); }
  let best = Infinity, bestParallel = false, closest = -1;
  for (let ea = 0; ea < 12; ea++) {
    for (let eb = 0; eb < 12; eb++) {
      for (let r = 0; r < 6; r++) { seg[r] = edgesA[6 * ea + r]; seg[6 + r] = edgesB[6 * eb + r]; }
      const d2 = closestOnSegments(seg, 0, st);
      const parallel = st[2] === 1;
      if (d2 < best * (1 - TIE) || (parallel && !bestParallel && d2 <= best * (1 + TIE))) {
        best = d2; bestParallel = parallel;
        for (let r = 0; r < 3; r++) { pair[r] = seg[r] + st[0] * (seg[3 + r] - seg[r]); pair[3 + r] = seg[6 + r] + st[1] * (seg[9 + r] - seg[6 + r]); }
        closest = 16 + 12 * ea + eb;
      }
    }
  }
  for (let side = 0; side < 2; side++) {
    for (let v = 0; v < 8; v++) {
      boxVertex(w, side ? b : a, v, tmp, 0);
      const d2 = closestPointOnBox(w, side ? a : b, tmp[0], tmp[1], tmp[2], tmp, 3);
      if (d2 < best * (1 - TIE)) {
        best = d2;
        const vertexSlot = side ? 3 : 0, otherSlot = 3 - vertexSlot;
        for (let r = 0; r < 3; r++) { pair[vertexSlot + r] = tmp[r]; pair[otherSlot + r] = tmp[3 + r]; }
        closest = 8 * side + v;
      }
    }
  }
  void s;
  return { d: Math.sqrt(best), pair: Array.from(pair), closest };
}

/** A small deterministic generator (the same pairs on every run). */
function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => ((x = (Math.imul(x, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

describe('boxDistance', () => {
  // Skipping edge pairs whose midpoints lie farther apart than their half-lengths plus the best
  // distance so far must leave the answer as trying every pair gave it, to the bit: the
  // detector's contacts (and a simulation's records) depend on which of tied pairs wins.
  test('should give the bits of trying every candidate, on separated boxes turned at random, side by side and face to face', () => {
    const next = lcg(7);
    let checked = 0;
    for (let k = 0; k < 400; k++) {
      const ha: [number, number, number] = [0.05 + next() * 0.5, 0.05 + next() * 0.5, 0.05 + next() * 0.5];
      const hb: [number, number, number] = k % 4 === 0 ? [...ha] : [0.05 + next() * 0.5, 0.05 + next() * 0.5, 0.05 + next() * 0.5];
      // a quarter aligned (parallel edges and faces: the ties), the rest turned at random
      const Ra = k % 4 === 1 ? [...IDENTITY] : rotation([next() - 0.5, next() - 0.5, next() - 0.5], 3 * next());
      const Rb = k % 4 === 1 ? [...IDENTITY] : multiply(Ra, rotation([next() - 0.5, next() - 0.5, next() - 0.5], k % 2 ? 0.01 * next() : 3 * next()));
      const dir = [next() - 0.5, next() - 0.5, next() - 0.5], len = Math.hypot(...dir);
      const reach = Math.hypot(...ha) + Math.hypot(...hb);
      const gap = k % 3 === 0 ? 1e-4 * next() : next() * reach;
      const centre = dir.map((c) => (c / len) * (reach + gap) * (0.6 + 0.4 * next()));
      const w = new WorldBodies();
      w.update([box([0, 0, 0], ha, Ra), box(centre, hb, Rb)], 0);
      const s = new BoxScratch();
      const d = boxDistance(w, 0, 1, s);
      const ref = everyCandidate(w, 0, 1, s);
      if (!(ref.d > 0)) continue; // touching or overlapping: boxDistance is for separated boxes
      checked++;
      expect(d, `pair ${k}`).toBe(ref.d);
      expect(s.closest, `pair ${k}`).toBe(ref.closest);
      expect(Array.from(s.pair), `pair ${k}`).toEqual(ref.pair);
    }
    expect(checked).toBeGreaterThan(200);
  });
});
