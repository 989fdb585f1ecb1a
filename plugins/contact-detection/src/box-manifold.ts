import type { BoxScratch } from './box-scratch.js';
import type { WorldBodies } from './world-bodies.js';

/** Contact points being built for one pair: points, gaps, feature codes, and room for the 4 kept. */
export interface Manifold {
  point: Float64Array;
  gap: Float64Array;
  code: Int32Array;
  count: number;
  keep: Int32Array;
}

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

/**
 * One Sutherland–Hodgman step: keeps the part of the polygon with m·p ≤ offset. A point
 * made on the plane takes `planeLabel` as the label of its outgoing edge when the polygon
 * leaves the half-space there; points entering keep the crossed edge's label. `out` must
 * hold count + 1 points.
 */
export function clipByPlane<T extends Int8Array | Int32Array>(poly: Float64Array, label: T, count: number, out: Float64Array, outLabel: T,
  mx: number, my: number, mz: number, offset: number, planeLabel: number): number {
  let n = 0;
  for (let k = 0; k < count; k++) {
    const q = (k + 1) % count;
    const dk = mx * poly[3 * k] + my * poly[3 * k + 1] + mz * poly[3 * k + 2] - offset;
    const dq = mx * poly[3 * q] + my * poly[3 * q + 1] + mz * poly[3 * q + 2] - offset;
    if (dk <= 0) {
      out[3 * n] = poly[3 * k]; out[3 * n + 1] = poly[3 * k + 1]; out[3 * n + 2] = poly[3 * k + 2];
      outLabel[n++] = label[k];
    }
    // Strict crossings only: a point on the plane is kept as it is, not doubled.
    if ((dk < 0 && dq > 0) || (dk > 0 && dq < 0)) {
      const t = dk / (dk - dq);
      for (let r = 0; r < 3; r++) out[3 * n + r] = poly[3 * k + r] + t * (poly[3 * q + r] - poly[3 * k + r]);
      // Leaving: the new edge runs along the plane; entering: it continues the crossed edge.
      outLabel[n++] = dk < 0 ? planeLabel : label[k];
    }
  }
  return n;
}

/**
 * Keeps at most 4 of the manifold's points: the deepest (i0), the one farthest from it (i1),
 * the one spanning the largest triangle with them (i2), and the one adding the most area
 * outside that triangle (i3) — the deepest point and the widest support, for a stable
 * resting contact. Rectangular faces make exact ties common (a face parallel to the
 * reference, points on parallel edges), so values within 1e-9 of the best tie, and the
 * first point in polygon order wins: the polygon's order comes from the boxes' own frames,
 * so the choice does not change under a rigid motion of the pair.
 */
export function reduceManifold(s: Manifold, nx: number, ny: number, nz: number): void {
  const count = s.count;
  if (count <= 4) return;
  const p = s.point, g = s.gap;
  let size = 0;
  for (let k = 1; k < count; k++) size = Math.max(size, Math.abs(p[3 * k] - p[0]) + Math.abs(p[3 * k + 1] - p[1]) + Math.abs(p[3 * k + 2] - p[2]));
  const tol = 1e-9 * size, tol2 = tol * size;
  let i0 = 0;
  for (let k = 1; k < count; k++) if (g[k] < g[i0] - tol) i0 = k;
  let i1 = -1, far = -1;
  for (let k = 0; k < count; k++) {
    const d = dist2(p, k, i0);
    if (d > far + tol2) { far = d; i1 = k; }
  }
  let i2 = -1, widest = tol2;
  for (let k = 0; k < count; k++) {
    const a = Math.abs(area(p, i0, i1, k, nx, ny, nz));
    if (a > widest + tol2) { widest = a; i2 = k; }
  }
  let i3 = -1;
  if (i2 >= 0) {
    // Signed areas against the triangle's edges, oriented so inside is positive.
    const sign = area(p, i0, i1, i2, nx, ny, nz) > 0 ? 1 : -1;
    let most = tol2;
    for (let k = 0; k < count; k++) {
      const outside = Math.max(0, -sign * area(p, i0, i1, k, nx, ny, nz))
        + Math.max(0, -sign * area(p, i1, i2, k, nx, ny, nz)) + Math.max(0, -sign * area(p, i2, i0, k, nx, ny, nz));
      if (outside > most + tol2) { most = outside; i3 = k; }
    }
  }
  const keep = s.keep;
  keep[0] = i0;
  let m = addUnique(keep, 1, i1);
  m = addUnique(keep, m, i2);
  m = addUnique(keep, m, i3);
  // Ascending, so compacting in place never overwrites a point still to be read.
  for (let r = 1; r < m; r++) {
    const k = keep[r];
    let q = r;
    for (; q > 0 && keep[q - 1] > k; q--) keep[q] = keep[q - 1];
    keep[q] = k;
  }
  for (let r = 0; r < m; r++) {
    const k = keep[r];
    p[3 * r] = p[3 * k]; p[3 * r + 1] = p[3 * k + 1]; p[3 * r + 2] = p[3 * k + 2];
    g[r] = g[k];
    s.code[r] = s.code[k];
  }
  s.count = m;
}

function dist2(p: Float64Array, i: number, j: number): number {
  const dx = p[3 * i] - p[3 * j], dy = p[3 * i + 1] - p[3 * j + 1], dz = p[3 * i + 2] - p[3 * j + 2];
  return dx * dx + dy * dy + dz * dz;
}

/** Twice the signed area of the triangle (i, j, k) seen along n. */
function area(p: Float64Array, i: number, j: number, k: number, nx: number, ny: number, nz: number): number {
  const ex = p[3 * j] - p[3 * i], ey = p[3 * j + 1] - p[3 * i + 1], ez = p[3 * j + 2] - p[3 * i + 2];
  const dx = p[3 * k] - p[3 * i], dy = p[3 * k + 1] - p[3 * i + 1], dz = p[3 * k + 2] - p[3 * i + 2];
  return nx * (ey * dz - ez * dy) + ny * (ez * dx - ex * dz) + nz * (ex * dy - ey * dx);
}

function addUnique(keep: Int32Array, m: number, k: number): number {
  if (k < 0) return m;
  for (let r = 0; r < m; r++) if (keep[r] === k) return m;
  keep[m] = k;
  return m + 1;
}
