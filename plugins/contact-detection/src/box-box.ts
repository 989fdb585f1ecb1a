import type { ContactBufferLike } from '@moreau/core/contracts';
import { boxEdge, boxVertex, edgeIndex } from './box-geometry.js';
import { boxDistance } from './box-distance.js';
import { clipFaces } from './box-manifold.js';
import { separatingAxes } from './box-axes.js';
import { nearFaceNormal } from './edge-axis.js';
import { penetrationFloor } from './face-patch.js';
import { holdPoint, pushFacePoints, wantsFacePoints } from './speculative-face.js';
import type { BoxScratch } from './box-scratch.js';
import { closestOnSegments } from './segment-closest.js';
import type { WorldBodies } from './world-bodies.js';

/**
 * Feature id ranges of box-box contacts (see the README):
 * face contacts ((refIsA·6 + refFace)·6 + incFace)·64 + point code (box-manifold.ts);
 * edge-edge 12·edge(A) + edge(B); closest features of separated boxes (box-distance.ts);
 * the incident box's deepest vertex when clipping leaves nothing.
 */
export const FACE_FEATURES = 0;
export const EDGE_FEATURES = 4608;
export const CLOSEST_FEATURES = 4752;
export const SUPPORT_FEATURES = 4912;

/** An edge axis must beat the best face axis by this fraction of its separation... */
const EDGE_BIAS_RELATIVE = 0.05;
/** ...plus this fraction of the boxes' size, so resting faces never flicker to an edge contact. */
const EDGE_BIAS_ABSOLUTE = 1e-6;
/**
 * Face axes of the two boxes whose separations differ by less than this fraction of the
 * smallest half extent (plus EDGE_BIAS_RELATIVE of the separation) tie, and the larger face
 * is the reference (A's on equal areas). Nearly parallel faces give nearly the same contact
 * either way; the band keeps a stack of equal boxes from switching reference, and so ids,
 * at every small tilt. The rule reads the geometry, not the order, so swapping the bodies
 * keeps the reference unless the two faces have exactly the same area.
 */
const FACE_BAND = 0.02;

/**
 * Box a (A) against box b (B). The separating axis test over 15 axes (3 face normals of
 * each box, 9 edge cross products) gives the largest separation; nothing is reported when
 * it exceeds the margin. Otherwise the contact comes from the chosen axis:
 * - a face axis: the face manifold (clipFaces), up to 4 points;
 * - an edge axis, only when clearly better than every face axis (stability) and, with full
 *   manifolds, not near the reference face's normal (nearly parallel faces, `nearFaceNormal`):
 *   one point halfway between the closest points of the two supporting edges.
 * For separated boxes an axis separation can be short of the distance (corner against
 * corner), so the exact distance (boxDistance) is computed too; when the manifold's least
 * gap disagrees with it, one contact at the closest points replaces the manifold.
 * Separated boxes held by one point (an edge pair or the closest points) get the reference
 * face's manifold beside it, with full manifolds (`wantsFacePoints`).
 * Every normal points from B to A; every point lies halfway between the two surfaces along it.
 */
export function boxBox(w: WorldBodies, a: number, b: number, out: ContactBufferLike, s: BoxScratch): void {
  const c = w.centre, h = w.size, margin = w.margin, oa = 3 * a, ob = 3 * b;
  const tx = c[ob] - c[oa], ty = c[ob + 1] - c[oa + 1], tz = c[ob + 2] - c[oa + 2];
  const reach = Math.sqrt(h[oa] * h[oa] + h[oa + 1] * h[oa + 1] + h[oa + 2] * h[oa + 2]) + Math.sqrt(h[ob] * h[ob] + h[ob + 1] * h[ob + 1] + h[ob + 2] * h[ob + 2]);
  if (Math.sqrt(tx * tx + ty * ty + tz * tz) - reach > margin) return;
  const scale = h[oa] + h[oa + 1] + h[oa + 2] + h[ob] + h[ob + 1] + h[ob + 2];
  const least = Math.min(h[oa], h[oa + 1], h[oa + 2], h[ob], h[ob + 1], h[ob + 2]);

  const sat = s.axes;
  separatingAxes(w, a, b, sat);
  const { bestA, iA, signA, bestB, jB, signB, bestE, eI, eJ } = sat;
  const maxSep = Math.max(bestA, bestB, bestE);
  if (maxSep > margin) return;

  // Choose the axis: face of A or B (near ties go to the larger face, then to A), an edge only when clearly better.
  const band = FACE_BAND * least + EDGE_BIAS_RELATIVE * Math.abs(Math.max(bestA, bestB));
  const refIsA = Math.abs(bestA - bestB) <= band ? faceArea(h, oa, iA) >= faceArea(h, ob, jB) : bestA > bestB;
  const faceSep = refIsA ? bestA : bestB;
  // One-per-face: crossed edges are a touch, not a surface, until they penetrate; short of that the face decides.
  const useEdge = eI >= 0 && bestE > faceSep + EDGE_BIAS_RELATIVE * Math.abs(faceSep) + EDGE_BIAS_ABSOLUTE * scale
    && !(s.patch && maxSep > penetrationFloor(s.patch, scale, margin))
    && (s.patch !== undefined || !edgeNearFace(w.linear, a, b, eI, eJ, refIsA ? a : b, refIsA ? iA : jB));

  // A pair of surface points apart by this much: the edge contact's closest points (an upper bound on the distance).
  let edgeUpper = Infinity;
  if (useEdge) {
    edgeUpper = edgeContact(w, a, b, eI, eJ, bestE, s);
  } else {
    faceContact(w, a, b, refIsA, refIsA ? iA : jB, refIsA ? signA : signB, maxSep <= penetrationFloor(s.patch, scale, margin), s);
  }

  // An edge or corner touch that one-per-face dropped stays dropped (no closest-point contact instead).
  if (!useEdge && s.patch?.degenerate && s.count === 0) return;
  const held = maxSep > 0 ? checkDistance(w, a, b, s, 1e-9 * scale, useEdge ? bestE : maxSep, edgeUpper) : 'kept';
  if (held === 'beyond') return;
  for (let k = 0; k < s.count; k++) {
    out.push(a, b, s.code[k], s.point[3 * k], s.point[3 * k + 1], s.point[3 * k + 2], s.nx, s.ny, s.nz, s.gap[k]);
  }
  if (wantsFacePoints(maxSep, s.patch !== undefined, useEdge || held === 'closest')) {
    holdPoint(s, refIsA);
    faceContact(w, a, b, refIsA, refIsA ? iA : jB, refIsA ? signA : signB, false, s);
    pushFacePoints(a, b, s, refIsA, least, out);
  }
}

/**
 * The face manifold with the reference face of A (refIsA) or B on the given axis and side:
 * points moved halfway to the reference face, ids offset by the reference face, normals
 * turned to point from B to A. Penetrating boxes whose clip leaves nothing get the
 * incident box's deepest vertex.
 */
function faceContact(w: WorldBodies, a: number, b: number, refIsA: boolean, axis: number, sgn: number, penetrating: boolean, s: BoxScratch): void {
  const R = w.linear, ref = refIsA ? a : b, inc = refIsA ? b : a;
  clipFaces(w, ref, inc, axis, sgn, w.margin, s);
  const base = FACE_FEATURES + ((refIsA ? 6 : 0) + 2 * axis + (sgn > 0 ? 0 : 1)) * 384;
  const rr = 9 * ref, nx = sgn * R[rr + axis], ny = sgn * R[rr + 3 + axis], nz = sgn * R[rr + 6 + axis];
  for (let k = 0; k < s.count; k++) {
    const t = 0.5 * s.gap[k];
    s.point[3 * k] -= t * nx; s.point[3 * k + 1] -= t * ny; s.point[3 * k + 2] -= t * nz;
    s.code[k] += base;
  }
  // n points from the reference box to the incident one; the contract's from B to A.
  const flip = refIsA ? -1 : 1;
  s.nx = flip * nx; s.ny = flip * ny; s.nz = flip * nz;
  if (s.count === 0 && penetrating) supportContact(w, ref, inc, axis, sgn, refIsA, s);
}

/** Whether the edge axis a_i × b_j lies near the normal of box ref's face on its axis k (`nearFaceNormal`). */
function edgeNearFace(R: Float64Array, a: number, b: number, i: number, j: number, ref: number, k: number): boolean {
  const ra = 9 * a, rb = 9 * b, rr = 9 * ref;
  const ax = R[ra + i], ay = R[ra + 3 + i], az = R[ra + 6 + i];
  const bx = R[rb + j], by = R[rb + 3 + j], bz = R[rb + 6 + j];
  return nearFaceNormal(ay * bz - az * by, az * bx - ax * bz, ax * by - ay * bx, R[rr + k], R[rr + 3 + k], R[rr + 6 + k]);
}

/** Area (up to a factor 4) of the face of box o normal to its axis k. */
function faceArea(h: Float64Array, o: number, k: number): number {
  return h[o + (k + 1) % 3] * h[o + (k + 2) % 3];
}

/**
 * The edge-edge contact on the axis L = a_i × b_j oriented from A to B: the edge of A along
 * axis i furthest along L and the edge of B along axis j furthest against L; one point
 * halfway between their closest points, gap = the axis separation, normal −L.
 * @returns the distance between those closest points (a pair of surface points)
 */
function edgeContact(w: WorldBodies, a: number, b: number, i: number, j: number, sep: number, s: BoxScratch): number {
  const R = w.linear, c = w.centre, ra = 9 * a, rb = 9 * b, oa = 3 * a, ob = 3 * b;
  const ax = R[ra + i], ay = R[ra + 3 + i], az = R[ra + 6 + i];
  const bx = R[rb + j], by = R[rb + 3 + j], bz = R[rb + 6 + j];
  let lx = ay * bz - az * by, ly = az * bx - ax * bz, lz = ax * by - ay * bx;
  const len = Math.sqrt(lx * lx + ly * ly + lz * lz);
  const orient = (c[ob] - c[oa]) * lx + (c[ob + 1] - c[oa + 1]) * ly + (c[ob + 2] - c[oa + 2]) * lz < 0 ? -1 : 1;
  lx *= orient / len; ly *= orient / len; lz *= orient / len;
  const edgeA = edgeIndex(i, axisDot(R, ra, (i + 1) % 3, lx, ly, lz), axisDot(R, ra, (i + 2) % 3, lx, ly, lz));
  const edgeB = edgeIndex(j, -axisDot(R, rb, (j + 1) % 3, lx, ly, lz), -axisDot(R, rb, (j + 2) % 3, lx, ly, lz));
  boxEdge(w, a, edgeA, s.seg, 0);
  boxEdge(w, b, edgeB, s.seg, 6);
  const apart = Math.sqrt(closestOnSegments(s.seg, 0, s.st));
  const sa = s.st[0], sb = s.st[1], e = s.seg;
  for (let r = 0; r < 3; r++) {
    s.point[r] = 0.5 * (e[r] + sa * (e[3 + r] - e[r]) + e[6 + r] + sb * (e[9 + r] - e[6 + r]));
  }
  s.gap[0] = sep;
  s.code[0] = EDGE_FEATURES + 12 * edgeA + edgeB;
  s.count = 1;
  s.nx = -lx; s.ny = -ly; s.nz = -lz;
  return apart;
}

/**
 * Penetrating boxes whose incident face clips to nothing (the deepest part lies outside the
 * reference face's sides): one contact at the incident box's deepest vertex along the
 * reference normal.
 */
function supportContact(w: WorldBodies, ref: number, inc: number, axis: number, sgn: number, refIsA: boolean, s: BoxScratch): void {
  const R = w.linear, c = w.centre, ri = 9 * inc, rr = 9 * ref, or = 3 * ref;
  const nx = sgn * R[rr + axis], ny = sgn * R[rr + 3 + axis], nz = sgn * R[rr + 6 + axis];
  let v = 0;
  for (let k = 0; k < 3; k++) if (R[ri + k] * nx + R[ri + 3 + k] * ny + R[ri + 6 + k] * nz < 0) v |= 1 << k;
  boxVertex(w, inc, v, s.tmp, 0);
  const p = s.tmp;
  const gap = nx * (p[0] - c[or]) + ny * (p[1] - c[or + 1]) + nz * (p[2] - c[or + 2]) - w.size[or + axis];
  if (gap > w.margin) return;
  for (let r = 0; r < 3; r++) s.point[r] = p[r] - 0.5 * gap * (r === 0 ? nx : r === 1 ? ny : nz);
  s.gap[0] = gap;
  s.code[0] = SUPPORT_FEATURES + (refIsA ? 0 : 8) + v;
  s.count = 1;
}

/**
 * For separated boxes: keeps the contacts in `s` when their least gap is the exact
 * distance (within tol: 'kept'); replaces them by one contact at the closest points when it is
 * not ('closest'); 'beyond' when the distance exceeds the margin (nothing to report).
 *
 * `lower` and an upper bound give the distance without computing it: every axis separation is
 * at most the distance (`lower`, the largest one), and any pair of surface points at least (for
 * a face manifold its least gap, each point with its projection on the reference face being
 * such a pair; for an edge contact `edgeUpper`, the distance between the two edges' closest
 * points, its gap being the axis separation; ∞ for a face manifold). Bounds within tol of each other give the
 * distance within tol, and the least gap lies between them (the common resting case).
 */
function checkDistance(w: WorldBodies, a: number, b: number, s: BoxScratch, tol: number, lower: number, edgeUpper: number): 'kept' | 'closest' | 'beyond' {
  let least = Infinity;
  for (let k = 0; k < s.count; k++) least = Math.min(least, s.gap[k]);
  const upper = edgeUpper < Infinity ? edgeUpper : least;
  if (upper - lower <= tol && upper <= w.margin) return 'kept';
  const d = boxDistance(w, a, b, s);
  if (d > w.margin) return 'beyond';
  if (Math.abs(least - d) <= tol || !(d > 0)) return 'kept';
  const p = s.pair;
  s.nx = (p[0] - p[3]) / d; s.ny = (p[1] - p[4]) / d; s.nz = (p[2] - p[5]) / d;
  for (let r = 0; r < 3; r++) s.point[r] = 0.5 * (p[r] + p[3 + r]);
  s.gap[0] = d;
  s.code[0] = CLOSEST_FEATURES + s.closest;
  s.count = 1;
  return 'closest';
}

/** (R e_k) · l for the rotation at R[r..r+9): box axis k against a world direction. */
function axisDot(R: Float64Array, r: number, k: number, lx: number, ly: number, lz: number): number {
  return R[r + k] * lx + R[r + 3 + k] * ly + R[r + 6 + k] * lz;
}
