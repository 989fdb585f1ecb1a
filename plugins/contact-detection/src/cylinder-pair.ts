import type { ContactBufferLike } from '@moreau/core/contracts';
import { convexPair, type ConvexScratch } from './convex-pair.js';
import { OCTAGON_COS, OCTAGON_SIN, rimFrame, rimPoint } from './cylinder-rim.js';
import type { FacePatch } from './face-patch.js';
import { clipByPlane, reduceManifold, type Manifold } from './manifold.js';
import { PolytopeView } from './polytope-view.js';
import { CYLINDER, type WorldBodies } from './world-bodies.js';

/**
 * The pair's normal must be within this angle (rad) of a face normal of B for a face manifold:
 * GJK's normal on a curved body is good to about 1e-5, and a contact that is not on the face
 * meets it at a larger angle or gets the pair's single point back (see cylinderPair).
 */
const FACE_ANGLE = 1e-3;
const COS_FACE = Math.cos(FACE_ANGLE);
/** Sides of the polygon inscribed in a cylinder B's end disc, against which A's points are clipped. */
const DISC_SIDES = 16;
const DISC_COS = Array.from({ length: DISC_SIDES }, (_, k) => Math.cos((2 * Math.PI * k) / DISC_SIDES));
const DISC_SIN = Array.from({ length: DISC_SIDES }, (_, k) => Math.sin((2 * Math.PI * k) / DISC_SIDES));
/** A face manifold whose least gap exceeds the pair's by more than this fraction of the bodies' size is dropped for the pair's point. */
const AGREE = 1e-9;
/** Ids must stay below 2³¹. */
const MAX_ID = 0x7fffffff;

/** The one contact convexPair reports, caught instead of written. */
class CaughtContact implements Pick<ContactBufferLike, 'push'> {
  count = 0;
  readonly point = new Float64Array(3);
  nx = 0;
  ny = 0;
  nz = 1;
  gap = 0;

  push(_a: number, _b: number, _feature: number, px: number, py: number, pz: number, nx: number, ny: number, nz: number, gap: number): number {
    this.point[0] = px; this.point[1] = py; this.point[2] = pz;
    this.nx = nx; this.ny = ny; this.nz = nz; this.gap = gap;
    return this.count++;
  }

  writeTo(out: Pick<ContactBufferLike, 'push'>, a: number, b: number): void {
    if (this.count > 0) out.push(a, b, 0, this.point[0], this.point[1], this.point[2], this.nx, this.ny, this.nz, this.gap);
  }
}

/** Work buffers of the cylinder pair routine, one set per detector; polygon buffers grow with the faces met. */
export class CylinderScratch implements Manifold {
  point = new Float64Array(72);
  gap = new Float64Array(24);
  code = new Int32Array(24);
  count = 0;
  readonly keep = new Int32Array(4);
  /** Sutherland–Hodgman ping-pong polygons and their edge labels. */
  polyA = new Float64Array(72);
  polyB = new Float64Array(72);
  labelA = new Int32Array(24);
  labelB = new Int32Array(24);
  /** B's reference face: its corners in counter-clockwise order seen from outside, and each side's label. */
  ref = new Float64Array(3 * DISC_SIDES);
  refLabel = new Int32Array(DISC_SIDES);
  refCount = 0;
  /** The face's outward unit normal (from B towards A) and offset n·x on it; its key and B's key and edge counts. */
  nx = 0;
  ny = 0;
  nz = 1;
  offset = 0;
  key = 0;
  keys = 0;
  edges = 0;
  /** The rim frame of A (rimFrame), the ends of its line along the face, and a side plane's normal. */
  readonly frame = new Float64Array(10);
  readonly rim = new Float64Array(6);
  readonly side = new Float64Array(3);
  readonly view = new PolytopeView();
  readonly caught = new CaughtContact();
  /** Set for `manifold: 'one-per-face'`: a face manifold becomes one point (FacePatch). */
  patch: FacePatch | undefined = undefined;

  /** Room for a reference face of n corners, and the polygons clipped by it. */
  reserve(n: number): void {
    if (n > this.refLabel.length) {
      this.ref = new Float64Array(3 * n);
      this.refLabel = new Int32Array(n);
    }
    const m = n + 12;
    if (m <= this.gap.length) return;
    this.point = new Float64Array(3 * m); this.gap = new Float64Array(m); this.code = new Int32Array(m);
    this.polyA = new Float64Array(3 * m); this.polyB = new Float64Array(3 * m);
    this.labelA = new Int32Array(m); this.labelB = new Int32Array(m);
  }
}

/**
 * Cylinder a (A) against a box, hull or cylinder b (B). GJK/EPA on the support functions
 * (convexPair) gives the pair's gap g, normal n and one point. When n is within FACE_ANGLE of
 * the outward normal n_f of a face — a face of a box or hull B, or an end disc of a cylinder
 * (as the polygon of DISC_SIDES sides inscribed in it) — the contact is a face contact and gets
 * a manifold, as box-box's face clipping does. The reference face is B's; of two cylinders it
 * is the end facing the other body along n, and when both ends face each other the wider one
 * (B's on equal radii), so the choice does not depend on the bodies' order. The other body, a
 * cylinder (the incident body), gives:
 * - its end facing the face, as the octagon inscribed in its rim from its lowest point along
 *   −n_f (rimFrame), clipped by Sutherland–Hodgman against the face's side planes;
 * - when it lies along the face (its other end's lowest point within the margin too), the line
 *   from one end's lowest point to the other's, clipped against the same side planes;
 * every point with height H = n_f·x − offset ≤ margin is kept at x − (H/2) n_f, then at most 4
 * (`reduceManifold`), or one with `manifold: 'one-per-face'` (`FacePatch`), all with normal n_f
 * (from B towards A: −n_f when the face is A's). Each gap is max(H, g): no point is reported
 * deeper than the pair. When nothing survives the clipping, or the least H exceeds g by more
 * than AGREE of the bodies' size (the deepest point lies outside the face's polygon, or the
 * contact was at an edge after all), the pair's one GJK/EPA contact is reported instead
 * (feature 0). So a cylinder stands on a box, a hull face or another cylinder's end on up to 4
 * points and lies on them along a line of 2; on a box edge or vertex, on the curved side of a
 * cylinder, or against a cylinder's rim, it touches at one point.
 *
 * Feature ids: 0 for the pair's single point; 1 + key·K + code for a manifold point, with key
 * = 2·(reference face) + (incident end: 0 at −h, 1 at +h) — the face of B, or for two
 * cylinders 0, 1 for B's + and − ends and 2, 3 for A's — and K = L² + 1 + 2E, E the reference
 * body's edge count and L = 8 + E; an octagon point lies on two lines, an octagon side (0..7)
 * or a side plane of the face (8 + its edge), code = min·L + max; a point of the line is L²
 * (the far end) or L² + 1 + 2·edge + (0 entering, 1 leaving). Too large a hull for this to fit
 * in 31 bits gets ids by place in the manifold (unique, not kept across steps).
 */
export function cylinderPair(w: WorldBodies, a: number, b: number, out: ContactBufferLike, s: CylinderScratch, convex: ConvexScratch): void {
  const caught = s.caught;
  caught.count = 0;
  convexPair(w, a, b, caught, convex);
  if (caught.count === 0) return;
  const inc = referenceFace(w, a, b, caught.nx, caught.ny, caught.nz, s);
  if (inc < 0) {
    caught.writeTo(out, a, b);
    return;
  }
  const g = caught.gap, margin = w.margin, nx = s.nx, ny = s.ny, nz = s.nz, offset = s.offset;
  const f = s.frame;
  rimFrame(w, inc, nx, ny, nz, f);
  const end = f[9];
  const clipped = clipOctagon(w, inc, s);
  const L = 8 + s.edges;
  let m = 0;
  for (let k = 0; k < clipped; k++) {
    const x = s.polyA[3 * k], y = s.polyA[3 * k + 1], z = s.polyA[3 * k + 2];
    const H = nx * x + ny * y + nz * z - offset;
    if (H > margin) continue;
    const prev = s.labelA[(k + clipped - 1) % clipped], next = s.labelA[k];
    m = keep(s, m, x, y, z, H, Math.min(prev, next) * L + Math.max(prev, next));
  }
  s.count = m;
  if (!s.patch) lineAlong(w, inc, end, s);
  if (s.count === 0) {
    caught.writeTo(out, a, b);
    return;
  }
  let least = Infinity;
  for (let k = 0; k < s.count; k++) least = Math.min(least, s.gap[k]);
  if (least > g + AGREE * (w.radius[a] + w.radius[b])) {
    caught.writeTo(out, a, b);
    return;
  }
  for (let k = 0; k < s.count; k++) s.gap[k] = Math.max(s.gap[k], g);
  if (s.patch) {
    s.patch.reduce(s.polyA, clipped, nx, ny, nz, offset, margin, s);
    if (s.count === 0) {
      caught.writeTo(out, a, b);
      return;
    }
  } else {
    reduceManifold(s, nx, ny, nz);
  }
  const K = L * L + 1 + 2 * s.edges;
  const key = 2 * s.key + (end > 0 ? 1 : 0);
  const compact = 1 + 2 * s.keys * K > MAX_ID;
  // n_f points from the reference body to the incident one; the contract's n from B to A.
  const flip = inc === a ? 1 : -1;
  for (let k = 0; k < s.count; k++) {
    const t = 0.5 * s.gap[k];
    const id = compact ? 1 + k : 1 + key * K + s.code[k];
    out.push(a, b, id, s.point[3 * k] - t * nx, s.point[3 * k + 1] - t * ny, s.point[3 * k + 2] - t * nz, flip * nx, flip * ny, flip * nz, s.gap[k]);
  }
}

/**
 * The reference face for the pair's normal n (from B towards A), into s (its corners, side
 * labels, plane, key, and the reference body's key and edge counts): B's face whose outward
 * normal is within FACE_ANGLE of n; of two cylinders, the end of B facing n or of A facing −n,
 * the wider when both do. @returns the incident body (a cylinder), or −1 when there is no face
 */
function referenceFace(w: WorldBodies, a: number, b: number, nx: number, ny: number, nz: number, s: CylinderScratch): number {
  if (w.kind[b] !== CYLINDER) return polytopeFace(w, b, nx, ny, nz, s) ? a : -1;
  const facesA = Math.abs(axisDot(w, a, nx, ny, nz)) >= COS_FACE, facesB = Math.abs(axisDot(w, b, nx, ny, nz)) >= COS_FACE;
  if (facesB && !(facesA && w.size[3 * a] > w.size[3 * b])) {
    discFace(w, b, nx, ny, nz, 0, s);
    return a;
  }
  if (facesA) {
    discFace(w, a, -nx, -ny, -nz, 2, s);
    return b;
  }
  return -1;
}

/** n·a for cylinder i's axis a. */
function axisDot(w: WorldBodies, i: number, nx: number, ny: number, nz: number): number {
  const L = w.linear, r = 9 * i;
  return nx * L[r + 2] + ny * L[r + 5] + nz * L[r + 8];
}

/** Box or hull b's face whose outward normal is within FACE_ANGLE of n (that of largest n_f·n), into s; false when there is none. */
function polytopeFace(w: WorldBodies, b: number, nx: number, ny: number, nz: number, s: CylinderScratch): boolean {
  const V = s.view.of(w, b), poly = V.poly, pl = V.pl;
  let best = -Infinity, f = 0;
  for (let g = 0, q = V.po; g < poly.faceCount; g++, q += 4) {
    const d = pl[q] * nx + pl[q + 1] * ny + pl[q + 2] * nz;
    if (d > best) { best = d; f = g; }
  }
  if (!(best >= COS_FACE)) return false;
  const start = poly.faceStart[f], n = poly.faceStart[f + 1] - start, q = V.po + 4 * f;
  s.reserve(n);
  for (let k = 0; k < n; k++) {
    const v = V.xo + 3 * poly.faceVertex[start + k];
    s.ref[3 * k] = V.x[v]; s.ref[3 * k + 1] = V.x[v + 1]; s.ref[3 * k + 2] = V.x[v + 2];
    s.refLabel[k] = poly.faceEdge[start + k];
  }
  s.refCount = n;
  s.nx = pl[q]; s.ny = pl[q + 1]; s.nz = pl[q + 2]; s.offset = pl[q + 3];
  s.key = f; s.keys = poly.faceCount; s.edges = poly.edgeCount;
  return true;
}

/**
 * Cylinder b's end disc facing the direction n (its axis within FACE_ANGLE of ±n, checked by
 * the caller), as the polygon of DISC_SIDES corners inscribed in its rim from the body's x
 * axis: counter-clockwise about the outward normal (the + end's corners by increasing angle
 * about z, the − end's by decreasing). Side k of end e is edge 16e + k; key `base` + e
 * (e = 0: +, 1: −).
 */
function discFace(w: WorldBodies, b: number, nx: number, ny: number, nz: number, base: number, s: CylinderScratch): void {
  const L = w.linear, r = 9 * b, c = w.centre, o = 3 * b, radius = w.size[o], h = w.size[o + 1];
  const ax = L[r + 2], ay = L[r + 5], az = L[r + 8];
  const e = ax * nx + ay * ny + az * nz > 0 ? 0 : 1, sign = e === 0 ? 1 : -1;
  s.reserve(DISC_SIDES);
  for (let k = 0; k < DISC_SIDES; k++) {
    const p = radius * DISC_COS[k], q = sign * radius * DISC_SIN[k];
    for (let j = 0; j < 3; j++) s.ref[3 * k + j] = c[o + j] + sign * h * L[r + 3 * j + 2] + p * L[r + 3 * j] + q * L[r + 3 * j + 1];
    s.refLabel[k] = DISC_SIDES * e + k;
  }
  s.refCount = DISC_SIDES;
  s.nx = sign * ax; s.ny = sign * ay; s.nz = sign * az;
  s.offset = s.nx * s.ref[0] + s.ny * s.ref[1] + s.nz * s.ref[2];
  s.key = base + e; s.keys = 4; s.edges = 2 * DISC_SIDES;
}

/**
 * Cylinder a's octagon (its lower end's rim from the lowest point, labels 0..7 for its sides)
 * clipped against every side plane of the reference face (normal side × n_f, outward for a
 * counter-clockwise face; label 8 + the side's edge), left in s.polyA / s.labelA.
 * @returns the clipped polygon's number of points
 */
function clipOctagon(w: WorldBodies, a: number, s: CylinderScratch): number {
  const f = s.frame, end = f[9];
  let poly = s.polyA, label = s.labelA, other = s.polyB, otherLabel = s.labelB;
  for (let k = 0; k < 8; k++) {
    rimPoint(w, a, f, end, OCTAGON_COS[k], OCTAGON_SIN[k], poly, 3 * k);
    label[k] = k;
  }
  let count = 8;
  const R = s.ref, n = s.refCount;
  for (let k = 0; k < n && count > 0; k++) {
    const m = sideNormal(s, k), mx = m[0], my = m[1], mz = m[2];
    const p = 3 * k;
    count = clipByPlane(poly, label, count, other, otherLabel, mx, my, mz, mx * R[p] + my * R[p + 1] + mz * R[p + 2], 8 + s.refLabel[k]);
    const t = poly, l = label;
    poly = other; label = otherLabel; other = t; otherLabel = l;
  }
  if (poly !== s.polyA) {
    s.polyA.set(poly.subarray(0, 3 * count));
    s.labelA.set(label.subarray(0, count));
  }
  return count;
}

/**
 * Cylinder a lying along the face: the line from its lower end's lowest point to the other end's,
 * when that end comes within the margin too, clipped against the face's side planes (as
 * Liang–Barsky does); its clipped ends are added to the manifold, the lower end's lowest
 * point only when clipped (the octagon holds it otherwise).
 */
function lineAlong(w: WorldBodies, a: number, end: number, s: CylinderScratch): void {
  const f = s.frame, x = s.rim, nx = s.nx, ny = s.ny, nz = s.nz;
  rimPoint(w, a, f, end, 1, 0, x, 0);
  rimPoint(w, a, f, -end, 1, 0, x, 3);
  if (nx * x[3] + ny * x[4] + nz * x[5] - s.offset > w.margin) return;
  let t0 = 0, t1 = 1, l0 = -1, l1 = -1;
  const R = s.ref;
  for (let k = 0; k < s.refCount; k++) {
    const m = sideNormal(s, k), mx = m[0], my = m[1], mz = m[2];
    const off = mx * R[3 * k] + my * R[3 * k + 1] + mz * R[3 * k + 2];
    const d0 = mx * x[0] + my * x[1] + mz * x[2] - off, d1 = mx * x[3] + my * x[4] + mz * x[5] - off;
    if (d0 > 0 && d1 > 0) return;
    if (d0 > 0 && d1 < 0) {
      const t = d0 / (d0 - d1);
      if (t > t0) { t0 = t; l0 = s.refLabel[k]; }
    } else if (d0 < 0 && d1 > 0) {
      const t = d0 / (d0 - d1);
      if (t < t1) { t1 = t; l1 = s.refLabel[k]; }
    }
  }
  if (!(t0 < t1)) return;
  const L = 8 + s.edges, base = L * L;
  addLinePoint(w, s, t1, l1 < 0 ? base : base + 2 + 2 * l1);
  if (t0 > 0) addLinePoint(w, s, t0, base + 1 + 2 * l0);
}

function addLinePoint(w: WorldBodies, s: CylinderScratch, t: number, code: number): void {
  const x = s.rim;
  const px = x[0] + t * (x[3] - x[0]), py = x[1] + t * (x[4] - x[1]), pz = x[2] + t * (x[5] - x[2]);
  const H = s.nx * px + s.ny * py + s.nz * pz - s.offset;
  if (H > w.margin) return;
  s.count = keep(s, s.count, px, py, pz, H, code);
}

/** Appends a point (on A), its height and code to the manifold. @returns the new count */
function keep(s: CylinderScratch, m: number, x: number, y: number, z: number, H: number, code: number): number {
  s.point[3 * m] = x; s.point[3 * m + 1] = y; s.point[3 * m + 2] = z;
  s.gap[m] = H;
  s.code[m] = code;
  return m + 1;
}

/** Side k of the reference face: (corner k+1 − corner k) × n_f, pointing out of the face, into s.side. */
function sideNormal(s: CylinderScratch, k: number): Float64Array {
  const R = s.ref, n = s.refCount, p = 3 * k, q = 3 * ((k + 1) % n), m = s.side;
  const ex = R[q] - R[p], ey = R[q + 1] - R[p + 1], ez = R[q + 2] - R[p + 2];
  m[0] = ey * s.nz - ez * s.ny; m[1] = ez * s.nx - ex * s.nz; m[2] = ex * s.ny - ey * s.nx;
  return m;
}
