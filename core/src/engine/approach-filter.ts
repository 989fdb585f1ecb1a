import type { ContactSet } from '../contracts/dynamics.js';
import type { BodyTable } from './body-table.js';
import type { ContactBuffer } from './contact-buffer.js';

/**
 * The second half of predictive activation. The detector reports every pair within
 * margin + both bodies' reach, a bound from the fastest point of each body in any direction;
 * a contact beyond the margin stays in the step's problem only if its bodies approach along
 * its normal fast enough to close it within the look-ahead:
 *
 *   g ≤ margin + lookAhead · max(0, −min(U_N(u), U_N(b))),
 *
 * U_N the relative normal velocity at the contact point under the velocities u and, where
 * given, the free velocities b. A wall turning in its own plane (a drum) has a large reach but
 * approaches nothing; without this it would bring every particle near it into the problem.
 */
export class ApproachFilter {
  private keep = new Uint8Array(0);
  private readonly row: Float64Array;

  constructor(private readonly bodies: BodyTable) {
    this.row = new Float64Array(3 * bodies.maxDofs);
  }

  /** Drops from `set` the contacts beyond `margin` that cannot close within `lookAhead`; returns how many were dropped. */
  apply(set: ContactBuffer, margin: number, lookAhead: number, b: Float64Array | undefined): number {
    const n = set.count;
    if (this.keep.length < n) this.keep = new Uint8Array(Math.max(n, 2 * this.keep.length));
    const keep = this.keep;
    let dropped = 0;
    for (let a = 0; a < n; a++) {
      const g = set.gap[a];
      keep[a] = g <= margin || g <= margin + lookAhead * this.approach(set, a, b) ? 1 : 0;
      dropped += 1 - keep[a];
    }
    if (dropped > 0) set.retain(keep);
    return dropped;
  }

  /** max(0, −U_N) of contact a, the faster of u and b. */
  private approach(set: ContactSet, a: number, b: Float64Array | undefined): number {
    let withU = 0, withB = 0;
    for (let side = 0; side < 2; side++) {
      const body = side ? set.bodyB[a] : set.bodyA[a];
      const { kin, local, dofs, offset, free } = this.bodies;
      const i = local[body], k = kin[body], d = dofs[body], s = side ? -1 : 1;
      k.contactOperator(i, set.point, 3 * a, set.frame, 9 * a, this.row);
      const u = k.velocity(i);
      let un = 0, bn = 0;
      for (let j = 0; j < d; j++) un += this.row[j] * u[j];
      if (b && free[body]) for (let j = 0; j < d; j++) bn += this.row[j] * b[offset[body] + j];
      else bn = un;
      withU += s * un;
      withB += s * bn;
    }
    return Math.max(0, -Math.min(withU, withB));
  }
}
