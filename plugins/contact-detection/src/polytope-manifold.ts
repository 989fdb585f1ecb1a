import { clipByPlane, reduceManifold, type Manifold } from './manifold.js';
import { PolytopeAxes } from './polytope-axes.js';
import { PolytopeView } from './polytope-view.js';
import type { FacePatch } from './face-patch.js';

/** Work buffers of the polytope pair routine, one set per detector; the polygon buffers grow with the faces met. */
export class PolytopeScratch implements Manifold {
  polyA = new Float64Array(48);
  polyB = new Float64Array(48);
  labelA = new Int32Array(16);
  labelB = new Int32Array(16);
  point = new Float64Array(48);
  gap = new Float64Array(16);
  code = new Int32Array(16);
  count = 0;
  /** Where the one point of a separated pair lies on the incident hull while its face's points are found (`holdPoint`). */
  readonly held = new Float64Array(3);
  readonly keep = new Int32Array(4);
  /** Two edges' ends, and their closest points' parameters. */
  readonly seg = new Float64Array(12);
  readonly st = new Float64Array(3);
  /** The manifold's normal, from B towards A. */
  nx = 0;
  ny = 0;
  nz = 1;
  readonly axes = new PolytopeAxes();
  readonly viewA = new PolytopeView();
  readonly viewB = new PolytopeView();
  /** Set for `manifold: 'one-per-face'`: face manifolds become one point (FacePatch). */
  patch: FacePatch | undefined = undefined;

  /** Room for polygons of n points. */
  reserve(n: number): void {
    if (n <= this.gap.length) return;
    const cap = Math.max(n, 2 * this.gap.length);
    this.polyA = new Float64Array(3 * cap); this.polyB = new Float64Array(3 * cap);
    this.labelA = new Int32Array(cap); this.labelB = new Int32Array(cap);
    this.point = new Float64Array(3 * cap); this.gap = new Float64Array(cap); this.code = new Int32Array(cap);
  }
}

/**
 * The face contact of two polytopes: the incident face of I (the one most anti-parallel to
 * the reference normal n, the outward normal of R's face f, which points towards I) clipped
 * by Sutherland–Hodgman against the side planes of the reference face (each through a side
 * of the face, normal side × n, outward for a counter-clockwise face). Every clipped point
 * with gap = n·p − offset ≤ margin is kept in `s` (on the incident face, with its gap and
 * code), then at most 4 remain (`reduceManifold`), or one with `manifold: 'one-per-face'`
 * (`FacePatch`).
 *
 * Codes make the contact ids as box-box does: each point lies on two lines, an edge of the
 * incident face (label: its edge index in I) or a side plane of the reference face (label:
 * I's edge count + its edge index in R), and code = min(label)·S + max(label) with S the two
 * polytopes' edge counts together. An incident vertex inside the reference face keeps its
 * code while it stays inside, a clipped point while it stays on the same side and edge.
 */
export function clipPolytopeFaces(R: PolytopeView, f: number, I: PolytopeView, margin: number, s: PolytopeScratch): void {
  const pr = R.poly, pi = I.poly, rpl = R.pl, q = R.po + 4 * f;
  const nx = rpl[q], ny = rpl[q + 1], nz = rpl[q + 2], offset = rpl[q + 3];
  let inc = 0, most = Infinity;
  for (let g = 0; g < pi.faceCount; g++) {
    const o = I.po + 4 * g;
    const d = I.pl[o] * nx + I.pl[o + 1] * ny + I.pl[o + 2] * nz;
    if (d < most) { most = d; inc = g; }
  }
  const i0 = pi.faceStart[inc], ni = pi.faceStart[inc + 1] - i0;
  const r0 = pr.faceStart[f], nr = pr.faceStart[f + 1] - r0;
  s.reserve(ni + nr + 1);
  let poly = s.polyA, label = s.labelA, other = s.polyB, otherLabel = s.labelB;
  for (let k = 0; k < ni; k++) {
    const v = I.xo + 3 * pi.faceVertex[i0 + k];
    poly[3 * k] = I.x[v]; poly[3 * k + 1] = I.x[v + 1]; poly[3 * k + 2] = I.x[v + 2];
    label[k] = pi.faceEdge[i0 + k];
  }
  let count = ni;
  const S = pi.edgeCount + pr.edgeCount;
  for (let k = 0; k < nr && count > 0; k++) {
    const p = R.xo + 3 * pr.faceVertex[r0 + k], p2 = R.xo + 3 * pr.faceVertex[r0 + ((k + 1) % nr)];
    const ex = R.x[p2] - R.x[p], ey = R.x[p2 + 1] - R.x[p + 1], ez = R.x[p2 + 2] - R.x[p + 2];
    const mx = ey * nz - ez * ny, my = ez * nx - ex * nz, mz = ex * ny - ey * nx;
    count = clipByPlane(poly, label, count, other, otherLabel, mx, my, mz,
      mx * R.x[p] + my * R.x[p + 1] + mz * R.x[p + 2], pi.edgeCount + pr.faceEdge[r0 + k]);
    const t = poly, l = label;
    poly = other; label = otherLabel; other = t; otherLabel = l;
  }
  let m = 0;
  for (let k = 0; k < count; k++) {
    const gap = nx * poly[3 * k] + ny * poly[3 * k + 1] + nz * poly[3 * k + 2] - offset;
    if (gap > margin) continue;
    const prev = label[(k + count - 1) % count], next = label[k];
    s.point[3 * m] = poly[3 * k]; s.point[3 * m + 1] = poly[3 * k + 1]; s.point[3 * m + 2] = poly[3 * k + 2];
    s.gap[m] = gap;
    s.code[m] = Math.min(prev, next) * S + Math.max(prev, next);
    m++;
  }
  s.count = m;
  if (s.patch) s.patch.reduce(poly, count, nx, ny, nz, offset, margin, s);
  else reduceManifold(s, nx, ny, nz);
}
