import type { PolytopeView } from './polytope-view.js';
import { polytopeSupport } from './support.js';

/** Edge pairs closer to parallel than this (sine of the angle) give no axis of their own. */
const PARALLEL = 1e-6;

/** The best separating axes of two polytopes: of A's faces, of B's faces, of the edge pairs. */
export class PolytopeAxes {
  /** Largest separation over A's face normals and its face. */
  faceA = -Infinity;
  fA = 0;
  /** The same over B's face normals. */
  faceB = -Infinity;
  fB = 0;
  /** Largest separation over edge pairs forming a face of A − B, the edges (−1 when none), and the unit axis from A towards B. */
  edge = -Infinity;
  eA = -1;
  eB = -1;
  lx = 0;
  ly = 0;
  lz = 0;
}

/**
 * The separating axis test of two convex polytopes (Gregorius, "The Separating Axis Test
 * between Convex Polyhedra", GDC 2013): along a face normal n of A the separation is
 * n·s_B(−n) − offset, and likewise for B's faces; an edge of A and an edge of B give an axis
 * only when their arcs on the Gauss map cross (they then form a face of the Minkowski
 * difference A − B), and its separation is measured from the edges themselves. The
 * polytopes are disjoint exactly when some axis separates them.
 */
export function polytopeAxes(A: PolytopeView, B: PolytopeView, out: PolytopeAxes): void {
  faceQuery(A, B, out, true);
  faceQuery(B, A, out, false);
  edgeQuery(A, B, out);
}

function faceQuery(P: PolytopeView, Q: PolytopeView, out: PolytopeAxes, ofA: boolean): void {
  const pl = P.pl, po = P.po, x = Q.x, xo = Q.xo;
  let best = -Infinity, face = 0, v = -1;
  for (let f = 0; f < P.poly.faceCount; f++) {
    const q = po + 4 * f, nx = pl[q], ny = pl[q + 1], nz = pl[q + 2];
    v = polytopeSupport(Q.poly, x, xo, -nx, -ny, -nz, v);
    const sep = nx * x[xo + 3 * v] + ny * x[xo + 3 * v + 1] + nz * x[xo + 3 * v + 2] - pl[q + 3];
    if (sep > best) { best = sep; face = f; }
  }
  if (ofA) { out.faceA = best; out.fA = face; } else { out.faceB = best; out.fB = face; }
}

function edgeQuery(A: PolytopeView, B: PolytopeView, out: PolytopeAxes): void {
  const pa = A.poly, pb = B.poly, xa = A.x, xb = B.x, oa = A.xo, ob = B.xo;
  out.edge = -Infinity;
  out.eA = out.eB = -1;
  for (let i = 0; i < pa.edgeCount; i++) {
    const p = oa + 3 * pa.edgeVertex[2 * i], p2 = oa + 3 * pa.edgeVertex[2 * i + 1];
    const ux = xa[p2] - xa[p], uy = xa[p2 + 1] - xa[p + 1], uz = xa[p2 + 2] - xa[p + 2];
    // Gauss map arc of A's edge: from the normal a of one face beside it to the normal b of the other.
    const fa = A.po + 4 * pa.edgeFace[2 * i], fb = A.po + 4 * pa.edgeFace[2 * i + 1];
    const ax = A.pl[fa], ay = A.pl[fa + 1], az = A.pl[fa + 2], bx = A.pl[fb], by = A.pl[fb + 1], bz = A.pl[fb + 2];
    const bax = by * az - bz * ay, bay = bz * ax - bx * az, baz = bx * ay - by * ax;
    const ulen = Math.sqrt(ux * ux + uy * uy + uz * uz);
    for (let j = 0; j < pb.edgeCount; j++) {
      // −B's arc: from −c to −d, c and d the normals of the faces beside B's edge.
      const fc = B.po + 4 * pb.edgeFace[2 * j], fd = B.po + 4 * pb.edgeFace[2 * j + 1];
      const cx = -B.pl[fc], cy = -B.pl[fc + 1], cz = -B.pl[fc + 2], dx = -B.pl[fd], dy = -B.pl[fd + 1], dz = -B.pl[fd + 2];
      const cba = cx * bax + cy * bay + cz * baz, dba = dx * bax + dy * bay + dz * baz;
      if (!(cba * dba < 0)) continue;
      const dcx = dy * cz - dz * cy, dcy = dz * cx - dx * cz, dcz = dx * cy - dy * cx;
      const adc = ax * dcx + ay * dcy + az * dcz, bdc = bx * dcx + by * dcy + bz * dcz;
      if (!(adc * bdc < 0) || !(cba * bdc > 0)) continue;
      const q = ob + 3 * pb.edgeVertex[2 * j], q2 = ob + 3 * pb.edgeVertex[2 * j + 1];
      const vx = xb[q2] - xb[q], vy = xb[q2 + 1] - xb[q + 1], vz = xb[q2 + 2] - xb[q + 2];
      let lx = uy * vz - uz * vy, ly = uz * vx - ux * vz, lz = ux * vy - uy * vx;
      const len = Math.sqrt(lx * lx + ly * ly + lz * lz);
      if (len < PARALLEL * ulen * Math.sqrt(vx * vx + vy * vy + vz * vz)) continue;
      // Oriented away from A's inside: A's edge is then extreme along L, B's along −L.
      const s = lx * (xa[p] - A.ix) + ly * (xa[p + 1] - A.iy) + lz * (xa[p + 2] - A.iz) < 0 ? -1 / len : 1 / len;
      lx *= s; ly *= s; lz *= s;
      const sep = lx * (xb[q] - xa[p]) + ly * (xb[q + 1] - xa[p + 1]) + lz * (xb[q + 2] - xa[p + 2]);
      if (sep > out.edge) { out.edge = sep; out.eA = i; out.eB = j; out.lx = lx; out.ly = ly; out.lz = lz; }
    }
  }
}
