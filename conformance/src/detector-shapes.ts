import type { DetectorBody } from '@moreau/core';
import { add, cross, dot, mulMtV, mulMV, norm, scale, sub, type V3 } from './detector-geometry.js';

/**
 * The detector suite's reference geometry for every convex shape, as plain arrays: support
 * values, surface samples and exact point-to-shape distances, computed from the shape's
 * definition alone (a hull's faces by brute force over its points), never from a detector.
 * A body is the image x = c + L X of its reference shape, with any L of det > 0 for the
 * shapes that allow it. Speed does not matter here.
 */

/** A hull in world coordinates: its points, and every supporting triangle (three points whose plane has all the others on one side). */
interface WorldHull {
  points: V3[];
  triangles: { p: V3; q: V3; r: V3; n: V3; offset: number }[];
}

/** A body as the reference computations read it. */
export interface WorldShape {
  type: 'sphere' | 'box' | 'ellipsoid' | 'capsule' | 'cylinder' | 'hull';
  c: V3;
  L: number[];
  /** Box half extents, ellipsoid semi-axes (a sphere's radius thrice), capsule or cylinder [radius, halfLength, 0]. */
  size: V3;
  /** For a sphere or ellipsoid: M = L·diag(size), the body being { c + M y : |y| ≤ 1 }. */
  M?: number[];
  hull?: WorldHull;
}

const hullCache = new WeakMap<DetectorBody, WorldHull>();

export function worldShape(body: DetectorBody): WorldShape {
  const s = body.shape, c = [...body.pose.position] as V3, L = Array.from(body.pose.linear);
  switch (s.type) {
    case 'sphere': return withMap({ type: 'sphere', c, L, size: [s.radius, s.radius, s.radius] });
    case 'box': {
      if (isRotation(L)) return { type: 'box', c, L, size: [...s.halfExtents] as V3 };
      // A deformed box is a parallelepiped: the hull of its corners.
      const h = s.halfExtents, corners = Array.from({ length: 8 }, (_, v) => [v & 1 ? h[0] : -h[0], v & 2 ? h[1] : -h[1], v & 4 ? h[2] : -h[2]]);
      let hull = hullCache.get(body);
      if (!hull) { hull = worldHull(corners.map((p) => add(c, mulMV(L, p)))); hullCache.set(body, hull); }
      return { type: 'hull', c, L, size: [0, 0, 0], hull };
    }
    case 'ellipsoid': return withMap({ type: 'ellipsoid', c, L, size: [...s.semiAxes] as V3 });
    case 'capsule': return { type: 'capsule', c, L, size: [s.radius, s.halfLength, 0] };
    case 'cylinder': return { type: 'cylinder', c, L, size: [s.radius, s.halfLength, 0] };
    case 'hull': {
      let hull = hullCache.get(body);
      if (!hull) { hull = worldHull(s.points.map((p) => add(c, mulMV(L, p)))); hullCache.set(body, hull); }
      return { type: 'hull', c, L, size: [0, 0, 0], hull };
    }
    default: throw new Error(`no reference geometry for a ${s.type}`);
  }
}

/** Whether L (row-major) is a rotation to 1e-9: LᵀL = I and det L = 1. */
function isRotation(L: number[]): boolean {
  for (let a = 0; a < 3; a++) {
    for (let b = 0; b < 3; b++) {
      if (Math.abs(L[a] * L[b] + L[3 + a] * L[3 + b] + L[6 + a] * L[6 + b] - (a === b ? 1 : 0)) > 1e-9) return false;
    }
  }
  return L[0] * (L[4] * L[8] - L[5] * L[7]) - L[1] * (L[3] * L[8] - L[5] * L[6]) + L[2] * (L[3] * L[7] - L[4] * L[6]) > 0;
}

/** Every supporting triangle of the points (O(n⁴), for the suite's small hulls), with outward normals. */
function worldHull(points: V3[]): WorldHull {
  const n = points.length, triangles: WorldHull['triangles'] = [];
  let extent = 0;
  for (const p of points) for (const q of points) extent = Math.max(extent, norm(sub(p, q)));
  const tol = 1e-9 * extent;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      for (let k = j + 1; k < n; k++) {
        const p = points[i], q = points[j], r = points[k];
        let nrm = cross(sub(q, p), sub(r, p));
        const len = norm(nrm);
        if (len <= tol * extent) continue;
        nrm = scale(nrm, 1 / len);
        let above = 0, below = 0;
        for (const x of points) {
          const d = dot(nrm, sub(x, p));
          if (d > tol) above++;
          else if (d < -tol) below++;
        }
        if (above && below) continue;
        const n1 = above ? scale(nrm, -1) : nrm;
        triangles.push({ p, q, r, n: n1, offset: dot(n1, p) });
      }
    }
  }
  return { points, triangles };
}

function withMap(s: WorldShape): WorldShape {
  return { ...s, M: s.L.map((v, k) => v * s.size[k % 3]) };
}

/** Ellipsoid (or sphere) map M = L·diag(size): the body is { c + M y : |y| ≤ 1 }. */
function ellipsoidMap(s: WorldShape): number[] {
  return s.M!;
}

/** max over the body of u·x (u need not be unit). */
export function supportValue(s: WorldShape, u: readonly number[]): number {
  const base = dot(s.c, u);
  switch (s.type) {
    case 'sphere':
    case 'ellipsoid': return base + norm(mulMtV(ellipsoidMap(s), u));
    case 'box': {
      const l = mulMtV(s.L, u);
      return base + s.size[0] * Math.abs(l[0]) + s.size[1] * Math.abs(l[1]) + s.size[2] * Math.abs(l[2]);
    }
    case 'capsule': {
      const l = mulMtV(s.L, u);
      return base + s.size[0] * norm(l) + s.size[1] * Math.abs(l[2]);
    }
    case 'cylinder': {
      // The end disc on u's side (radius r about the axis, z = ±h): r |l across the axis| + h |l_z|.
      const l = mulMtV(s.L, u);
      return base + s.size[0] * Math.hypot(l[0], l[1]) + s.size[1] * Math.abs(l[2]);
    }
    case 'hull': return Math.max(...s.hull!.points.map((p) => dot(p, u)));
  }
}

/** Points on (or, for a capsule's end spheres, in) the body, and a bound on how far any surface point is from the nearest one. */
export function surfaceSamples(s: WorldShape, k: number): { points: V3[]; resolution: number } {
  switch (s.type) {
    case 'sphere':
    case 'ellipsoid': {
      const M = ellipsoidMap(s);
      const frob = Math.sqrt(M.reduce((t, v) => t + v * v, 0));
      return { points: unitSphere(k).map((y) => add(s.c, mulMV(M, y))), resolution: frob * (Math.SQRT2 / (k - 1)) };
    }
    case 'box': {
      const h = s.size, points: V3[] = [];
      for (let axis = 0; axis < 3; axis++) {
        const u = (axis + 1) % 3, v = (axis + 2) % 3;
        for (const side of [-1, 1]) {
          for (let i = 0; i < k; i++) {
            for (let j = 0; j < k; j++) {
              const l: V3 = [0, 0, 0];
              l[axis] = side * h[axis]; l[u] = h[u] * (-1 + (2 * i) / (k - 1)); l[v] = h[v] * (-1 + (2 * j) / (k - 1));
              points.push(add(s.c, mulMV(s.L, l)));
            }
          }
        }
      }
      const cell = Math.max(Math.hypot(h[0], h[1]), Math.hypot(h[1], h[2]), Math.hypot(h[0], h[2])) * (2 / (k - 1));
      return { points, resolution: cell };
    }
    case 'capsule': {
      const [r, h] = s.size, points: V3[] = [], m = 4 * k;
      for (let i = 0; i < m; i++) {
        const t = (2 * Math.PI * i) / m;
        for (let j = 0; j < k; j++) points.push(add(s.c, mulMV(s.L, [r * Math.cos(t), r * Math.sin(t), h * (-1 + (2 * j) / (k - 1))])));
      }
      for (const end of [-h, h]) for (const y of unitSphere(k)) points.push(add(s.c, mulMV(s.L, [r * y[0], r * y[1], end + r * y[2]])));
      const side = Math.hypot(r * (2 * Math.PI) / m, (2 * h) / (k - 1));
      return { points, resolution: Math.max(side, r * (Math.SQRT2 / (k - 1)) * 2) };
    }
    case 'cylinder': {
      // The side on a grid of m angles × k heights; each end on k rings of m angles (the centre once).
      const [r, h] = s.size, points: V3[] = [], m = 4 * k;
      for (let i = 0; i < m; i++) {
        const t = (2 * Math.PI * i) / m, x = Math.cos(t), y = Math.sin(t);
        for (let j = 0; j < k; j++) points.push(add(s.c, mulMV(s.L, [r * x, r * y, h * (-1 + (2 * j) / (k - 1))])));
        for (const end of [-h, h]) for (let j = 1; j < k; j++) points.push(add(s.c, mulMV(s.L, [(r * j * x) / (k - 1), (r * j * y) / (k - 1), end])));
      }
      for (const end of [-h, h]) points.push(add(s.c, mulMV(s.L, [0, 0, end])));
      // A grid cell's diagonal bounds how far a surface point is from a sample: arcs of 2πr/m, steps of 2h/(k − 1) and r/(k − 1).
      const arc = (2 * Math.PI * r) / m;
      return { points, resolution: Math.max(Math.hypot(arc, (2 * h) / (k - 1)), Math.hypot(arc, r / (k - 1))) };
    }
    case 'hull': {
      const points: V3[] = [];
      let longest = 0;
      for (const { p, q, r } of s.hull!.triangles) {
        longest = Math.max(longest, norm(sub(q, p)), norm(sub(r, q)), norm(sub(p, r)));
        for (let i = 0; i < k; i++) {
          for (let j = 0; i + j < k; j++) {
            const a = i / (k - 1), b = j / (k - 1);
            points.push(add(add(p, scale(sub(q, p), a)), scale(sub(r, p), b)));
          }
        }
      }
      return { points, resolution: longest / (k - 1) };
    }
  }
}

/** Points of the unit sphere from a k × k grid on each face of the cube [−1, 1]³, projected radially. */
function unitSphere(k: number): V3[] {
  const out: V3[] = [];
  for (let axis = 0; axis < 3; axis++) {
    for (const side of [-1, 1]) {
      for (let i = 0; i < k; i++) {
        for (let j = 0; j < k; j++) {
          const p: V3 = [0, 0, 0];
          p[axis] = side; p[(axis + 1) % 3] = -1 + (2 * i) / (k - 1); p[(axis + 2) % 3] = -1 + (2 * j) / (k - 1);
          out.push(scale(p, 1 / norm(p)));
        }
      }
    }
  }
  return out;
}

/** The distance from p to the body (0 inside), exact up to rounding. */
export function distanceTo(s: WorldShape, p: readonly number[]): number {
  switch (s.type) {
    case 'sphere':
    case 'ellipsoid': return ellipsoidDistance(ellipsoidMap(s), sub(p, s.c));
    case 'box': {
      const l = mulMtV(s.L, sub(p, s.c));
      return Math.hypot(...l.map((v, k) => Math.max(0, Math.abs(v) - s.size[k])));
    }
    case 'capsule': {
      const l = mulMtV(s.L, sub(p, s.c)), h = s.size[1];
      const z = Math.max(-h, Math.min(h, l[2]));
      return Math.max(0, Math.hypot(l[0], l[1], l[2] - z) - s.size[0]);
    }
    case 'cylinder': {
      // In the body frame: how far beyond the side (radially) and beyond the ends (axially).
      const l = mulMtV(s.L, sub(p, s.c));
      return Math.hypot(Math.max(0, Math.hypot(l[0], l[1]) - s.size[0]), Math.max(0, Math.abs(l[2]) - s.size[1]));
    }
    case 'hull': {
      const { triangles } = s.hull!;
      if (triangles.every((t) => dot(t.n, p) - t.offset <= 0)) return 0;
      return Math.min(...triangles.map((t) => pointTriangle(p, t.p, t.q, t.r)));
    }
  }
}

/**
 * Distance from d (relative to the centre) to the ellipsoid { M y : |y| ≤ 1 }: with P = M Mᵀ,
 * the closest point is x = P (P + tI)⁻¹ d for the t ≥ 0 where xᵀ P⁻¹ x = 1, i.e.
 * F(t) = wᵀ P w = 1 with w = (P + tI)⁻¹ d; F decreases in t, so bisection finds t.
 */
function ellipsoidDistance(M: number[], d: V3): number {
  const P = [0, 1, 2].flatMap((i) => [0, 1, 2].map((j) => M[3 * i] * M[3 * j] + M[3 * i + 1] * M[3 * j + 1] + M[3 * i + 2] * M[3 * j + 2]));
  const [p0, p1, p2, , p4, p5, , , p8] = P, [d0, d1, d2] = d;
  // w = (P + tI)⁻¹ d by the adjugate; F(t) = wᵀ P w.
  let w0 = 0, w1 = 0, w2 = 0;
  const F = (t: number): number => {
    const a = p0 + t, e = p4 + t, i = p8 + t;
    const A0 = e * i - p5 * p5, A1 = p2 * p5 - p1 * i, A2 = p1 * p5 - p2 * e;
    const A4 = a * i - p2 * p2, A5 = p1 * p2 - a * p5, A8 = a * e - p1 * p1;
    const det = a * A0 + p1 * A1 + p2 * A2;
    w0 = (A0 * d0 + A1 * d1 + A2 * d2) / det;
    w1 = (A1 * d0 + A4 * d1 + A5 * d2) / det;
    w2 = (A2 * d0 + A5 * d1 + A8 * d2) / det;
    return w0 * (p0 * w0 + p1 * w1 + p2 * w2) + w1 * (p1 * w0 + p4 * w1 + p5 * w2) + w2 * (p2 * w0 + p5 * w1 + p8 * w2);
  };
  if (F(0) <= 1) return 0;
  const len = norm(d);
  let lo = 0, hi = len * Math.sqrt(Math.max(p0, p4, p8)) * 3 + len * len;
  while (F(hi) > 1) hi *= 2;
  for (let it = 0; it < 200 && hi - lo > 1e-15 * hi; it++) {
    const mid = 0.5 * (lo + hi);
    if (F(mid) > 1) lo = mid; else hi = mid;
  }
  F(hi);
  const x = [p0 * w0 + p1 * w1 + p2 * w2, p1 * w0 + p4 * w1 + p5 * w2, p2 * w0 + p5 * w1 + p8 * w2];
  return norm(sub(d, x));
}

/** Distance from p to the triangle (a, b, c): Ericson, "Real-Time Collision Detection", §5.1.5. */
function pointTriangle(p: readonly number[], a: V3, b: V3, c: V3): number {
  const ab = sub(b, a), ac = sub(c, a), ap = sub(p, a);
  const d1 = dot(ab, ap), d2 = dot(ac, ap);
  if (d1 <= 0 && d2 <= 0) return norm(ap);
  const bp = sub(p, b), d3 = dot(ab, bp), d4 = dot(ac, bp);
  if (d3 >= 0 && d4 <= d3) return norm(bp);
  const vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) return norm(sub(p, add(a, scale(ab, d1 / (d1 - d3)))));
  const cp = sub(p, c), d5 = dot(ab, cp), d6 = dot(ac, cp);
  if (d6 >= 0 && d5 <= d6) return norm(cp);
  const vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) return norm(sub(p, add(a, scale(ac, d2 / (d2 - d6)))));
  const va = d3 * d6 - d5 * d4;
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) return norm(sub(p, add(b, scale(sub(c, b), (d4 - d3) / ((d4 - d3) + (d5 - d6))))));
  const den = 1 / (va + vb + vc);
  return norm(sub(p, add(a, add(scale(ab, vb * den), scale(ac, vc * den)))));
}

/**
 * World outward normals of a body's flat faces (boxes: ± its axes; hulls: their supporting
 * triangles'; cylinders: ± the axis, their ends), and its straight edge directions (a
 * cylinder's: its axis, the direction of the lines on its side).
 */
export function polytopeFeatures(s: WorldShape): { normals: V3[]; edges: V3[] } {
  if (s.type === 'cylinder') {
    const a: V3 = [s.L[2], s.L[5], s.L[8]];
    return { normals: [a, scale(a, -1)], edges: [a] };
  }
  if (s.type === 'box') {
    const axes = [0, 1, 2].map((k) => [s.L[k], s.L[3 + k], s.L[6 + k]] as V3);
    // Face normals map by the cofactor of L: the + face of axis k has normal ∝ (L e_{k+1}) × (L e_{k+2}).
    const normals = [0, 1, 2].flatMap((k) => { const n = cross(axes[(k + 1) % 3], axes[(k + 2) % 3]); const u = scale(n, 1 / norm(n)); return [u, scale(u, -1)]; });
    return { normals, edges: axes };
  }
  if (s.type === 'hull') {
    const tris = s.hull!.triangles;
    return { normals: tris.map((t) => t.n), edges: tris.flatMap((t) => [sub(t.q, t.p), sub(t.r, t.q), sub(t.p, t.r)]) };
  }
  return { normals: [], edges: [] };
}
