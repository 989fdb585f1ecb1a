import type { Polytope } from './polytope.js';
import { BOX, CAPSULE, CYLINDER, ELLIPSOID, HULL, SPHERE, type WorldBodies } from './world-bodies.js';

/**
 * The support point of body i's core along the world direction d (not necessarily unit):
 * a point of the core maximising d·x, written to out[o..o+3). Every shape here is its core
 * ⊕ a ball of radius w.coreRadius[i] (a sphere: its centre; a capsule: its segment; an
 * ellipsoid: its inner parallel body; a cylinder, box or hull: itself), so the support of the whole
 * shape is this point + coreRadius·d̂ (van den Bergen, "Collision Detection in Interactive 3D
 * Environments", 2003, §4.3.3, on core shapes with margins).
 *
 * For an image x = c + L X of a reference shape S the support is c + L s_S(Lᵀd), which is
 * how ellipsoids and hulls work under any linear map with det > 0.
 *
 * Returns the polytope vertex index for a box (bit k on the + side of axis k) or hull,
 * −1 for smooth shapes. `start` is where a hull's hill climb begins (−1: the best of a few).
 */
export function coreSupport(w: WorldBodies, i: number, dx: number, dy: number, dz: number, out: Float64Array, o: number, start = -1): number {
  const c = w.centre, ci = 3 * i;
  switch (w.kind[i]) {
    case SPHERE:
      out[o] = c[ci]; out[o + 1] = c[ci + 1]; out[o + 2] = c[ci + 2];
      return -1;
    case CAPSULE: {
      const L = w.linear, r = 9 * i, h = w.size[ci + 1];
      // The segment along the reference z axis: the end on d's side (the + end on a tie).
      const s = dx * L[r + 2] + dy * L[r + 5] + dz * L[r + 8] >= 0 ? h : -h;
      out[o] = c[ci] + s * L[r + 2]; out[o + 1] = c[ci + 1] + s * L[r + 5]; out[o + 2] = c[ci + 2] + s * L[r + 8];
      return -1;
    }
    case ELLIPSOID:
      ellipsoidSupport(w, i, dx, dy, dz, out, o);
      return -1;
    case CYLINDER:
      cylinderSupport(w, i, dx, dy, dz, out, o);
      return -1;
    case BOX: {
      const R = w.linear, r = 9 * i, h = w.size;
      let x = c[ci], y = c[ci + 1], z = c[ci + 2], v = 0;
      for (let k = 0; k < 3; k++) {
        const s = dx * R[r + k] + dy * R[r + 3 + k] + dz * R[r + 6 + k] >= 0 ? h[ci + k] : -h[ci + k];
        if (s > 0) v |= 1 << k;
        x += s * R[r + k]; y += s * R[r + 3 + k]; z += s * R[r + 6 + k];
      }
      out[o] = x; out[o + 1] = y; out[o + 2] = z;
      return v;
    }
    case HULL: {
      const v = hullSupport(w, i, dx, dy, dz, start);
      const x = w.worldVertex, q = 3 * (w.vertexStart[i] + v);
      out[o] = x[q]; out[o + 1] = x[q + 1]; out[o + 2] = x[q + 2];
      return v;
    }
    default:
      throw new Error(`coreSupport: body ${i} has no support function (kind ${w.kind[i]})`);
  }
}

/**
 * coreSupport for ellipsoid i: E = {c + M y : |y| ≤ 1} has s_E(d) = c + M Mᵀd / |Mᵀd|, its
 * core's is that − m d̂. Small enough to be inlined where the caller knows the kind (the
 * Newton polish of smooth-newton.ts calls it for every trial direction). With `kept`, also
 * writes 1/|Mᵀd| and M Mᵀd to kept[k..k+4), of which the polish makes its Hessian at d.
 */
export function ellipsoidSupport(w: WorldBodies, i: number, dx: number, dy: number, dz: number, out: Float64Array, o: number, kept?: Float64Array, k = 0): void {
  const c = w.centre, ci = 3 * i, M = w.axes, r = 9 * i;
  const u0 = M[r] * dx + M[r + 3] * dy + M[r + 6] * dz;
  const u1 = M[r + 1] * dx + M[r + 4] * dy + M[r + 7] * dz;
  const u2 = M[r + 2] * dx + M[r + 5] * dy + M[r + 8] * dz;
  const lu = Math.sqrt(u0 * u0 + u1 * u1 + u2 * u2), ld = Math.sqrt(dx * dx + dy * dy + dz * dz);
  if (!(lu > 0) || !(ld > 0)) {
    out[o] = c[ci]; out[o + 1] = c[ci + 1]; out[o + 2] = c[ci + 2];
    if (kept) kept.fill(NaN, k, k + 4);
    return;
  }
  const s = 1 / lu, m = w.coreRadius[i] / ld;
  // M Mᵀd, of which the support is the part along d's image.
  const v0 = M[r] * u0 + M[r + 1] * u1 + M[r + 2] * u2, v1 = M[r + 3] * u0 + M[r + 4] * u1 + M[r + 5] * u2, v2 = M[r + 6] * u0 + M[r + 7] * u1 + M[r + 8] * u2;
  out[o] = c[ci] + v0 * s - m * dx;
  out[o + 1] = c[ci + 1] + v1 * s - m * dy;
  out[o + 2] = c[ci + 2] + v2 * s - m * dz;
  if (kept) { kept[k] = s; kept[k + 1] = v0; kept[k + 2] = v1; kept[k + 3] = v2; }
}

/**
 * coreSupport for cylinder i (radius r, half length h, unit axis a = the third column of its
 * rotation): the end disc on d's side (the + end on a tie), and on its rim the point along the
 * part of d across the axis, p = d − (a·d) a: s(d) = c ± h a + r p/|p|. Along the axis
 * (|p| ≤ 1e-12 |d|) the whole disc supports to within r|p|, and its centre is returned.
 */
export function cylinderSupport(w: WorldBodies, i: number, dx: number, dy: number, dz: number, out: Float64Array, o: number): void {
  const c = w.centre, ci = 3 * i, L = w.linear, r = 9 * i, radius = w.size[ci], h = w.size[ci + 1];
  const ax = L[r + 2], ay = L[r + 5], az = L[r + 8];
  const along = dx * ax + dy * ay + dz * az, s = along >= 0 ? h : -h;
  let px = dx - along * ax, py = dy - along * ay, pz = dz - along * az;
  // Once more: for d nearly along a, p is rounding of the size of d, with a part along a as large
  // as the rest, and p/|p| would leave the rim (it put a rim point 0.4 r up the side).
  const again = px * ax + py * ay + pz * az;
  px -= again * ax; py -= again * ay; pz -= again * az;
  const lp = Math.sqrt(px * px + py * py + pz * pz);
  const t = lp > 1e-12 * Math.sqrt(dx * dx + dy * dy + dz * dz) ? radius / lp : 0;
  out[o] = c[ci] + s * ax + t * px;
  out[o + 1] = c[ci + 1] + s * ay + t * py;
  out[o + 2] = c[ci + 2] + s * az + t * pz;
}

/** The vertex of polytope body i furthest along d (see polytopeSupport). */
export function hullSupport(w: WorldBodies, i: number, dx: number, dy: number, dz: number, start = -1): number {
  return polytopeSupport(w.polytope[i]!, w.worldVertex, 3 * w.vertexStart[i], dx, dy, dz, start);
}

/**
 * The vertex of a polytope with world vertices x[base..] furthest along d. Small polytopes
 * are scanned; large ones climb the vertex graph from `start` (or vertex 0) to a neighbour
 * that is strictly further until none is: a linear function's local maximum on a convex
 * polytope's vertex graph is its global maximum. Ties keep the first vertex found, so the
 * answer depends on the inputs only.
 */
export function polytopeSupport(poly: Polytope, x: Float64Array, base: number, dx: number, dy: number, dz: number, start = -1): number {
  if (!poly.climb) {
    let best = 0, most = -Infinity;
    for (let v = 0, q = base; v < poly.vertexCount; v++, q += 3) {
      const d = dx * x[q] + dy * x[q + 1] + dz * x[q + 2];
      if (d > most) { most = d; best = v; }
    }
    return best;
  }
  const ns = poly.neighbourStart, nb = poly.neighbour;
  let v = start >= 0 ? start : 0;
  let most = dx * x[base + 3 * v] + dy * x[base + 3 * v + 1] + dz * x[base + 3 * v + 2];
  for (let moved = true; moved;) {
    moved = false;
    for (let k = ns[v], end = ns[v + 1]; k < end; k++) {
      const q = base + 3 * nb[k];
      const d = dx * x[q] + dy * x[q + 1] + dz * x[q + 2];
      if (d > most) { most = d; v = nb[k]; moved = true; break; }
    }
  }
  return v;
}
