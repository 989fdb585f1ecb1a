import type { BoxScratch } from './box-scratch.js';
import { clipByPlane, reduceManifold } from './manifold.js';
import type { WorldBodies } from './world-bodies.js';

/**
 * The face contact of two boxes: the incident face of box `inc` (the face most anti-parallel
 * to the reference normal) clipped by Sutherland–Hodgman against the four side planes of the
 * reference face of box `ref` (axis i, side sgn, outward normal n = sgn·R_ref e_i, which
 * points towards `inc`). Every clipped point with gap = n·(p − face centre) ≤ margin is kept
 * in `s` (point on the incident face, gap, code), then at most 4 remain (`reduceManifold`), or
 * one with `manifold: 'one-per-face'` (`FacePatch`).
 *
 * Point codes make the contact ids: each polygon point lies on two lines, the incident face's
 * edges (labels 0..3) or the reference face's side planes (labels 4..7), and
 * code = 64·incidentFace + 8·min(label) + max(label). An incident vertex inside the reference
 * face keeps its code while it stays inside, a clipped point while it stays on the same side.
 */
export function clipFaces(w: WorldBodies, ref: number, inc: number, i: number, sgn: number, margin: number, s: BoxScratch): void {
  const R = w.linear, c = w.centre, h = w.size, rr = 9 * ref, ri = 9 * inc, or = 3 * ref, oi = 3 * inc;
  const nx = sgn * R[rr + i], ny = sgn * R[rr + 3 + i], nz = sgn * R[rr + 6 + i];
  // The incident face: the axis of `inc` most parallel to n, on the side facing `ref`.
  let j = 0, best = -1, dj = 0;
  for (let k = 0; k < 3; k++) {
    const d = R[ri + k] * nx + R[ri + 3 + k] * ny + R[ri + 6 + k] * nz;
    if (Math.abs(d) > best) { best = Math.abs(d); j = k; dj = d; }
  }
  const sI = dj > 0 ? -1 : 1;
  const incFace = 2 * j + (sI > 0 ? 0 : 1);
  const u = (j + 1) % 3, v = (j + 2) % 3, hu = h[oi + u], hv = h[oi + v], hj = sI * h[oi + j];
  // Its corners in cyclic order (+u,+v), (−u,+v), (−u,−v), (+u,−v); edge k runs from corner k to k+1.
  let poly = s.polyA, label = s.labelA, other = s.polyB, otherLabel = s.labelB;
  for (let k = 0; k < 4; k++) {
    const lu = k === 0 || k === 3 ? hu : -hu, lv = k < 2 ? hv : -hv;
    for (let r = 0; r < 3; r++) {
      poly[3 * k + r] = c[oi + r] + R[ri + 3 * r + u] * lu + R[ri + 3 * r + v] * lv + R[ri + 3 * r + j] * hj;
    }
    label[k] = k;
  }
  let count = 4;
  const ua = (i + 1) % 3, va = (i + 2) % 3;
  for (let plane = 0; plane < 4 && count > 0; plane++) {
    const a = plane < 2 ? ua : va, sigma = plane & 1 ? -1 : 1;
    count = clipByPlane(poly, label, count, other, otherLabel,
      sigma * R[rr + a], sigma * R[rr + 3 + a], sigma * R[rr + 6 + a],
      sigma * (R[rr + a] * c[or] + R[rr + 3 + a] * c[or + 1] + R[rr + 6 + a] * c[or + 2]) + h[or + a], 4 + plane);
    const p = poly, l = label;
    poly = other; label = otherLabel; other = p; otherLabel = l;
  }
  const offset = nx * c[or] + ny * c[or + 1] + nz * c[or + 2] + h[or + i];
  let m = 0;
  for (let k = 0; k < count; k++) {
    const gap = nx * poly[3 * k] + ny * poly[3 * k + 1] + nz * poly[3 * k + 2] - offset;
    if (gap > margin) continue;
    const prev = label[(k + count - 1) % count], next = label[k];
    s.point[3 * m] = poly[3 * k]; s.point[3 * m + 1] = poly[3 * k + 1]; s.point[3 * m + 2] = poly[3 * k + 2];
    s.gap[m] = gap;
    s.code[m] = 64 * incFace + 8 * Math.min(prev, next) + Math.max(prev, next);
    m++;
  }
  s.count = m;
  if (s.patch) s.patch.reduce(poly, count, nx, ny, nz, offset, margin, s);
  else reduceManifold(s, nx, ny, nz);
}
