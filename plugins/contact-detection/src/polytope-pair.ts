import type { ContactBufferLike } from '@moreau/core/contracts';
import { nearFaceNormal } from './edge-axis.js';
import { penetrationFloor } from './face-patch.js';
import type { Gjk } from './gjk.js';
import { polytopeAxes } from './polytope-axes.js';
import { clipPolytopeFaces, type PolytopeScratch } from './polytope-manifold.js';
import type { PolytopeView } from './polytope-view.js';
import { closestOnSegments } from './segment-closest.js';
import { holdPoint, pushFacePoints, wantsFacePoints } from './speculative-face.js';
import { polytopeSupport } from './support.js';
import type { WorldBodies } from './world-bodies.js';

/** An edge axis must beat the best face axis by this fraction of its separation... */
const EDGE_BIAS_RELATIVE = 0.05;
/** ...plus this fraction of the bodies' size, so resting faces never flicker to an edge contact. */
const EDGE_BIAS_ABSOLUTE = 1e-6;
/** Face axes of A and B closer than this fraction of the thinner body (plus the edge bias) tie; the larger face wins. */
const FACE_BAND = 0.02;
/** Ids must stay below 2³¹. */
const MAX_ID = 0x7fffffff;

/**
 * Polytope a (A: a box or hull) against hull b (B), by the separating axis test over face
 * normals and the edge pairs that form faces of A − B (polytopeAxes), as box-box does with
 * its 15 axes: beyond the margin nothing is reported; a face axis gives the clipped face
 * manifold (up to 4 points), an edge axis clearly better than every face (and, with full
 * manifolds, not near the reference face's normal, `nearFaceNormal`) gives one point halfway
 * between the closest points of the two edges. For separated polytopes an axis
 * separation can fall short of the distance (corner against corner), so GJK's exact
 * distance is checked too, and one contact at the closest points replaces the manifold
 * when they disagree. Separated polytopes held by one point (an edge pair or the closest
 * points) get the reference face's manifold beside it, with full manifolds
 * (`wantsFacePoints`). Every normal points from B to A.
 *
 * Feature ids, in consecutive ranges (F, E, V: face, edge and vertex counts; S = (E_A + E_B)²):
 * face contacts key·S + point code (key = f for a reference face of A, F_A + f for one of B);
 * edge pairs E_B·e_A + e_B; closest vertices of separated polytopes V_B·v_A + v_B; the
 * deepest vertex v (of A) or V_A + v (of B). Polytopes too large for these to fit in 31 bits
 * get ids from the contact's place in its manifold instead (unique, but not kept across steps).
 */
export function polytopePair(w: WorldBodies, a: number, b: number, out: ContactBufferLike, s: PolytopeScratch, gjk: Gjk): void {
  const c = w.centre, margin = w.margin, oa = 3 * a, ob = 3 * b;
  const dx = c[ob] - c[oa], dy = c[ob + 1] - c[oa + 1], dz = c[ob + 2] - c[oa + 2];
  if (Math.sqrt(dx * dx + dy * dy + dz * dz) - w.radius[a] - w.radius[b] > margin) return;
  const A = s.viewA.of(w, a), B = s.viewB.of(w, b), ax = s.axes;
  polytopeAxes(A, B, ax);
  const maxSep = Math.max(ax.faceA, ax.faceB, ax.edge);
  if (maxSep > margin) return;

  const pa = A.poly, pb = B.poly, S = (pa.edgeCount + pb.edgeCount) ** 2;
  const edgeBase = (pa.faceCount + pb.faceCount) * S;
  const closestBase = edgeBase + pa.edgeCount * pb.edgeCount;
  const supportBase = closestBase + pa.vertexCount * pb.vertexCount;
  const compact = supportBase + pa.vertexCount + pb.vertexCount > MAX_ID;
  const scale = w.radius[a] + w.radius[b];

  const band = FACE_BAND * Math.min(pa.halfWidth, pb.halfWidth) + EDGE_BIAS_RELATIVE * Math.abs(Math.max(ax.faceA, ax.faceB));
  const refIsA = Math.abs(ax.faceA - ax.faceB) <= band ? faceArea(A, ax.fA) >= faceArea(B, ax.fB) : ax.faceA > ax.faceB;
  const faceSep = refIsA ? ax.faceA : ax.faceB;
  const ref = refIsA ? A : B, inc = refIsA ? B : A, f = refIsA ? ax.fA : ax.fB, refPlane = ref.po + 4 * f;
  // One-per-face: crossed edges are a touch, not a surface, until they penetrate; short of that the face decides.
  const useEdge = ax.eA >= 0 && ax.edge > faceSep + EDGE_BIAS_RELATIVE * Math.abs(faceSep) + EDGE_BIAS_ABSOLUTE * scale
    && !(s.patch && maxSep > penetrationFloor(s.patch, scale, margin))
    && (s.patch !== undefined || !nearFaceNormal(ax.lx, ax.ly, ax.lz, ref.pl[refPlane], ref.pl[refPlane + 1], ref.pl[refPlane + 2]));

  const key = refIsA ? f : pa.faceCount + f;
  if (useEdge) {
    edgeContact(A, B, s, compact ? MAX_ID - 2 : edgeBase + ax.eA * pb.edgeCount + ax.eB);
  } else {
    faceContact(ref, f, inc, refIsA, margin, compact ? -1 : key * S, key, s);
    if (s.count === 0 && maxSep <= penetrationFloor(s.patch, scale, margin)) deepestVertex(ref, f, inc, margin, s, compact ? MAX_ID - 1 : supportBase + (refIsA ? pa.vertexCount : 0));
  }

  // An edge or corner touch that one-per-face dropped stays dropped (no closest-point contact instead).
  if (!useEdge && s.patch?.degenerate && s.count === 0) return;
  const held = maxSep > 0 ? checkDistance(w, a, b, s, gjk, 1e-9 * scale, compact ? MAX_ID : closestBase, pb.vertexCount) : 'kept';
  if (held === 'beyond') return;
  for (let k = 0; k < s.count; k++) {
    out.push(a, b, s.code[k], s.point[3 * k], s.point[3 * k + 1], s.point[3 * k + 2], s.nx, s.ny, s.nz, s.gap[k]);
  }
  if (wantsFacePoints(maxSep, s.patch !== undefined, useEdge || held === 'closest')) {
    holdPoint(s, refIsA);
    faceContact(ref, f, inc, refIsA, margin, compact ? -1 : key * S, key, s);
    pushFacePoints(a, b, s, refIsA, Math.min(pa.halfWidth, pb.halfWidth), out);
  }
}

/**
 * The face manifold on reference face f of R against I (clipPolytopeFaces): points moved halfway
 * to the face, normals turned to point from B to A, ids `base` + the clip's point code, or, with
 * base −1 (compact ids), 4·key + the point's place.
 */
function faceContact(R: PolytopeView, f: number, I: PolytopeView, refIsA: boolean, margin: number, base: number, key: number, s: PolytopeScratch): void {
  clipPolytopeFaces(R, f, I, margin, s);
  const q = R.po + 4 * f, nx = R.pl[q], ny = R.pl[q + 1], nz = R.pl[q + 2];
  for (let k = 0; k < s.count; k++) {
    const t = 0.5 * s.gap[k];
    s.point[3 * k] -= t * nx; s.point[3 * k + 1] -= t * ny; s.point[3 * k + 2] -= t * nz;
    s.code[k] = base < 0 ? 4 * key + k : base + s.code[k];
  }
  // n points from the reference body to the incident one; the contract's from B to A.
  const flip = refIsA ? -1 : 1;
  s.nx = flip * nx; s.ny = flip * ny; s.nz = flip * nz;
}

/**
 * The edge-edge contact on the axis found by polytopeAxes (unit, from A towards B): one
 * point halfway between the closest points of the two edges, gap = the axis separation,
 * normal −L (from B to A).
 */
function edgeContact(A: PolytopeView, B: PolytopeView, s: PolytopeScratch, id: number): void {
  const ax = s.axes, seg = s.seg, st = s.st;
  for (let r = 0; r < 3; r++) {
    seg[r] = A.x[A.xo + 3 * A.poly.edgeVertex[2 * ax.eA] + r];
    seg[3 + r] = A.x[A.xo + 3 * A.poly.edgeVertex[2 * ax.eA + 1] + r];
    seg[6 + r] = B.x[B.xo + 3 * B.poly.edgeVertex[2 * ax.eB] + r];
    seg[9 + r] = B.x[B.xo + 3 * B.poly.edgeVertex[2 * ax.eB + 1] + r];
  }
  closestOnSegments(seg, 0, st);
  const sa = st[0], sb = st[1];
  for (let r = 0; r < 3; r++) {
    s.point[r] = 0.5 * (seg[r] + sa * (seg[3 + r] - seg[r]) + seg[6 + r] + sb * (seg[9 + r] - seg[6 + r]));
  }
  s.gap[0] = ax.edge;
  s.code[0] = id;
  s.count = 1;
  s.nx = -ax.lx; s.ny = -ax.ly; s.nz = -ax.lz;
}

/**
 * Penetrating polytopes whose incident face clips to nothing (the deepest part lies outside
 * the reference face's sides): one contact at the incident polytope's deepest vertex along
 * the reference normal. `base` + vertex is its id.
 */
function deepestVertex(R: PolytopeView, f: number, I: PolytopeView, margin: number, s: PolytopeScratch, base: number): void {
  const q = R.po + 4 * f, nx = R.pl[q], ny = R.pl[q + 1], nz = R.pl[q + 2];
  const v = polytopeSupport(I.poly, I.x, I.xo, -nx, -ny, -nz);
  const x = I.x, o = I.xo + 3 * v;
  const gap = nx * x[o] + ny * x[o + 1] + nz * x[o + 2] - R.pl[q + 3];
  if (gap > margin) return;
  s.point[0] = x[o] - 0.5 * gap * nx; s.point[1] = x[o + 1] - 0.5 * gap * ny; s.point[2] = x[o + 2] - 0.5 * gap * nz;
  s.gap[0] = gap;
  s.code[0] = base === MAX_ID - 1 ? base : base + v;
  s.count = 1;
}

/**
 * For separated polytopes: keeps the contacts in `s` when their least gap is the exact
 * distance (GJK, within tol: 'kept'); replaces them by one contact at the closest points when
 * it is not ('closest'); 'beyond' when the distance exceeds the margin (nothing to report). The
 * closest points' id is base + V_B·(least vertex of A in GJK's simplex) + (least of B's).
 */
function checkDistance(w: WorldBodies, a: number, b: number, s: PolytopeScratch, gjk: Gjk, tol: number, base: number, vertsB: number): 'kept' | 'closest' | 'beyond' {
  gjk.run(w, a, b, w.margin);
  if (gjk.beyond || gjk.distance > w.margin) return 'beyond';
  const p = gjk.pa, q = gjk.pb, sx = gjk.simplex;
  let d = gjk.distance;
  let least = Infinity;
  for (let k = 0; k < s.count; k++) least = Math.min(least, s.gap[k]);
  if (!(d > 0)) {
    // Touching to within rounding: the manifold stands. Without one (a corner touch, no face
    // points) the pair was dropped here. GJK's closest point is then so near the origin that its
    // direction carries the rounding of the vertices' coordinates, and the lower bound along it
    // (that error times the bodies' size) can fall below zero; the distance of the closest
    // points, an upper bound, is the estimate.
    if (s.count > 0) return 'kept';
    d = gjk.closestDistance();
    if (!(d <= w.margin)) return 'beyond';
  } else if (Math.abs(least - d) <= tol) {
    return 'kept';
  }
  s.nx = gjk.nx; s.ny = gjk.ny; s.nz = gjk.nz;
  for (let r = 0; r < 3; r++) s.point[r] = 0.5 * (p[r] + q[r]);
  let va = Infinity, vb = Infinity;
  for (let k = 0; k < sx.count; k++) { va = Math.min(va, sx.ida[k]); vb = Math.min(vb, sx.idb[k]); }
  s.gap[0] = d;
  s.code[0] = base === MAX_ID ? base : base + va * vertsB + vb;
  s.count = 1;
  return 'closest';
}

/** Area of face f of a polytope view (Newell's vector area). */
function faceArea(P: PolytopeView, f: number): number {
  const p = P.poly, x = P.x, o = P.xo, start = p.faceStart[f], n = p.faceStart[f + 1] - start;
  let ax = 0, ay = 0, az = 0;
  for (let k = 0; k < n; k++) {
    const i = o + 3 * p.faceVertex[start + k], j = o + 3 * p.faceVertex[start + ((k + 1) % n)];
    ax += (x[i + 1] - x[j + 1]) * (x[i + 2] + x[j + 2]);
    ay += (x[i + 2] - x[j + 2]) * (x[i] + x[j]);
    az += (x[i] - x[j]) * (x[i + 1] + x[j + 1]);
  }
  return 0.5 * Math.sqrt(ax * ax + ay * ay + az * az);
}
