import type { PairList } from './pair-list.js';
import { PLANE, type WorldBodies } from './world-bodies.js';

/**
 * Every pair of bodies that may be reported (not two planes, not two bodies both not
 * free), with no bounding-box test: the reference the sweep and prune is tested against.
 */
export function bruteForcePairs(w: WorldBodies, pairs: PairList): void {
  const n = w.count;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (w.kind[i] === PLANE && w.kind[j] === PLANE) continue;
      if (!w.free[i] && !w.free[j]) continue;
      pairs.push(i, j);
    }
  }
}
