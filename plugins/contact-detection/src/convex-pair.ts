import type { ContactBufferLike, PreviousContacts } from '@moreau/core/contracts';
import { Epa } from './epa.js';
import { Gjk } from './gjk.js';
import { polishSeparation, separationValue, smoothCore } from './smooth-newton.js';
import type { WorldBodies } from './world-bodies.js';

/** Cores closer than this fraction of the bodies' size count as touching: their witness points no longer give a direction. */
const TOUCHING = 1e-9;
/** GJK's tolerance before Newton polishes the direction of two ellipsoids (see smooth-newton.ts). */
const ROUGH = 1e-3;

/** GJK and EPA, one of each per detector, and a little scratch. */
export class ConvexScratch {
  readonly gjk = new Gjk();
  readonly epa = new Epa();
  /** A support point. */
  readonly point = new Float64Array(3);
  /** Newton's result (normal, closest points) and Hessian, and what the supports keep for it. */
  readonly polished = new Float64Array(9);
  readonly hessian = new Float64Array(9);
  readonly kept = new Float64Array(8);
  /** The last step's contacts (the detector's `previous`), and how far `lastContact` has read them. */
  private previous: PreviousContacts | undefined;
  private cursor = 0;

  /** Before a detection's pairs: the last step's contacts, if given. */
  startFrom(previous: PreviousContacts | undefined): void {
    this.previous = previous;
    this.cursor = 0;
  }

  /**
   * The row of the last step's contact of the pair (a, b) (feature 0, the one contact of a convex
   * pair), or −1. Pairs come in increasing (a, b) (`sortPairs`), as the rows do, so one pass
   * over the rows serves a whole detection.
   */
  lastContact(a: number, b: number): number {
    const p = this.previous;
    if (!p) return -1;
    let k = this.cursor;
    while (k < p.count && (p.bodyA[k] < a || (p.bodyA[k] === a && p.bodyB[k] < b))) k++;
    this.cursor = k;
    return k < p.count && p.bodyA[k] === a && p.bodyB[k] === b && p.feature[k] === 0 ? k : -1;
  }

  /** The normal of the last step's contact k, into polished[0..3). */
  lastNormal(k: number): void {
    const f = this.previous!.frame, o = 9 * k;
    this.polished[0] = f[o]; this.polished[1] = f[o + 1]; this.polished[2] = f[o + 2];
  }
}

/**
 * Any two convex bodies a (A) and b (B) by their support functions, one contact, feature 0.
 * Each shape is its core ⊕ a ball of radius m (support.ts), so GJK on the cores gives the
 * distance d between them and the gap d − m_A − m_B, exact while the bodies penetrate by
 * less than m_A + m_B; n is the direction (from B to A) along which the cores are d apart,
 * and the contact point is halfway between the surface points p_A − m_A n and p_B + m_B n
 * (p_A, p_B the cores' closest points). When the cores
 * touch or overlap, EPA on the whole shapes gives the depth, the direction and the deepest
 * points instead. The GJK run stops as soon as the cores are known to be further apart than
 * margin + m_A + m_B, which is what most broad-phase pairs cost. Between two ellipsoids
 * (or an ellipsoid and a sphere) GJK only finds a rough direction, which Newton's method
 * polishes to rounding (smooth-newton.ts): faster, and an exact normal.
 */
export function convexPair(w: WorldBodies, a: number, b: number, out: Pick<ContactBufferLike, 'push'>, s: ConvexScratch): void {
  const c = w.centre, oa = 3 * a, ob = 3 * b, margin = w.margin;
  const dx = c[oa] - c[ob], dy = c[oa + 1] - c[ob + 1], dz = c[oa + 2] - c[ob + 2];
  if (Math.sqrt(dx * dx + dy * dy + dz * dz) - w.radius[a] - w.radius[b] > margin) return;
  const ma = w.coreRadius[a], mb = w.coreRadius[b], gjk = s.gjk;
  const smooth = smoothCore(w, a) && smoothCore(w, b);
  if (smooth && smoothPair(w, a, b, dx, dy, dz, out, s)) return;
  gjk.run(w, a, b, margin + ma + mb, false, smooth ? ROUGH : undefined);
  if (gjk.beyond) return;
  const pa = gjk.pa, pb = gjk.pb;
  let d = gjk.distance, nx = gjk.nx, ny = gjk.ny, nz = gjk.nz;
  if (smooth && !gjk.overlap && d > TOUCHING * (w.radius[a] + w.radius[b])) {
    const p = s.polished, polished = polishSeparation(w, a, b, nx, ny, nz, p, s.hessian, s.kept);
    if (polished >= 0) {
      d = polished; nx = p[0]; ny = p[1]; nz = p[2];
      for (let r = 0; r < 3; r++) { pa[r] = p[3 + r]; pb[r] = p[6 + r]; }
    } else {
      gjk.run(w, a, b, margin + ma + mb);
      d = gjk.distance; nx = gjk.nx; ny = gjk.ny; nz = gjk.nz;
    }
  }
  if (!gjk.overlap && d > TOUCHING * (w.radius[a] + w.radius[b])) {
    const gap = d - ma - mb;
    if (gap > margin) return;
    // Halfway between p_A − m_A n and p_B + m_B n.
    const t = 0.5 * (mb - ma);
    out.push(a, b, 0, 0.5 * (pa[0] + pb[0]) + t * nx, 0.5 * (pa[1] + pb[1]) + t * ny, 0.5 * (pa[2] + pb[2]) + t * nz, nx, ny, nz, gap);
    return;
  }
  penetration(w, a, b, out, s);
}

/**
 * Two smooth cores (ellipsoids, spheres) by Newton's method alone, started from the pair's
 * normal of the last step when the detector was given it, else on the line of centres
 * d = c_A − c_B: true when that settles the pair. The cores' separation along d̂ is a
 * lower bound of their distance, so beyond margin + m_A + m_B the pair is dropped at the
 * cost of two supports; otherwise Newton (smooth-newton.ts) polishes d̂ to the separating
 * direction, as it polishes GJK's rough one, and converges to the same minimum. False (GJK
 * takes over) when the cores are not apart along d̂, or Newton does not settle, or they touch.
 * For the ellipsoids of a granular bed the line of centres is close to the normal (5.5 Newton
 * steps on average) and GJK's run is skipped: detecting the settled pseudo-rigid drum
 * (examples/scenes/rotating-drum, 337 contacts) went from 2.1 to 1.2 ms, the normals now
 * converged where GJK's fallback left them 4e-6 off.
 */
function smoothPair(w: WorldBodies, a: number, b: number, dx: number, dy: number, dz: number, out: Pick<ContactBufferLike, 'push'>, s: ConvexScratch): boolean {
  const q = s.polished, last = s.lastContact(a, b);
  // The pair's normal of the last step, where it has one, is closer to this step's than the line
  // of centres. Normalised again: the lower bound below holds for a unit direction only.
  if (last >= 0) {
    s.lastNormal(last);
    dx = q[0]; dy = q[1]; dz = q[2];
  }
  const l = Math.sqrt(dx * dx + dy * dy + dz * dz);
  // A zero or not-a-number start stops here; an infinite one becomes 0 or NaN, which the polish refuses.
  if (!(l > 0)) return false;
  let nx = dx / l, ny = dy / l, nz = dz / l;
  const ma = w.coreRadius[a], mb = w.coreRadius[b];
  // Separation of the cores along n (from B towards A): the least of A minus the most of B,
  // −f(−n), with the supports left in q[3..9) for the polish's start.
  const f = separationValue(w, a, b, -nx, -ny, -nz, q, s.kept), along = -f;
  if (along - ma - mb > w.margin) return true;
  const d = polishSeparation(w, a, b, nx, ny, nz, q, s.hessian, s.kept, f);
  if (!(d > TOUCHING * (w.radius[a] + w.radius[b]))) return false;
  const gap = d - ma - mb;
  if (gap > w.margin) return true;
  nx = q[0]; ny = q[1]; nz = q[2];
  // Halfway between p_A − m_A n and p_B + m_B n.
  const t = 0.5 * (mb - ma);
  out.push(a, b, 0, 0.5 * (q[3] + q[6]) + t * nx, 0.5 * (q[4] + q[7]) + t * ny, 0.5 * (q[5] + q[8]) + t * nz, nx, ny, nz, gap);
  return true;
}

/**
 * EPA on the whole shapes, started from GJK's enclosing simplex; n = −(EPA's direction), from B
 * to A. When GJK finds the whole shapes apart instead, a contact at their distance.
 */
export function penetration(w: WorldBodies, a: number, b: number, out: Pick<ContactBufferLike, 'push'>, s: ConvexScratch): void {
  const gjk = s.gjk, epa = s.epa;
  gjk.run(w, a, b, Infinity, true);
  if (!gjk.overlap) {
    // The whole shapes are apart, barely: their cores were found touching, or GJK's lower bound
    // fell to zero or below, as it does for a curved body on a wide face (it errs by the
    // direction's error times the face's width: −1e-8 for a cylinder 1e-8 above a box, whose
    // contact was dropped here). A contact at the distance of GJK's closest points instead, the
    // upper bound: within 1e-8 of the bodies' size for that cylinder (convex-pair.test.ts), within
    // about 5e-7 of it for cylinders placed touching boxes, hulls and cylinders at random.
    const pa = gjk.pa, pb = gjk.pb;
    const gap = gjk.closestDistance();
    if (!(gap <= w.margin)) return;
    out.push(a, b, 0, 0.5 * (pa[0] + pb[0]), 0.5 * (pa[1] + pb[1]), 0.5 * (pa[2] + pb[2]), gjk.nx, gjk.ny, gjk.nz, gap);
    return;
  }
  epa.run(w, a, b, gjk.simplex);
  const pa = epa.pa, pb = epa.pb;
  out.push(a, b, 0, 0.5 * (pa[0] + pb[0]), 0.5 * (pa[1] + pb[1]), 0.5 * (pa[2] + pb[2]), -epa.nx, -epa.ny, -epa.nz, -epa.depth);
}
