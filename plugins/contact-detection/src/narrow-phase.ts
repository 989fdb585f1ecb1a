import type { ContactBufferLike } from '@moreau/core';
import { boxBox } from './box-box.js';
import { boxPlane } from './box-plane.js';
import { BoxScratch } from './box-scratch.js';
import { sphereBox } from './sphere-box.js';
import { spherePlane } from './sphere-plane.js';
import { sphereSphere } from './sphere-sphere.js';
import { BOX, PLANE, SPHERE, type WorldBodies } from './world-bodies.js';

/**
 * Routes a body pair to its pair routine with a fixed order: the body of lower shape rank
 * (sphere < box < plane) is A, and of two alike the lower index is A. So a plane is always
 * B and the normal is always the outward normal of the flatter body, and a pair keeps its
 * (A, B) from step to step. Two planes, or two bodies that are both not free, are skipped.
 */
export class NarrowPhase {
  private readonly scratch = new BoxScratch();
  /** Pairs tested since the last `reset`. */
  tests = 0;

  reset(): void {
    this.tests = 0;
  }

  test(w: WorldBodies, i: number, j: number, out: ContactBufferLike): void {
    if (!w.free[i] && !w.free[j]) return;
    const ki = w.kind[i], kj = w.kind[j];
    const swap = ki > kj || (ki === kj && i > j);
    const a = swap ? j : i, b = swap ? i : j, ka = swap ? kj : ki, kb = swap ? ki : kj;
    if (ka === PLANE) return;
    this.tests++;
    if (kb === PLANE) {
      if (ka === SPHERE) spherePlane(w, a, b, out);
      else boxPlane(w, a, b, out);
    } else if (ka === SPHERE) {
      if (kb === SPHERE) sphereSphere(w, a, b, out);
      else sphereBox(w, a, b, out);
    } else if (kb === BOX) {
      boxBox(w, a, b, out, this.scratch);
    }
  }
}
