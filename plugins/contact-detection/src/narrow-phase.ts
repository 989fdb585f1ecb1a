import type { ContactBufferLike, PreviousContacts } from '@moreau/core/contracts';
import { boxBox } from './box-box.js';
import { boxPlane } from './box-plane.js';
import { BoxScratch } from './box-scratch.js';
import { capsuleCapsule, sphereCapsule } from './capsule-pairs.js';
import { capsulePlane } from './capsule-plane.js';
import { convexPair, ConvexScratch } from './convex-pair.js';
import { cylinderPair, CylinderScratch } from './cylinder-pair.js';
import { cylinderPlane } from './cylinder-plane.js';
import { ellipsoidPlane } from './ellipsoid-plane.js';
import { FacePatch } from './face-patch.js';
import { hullPlane } from './hull-plane.js';
import { PlanePatch } from './plane-patch.js';
import { PolytopeScratch } from './polytope-manifold.js';
import { polytopePair } from './polytope-pair.js';
import { sphereBox } from './sphere-box.js';
import { smoothHull } from './smooth-hull.js';
import { sphereHull } from './sphere-hull.js';
import { spherePlane } from './sphere-plane.js';
import { sphereSphere } from './sphere-sphere.js';
import { BOX, CAPSULE, CYLINDER, ELLIPSOID, HULL, PLANE, SPHERE, type WorldBodies } from './world-bodies.js';

/**
 * Routes a body pair to its pair routine with a fixed order: the body of lower shape rank
 * (sphere < capsule < ellipsoid < cylinder < box < hull < plane) is A, and of two alike the
 * lower index is A. So a plane is always B and the normal is the outward normal of the flatter
 * body, and a pair keeps its (A, B) from step to step. Two planes, or two bodies that are both
 * not free, are skipped.
 *
 * Analytic routines where they are exact and fast (spheres, capsules, planes, sphere-box,
 * sphere-hull, box-box, and an ellipsoid or capsule on a hull face); polytope pairs by
 * separating axes and clipping; a cylinder against a box, hull or cylinder by GJK/EPA with a
 * clipped face manifold when the contact is on a face; every other pair with an ellipsoid or
 * a cylinder, or a capsule against a box, hull edge or vertex, by GJK/EPA on support functions.
 */
export class NarrowPhase {
  private readonly box = new BoxScratch();
  private readonly convex = new ConvexScratch();
  private readonly cylinder = new CylinderScratch();
  private readonly polytope = new PolytopeScratch();
  /** Set for `manifold: 'one-per-face'`: a box or hull on a plane gives one point. */
  private planePatch: PlanePatch | undefined;
  /** Pairs tested since the last `reset`. */
  tests = 0;

  /** One contact point per face pair (paper 004's contact surfaces) instead of up to 4. */
  onePerFace(): void {
    const patch = new FacePatch();
    this.box.patch = patch;
    this.polytope.patch = patch;
    this.cylinder.patch = patch;
    this.planePatch = new PlanePatch();
  }

  /** Before a detection: counts from zero; `previous` (the last step's contacts) gives iterative searches their starts. */
  reset(previous?: PreviousContacts): void {
    this.tests = 0;
    this.convex.startFrom(previous);
  }

  test(w: WorldBodies, i: number, j: number, out: ContactBufferLike): void {
    if (!w.free[i] && !w.free[j]) return;
    const swap = !firstIsA(w.kind, i, j);
    const a = swap ? j : i, b = swap ? i : j, ka = w.kind[a], kb = w.kind[b];
    if (ka === PLANE) return;
    this.tests++;
    if (kb === PLANE) {
      this.plane(w, a, ka, b, out);
      return;
    }
    switch (ka) {
      case SPHERE:
        if (kb === SPHERE) sphereSphere(w, a, b, out);
        else if (kb === CAPSULE) sphereCapsule(w, a, b, out, this.box.tmp);
        else if (kb === BOX) sphereBox(w, a, b, out);
        else if (kb === HULL) sphereHull(w, a, b, out, this.convex);
        else convexPair(w, a, b, out, this.convex);
        return;
      case CAPSULE:
        if (kb === CAPSULE) capsuleCapsule(w, a, b, out, this.box.seg, this.box.st);
        else if (kb === HULL) smoothHull(w, a, b, out, this.convex);
        else convexPair(w, a, b, out, this.convex);
        return;
      case ELLIPSOID:
        if (kb === HULL) smoothHull(w, a, b, out, this.convex);
        else convexPair(w, a, b, out, this.convex);
        return;
      case CYLINDER:
        cylinderPair(w, a, b, out, this.cylinder, this.convex);
        return;
      default:
        // A box or a hull against a box or a hull.
        if (kb === BOX) boxBox(w, a, b, out, this.box);
        else polytopePair(w, a, b, out, this.polytope, this.convex.gjk);
    }
  }

  private plane(w: WorldBodies, a: number, ka: number, p: number, out: ContactBufferLike): void {
    if (ka === SPHERE) spherePlane(w, a, p, out);
    else if (ka === CAPSULE) capsulePlane(w, a, p, out);
    else if (ka === ELLIPSOID) ellipsoidPlane(w, a, p, out);
    else if (this.planePatch) {
      if (ka === CYLINDER) cylinderPlane(w, a, p, this.planePatch, this.cylinder.frame, this.cylinder.rim);
      else if (ka === BOX) boxPlane(w, a, p, this.planePatch);
      else hullPlane(w, a, p, this.planePatch);
      this.planePatch.flush(out);
    } else if (ka === CYLINDER) cylinderPlane(w, a, p, out, this.cylinder.frame, this.cylinder.rim);
    else if (ka === BOX) boxPlane(w, a, p, out);
    else hullPlane(w, a, p, out);
  }
}

/** Whether body i is A of the pair (i, j): the lower shape rank, of two alike the lower index. */
export function firstIsA(kind: Uint8Array, i: number, j: number): boolean {
  const ki = kind[i], kj = kind[j];
  return ki < kj || (ki === kj && i < j);
}
